import GalgenCore
import Mustache

// A template context is declared once: its stored properties, and ``TemplateContext/fields(_:)``
// naming each of them in declaration order. From that one list come both the Mustache lookup
// (``MustacheParent``, so swift-mustache never falls back to `Mirror`, which was ~40 % of the pages
// step on a 100,000-item site) and the page key (``KeyFed``: a page's key changes exactly when what
// its template sees changes). The lists are visited by generic code, specialised per context and
// visitor, so neither costs more than the switch and the feed once written by hand for each.
// ContextKeysTests and ContextLookupTests check every list against a Mirror walk of the real
// contexts of a site, so a property left out of its list (or listed out of order) fails the tests.

/// A context that can describe itself to a key.
protocol KeyFed {
    /// Adds the type's name, then every stored property in declaration order.
    func feed(into f: inout KeyFeed)
}

/// What a template context may hold: a string, number, Boolean, string dictionary, another context,
/// or an optional or list of them.
protocol ContextValue {
    /// Adds the value to a page key.
    func feed(into f: inout KeyFeed)
    /// What Mustache is given for it: nil for nil (so a lookup goes on up the context stack).
    var templateValue: Any? { get }
}

/// A value handed to a template, whose stored properties are template keys.
protocol TemplateContext: KeyFed, ContextValue, MustacheParent {
    /// Calls `f.begin` with the type's name, then `f.field` with every stored property (its
    /// template key and value) in declaration order; `f.derived` for a key worked out from them.
    func fields(_ f: inout some ContextVisitor)
}

/// What walks a context's fields: the page key's feed, or a Mustache lookup.
protocol ContextVisitor {
    /// The start of a context of type `name`.
    mutating func begin(_ name: StaticString)
    /// A stored property.
    mutating func field<V: ContextValue>(_ name: String, _ value: @autoclosure () -> V)
    /// A key the templates see that is worked out from stored properties (so the key has it already).
    mutating func derived<V: ContextValue>(_ name: String, _ value: @autoclosure () -> V)
}

extension TemplateContext {
    @inline(__always)
    func feed(into f: inout KeyFeed) { fields(&f) }

    var templateValue: Any? { self }

    @inline(__always)
    func child(named name: String) -> Any? {
        var lookup = FieldLookup(name: name)
        fields(&lookup)
        return lookup.value
    }
}

/// The page key visits every stored property.
extension KeyFeed: ContextVisitor {
    mutating func field<V: ContextValue>(_ name: String, _ value: @autoclosure () -> V) { value().feed(into: &self) }
    mutating func derived<V: ContextValue>(_ name: String, _ value: @autoclosure () -> V) {}
}

/// Mustache's lookup of one key: the first field of that name.
private struct FieldLookup: ContextVisitor {
    let name: String
    var value: Any?
    var found = false

    init(name: String) { self.name = name }

    mutating func begin(_ name: StaticString) {}

    @inline(__always)
    mutating func field<V: ContextValue>(_ name: String, _ value: @autoclosure () -> V) {
        if !found, name == self.name {
            self.value = value().templateValue
            found = true
        }
    }

    mutating func derived<V: ContextValue>(_ name: String, _ value: @autoclosure () -> V) { field(name, value()) }
}

extension String: ContextValue {
    func feed(into f: inout KeyFeed) { f.add(self) }
    var templateValue: Any? { self }
}

extension Int: ContextValue {
    func feed(into f: inout KeyFeed) { f.add(self) }
    var templateValue: Any? { self }
}

extension Bool: ContextValue {
    func feed(into f: inout KeyFeed) { f.add(self) }
    var templateValue: Any? { self }
}

/// Looked up by key, never iterated; fed sorted by key.
extension Dictionary: ContextValue where Key == String, Value == String {
    func feed(into f: inout KeyFeed) { f.add(self) }
    var templateValue: Any? { self }
}

extension Optional: ContextValue where Wrapped: ContextValue {
    func feed(into f: inout KeyFeed) {
        f.beginOptional(present: self != nil)
        self?.feed(into: &f)
    }

    var templateValue: Any? { flatMap { $0.templateValue } }
}

extension Array: ContextValue where Element: ContextValue {
    func feed(into f: inout KeyFeed) {
        f.beginList(count: count)
        for value in self { value.feed(into: &f) }
    }

    var templateValue: Any? { self }
}
