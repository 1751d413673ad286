/// Hands out URL names that are unique within one folder: a taken name gets `-2`, `-3`, … (record
/// slugs within a collection, album folders within a source).
public struct UniqueNames: Sendable {
    private var used: Set<String>

    /// - Parameter reserved: Names that are never handed out as they are (`page`, where later pages live).
    public init(reserved: Set<String> = []) {
        used = reserved
    }

    /// `base` if it is free, else the first free `base-2`, `base-3`, …; the name returned is taken from now on.
    /// - Parameter base: The name wanted.
    public mutating func claim(_ base: String) -> String {
        var name = base
        var n = 2
        while !used.insert(name).inserted {
            name = "\(base)-\(n)"
            n += 1
        }
        return name
    }
}
