import GalgenCore
import Testing

/// ``ImageFacts`` is the one value that carries what the image work found from the pipeline to the
/// pages; the site's inputs digest feeds all of it, so a fact added to it is never forgotten there.
struct ImageFactsTests {
    static let facts = ImageFacts(width: 4000, height: 3000, averageColor: "#8a7f6e", preview: "3OcRJYB4d3h/iIeHeEh3eIhw")

    private func key(_ facts: ImageFacts) -> OutputKey {
        var feed = KeyFeed()
        facts.feed(into: &feed)
        return feed.key
    }

    @Test func everyPropertyIsFed() {
        let names = Mirror(reflecting: Self.facts).children.compactMap(\.label)
        #expect(names == ImageFacts.fedProperties, "a fact that the digest does not feed: add it to feed(into:) and fedProperties")
    }

    @Test func eachFactChangesTheKey() {
        let base = key(Self.facts)
        var changed: [ImageFacts] = []
        for change in [{ (f: inout ImageFacts) in f.width += 1 }, { $0.height -= 1 }, { $0.averageColor = "#8a7f6f" },
                       { $0.preview = nil }, { $0.preview = "" }] {
            var facts = Self.facts
            change(&facts)
            changed.append(facts)
        }
        #expect(changed.count == ImageFacts.fedProperties.count + 1)
        for facts in changed { #expect(key(facts) != base, "\(facts)") }
        // No preview and an empty one are told apart, and width and height are not interchangeable.
        #expect(key(changed[3]) != key(changed[4]))
        #expect(key(ImageFacts(width: 3, height: 4, averageColor: "#000000")) != key(ImageFacts(width: 4, height: 3, averageColor: "#000000")))
        #expect(key(Self.facts) == base, "the same facts, the same key")
    }
}
