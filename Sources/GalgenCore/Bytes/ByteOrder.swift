import Foundation

/// Sorting numbered byte strings by their bytes (code point order for UTF-8), ties by number.
public enum ByteOrder {
    /// The numbers `0..<count` sorted by `bytes[starts[i]..<starts[i + 1]]`: parts sorted on every
    /// core, then merged.
    /// - Parameters:
    ///   - count: How many strings.
    ///   - bytes: The strings' bytes, back to back.
    ///   - starts: Where each string starts in `bytes`, and where the last one ends (`count + 1` offsets).
    public static func sorted(count: Int, bytes: [UInt8], starts: [UInt32]) -> [UInt32] {
        guard count > 1 else { return (0..<count).map { UInt32($0) } }
        let parts = count < 50_000 ? 1 : 2
        let size = (count + parts - 1) / parts
        var runs = Concurrently.map(parts) { p in
            var run = (min(count, p * size)..<min(count, (p + 1) * size)).map { UInt32($0) }
            withLess(bytes, starts) { less in run.sort(by: less) }
            return run
        }
        while runs.count > 1 {
            let current = runs
            let merged = Concurrently.map(current.count / 2) { i in
                withLess(bytes, starts) { less in merge(current[2 * i], current[2 * i + 1], less) }
            }
            runs = current.count % 2 == 1 ? merged + [current[current.count - 1]] : merged
        }
        return runs[0]
    }

    private static func merge(_ a: [UInt32], _ b: [UInt32], _ less: (UInt32, UInt32) -> Bool) -> [UInt32] {
        var out: [UInt32] = []
        out.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if less(b[j], a[i]) { out.append(b[j]); j += 1 } else { out.append(a[i]); i += 1 }
        }
        out.append(contentsOf: a[i...])
        out.append(contentsOf: b[j...])
        return out
    }

    private static func withLess<R>(_ bytes: [UInt8], _ starts: [UInt32], _ body: ((UInt32, UInt32) -> Bool) -> R) -> R {
        bytes.withUnsafeBufferPointer { b in
            starts.withUnsafeBufferPointer { s in
                body { x, y in
                    let xs = Int(s[Int(x)]), xl = Int(s[Int(x) + 1]) - xs
                    let ys = Int(s[Int(y)]), yl = Int(s[Int(y) + 1]) - ys
                    let common = min(xl, yl)
                    if common > 0, let base = b.baseAddress {
                        let c = memcmp(base + xs, base + ys, common)
                        if c != 0 { return c < 0 }
                    }
                    return xl != yl ? xl < yl : x < y
                }
            }
        }
    }
}
