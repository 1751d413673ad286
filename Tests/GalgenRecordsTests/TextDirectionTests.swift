import GalgenRecords
import Testing

/// The writing direction of the site's language, from ICU (the theme's `<html dir>`).
struct TextDirectionTests {
    @Test(arguments: ["ar", "he", "fa", "ur", "ps", "yi", "ckb", "ar-EG", "he-IL", "fa-IR", "az-Arab", "iw"])
    func rightToLeftLanguages(_ tag: String) {
        #expect(TextDirection(language: tag) == .rtl, "\(tag)")
    }

    @Test(arguments: ["en", "sv", "ja", "zh", "zh-Hant-TW", "pt-BR", "de", "az", "ku", "en-US", "", "not a tag"])
    func leftToRightLanguages(_ tag: String) {
        #expect(TextDirection(language: tag) == .ltr, "\(tag)")
    }

    @Test func theTemplateValueIsTheHTMLAttribute() {
        #expect(TextDirection(language: "ar").rawValue == "rtl")
        #expect(TextDirection(language: "en").rawValue == "ltr")
    }
}
