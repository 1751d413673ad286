/// The paths of a site's files, for the validator's "is this a file of the output" (asked for
/// every link of every page): 64-bit digests, sorted, so a million paths are 8 MB rather than a
/// set of strings. Two paths share a digest with a chance of about 1 in 10^13 at a million files;
/// then a broken link to one of them would not be reported.
public struct PathDigests: Sendable {
    private let digests: [UInt64]

    /// Digests every path.
    /// - Parameter paths: The site's file paths.
    public init(_ paths: some Sequence<String>) {
        digests = paths.map(Self.digest).sorted()
    }

    /// Whether `path` is one of the paths (or shares its digest).
    public func contains(_ path: String) -> Bool {
        let d = Self.digest(path)
        var lo = 0, hi = digests.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if digests[mid] < d { lo = mid + 1 } else { hi = mid }
        }
        return lo < digests.count && digests[lo] == d
    }

    /// FNV-1a over the UTF-8 bytes, then a finalising mix (FNV alone spreads short paths poorly).
    private static func digest(_ path: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in path.utf8 { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        h ^= h >> 33
        h = h &* 0xff51_afd7_ed55_8ccd
        h ^= h >> 33
        return h
    }
}
