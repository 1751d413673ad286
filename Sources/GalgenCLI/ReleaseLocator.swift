import Foundation
import GalgenCore
import GalgenFetch
import GalgenScaffold

/// Finds the release `galgen init --ci github` pins: this galgen's own version, with each archive's
/// SHA-256 read from the `SHA256SUMS` installed beside the binary (the `.deb` carries one), else from
/// the release's `SHA256SUMS` on its download site (`GALGEN_RELEASES_URL` overrides the address).
enum ReleaseLocator {
    /// Why no release could be pinned.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The release of this galgen.
    /// - Parameter environment: The process environment.
    /// - Returns: The release, with an archive for x86_64 at least.
    /// - Throws: ``Failure`` naming every place looked at.
    static func currentRelease(environment: [String: String]) async throws(Failure) -> GalgenRelease {
        let version = GalgenVersion.current
        let releasesURL = environment["GALGEN_RELEASES_URL"].flatMap { $0.isEmpty ? nil : $0 } ?? GalgenVersion.releasesURL
        var tried: [String] = []
        if let path = installedSumsPath() {
            if let text = try? String(contentsOfFile: path, encoding: .utf8),
               let release = GalgenRelease(version: version, releasesURL: releasesURL, sums: text) {
                return release
            }
            tried.append("\(path) names no \(GalgenRelease.archiveName(version: version, architecture: "x86_64"))")
        }
        let url = GalgenRelease.sumsURL(releasesURL: releasesURL, version: version)
        guard WebURL.httpURL(url) != nil else {
            throw Failure(description: "GALGEN_RELEASES_URL must be an http(s) URL, found \"\(releasesURL)\"")
        }
        do {
            let text = try await download(url)
            if let release = GalgenRelease(version: version, releasesURL: releasesURL, sums: text) { return release }
            tried.append("\(url) names no \(GalgenRelease.archiveName(version: version, architecture: "x86_64"))")
        } catch {
            tried.append("\(url): \(error.message)")
        }
        throw Failure(description: "cannot pin galgen \(version) in the workflow: " + tried.joined(separator: "; ")
            + ". Run galgen init --ci github again when online, or with a galgen installed from a release package"
            + " (set GALGEN_RELEASES_URL for a mirror); nothing was written")
    }

    /// `<prefix>/share/galgen/SHA256SUMS` for a binary at `<prefix>/bin/galgen` (or `<prefix>/libexec/galgen`).
    static func installedSumsPath() -> String? {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        let prefix = URL(fileURLWithPath: executable).deletingLastPathComponent().deletingLastPathComponent()
        let path = prefix.appendingPathComponent("share/galgen/SHA256SUMS").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    private static func download(_ url: String) async throws(FetchError) -> String {
        let policy = FetchPolicy(connectTimeout: .seconds(5), idleTimeout: .seconds(10), totalTimeout: .seconds(20))
        let transport = AsyncHTTPTransport(policy: policy)
        let result: Result<TransportResponse, FetchError>
        do throws(FetchError) {
            result = .success(try await transport.send(TransportRequest(url: url, headers: [("User-Agent", policy.userAgent)], maxBytes: 1 << 16)))
        } catch {
            result = .failure(error)
        }
        await transport.shutdown()
        let response = try result.get()
        guard response.status == 200 else {
            throw FetchError(.status, url: url, message: "HTTP \(response.status)", status: response.status)
        }
        return String(decoding: response.body, as: UTF8.self)
    }
}
