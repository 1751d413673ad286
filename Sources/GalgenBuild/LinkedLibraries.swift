public import GalgenCore
import GalgenImaging
import GalgenRecords
import GalgenValidation

/// Every C library a build uses, with the version loaded: `galgen --version` lists them and each build
/// report records them, so a bug report says exactly what ran.
public enum LinkedLibraries {
    /// In the order a source image meets them, then pages, then sorting.
    public static let all: [LibraryVersion] = ImageLibraries.versions + [ValidationLibrary.version, CollationLibrary.version]
}

extension BuildReport {
    /// ``LinkedLibraries/all`` as name → version, for the report's inputs.
    static var libraryVersions: [String: String] {
        Dictionary(LinkedLibraries.all.map { ($0.name, $0.version) }, uniquingKeysWith: { first, _ in first })
    }
}
