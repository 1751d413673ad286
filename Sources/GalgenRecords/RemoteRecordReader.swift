public import GalgenCore
public import GalgenConfig
import Foundation

/// Reads a remote source page by page: says which URL to fetch first, checks each fetched document
/// (the API's error bodies, empty results, short pages), maps its records, and decides what to fetch
/// next (randomuser pages up to `count`, a next link, a counted page parameter), stopping at the page
/// cap, on a loop or on a page that repeats earlier records. The fetching itself is the caller's.
public struct RemoteRecordReader: Sendable {
    /// A fetched page, or why it could not be fetched.
    public enum Page: Sendable {
        /// The parsed document.
        case document(JSONDocument)
        /// The page could not be had (network, status, not JSON); the message says why.
        case failed(String)
    }

    private let config: SourceConfig
    private let largestWidth: Int
    private var mapper: RecordMapper
    private var visited: Set<String> = []
    private var pagesRead = 0
    private var pagesUsable = 0
    private var expected: [String: Int] = [:]
    /// The URL of the first page.
    public let firstURL: String

    /// Creates a reader.
    /// - Parameters:
    ///   - config: A source whose origin is remote.
    ///   - baseDirectory: The config's folder.
    ///   - largestImageWidth: The widest variant; iTunes artwork URLs are rewritten to it.
    public init(config: SourceConfig, baseDirectory: String, largestImageWidth: Int) {
        self.config = config
        self.largestWidth = largestImageWidth
        self.mapper = RecordMapper(config: config, baseDirectory: baseDirectory)
        switch config.origin {
        case .file(let path): firstURL = "file://" + path
        case .folder(let query): firstURL = "file://" + query.path
        case .url(let url, let paging):
            if case .parameter(let name, let start) = paging.mode {
                firstURL = QueryString.setting(name, to: String(start), in: url)
            } else {
                firstURL = url
            }
        case .randomUser(let query): firstURL = Self.randomUserURL(query, page: 1)
        case .iTunes(let query): firstURL = Self.iTunesURL(query)
        }
        if case .randomUser(let query) = config.origin {
            expected[firstURL] = min(query.perRequest, query.count)
        }
        visited.insert(firstURL)
    }

    /// Whether at least one page gave records (or was legitimately empty).
    public var hasUsablePage: Bool { pagesUsable > 0 }

    /// The records so far, with every problem met.
    public var recordSet: RecordSet {
        RecordSet(source: config.name, records: mapper.records, diagnostics: mapper.diagnostics)
    }

    /// Takes one page and says which URL to fetch next.
    /// - Parameters:
    ///   - page: The fetched page, or the failure.
    ///   - url: The URL it came from.
    /// - Returns: The next URL, or nil when the source is complete.
    public mutating func read(_ page: Page, from url: String) -> String? {
        pagesRead += 1
        let subject = "\(config.name): page \(url)"
        var items: [JSONNode]?
        var document: JSONDocument?
        switch page {
        case .failed(let reason):
            mapper.note(Diagnostic(.error, code: "source.page-failed", subject: subject, message: "\(reason); the records of this page are missing"))
        case .document(let parsed):
            document = parsed
            switch check(parsed) {
            case .success(let nodes): items = nodes
            case .failure(let failure):
                mapper.note(Diagnostic(.error, code: "source.bad-page", subject: subject, message: "\(failure.message); the records of this page are missing"))
            }
        }
        var added = 0
        if let items, let document {
            pagesUsable += 1
            let origins = mapper.origins(in: document.sourceName)
            var cursor = JSONLocator.Cursor(document.locator)
            for (index, node) in items.enumerated() {
                let record = config.kind == .itunes ? ITunesResult.normalise(node, largestWidth: largestWidth) : node
                if mapper.add(record, index: index, in: origins, cursor: &cursor) { added += 1 }
            }
            if let wanted = expected[url], items.count < wanted {
                mapper.note(Diagnostic(.warning, code: "source.short-page", subject: subject,
                                       message: "asked for \(wanted) records, got \(items.count)"))
            }
            if config.kind == .itunes, items.isEmpty {
                mapper.note(Diagnostic(.warning, code: "source.no-results", subject: subject, message: "the search found nothing"))
            }
        }
        return next(after: url, document: document, items: items, added: added)
    }

    /// Why a document is not a usable page (an API error body, no records array, an empty randomuser
    /// page), or nil when it is. Lets the caller keep a good cached copy instead.
    /// - Parameter document: A fetched page.
    public func problem(in document: JSONDocument) -> String? {
        if case .failure(let failure) = check(document) { return failure.message }
        return nil
    }

    private func check(_ document: JSONDocument) -> Result<[JSONNode], Failure> {
        let root = document.root.value
        if case .object = root {
            for key in ["error", "errorMessage"] {
                if let message = root[key] {
                    let text = message.value.scalarText.map { "\"\(TextCleaner.clean($0).text)\"" } ?? message.value.kindName
                    return .failure(Failure("the API answered with an error: \(text)"))
                }
            }
        }
        guard let node = FieldLookup.node(at: config.items, in: document.root) else {
            return .failure(Failure("nothing at items path \"\(config.items)\""))
        }
        guard case .array(let nodes) = node.value else {
            return .failure(Failure("items path \"\(config.items)\" leads to \(node.value.kindName), not an array"))
        }
        if config.kind == .randomuser, nodes.isEmpty {
            // randomuser never returns an empty page for a valid request; it did during its 2026 outage.
            return .failure(Failure("randomuser returned no users, which it only does when it is failing"))
        }
        return .success(nodes)
    }

    private struct Failure: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    private mutating func next(after url: String, document: JSONDocument?, items: [JSONNode]?, added: Int) -> String? {
        let subject = "\(config.name): paging"
        let candidate: String?
        switch config.origin {
        case .file, .iTunes, .folder:
            return nil
        case .randomUser(let query):
            let done = pagesRead * query.perRequest
            guard done < query.count else { return nil }
            candidate = Self.randomUserURL(query, page: pagesRead + 1)
            expected[candidate!] = min(query.perRequest, query.count - done)
            return candidate  // pages are computed, not discovered: no loop or cap checks needed
        case .url(_, let paging):
            switch paging.mode {
            case .single:
                return nil
            case .nextLink(let path):
                guard let document, let node = FieldLookup.node(at: path, in: document.root) else { return nil }
                guard case .string(let text) = node.value, !text.isEmpty else {
                    if case .string = node.value { return nil }
                    mapper.note(Diagnostic(.warning, code: "source.bad-next", subject: subject,
                                           message: "the next link at \"\(path)\" in \(url) is \(node.value.kindName); paging stopped"))
                    return nil
                }
                guard let resolved = URL(string: text, relativeTo: URL(string: url))?.absoluteString, let absolute = WebURL.httpURL(resolved) else {
                    mapper.note(Diagnostic(.warning, code: "source.bad-next", subject: subject,
                                           message: "the next link \"\(TextCleaner.clean(text).text)\" in \(url) is not an http(s) URL; paging stopped"))
                    return nil
                }
                candidate = absolute
            case .parameter(let name, let start):
                guard let items, !items.isEmpty else { return nil }  // an empty page ends the list
                if added == 0 {
                    mapper.note(Diagnostic(.warning, code: "source.repeated-page", subject: subject,
                                           message: "\(url) only repeats records already read; paging stopped"))
                    return nil
                }
                candidate = QueryString.setting(name, to: String(start + pagesRead), in: url)
            }
            guard let candidate else { return nil }
            if visited.contains(candidate) {
                mapper.note(Diagnostic(.warning, code: "source.paging-loop", subject: subject,
                                       message: "the next page \(candidate) was already read (a loop); paging stopped"))
                return nil
            }
            if pagesRead >= paging.maxPages {
                mapper.note(Diagnostic(.warning, code: "source.page-cap", subject: subject,
                                       message: "stopped after \(paging.maxPages) pages (paging.maxPages); \(candidate) and later pages were not read"))
                return nil
            }
            visited.insert(candidate)
            return candidate
        }
    }

    // MARK: - Request URLs

    static func randomUserURL(_ query: RandomUserQuery, page: Int) -> String {
        let results = min(query.perRequest, query.count - (page - 1) * query.perRequest)
        var items = [("results", String(results)), ("page", String(page)), ("seed", query.seed)]
        if let nat = query.nationalities { items.append(("nat", nat)) }
        return QueryString.appending(items, to: query.url)
    }

    static func iTunesURL(_ query: ITunesQuery) -> String {
        var items = [("term", query.term), ("country", query.country)]
        if let media = query.media { items.append(("media", media)) }
        if let entity = query.entity { items.append(("entity", entity)) }
        items.append(("limit", String(query.limit)))
        return QueryString.appending(items, to: query.url)
    }
}

/// Builds query strings: names and values percent-encoded (RFC 3986 unreserved characters kept).
enum QueryString {
    static func encode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            let c = Character(UnicodeScalar(byte))
            if byte < 0x80, c.isLetter || c.isNumber || "-._~".contains(c) {
                out.append(c)
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    static func appending(_ items: [(String, String)], to url: String) -> String {
        let query = items.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&")
        return url + (url.contains("?") ? "&" : "?") + query
    }

    /// The URL with the parameter set (replaced where present, else appended).
    static func setting(_ name: String, to value: String, in url: String) -> String {
        let fragmentCut = url.firstIndex(of: "#") ?? url.endIndex
        let head = url[..<fragmentCut]
        guard let mark = head.firstIndex(of: "?") else { return appending([(name, value)], to: String(head)) }
        var parts = head[head.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: true).map(String.init)
        let encodedName = encode(name)
        let pair = "\(encodedName)=\(encode(value))"
        if let i = parts.firstIndex(where: { $0 == encodedName || $0.hasPrefix(encodedName + "=") }) {
            parts[i] = pair
        } else {
            parts.append(pair)
        }
        return String(head[..<mark]) + "?" + parts.joined(separator: "&")
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
