public import GalgenCore
public import GalgenValidation
import Foundation

/// Validates a site folder that was built earlier (`galgen check DIR`): every page with the same
/// rules as the build, links resolved against the files actually present.
public struct SiteChecker: Sendable {
    private let fileSystem: any FileSystem

    /// Creates a checker.
    /// - Parameter fileSystem: Where the site is read from.
    public init(fileSystem: any FileSystem) {
        self.fileSystem = fileSystem
    }

    /// The result of a check.
    public struct Result: Sendable {
        /// Number of pages checked.
        public var pages: Int
        /// Number of files in the folder.
        public var files: Int
        /// Every problem found.
        public var issues: [ValidationIssue]
    }

    /// Checks every `.html` file below `directory`.
    /// - Parameter directory: Absolute path of the site folder.
    /// - Throws: ``BuildError`` when the folder cannot be read.
    public func check(directory: String) throws(BuildError) -> Result {
        guard fileSystem.kind(at: directory) == .directory else {
            throw BuildError(step: "check", .failed("\(directory) is not a folder"))
        }
        let files: [String]
        do { files = try fileSystem.listFilesRecursively(at: directory) } catch {
            throw BuildError(step: "check", .failed(error.description))
        }
        let known = Set(files)
        let validator = PageValidator(exists: { known.contains($0) })
        PageValidator.initializeLibrary()
        var issues: [ValidationIssue] = []
        let pages = files.filter { $0.hasSuffix(".html") }
        for page in pages {
            do {
                let html = String(decoding: try fileSystem.readFile(at: directory + "/" + page), as: UTF8.self)
                issues += validator.validate(html: html, path: page)
            } catch {
                issues.append(ValidationIssue(page: page, line: 0, column: 0, code: "unreadable", message: error.reason))
            }
        }
        return Result(pages: pages.count, files: files.count, issues: issues)
    }
}
