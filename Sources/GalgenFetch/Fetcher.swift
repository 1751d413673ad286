public import Foundation
import GalgenCore

/// Validators a server sent with a body, replayed on the next request to ask "has it changed?".
public struct Validators: Sendable, Hashable, Codable {
    /// `ETag`, sent back as `If-None-Match`.
    public var etag: String?
    /// `Last-Modified`, sent back as `If-Modified-Since`.
    public var lastModified: String?
    /// Seconds the response says it stays fresh (`Cache-Control`: `s-maxage`, else `max-age`; 0
    /// for `no-cache` or `no-store`); nil when it says nothing.
    public var maxAge: Double?

    /// Creates validators.
    /// - Parameters:
    ///   - etag: The entity tag.
    ///   - lastModified: The last-modified date.
    ///   - maxAge: The response's own freshness lifetime, seconds.
    public init(etag: String? = nil, lastModified: String? = nil, maxAge: Double? = nil) {
        self.etag = etag
        self.lastModified = lastModified
        self.maxAge = maxAge
    }

    /// The freshness lifetime a `Cache-Control` header gives a shared cache (RFC 9111 §5.2.2):
    /// `no-store` and `no-cache` make it 0, `s-maxage` wins over `max-age`; nil when it gives none.
    /// - Parameter header: The header's value.
    public static func maxAge(cacheControl header: String?) -> Double? {
        guard let header else { return nil }
        var maxAge: Double?
        var shared: Double?
        for directive in header.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let name = parts.first else { continue }
            let value = parts.count == 2 ? Double(parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))).map { max(0, $0) } : nil
            switch name {
            case "no-store", "no-cache": return 0
            case "max-age": maxAge = value ?? 0
            case "s-maxage": shared = value ?? 0
            default: continue
            }
        }
        return shared ?? maxAge
    }

    /// Whether there is anything to revalidate with.
    public var isEmpty: Bool { etag == nil && lastModified == nil }
}

/// What a body must be for the request to count as a success.
public enum Expectation: Sendable, Hashable {
    /// A JSON document (an HTML page with 200 is a failure, and probably a transient one).
    case json
    /// An image (an HTML or text body is a failure).
    case image
}

/// A successful fetch.
public struct Fetched: Sendable {
    /// What came back.
    public enum Outcome: Sendable {
        /// A new body.
        case body(Data, BodyKind, Validators)
        /// The cached copy is still current (304 to a conditional request).
        case notModified
    }

    /// What came back.
    public var outcome: Outcome
    /// Attempts made, 1 when the first one worked.
    public var attempts: Int
}

/// Fetches URLs through a transport with retries: exponential backoff with jitter on connection
/// errors, timeouts and 5xx; `Retry-After` honoured (seconds or date, capped) on 429 and 503;
/// iTunes-style throttling (403 with an empty body) backed off too. Bodies are judged by their
/// bytes, never by `Content-Type`.
public struct Fetcher: Sendable {
    /// The limits and retry rules.
    public let policy: FetchPolicy
    private let transport: any HTTPTransport
    private let pause: Pause
    private let now: @Sendable () -> Double
    private let random: @Sendable () -> Double
    private let gate: KeyedGate
    private let notify: @Sendable (FetchNotice) -> Void
    private let hosts = HostWatch()

    /// The `Accept` header of image requests (servers may choose the format by it).
    public static let imageAccept = MediaFormat.jpeg.mimeType + ", image/*;q=0.8"

    /// Creates a fetcher.
    /// - Parameters:
    ///   - transport: Sends the requests.
    ///   - policy: Limits and retry rules.
    ///   - pause: Waits between attempts.
    ///   - now: Wall-clock seconds since 1970 (for `Retry-After` dates).
    ///   - random: Uniform numbers in 0..<1 for the jitter.
    ///   - notify: Told when a host looks unreachable and before each wait for it (for the person waiting).
    public init(transport: any HTTPTransport, policy: FetchPolicy, pause: Pause = .live,
                now: @escaping @Sendable () -> Double, random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
                notify: @escaping @Sendable (FetchNotice) -> Void = { _ in }) {
        self.notify = notify
        self.transport = transport
        self.policy = policy
        self.pause = pause
        self.now = now
        self.random = random
        self.gate = KeyedGate(limit: policy.perHostConcurrency)
    }

    /// Fetches one URL.
    /// - Parameters:
    ///   - url: Absolute http(s) URL.
    ///   - expecting: What the body must be.
    ///   - maxBytes: Largest body accepted.
    ///   - validators: Validators of a cached copy: makes the request conditional.
    /// - Returns: The body, or `notModified` when the cached copy is current.
    /// - Throws: ``FetchError`` after the last attempt, or at once for permanent failures.
    public func fetch(_ url: String, expecting: Expectation, maxBytes: Int, validators: Validators? = nil) async throws(FetchError) -> Fetched {
        guard let checked = WebURL.httpURL(url), let host = URL(string: checked)?.host?.lowercased() else {
            throw FetchError(.badURL, url: url, message: "not an absolute http(s) URL")
        }
        var headers: [(name: String, value: String)] = [("User-Agent", policy.userAgent), ("Accept", expecting == .json ? "application/json, text/javascript;q=0.9, */*;q=0.1" : Self.imageAccept)]
        if let etag = validators?.etag { headers.append(("If-None-Match", etag)) }
        if let lastModified = validators?.lastModified { headers.append(("If-Modified-Since", lastModified)) }
        let request = TransportRequest(url: checked, headers: headers, maxBytes: maxBytes)
        try Self.checkCancellation(url)
        let port = URL(string: checked)?.port ?? (checked.lowercased().hasPrefix("https:") ? 443 : 80)
        if case .unreachable(let reason) = await reachability(host: host, port: port, expecting: expecting) {
            var error = FetchError(.connection, url: url, message: reason + "; the network looks unreachable (galgen build --offline builds from the cache)")
            error.attempts = policy.maxAttempts
            if policy.maxAttempts > 1 { error.message += " (after \(policy.maxAttempts) attempts)" }
            throw error
        }

        var attempt = 0
        while true {
            attempt += 1
            let failure: FetchError
            var requestedWait: Duration?
            do throws(FetchError) {
                try Self.checkCancellation(url)
                await gate.enter(host)
                let response: TransportResponse
                do throws(FetchError) {
                    response = try await transport.send(request)
                } catch {
                    await gate.leave(host)
                    throw error
                }
                await gate.leave(host)
                switch judge(response, url: checked, expecting: expecting, conditional: validators.map { !$0.isEmpty } ?? false) {
                case .success(let outcome):
                    return Fetched(outcome: outcome, attempts: attempt)
                case .failure(let error, let wait):
                    requestedWait = wait
                    throw error
                }
            } catch {
                failure = error
            }
            guard failure.isTransient, failure.code != .cancelled, attempt < policy.maxAttempts else {
                var final = failure
                final.attempts = attempt
                if attempt > 1 { final.message += " (after \(attempt) attempts)" }
                throw final
            }
            let wait = min(requestedWait ?? backoff(attempt: attempt), policy.backoffCap)
            notify(.waiting(host: host, attempt: attempt + 1, of: policy.maxAttempts, next: wait, expecting: expecting))
            do { try await pause.sleep(wait) } catch {
                throw FetchError(.cancelled, url: url, message: "cancelled")
            }
        }
    }

    /// Whether `host:port` can be reached, looked at once per build: while it looks unreachable it is
    /// looked at again after each backoff wait (as many times as requests are attempted), so what can
    /// heal does, and what cannot ends in seconds rather than after every attempt's connect timeout.
    private func reachability(host: String, port: Int, expecting: Expectation) async -> Reachability {
        await hosts.verdict("\(host):\(port)") { [self] in
            var verdict = await transport.probe(host: host, port: port)
            guard case .unreachable(let reason) = verdict else { return verdict }
            notify(.unreachable(host: host, reason: reason, expecting: expecting))
            var attempt = 1
            while attempt < policy.maxAttempts, case .unreachable = verdict {
                let wait = min(backoff(attempt: attempt), policy.backoffCap)
                attempt += 1
                notify(.waiting(host: host, attempt: attempt, of: policy.maxAttempts, next: wait, expecting: expecting))
                do { try await pause.sleep(wait) } catch { return verdict }
                verdict = await transport.probe(host: host, port: port)
            }
            return verdict
        }
    }

    /// The wait before attempt `attempt + 1`: base × 2^(attempt−1), capped, times a jitter in 0.5…1.
    /// - Parameter attempt: The attempt that just failed, from 1.
    public func backoff(attempt: Int) -> Duration {
        let exponent = Double(min(attempt - 1, 30))
        let seconds = min(policy.backoffCap.seconds, policy.backoffBase.seconds * pow(2, exponent)) * (0.5 + 0.5 * random())
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    private enum Judgement {
        case success(Fetched.Outcome)
        case failure(FetchError, wait: Duration?)
    }

    private func judge(_ response: TransportResponse, url: String, expecting: Expectation, conditional: Bool) -> Judgement {
        let status = response.status
        if status == 304, conditional { return .success(.notModified) }
        let kind = BodyKind.sniff(response.body)
        guard (200..<300).contains(status) else {
            let wait = response.header("retry-after").flatMap { RetryAfter.delay($0, now: now()) }
            let detail = kind == .empty ? "" : " with \(kind.phrase)\(excerpt(response.body, kind))"
            var transient = status >= 500 || status == 429 || status == 408
            var message = "HTTP \(status)\(detail)"
            if status == 403, response.body.isEmpty {
                transient = true  // iTunes throttles with an empty 403 and no Retry-After
                message += " (empty 403: the server is probably rate limiting)"
            }
            if status == 404 || status == 410 { message += " (not found)" }
            return .failure(FetchError(.status, url: url, message: message, status: status, isTransient: transient), wait: wait)
        }
        let acceptable = expecting == .json ? kind == .json : kind.isImage
        guard acceptable else {
            let wanted = expecting == .json ? "JSON" : "an image"
            // An HTML error page with status 200 in place of JSON is usually a passing outage.
            return .failure(FetchError(.unexpectedBody, url: url, message: "expected \(wanted), got \(kind.phrase)\(excerpt(response.body, kind))",
                                       status: status, isTransient: expecting == .json && kind == .html), wait: nil)
        }
        let validators = Validators(etag: response.header("etag"), lastModified: response.header("last-modified"),
                                    maxAge: Validators.maxAge(cacheControl: response.header("cache-control")))
        return .success(.body(response.body, kind, validators))
    }

    /// The start of a textual body, one line, for messages.
    private func excerpt(_ body: Data, _ kind: BodyKind) -> String {
        guard [.json, .html, .text].contains(kind) else { return "" }
        let text = String(decoding: body.prefix(160), as: UTF8.self)
        let oneLine = text.split(whereSeparator: { $0.isNewline }).map { String($0).trimmingWhitespace }.joined(separator: " ")
        let cleaned = String(oneLine.unicodeScalars.filter { $0.value >= 0x20 }.map(Character.init))
        return cleaned.isEmpty ? "" : ": \"\(cleaned.prefix(120))\(cleaned.count > 120 ? "…" : "")\""
    }

    private static func checkCancellation(_ url: String) throws(FetchError) {
        if Task.isCancelled { throw FetchError(.cancelled, url: url, message: "cancelled") }
    }
}
