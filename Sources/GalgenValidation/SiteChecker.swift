public import GalgenCore
import Foundation

/// Validates a site folder that was built earlier (`galgen check DIR`): every page with the same
/// rules as the build, links resolved against the files actually present, the browser runtime's
/// data (each manifest's shards and search file, each shard's images) present and well-formed, and
/// every sitemap entry a page that exists.
public struct SiteChecker: Sendable {
    private let fileSystem: any FileSystem

    /// Creates a checker.
    /// - Parameter fileSystem: Where the site is read from.
    public init(fileSystem: any FileSystem) {
        self.fileSystem = fileSystem
    }

    /// The result of a check.
    public struct Result: Sendable {
        /// Number of pages checked.
        public var pages: Int
        /// Number of files in the folder.
        public var files: Int
        /// Every problem found.
        public var issues: [ValidationIssue]
    }

    /// Checks every `.html` file below `directory`.
    /// - Parameter directory: Absolute path of the site folder.
    /// - Throws: ``CheckError`` when the folder is not there or cannot be listed.
    public func check(directory: String) throws(CheckError) -> Result {
        guard fileSystem.kind(at: directory) == .directory else {
            throw CheckError(.notAFolder, path: directory, message: "\(directory) is not a folder")
        }
        let files: [String]
        do { files = try fileSystem.listFilesRecursively(at: directory) } catch {
            throw CheckError(.fileSystem, path: directory, message: error.description, cause: error)
        }
        let known = Set(files)
        let validator = PageValidator(exists: { known.contains($0) })
        PageValidator.initializeLibrary()
        var issues: [ValidationIssue] = []
        let pages = files.filter { $0.hasSuffix(".html") }
        for page in pages {
            do {
                let html = String(decoding: try fileSystem.readFile(at: directory + "/" + page), as: UTF8.self)
                issues += validator.validate(html: html, path: page)
            } catch {
                issues.append(ValidationIssue(page: page, line: 0, column: 0, code: "unreadable", message: error.reason))
            }
        }
        for manifest in files where manifest.hasPrefix("data/") && manifest.split(separator: "/").last == "manifest.json" {
            issues += checkData(manifest: manifest, directory: directory, known: known)
        }
        issues += checkSitemap(directory: directory, known: known)
        return Result(pages: pages.count, files: files.count, issues: issues)
    }

    /// The sitemap's entries against the pages present. Sitemap URLs are absolute; the site's base
    /// URL is taken from the `Sitemap:` line of `robots.txt` (galgen writes both from the config's
    /// `baseURL`: the sitemap is always `<baseURL>sitemap.xml`), so the check does not trust the
    /// sitemap to describe itself. An entry must start with that base URL, and the rest of it must
    /// be a file of the site (`people/` → `people/index.html`).
    private func checkSitemap(directory: String, known: Set<String>) -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        func issue(_ file: String, _ line: Int, _ message: String) {
            issues.append(ValidationIssue(page: file, line: line, column: 0, code: "sitemap", message: message))
        }
        func read(_ file: String) -> String? {
            do { return String(decoding: try fileSystem.readFile(at: directory + "/" + file), as: UTF8.self) } catch {
                issue(file, 0, "unreadable: \(error.reason)")
                return nil
            }
        }
        let robots = known.contains("robots.txt") ? read("robots.txt") : nil
        let named = robots?.split(whereSeparator: \.isNewline).lazy
            .filter { $0.lowercased().hasPrefix("sitemap:") }
            .map { String($0.dropFirst("sitemap:".count)).trimmingWhitespace }.first
        guard known.contains("sitemap.xml") else {
            if let named { issue("robots.txt", 0, "names the sitemap \(named), but sitemap.xml is missing") }
            return issues
        }
        guard let named, named.hasSuffix("/sitemap.xml") else {
            issue("sitemap.xml", 0, "robots.txt does not name it (a line \"Sitemap: <baseURL>sitemap.xml\"), so the site's base URL is unknown")
            return issues
        }
        let base = String(named.dropLast("sitemap.xml".count))
        func target(_ url: String) -> String? {
            guard url.hasPrefix(base) else { return nil }
            var rest = String(url.dropFirst(base.count))
            if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = String(rest[..<end]) }
            rest = rest.removingPercentEncoding ?? rest
            return rest.isEmpty || rest.hasSuffix("/") ? rest + "index.html" : rest
        }
        func load(_ file: String) -> Sitemap? {
            guard let text = read(file) else { return nil }
            let (sitemap, problems) = Sitemap.read(text, path: file)
            issues += problems
            return sitemap
        }
        guard let top = load("sitemap.xml") else { return issues }
        var maps: [(file: String, sitemap: Sitemap)] = []
        if top.isIndex {
            for location in top.locations {
                guard let file = target(location.url) else {
                    issue("sitemap.xml", location.line, "\(location.url) is not under the site's base URL \(base) (from robots.txt)")
                    continue
                }
                guard known.contains(file) else {
                    issue("sitemap.xml", location.line, "lists \(location.url), but \(file) is missing")
                    continue
                }
                guard let sitemap = load(file) else { continue }
                if sitemap.isIndex { issue(file, 0, "a sitemap index may not list another index") } else { maps.append((file, sitemap)) }
            }
        } else {
            maps = [("sitemap.xml", top)]
        }
        for (file, sitemap) in maps {
            for location in sitemap.locations {
                guard let page = target(location.url) else {
                    issue(file, location.line, "\(location.url) is not under the site's base URL \(base) (from robots.txt)")
                    continue
                }
                if !known.contains(page) {
                    issue(file, location.line, "\(location.url) is not a page of the site (\(page) is missing)")
                }
            }
        }
        return issues
    }

    /// The runtime's files reachable from one manifest (format: docs/runtime.md).
    private func checkData(manifest: String, directory: String, known: Set<String>) -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        func issue(_ file: String, _ message: String) {
            issues.append(ValidationIssue(page: file, line: 0, column: 0, code: "runtime-data", message: message))
        }
        func parse(_ file: String) -> JSONValue? {
            do {
                return try JSONDocument(data: try fileSystem.readFile(at: directory + "/" + file), sourceName: file).root.value
            } catch let error as JSONSyntaxError {
                issue(file, "malformed JSON: \(error)")
            } catch {
                issue(file, "unreadable: \(error)")
            }
            return nil
        }
        guard let root = parse(manifest) else { return issues }
        guard case .array(let shards)? = root["shards"]?.value, let search = root["search"]?.value.scalarText,
              let count = root["count"]?.value.scalarText.flatMap({ Int($0) }) else {
            issue(manifest, "not a galgen manifest (needs count, shards, search)")
            return issues
        }
        if !known.contains(search) { issue(manifest, "search file \(search) is missing") }
        var items = 0
        for shard in shards {
            guard let path = shard.value.scalarText else { issue(manifest, "a shard path is not a string"); continue }
            guard known.contains(path) else { issue(manifest, "shard \(path) is missing"); continue }
            guard case .array(let records)? = parse(path)?["items"]?.value else { issue(path, "no items array"); continue }
            items += records.count
            for record in records {
                guard case .array(let variants)? = record.value["v"]?.value else { continue }
                for variant in variants {
                    // [fallback, width, height, then one path per manifest type]
                    guard case .array(let parts) = variant.value else { continue }
                    for (i, part) in parts.enumerated() where i == 0 || i >= 3 {
                        guard let image = part.value.scalarText else { continue }
                        if !known.contains(image) { issue(path, "image \(image) of item \(record.value["k"]?.value.scalarText ?? "?") is missing") }
                    }
                }
            }
        }
        if items != count { issue(manifest, "the shards hold \(items) items, the manifest says \(count)") }
        return issues
    }
}
