import GalgenValidation
import Testing

/// The validator's whole output on `PinnedPages`, issue by issue.
struct PinnedOutputTests {
    private let validator = PageValidator(exists: { PinnedPages.files.contains($0) })

    /// An issue as pinned: its description, or only place and code for libxml2's messages.
    private func pinned(_ issue: ValidationIssue) -> String {
        issue.code == "not-well-formed" ? "\(issue.page):\(issue.line):\(issue.column): [\(issue.code)]" : issue.description
    }

    @Test(arguments: PinnedPages.cases.map(\.name))
    func outputIsUnchanged(name: String) throws {
        let pinnedCase = try #require(PinnedPages.cases.first { $0.name == name })
        let found = validator.validate(html: pinnedCase.html, path: pinnedCase.path).map(pinned)
        #expect(found == pinnedCase.expected)
    }
}
