import GalgenRecords
import Testing

/// Plural categories come from ICU's CLDR rules, not from `n == 1`: the counts in Polish and Arabic.
struct PluralRulesTests {
    static let counts = [0, 1, 2, 5, 11, 21, 101]

    @Test func polishFollowsCLDR() {
        let rules = PluralRules(language: "pl")
        #expect(Self.counts.map(rules.category) == ["many", "one", "few", "many", "many", "many", "many"])
        #expect(rules.category(22) == "few" && rules.category(12) == "many" && rules.category(104) == "few")
        #expect(rules.categories == ["one", "few", "many", "other"])
    }

    @Test func arabicFollowsCLDR() {
        let rules = PluralRules(language: "ar")
        #expect(Self.counts.map(rules.category) == ["zero", "one", "two", "few", "many", "many", "other"])
        #expect(rules.category(3) == "few" && rules.category(10) == "few" && rules.category(99) == "many" && rules.category(103) == "few")
        #expect(rules.categories == ["zero", "one", "two", "few", "many", "other"])
    }

    @Test func otherLanguages() {
        #expect(PluralRules(language: "en").categories == ["one", "other"])
        #expect(PluralRules(language: "ja").categories == ["other"])
        #expect(PluralRules(language: "he").categories.contains("two"))
        #expect(PluralRules(language: "en").category(1) == "one" && PluralRules(language: "en").category(0) == "other")
        #expect(PluralRules(language: "fr").category(0) == "one" && PluralRules(language: "fr").category(2) == "other")
        #expect(PluralRules(language: "pt-BR").category(1) == "one")
        // A tag ICU does not know gets the root rules: one category.
        #expect(PluralRules(language: "xx").categories == ["other"])
    }
}
