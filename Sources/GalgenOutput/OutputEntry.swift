public import GalgenCore

/// One file of the new site and its key (``OutputKey``: everything its bytes depend on).
public struct OutputEntry: Sendable {
    public var path: String
    public var key: OutputKey

    /// Creates an entry.
    /// - Parameters:
    ///   - path: The file's path below the output folder.
    ///   - key: Everything its bytes depend on.
    public init(path: String, key: OutputKey) {
        self.path = path
        self.key = key
    }
}

/// What must happen to one file for the staging folder to hold the new site.
public enum OutputAction: Sendable, Equatable {
    /// The staging folder holds it already.
    case keep
    /// The published site holds it: link it from there (no bytes written).
    case link
    /// Make its bytes and write them.
    case write
}

/// What a build changed in the output folder, against the site it replaces.
public struct OutputChanges: Sendable, Equatable {
    /// Files whose key changed, or that are new (every file in a full build).
    public var rendered = 0
    /// Files whose key did not change.
    public var unchanged = 0
    /// Files of the replaced site that are gone.
    public var removed = 0
}
