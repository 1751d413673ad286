import GalgenCore
import Hummingbird
import NIOCore

/// The request context: Hummingbird's basics plus the connection, which file bodies watch.
struct ServeContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}

/// Answers every request of the preview server: the live-reload endpoints, files of the site
/// folder (with validators, ranges and cache rules), redirects for folders, 404s, and refusals.
struct SiteResponder: HTTPResponder {
    typealias Context = ServeContext

    let files: SiteFiles
    let hub: ReloadHub

    func respond(to request: Request, context: Context) async throws -> Response {
        let isHead = request.method == .head
        guard request.method == .get || isHead else {
            return Self.text(.methodNotAllowed, "method not allowed\n", extra: [.allow: "GET, HEAD"])
        }
        let path: RequestPath = RequestPath(target: request.head.path ?? "")
        guard case .segments(let segments, let directoryForm) = path else {
            guard case .refused(let reason) = path else { return Self.text(.badRequest, "bad request\n") }
            let status: HTTPResponse.Status = reason == .badEncoding || reason == .notAbsolutePath ? .badRequest : .forbidden
            return Self.text(status, "refused: \(reason.rawValue)\n", isHead: isHead)
        }
        switch segments {
        case ["__galgen", "events"]: return await events()
        case ["__galgen", "reload.js"]:
            return Self.text(.ok, LiveReloadScript.source, contentType: "text/javascript; charset=utf-8", isHead: isHead)
        default: break
        }
        switch files.lookup(segments, directoryForm: directoryForm) {
        case .file(let found):
            guard let file = OpenFile(path: found.path) else { return await notFound(isHead: isHead) }
            return await serve(file, path: found.path, request: request, isHead: isHead, channel: context.channel)
        case .addSlash(let location):
            let query = request.uri.query.map { "?" + $0 } ?? ""
            return Self.text(.movedPermanently, "moved\n", extra: [.location: location + query], isHead: isHead)
        case .outside:
            return Self.text(.forbidden, "refused: outside the site folder\n", isHead: isHead)
        case .notFound:
            return await notFound(isHead: isHead)
        }
    }

    /// A file with validators and cache rules; HTML gets the reload script, others honour `Range`.
    private func serve(_ file: OpenFile, path: String, request: Request, isHead: Bool, channel: any Channel) async -> Response {
        let isHTML = path.hasSuffix(".html")
        let generation = await hub.state.generation
        // HTML carries the generation in its script tag, so its validator changes with it.
        let tag = HTTPRules.entityTag(size: file.size, seconds: file.modified.seconds, nanoseconds: file.modified.nanoseconds,
                                      variant: isHTML ? "-g\(generation)" : "")
        var headers = HTTPFields()
        headers[.contentType] = HTTPRules.mediaType(forPath: path)
        headers[.eTag] = tag
        headers[.lastModified] = HTTPRules.httpDate(file.modified.seconds)
        headers[.cacheControl] = HTTPRules.isContentHashed(path) ? "public, max-age=31536000, immutable" : "no-cache"
        if let noneMatch = request.headers[.ifNoneMatch] {
            if HTTPRules.noneMatch(noneMatch, matches: tag) { return Response(status: .notModified, headers: headers) }
        } else if let since = request.headers[.ifModifiedSince].flatMap(HTTPRules.parseHTTPDate), file.modified.seconds <= since {
            return Response(status: .notModified, headers: headers)
        }
        if isHTML {
            let bytes = LiveReloadScript.inject(into: Array(file.read(offset: 0, count: file.size).readableBytesView),
                                                generation: generation)
            headers[.contentLength] = String(bytes.count)
            return Response(status: .ok, headers: headers,
                            body: isHead ? ResponseBody() : OpenFile.drained(ByteBuffer(bytes: bytes), channel: channel))
        }
        headers[.acceptRanges] = "bytes"
        var range = HTTPRules.range(request.headers[.range], size: file.size)
        if let ifRange = request.headers[.ifRange], ifRange != tag { range = .whole }
        switch range {
        case .whole:
            guard file.size > 0 else { return Self.response(.ok, headers, ByteBuffer(), isHead: isHead) }
            return Self.stream(.ok, headers, file, 0...(file.size - 1), isHead: isHead, channel: channel)
        case .partial(let bytes):
            headers[.contentRange] = "bytes \(bytes.lowerBound)-\(bytes.upperBound)/\(file.size)"
            return Self.stream(.partialContent, headers, file, bytes, isHead: isHead, channel: channel)
        case .unsatisfiable:
            headers[.contentRange] = "bytes */\(file.size)"
            return Response(status: .rangeNotSatisfiable, headers: headers)
        }
    }

    /// The site's own `404.html` when it has one, else a short page; both with the reload script, so
    /// a page that appears with the next build shows up by itself.
    private func notFound(isHead: Bool) async -> Response {
        let generation = await hub.state.generation
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-cache"
        var html = Array("""
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8" /><title>Not found</title></head>
            <body><h1>Not found</h1><p>Nothing is built at this address. <a href="/">Home</a></p></body></html>

            """.utf8)
        if case .file(let found) = files.lookup(["404.html"], directoryForm: false), let file = OpenFile(path: found.path) {
            html = Array(file.read(offset: 0, count: file.size).readableBytesView)
        }
        return Self.response(.notFound, headers, ByteBuffer(bytes: LiveReloadScript.inject(into: html, generation: generation)),
                             isHead: isHead)
    }

    /// The Server-Sent Events stream of ``ReloadHub``; it ends when the hub finishes (shutdown) or
    /// the page goes away.
    private func events() async -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-cache"
        let hub = hub
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            let (id, frames) = await hub.subscribe()
            do {
                for await frame in frames { try await writer.write(ByteBuffer(string: frame)) }
                await hub.unsubscribe(id)
                try await writer.finish(nil)
            } catch {
                await hub.unsubscribe(id)
                throw error
            }
        })
    }

    private static func response(_ status: HTTPResponse.Status, _ headers: HTTPFields, _ body: ByteBuffer, isHead: Bool) -> Response {
        var headers = headers
        headers[.contentLength] = String(body.readableBytes)
        return Response(status: status, headers: headers, body: isHead ? ResponseBody() : ResponseBody(byteBuffer: body))
    }

    private static func stream(_ status: HTTPResponse.Status, _ headers: HTTPFields, _ file: OpenFile,
                               _ range: ClosedRange<Int>, isHead: Bool, channel: any Channel) -> Response {
        var headers = headers
        headers[.contentLength] = String(range.count)
        return Response(status: status, headers: headers, body: isHead ? ResponseBody() : file.body(range, channel: channel))
    }

    private static func text(_ status: HTTPResponse.Status, _ text: String, contentType: String = "text/plain; charset=utf-8",
                             extra: HTTPFields = [:], isHead: Bool = false) -> Response {
        var headers = extra
        headers[.contentType] = contentType
        headers[.cacheControl] = "no-cache"
        return response(status, headers, ByteBuffer(string: text), isHead: isHead)
    }
}
