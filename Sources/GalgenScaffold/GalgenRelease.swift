/// A published galgen release, as a CI workflow downloads it: its version and, per architecture, the
/// self-contained archive's URL and SHA-256 (from the release's `SHA256SUMS`, which scripts/package.sh writes).
public struct GalgenRelease: Sendable, Hashable {
    /// One archive of the release.
    public struct Archive: Sendable, Hashable {
        /// `x86_64` or `arm64`, as in the archive's name.
        public var architecture: String
        /// Where it is downloaded from.
        public var url: String
        /// Its SHA-256, 64 lowercase hex digits.
        public var sha256: String
    }

    /// The architectures releases are built for, in the order a workflow lists them.
    public static let architectures = ["x86_64", "arm64"]

    /// The release's version, e.g. `0.1.0`.
    public var version: String
    /// Its archives, x86_64 first; there is always one for x86_64 (GitHub's default runners).
    public var archives: [Archive]

    /// The archive's file name for a version and an architecture (the rule scripts/package.sh follows).
    /// - Parameters:
    ///   - version: The version, e.g. `0.1.0`.
    ///   - architecture: `x86_64` or `arm64`.
    /// - Returns: e.g. `galgen-0.1.0-linux-x86_64.tar.gz`.
    public static func archiveName(version: String, architecture: String) -> String {
        "galgen-\(version)-linux-\(architecture).tar.gz"
    }

    /// The address of a release's `SHA256SUMS`.
    /// - Parameters:
    ///   - releasesURL: Where releases are downloaded from, without `/vVERSION/`.
    ///   - version: The version.
    /// - Returns: `<releasesURL>/v<version>/SHA256SUMS`.
    public static func sumsURL(releasesURL: String, version: String) -> String {
        folder(releasesURL: releasesURL, version: version) + "SHA256SUMS"
    }

    /// Reads a release from its `SHA256SUMS` (`<hex>  <file>` lines, as `sha256sum` writes them).
    /// - Parameters:
    ///   - version: The version wanted.
    ///   - releasesURL: Where releases are downloaded from, without `/vVERSION/`.
    ///   - sums: The text of `SHA256SUMS`.
    /// - Returns: The release, or nil when `sums` names no x86_64 archive of `version`.
    public init?(version: String, releasesURL: String, sums: String) {
        var hashes: [String: String] = [:]
        for line in sums.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let hash = String(parts[0]).lowercased()
            let file = parts[1].drop { $0 == " " || $0 == "*" }
            guard hash.count == 64, hash.allSatisfy(\.isHexDigit) else { continue }
            hashes[String(file)] = hash
        }
        archives = Self.architectures.compactMap { architecture in
            let name = Self.archiveName(version: version, architecture: architecture)
            return hashes[name].map { Archive(architecture: architecture, url: Self.folder(releasesURL: releasesURL, version: version) + name, sha256: $0) }
        }
        guard archives.first?.architecture == "x86_64" else { return nil }
        self.version = version
    }

    /// `<releasesURL>/v<version>/`: where one release's files are.
    private static func folder(releasesURL: String, version: String) -> String {
        (releasesURL.hasSuffix("/") ? String(releasesURL.dropLast()) : releasesURL) + "/v\(version)/"
    }
}
