import Foundation
public import GalgenCore
import GalgenImaging

/// `galgen init`: a working site in a folder: `config.json` for a chosen source, a `.gitignore`
/// (output and cache), and optionally the GitHub Pages workflow. For the `json` source it also
/// writes a small records file and a few pictures made on the spot, so the first build works offline.
public struct SiteScaffolder: Sendable {
    /// Where the records of the new site come from.
    public enum Source: String, Sendable, CaseIterable {
        /// A local JSON file with example records and pictures (works offline).
        case json
        /// The randomuser.me API.
        case randomuser
        /// The iTunes Search API.
        case itunes
        /// A folder of photos and videos, used where it is (`photos`).
        case folder
    }

    /// A CI system to write a publishing workflow for.
    public enum CI: String, Sendable, CaseIterable {
        /// GitHub Actions, publishing to GitHub Pages.
        case github
    }

    /// What to make.
    public struct Options: Sendable {
        /// The records source.
        public var source: Source
        /// The site's title.
        public var title: String
        /// The CI workflow to add, if any.
        public var ci: CI?
        /// Write into a folder that is not empty (files of the same names are replaced).
        public var force: Bool
        /// The galgen release the CI workflow downloads (needed for `ci`).
        public var release: GalgenRelease?
        /// Write only the CI workflow, into a folder that may hold a site already (replacing an older workflow).
        public var workflowOnly = false
        /// For `folder`: the photo folder as the config names it (relative to the site's folder, or absolute).
        /// `"."` makes the site in the photo folder itself, which need not be empty then.
        public var photos = "."

        /// Creates options.
        /// - Parameters:
        ///   - source: The records source.
        ///   - title: The site's title.
        ///   - ci: The CI workflow to add.
        ///   - force: Write into a non-empty folder.
        ///   - release: The galgen release the CI workflow downloads (needed for `ci`).
        public init(source: Source = .json, title: String = "My gallery", ci: CI? = nil, force: Bool = false,
                    release: GalgenRelease? = nil) {
            self.source = source
            self.title = title
            self.ci = ci
            self.force = force
            self.release = release
        }
    }

    private let fileSystem: any FileSystem

    /// Creates a scaffolder.
    /// - Parameter fileSystem: Where files are written.
    public init(fileSystem: any FileSystem) {
        self.fileSystem = fileSystem
    }

    /// The options `scaffold` will really use: `--ci` without `--force` in a folder that already holds a
    /// site (a `config.json`) adds only the workflow, as `--workflow-only` does, because the whole site
    /// would replace the user's config and `--force` would do just that.
    /// - Parameters:
    ///   - options: What was asked for.
    ///   - directory: Absolute path of the site's folder.
    /// - Returns: `options`, with `workflowOnly` set when the folder holds a site already.
    public func effectiveOptions(_ options: Options, in directory: String) -> Options {
        var options = options
        if options.ci != nil, !options.force, fileSystem.targetKind(at: directory + "/config.json") == .file {
            options.workflowOnly = true
        }
        return options
    }

    /// Writes the site (``effectiveOptions(_:in:)`` says what is written for `options`).
    /// - Parameters:
    ///   - directory: Absolute path of the folder (created if missing). It must be empty (a `.git`
    ///     folder is allowed) unless `options.force`.
    ///   - options: What to make.
    /// - Returns: The paths written, relative to `directory`, sorted.
    /// - Throws: ``ScaffoldError``.
    @discardableResult
    public func scaffold(in directory: String, options asked: Options) throws(ScaffoldError) -> [String] {
        let options = effectiveOptions(asked, in: directory)
        switch fileSystem.targetKind(at: directory) {
        case nil, .directory: break
        default: throw ScaffoldError(.notAFolder, path: directory, message: "is not a folder")
        }
        let inPhotoFolder = options.source == .folder && options.photos == "."
        if inPhotoFolder, !options.force, !options.workflowOnly, fileSystem.targetKind(at: directory + "/config.json") != nil {
            throw ScaffoldError(.wouldOverwrite, path: directory + "/config.json",
                                message: "a config.json is already there; nothing was written. Pass --force to replace it")
        }
        if !options.force, !options.workflowOnly, !inPhotoFolder, fileSystem.targetKind(at: directory) == .directory {
            let entries = ((try? fileSystem.listDirectory(at: directory)) ?? []).filter { $0 != ".git" }
            if !entries.isEmpty {
                throw ScaffoldError(.wouldOverwrite, path: directory,
                                    message: "the folder is not empty (\(entries.prefix(5).joined(separator: ", "))\(entries.count > 5 ? ", …" : "")); "
                                        + "nothing was written. Choose an empty or new folder, or pass --force to add the site's files to it"
                                        + (options.ci == nil ? "" : " (to add only the CI workflow to a site, add --workflow-only)"))
            }
        }
        let files = try makeFiles(options, directory: directory)
        try FileWriter(fileSystem: fileSystem).write(files, into: directory, force: true, what: "the site")
        return files.map(\.path).sorted()
    }

    private func makeFiles(_ options: Options, directory: String) throws(ScaffoldError) -> [ScaffoldFile] {
        var files: [ScaffoldFile] = []
        if options.ci == .github {
            guard let release = options.release else {
                throw ScaffoldError(.noRelease, path: directory, message: "the GitHub workflow needs a galgen release to download; nothing was written")
            }
            files.append(ScaffoldFile(path: ".github/workflows/galgen-pages.yml", data: Data(Self.githubWorkflow(release).utf8)))
        }
        if options.workflowOnly { return files }
        files += [
            ScaffoldFile(path: "config.json", data: Data(config(options).utf8)),
            ScaffoldFile(path: ".gitignore", data: Data(PackageResources.gitignore)),
        ]
        if options.source == .json {
            var records: [String] = []
            for (n, picture) in ExamplePictures.all.enumerated() {
                let path = "images/\(picture.slug).jpg"
                do { files.append(ScaffoldFile(path: path, data: try picture.jpeg())) } catch {
                    throw ScaffoldError(.io, path: directory + "/" + path, message: "cannot encode the example picture: \(error)")
                }
                records.append("""
                      {
                        "id": "\(picture.slug)",
                        "title": "\(picture.title)",
                        "subtitle": "Example \(n + 1) of \(ExamplePictures.all.count): replace it with your own",
                        "image": "\(path)"
                      }
                    """)
            }
            files.append(ScaffoldFile(path: "records.json", data: Data("[\n\(records.joined(separator: ",\n"))\n]\n".utf8)))
        }
        return files
    }

    /// The GitHub Pages workflow, pinned to `release`: its version, and each archive's URL and SHA-256.
    static func githubWorkflow(_ release: GalgenRelease) -> String {
        let archives = release.archives.map { archive in
            let suffix = archive.architecture.uppercased()
            return "          GALGEN_URL_\(suffix): \"\(archive.url)\"\n          GALGEN_SHA256_\(suffix): \"\(archive.sha256)\""
        }
        return String(decoding: PackageResources.github_pages_yml, as: UTF8.self)
            .replacingOccurrences(of: "@GALGEN_VERSION@", with: release.version)
            .replacingOccurrences(of: "@GALGEN_ARCHIVES@", with: archives.joined(separator: "\n"))
    }

    /// The config for a source, with the keys a newcomer is most likely to change. A folder of photos gets
    /// widths up to 2048 px (the viewer and DPR-2 screens show them whole; a smaller photo gets no larger
    /// variant than itself); record sources keep the small sizes their pictures (portraits, artwork) have.
    func config(_ options: Options) -> String {
        let source: String
        switch options.source {
        case .json:
            source = """
                    {
                      "name": "photos",
                      "title": "Photos",
                      "type": "json",
                      "path": "records.json",
                      "fields": {"id": "id", "title": "title", "subtitle": "subtitle", "image": "image", "link": "link"}
                    }
                """
        case .randomuser:
            source = """
                    {
                      "name": "people",
                      "title": "People",
                      "type": "randomuser",
                      "count": 60,
                      "seed": "galgen"
                    }
                """
        case .folder:
            source = """
                    {
                      "name": "photos",
                      "title": "Photos",
                      "type": "folder",
                      "path": \(JSONText.string(options.photos, htmlSafe: false))
                    }
                """
        case .itunes:
            source = """
                    {
                      "name": "apps",
                      "title": "Apps",
                      "type": "itunes",
                      "term": "photo editor",
                      "media": "software",
                      "limit": 50,
                      "maxAge": "1d"
                    }
                """
        }
        return """
            {
              "title": \(JSONText.string(options.title, htmlSafe: false)),
              "language": "en",
              "pageSize": 48,
              "imageWidths": \(options.source == .folder ? "[320, 640, 1280, 2048]" : "[160, 320, 640]"),
              "sources": [
            \(source)
              ]
            }

            """
    }
}
