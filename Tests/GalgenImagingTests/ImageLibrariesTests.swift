import GalgenCore
import GalgenImaging
import Testing

/// The libraries' versions name the cache entries they made: another version of any one library gives
/// another fingerprint, the same versions the same one.
struct ImageLibrariesTests {
    @Test func theFingerprintFollowsEveryVersion() {
        let versions = ImageLibraries.versions
        #expect(versions.count == 8)
        #expect(ImageLibraries.fingerprint == ImageLibraries.fingerprint(of: versions))
        #expect(ImageLibraries.fingerprint.count == 16 && ImageLibraries.fingerprint.allSatisfy(\.isHexDigit))
        for index in versions.indices {
            var changed = versions
            changed[index].version += ".1"
            #expect(ImageLibraries.fingerprint(of: changed) != ImageLibraries.fingerprint, "\(versions[index].name)")
        }
    }

    @Test func everyLibraryReportsAVersionOfDigits() {
        for library in ImageLibraries.versions {
            #expect(library.version.first?.isNumber == true, "\(library.name): \(library.version)")
        }
    }
}
