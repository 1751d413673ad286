import Foundation
import GalgenCore
import GalgenScaffold
import GalgenTestSupport
import Testing
@testable import GalgenCLI

/// `galgen init --ci github` pins this galgen's release from the release's SHA256SUMS, served here by a
/// real nginx; a missing file or an unreachable server is a clear error, never an unpinned workflow.
@Suite(.enabled(if: NginxServer.unavailable == nil, "\(NginxServer.unavailable ?? "")"))
struct ReleaseLocatorTests {
    let version = GalgenVersion.current

    @Test func theReleaseSumsPinEachArchive() async throws {
        let nginx = try NginxServer()
        defer { nginx.stop() }
        let x86 = String(repeating: "3f", count: 32), arm = String(repeating: "a0", count: 32)
        try nginx.directory.write("""
            \(x86)  galgen-\(version)-linux-x86_64.tar.gz
            \(arm)  galgen-\(version)-linux-arm64.tar.gz
            \(String(repeating: "11", count: 32))  galgen_\(version)_amd64.deb

            """, to: "data/releases/v\(version)/SHA256SUMS")
        let base = "http://127.0.0.1:\(nginx.port)/releases"
        let release = try await ReleaseLocator.currentRelease(environment: ["GALGEN_RELEASES_URL": base])
        #expect(release.version == version)
        #expect(release.archives.map(\.sha256) == [x86, arm])
        #expect(release.archives.first?.url == "\(base)/v\(version)/galgen-\(version)-linux-x86_64.tar.gz")
        #expect(nginx.requests().contains { $0.contains("GET /releases/v\(version)/SHA256SUMS") })
    }

    @Test func noSumsForThisVersionIsAClearError() async throws {
        let nginx = try NginxServer()
        defer { nginx.stop() }
        try nginx.directory.write("\(String(repeating: "3f", count: 32))  galgen-0.0.1-linux-x86_64.tar.gz\n",
                                  to: "data/releases/v\(version)/SHA256SUMS")
        let base = "http://127.0.0.1:\(nginx.port)/releases"
        await #expect { try await ReleaseLocator.currentRelease(environment: ["GALGEN_RELEASES_URL": base]) } throws: { error in
            "\(error)".contains("names no galgen-\(version)-linux-x86_64.tar.gz") && "\(error)".contains("cannot pin galgen \(version)")
        }
        let missing = "http://127.0.0.1:\(nginx.port)/nothing"
        await #expect { try await ReleaseLocator.currentRelease(environment: ["GALGEN_RELEASES_URL": missing]) } throws: { error in
            "\(error)".contains("\(missing)/v\(version)/SHA256SUMS: HTTP 404")
        }
    }

    @Test func anUnreachableOrBadAddressIsAClearError() async throws {
        let port = try NginxServer.freePort()  // nothing listens there
        await #expect { try await ReleaseLocator.currentRelease(environment: ["GALGEN_RELEASES_URL": "http://127.0.0.1:\(port)"]) } throws: { error in
            "\(error)".contains("cannot pin galgen") && "\(error)".contains("nothing was written")
        }
        await #expect { try await ReleaseLocator.currentRelease(environment: ["GALGEN_RELEASES_URL": "file:///etc"]) } throws: { error in
            "\(error)".contains("must be an http(s) URL")
        }
    }
}
