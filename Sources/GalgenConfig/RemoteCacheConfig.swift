public import GalgenCore

/// A shared remote cache for image work (`"cache": {"remote": …}` in the config, or
/// `galgen build --remote-cache URL`): Bazel's HTTP cache protocol below `url`.
public struct RemoteCacheConfig: Sendable, Hashable {
    /// Absolute http(s) base URL, ending in `/`; bodies live at `cas/<sha256>`, action entries at `ac/<sha256>`.
    public var url: String
    /// Name of the environment variable holding a token sent as `Authorization: Bearer …` (the
    /// token itself is never in the config, the report or the output).
    public var tokenEnv: String?
    /// Entries written under a bucket per period (`<remote><bucket>/cas/…`), read through the
    /// current bucket then the previous one, so whole old buckets can be deleted; nil: one flat store.
    public var rotate: Rotation?

    /// A period of the remote cache's buckets.
    public enum Rotation: String, Sendable, Hashable, CaseIterable {
        /// `2026-11`.
        case month
        /// ISO week, `2026-W48`.
        case week
    }

    /// Creates a remote cache setting.
    /// - Parameters:
    ///   - url: The base URL (a `/` is added when missing).
    ///   - tokenEnv: The token's environment variable, if any.
    public init(url: String, tokenEnv: String? = nil) {
        self.url = url.hasSuffix("/") ? url : url + "/"
        self.tokenEnv = tokenEnv
    }

    /// Why `text` cannot be a remote cache's base URL, or nil when it can: it must be an absolute
    /// http(s) URL with a host and no query or fragment.
    /// - Parameter text: The URL.
    public static func problem(with text: String) -> String? {
        guard let url = WebURL.httpURL(text), url == text else { return "expected an absolute http(s) URL with a host" }
        if url.contains("?") || url.contains("#") { return "the URL must not have a query or a fragment" }
        return nil
    }
}

extension ConfigLoader {
    /// `cache`: a folder (`".galgen/cache"`) or an object `{"dir": …, "remote": …, "tokenEnv": …}`.
    static func cacheSettings(_ root: inout ConfigReader) throws(ConfigError) -> (dir: String?, remote: RemoteCacheConfig?) {
        guard let node = root.node("cache") else { return (nil, nil) }
        if case .string(let dir) = node.value { return (dir, nil) }
        guard case .object = node.value else {
            throw root.error(.wrongType, node, key: "cache", message: "expected a folder or an object, found \(node.value.kindName)",
                             hint: "write \"cache\": \".galgen/cache\" or \"cache\": {\"dir\": \".galgen/cache\", \"remote\": \"https://cache.example/galgen/\"}")
        }
        var reader = try ConfigReader(node, path: "cache", document: root.document)
        let dir = try reader.string("dir", example: "\".galgen/cache\"")
        var remote: RemoteCacheConfig?
        if let remoteNode = reader.node("remote") {
            guard case .string(let text) = remoteNode.value else {
                throw reader.error(.wrongType, remoteNode, key: "remote", message: "expected a string, found \(remoteNode.value.kindName)",
                                   hint: "e.g. \"remote\": \"https://cache.example/galgen/\"")
            }
            if let problem = RemoteCacheConfig.problem(with: text) {
                throw reader.error(.invalidValue, remoteNode, key: "remote", message: "\(problem), found \"\(text)\"",
                                   hint: "e.g. \"remote\": \"https://cache.example/galgen/\" (a server speaking Bazel's HTTP cache protocol)")
            }
            remote = RemoteCacheConfig(url: text)
        }
        let tokenNode = reader.node("tokenEnv")
        let tokenEnv = try reader.string("tokenEnv", example: "\"GALGEN_CACHE_TOKEN\"")
        if let tokenEnv, let tokenNode, tokenEnv.isEmpty || !tokenEnv.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) {
            throw reader.error(.invalidValue, tokenNode, key: "tokenEnv", message: "expected the name of an environment variable, found \"\(tokenEnv)\"",
                               hint: "name the variable, e.g. \"tokenEnv\": \"GALGEN_CACHE_TOKEN\"; never put the token itself in the config")
        }
        let rotateNode = reader.node("rotate")
        let rotate = try reader.string("rotate", example: "\"month\"")
        var rotation: RemoteCacheConfig.Rotation?
        if let rotate, let rotateNode {
            guard let value = RemoteCacheConfig.Rotation(rawValue: rotate) else {
                throw reader.error(.invalidValue, rotateNode, key: "rotate", message: "expected \"month\" or \"week\", found \"\(rotate)\"",
                                   hint: "\"rotate\": \"month\" keeps this month's and last month's entries; delete older buckets")
            }
            guard remote != nil else {
                throw reader.error(.invalidValue, rotateNode, key: "rotate", message: "\"rotate\" needs \"remote\" in the same object",
                                   hint: "add \"remote\": \"https://cache.example/galgen/\" (--remote-cache then replaces its URL and keeps the rotation)")
            }
            rotation = value
        }
        try reader.finish()
        remote?.tokenEnv = tokenEnv
        remote?.rotate = rotation
        return (dir, remote)
    }
}
