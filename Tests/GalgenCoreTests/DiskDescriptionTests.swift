import Foundation
@testable import GalgenCore
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The words a full or read-only disk gets: which disk, what is mounted there, how much is free.
struct DiskDescriptionTests {
    @Test func mountinfoLinesAreReadWithTheirOptionalFieldsAndEscapes() {
        let plain = "36 35 98:0 /mnt1 /mnt/parent rw,noatime master:1 - ext3 /dev/root rw,errors=continue"
        #expect(DiskDescription.parse(plain) == .init(point: "/mnt/parent", type: "ext3", source: "/dev/root"))
        let bare = "22 1 0:21 / /tmp rw,nosuid - tmpfs tmpfs rw,size=65536k"
        #expect(DiskDescription.parse(bare) == .init(point: "/tmp", type: "tmpfs", source: "tmpfs"))
        let spaced = #"40 22 0:40 / /tmp/my\040site\134x rw shared:5 shared:6 - tmpfs none rw"#
        #expect(DiskDescription.parse(spaced)?.point == #"/tmp/my site\x"#)
        #expect(DiskDescription.parse("garbage") == nil)
        #expect(DiskDescription.parse("1 2 3 4 5 6 7 8") == nil)  // no separator
        #expect(DiskDescription.unescape(#"a\04"#) == #"a\04"#)  // a cut-off escape stays as it is
    }

    @Test func aMountPointHoldsItsOwnPathsOnly() {
        #expect(DiskDescription.contains("/", "/anything"))
        #expect(DiskDescription.contains("/mnt/a", "/mnt/a"))
        #expect(DiskDescription.contains("/mnt/a", "/mnt/a/b"))
        #expect(!DiskDescription.contains("/mnt/a", "/mnt/ab"))
    }

    @Test func sizesReadAsPeopleSayThem() {
        #expect(DiskDescription.size(0) == "0 B")
        #expect(DiskDescription.size(8 * 1024) == "8 KB")
        #expect(DiskDescription.size(2 * 1024 * 1024) == "2.0 MB")
        #expect(DiskDescription.size(3 * 1024 * 1024 * 1024 / 2) == "1.5 GB")
    }

    @Test func aPathThatDoesNotExistYetIsDescribedByItsNearestFolder() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/galgen-disk-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let resolved = try #require(DiskDescription.nearestExisting(folder + "/not/yet/there.html"))
        #expect(resolved.hasSuffix("/galgen-disk-\(getpid())"))
        let text = try #require(DiskDescription.of(folder + "/not/yet/there.html"))
        #expect(text.hasPrefix("disk /"), "\(text)")
        #expect(text.contains(" free of "), "\(text)")
        // The error a full disk gives carries it; other errors do not.
        var full = FileSystemError(errno: ENOSPC, operation: "write", path: folder + "/a")
        #expect(full.code == .noSpace && full.isDiskTrouble)
        full.disk = text
        #expect(full.description.hasSuffix("(\(text))"))
        #expect(FileSystemError(errno: EROFS, operation: "write", path: "/x").code == .readOnly)
        #expect(FileSystemError(errno: EDQUOT, operation: "write", path: "/x").code == .noSpace)
        #expect(!FileSystemError(errno: ENOENT, operation: "read", path: "/x").isDiskTrouble)
    }
}
