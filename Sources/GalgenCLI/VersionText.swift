import GalgenBuild
import GalgenCore

/// What `galgen --version` prints: the version and commit, the platform, and every C library galgen
/// links with the version loaded, so a bug report says exactly what ran.
enum VersionText {
    /// The whole text: `galgen 0.1.0 (commit 5f91da5)`, the platform, one line per library.
    static var full: String {
        var first = "galgen \(GalgenVersion.current)"
        if let commit = GalgenVersion.commit { first += " (commit \(commit))" }
        var platform = "Linux \(architecture)"
        if let libc = GalgenVersion.libc { platform += ", glibc \(libc)" }
        platform += ", built with Swift \(swiftVersion)"
        let libraries = LinkedLibraries.all
        let width = libraries.map(\.name.count).max() ?? 0
        let lines = libraries.map { "  \($0.name.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.version)" }
        return ([first, platform, "libraries:"] + lines).joined(separator: "\n")
    }

    /// `galgen --version --verbose`: the whole text and the Swift packages compiled in, each at the version
    /// Package.swift pins.
    static var verbose: String {
        let packages = GalgenVersion.swiftPackages
        let width = packages.map(\.name.count).max() ?? 0
        let lines = packages.map { "  \($0.name.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.version)" }
        return ([full, "Swift packages (pinned in Package.swift):"] + lines).joined(separator: "\n")
    }

    /// Whether `arguments` ask for the verbose version text: `--version` with `--verbose` or `-v`, and no subcommand.
    static func wantsVerbose(_ arguments: [String]) -> Bool {
        arguments.contains("--version") && (arguments.contains("--verbose") || arguments.contains("-v"))
            && arguments.allSatisfy { $0.hasPrefix("-") }
    }

    static var architecture: String {
        #if arch(x86_64)
        "x86_64"
        #elseif arch(arm64)
        "arm64"
        #else
        "unknown"
        #endif
    }

    static var swiftVersion: String {
        #if compiler(>=6.4)
        "6.4 or later"
        #elseif compiler(>=6.3)
        "6.3"
        #elseif compiler(>=6.2)
        "6.2"
        #elseif compiler(>=6.1)
        "6.1"
        #else
        "6.0"
        #endif
    }
}
