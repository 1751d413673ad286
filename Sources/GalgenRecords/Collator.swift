public import GalgenCore
import CICUShim

/// Locale-aware comparison of text through ICU sort keys: the key of a string compares, byte by
/// byte, as ICU's collator for the site's language compares the strings (accents, case and scripts
/// in that language's order; digit runs by value). One collator per sort; not for several threads.
final class Collator {
    private let handle: OpaquePointer?
    private var buffer = [UInt8](repeating: 0, count: 512)

    /// Opens a collator.
    /// - Parameter language: A BCP 47 tag, e.g. `en`, `sv`, `pt-BR` (unknown ones get ICU's root order).
    init(language: String) {
        var status: Int32 = 0
        handle = gg_collator_open(language, 1, &status)
    }

    deinit { gg_collator_close(handle) }

    /// The sort key of `text` (without ICU's closing NUL); the code points themselves when ICU could not open a collator.
    func key(_ text: String) -> [UInt8] {
        guard let handle else { return Array(text.utf8) }
        let units = Array(text.utf16)
        while true {
            let needed = units.withUnsafeBufferPointer { u in
                buffer.withUnsafeMutableBufferPointer { out in
                    gg_collator_sort_key(handle, u.baseAddress, Int32(u.count), out.baseAddress, Int32(out.count))
                }
            }
            if Int(needed) <= buffer.count { return Array(buffer[0..<max(0, Int(needed) - 1)]) }
            buffer = [UInt8](repeating: 0, count: Int(needed))
        }
    }
}

/// The ICU that sorts records, and its version.
public enum CollationLibrary {
    /// ICU's version as loaded now, e.g. `ICU 76.1`.
    public static var version: LibraryVersion { .read("ICU") { gg_icu_version($0, $1) } }
}
