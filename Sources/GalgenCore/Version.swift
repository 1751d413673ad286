import CGalgenSystem

/// galgen's version, in one place: `galgen --version` prints it and build reports record it.
public enum GalgenVersion {
    /// The version, e.g. `0.1.0`. A release's tag is `v` and this (scripts/package.sh checks).
    public static let current = "0.1.0"

    /// The commit this binary was built from (abbreviated hex, `-dirty` when the tree had changes), or
    /// nil for a build that named none (a plain `swift build`).
    public static let commit: String? = {
        let text = String(cString: CGalgenSystem_buildCommit())
        return text.isEmpty ? nil : text
    }()

    /// Where this build's releases are downloaded from (`…/releases/download`, without `/vVERSION/`): the
    /// address scripts/package.sh baked in, else galgen's own repository's.
    public static let releasesURL: String = {
        let text = String(cString: CGalgenSystem_releasesURL())
        return text.isEmpty ? "https://github.com/galgen/galgen/releases/download" : text
    }()

    /// The Swift packages compiled into this binary, as Package.swift pins them (`exact:`), in its order.
    public static let swiftPackages: [LibraryVersion] = String(cString: CGalgenSystem_swiftPackages())
        .split(separator: ",").compactMap { pin in
            let parts = pin.split(separator: "@", maxSplits: 1)
            return parts.count == 2 ? LibraryVersion(String(parts[0]), String(parts[1])) : nil
        }

    /// The version of the GNU C library loaded now, e.g. `2.36`, or nil on another C library.
    public static let libc: String? = {
        let text = String(cString: CGalgenSystem_libcVersion())
        return text.isEmpty ? nil : text
    }()
}

/// A C library galgen links and the version it reports (at run time where the library can say).
public struct LibraryVersion: Sendable, Hashable {
    /// The library's name, e.g. `libpng`.
    public var name: String
    /// Its version, e.g. `1.6.39`.
    public var version: String

    /// Creates a library version.
    /// - Parameters:
    ///   - name: The library's name.
    ///   - version: Its version.
    public init(_ name: String, _ version: String) {
        self.name = name
        self.version = version
    }

    /// Reads a version that a C function writes into a buffer as a NUL-terminated string.
    /// - Parameters:
    ///   - name: The library's name.
    ///   - fill: The C function, given a buffer and its capacity.
    /// - Returns: The library's version.
    public static func read(_ name: String, _ fill: (UnsafeMutablePointer<CChar>, Int) -> Void) -> LibraryVersion {
        var buffer = [CChar](repeating: 0, count: 512)
        buffer.withUnsafeMutableBufferPointer { fill($0.baseAddress!, $0.count - 1) }
        return LibraryVersion(name, String(cString: buffer))
    }
}
