import CICUShim

/// The direction a language is written in, from ICU's locale data: the theme's `<html dir>`.
public enum TextDirection: String, Sendable {
    /// Left to right (English, Swedish, Japanese, …).
    case ltr
    /// Right to left (Arabic, Hebrew, Persian, Urdu, …).
    case rtl

    /// The direction of a language's script; ICU's likely script when the tag names none (`ar-EG` is
    /// Arabic script, `az-Arab` too, `az` is Latin). A tag ICU cannot read is left to right.
    /// - Parameter language: A BCP 47 tag, e.g. `ar`, `he-IL`, `pt-BR`.
    public init(language: String) {
        self = gg_language_is_rtl(language) != 0 ? .rtl : .ltr
    }
}
