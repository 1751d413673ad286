import Foundation
import GalgenCore
import GalgenImageWork
import GalgenRecords
import GalgenRendering

/// A digest of everything the pages step makes the site from: the config file's bytes and the
/// folders it names, the renderer's other inputs (``SiteRenderer/feedInputs(config:templates:assets:messages:into:)``:
/// templates, assets, messages, the rendering and ICU versions), every record as read, and every
/// image as the image step made it. Every output file's key is a function of these, so when a
/// build's digest is the one recorded with the published site (``GalgenOutput/OutputStager/provenUnchanged(by:)``),
/// every key is the recorded one and no page key needs computing.
///
/// Taken from what the build holds in memory after the image step (never from the files again, so
/// a file changed while the build runs cannot be recorded as what it was built from), with one
/// exception: a video is published as it is and keyed by its file's stamp, which the pages step reads,
/// so the digest reads the same stamp. A folder source adds what it read beyond its records (albums,
/// their `index.md`, the originals' content hashes that key the album downloads). nil for `serve`,
/// whose builds keep keys of their own in memory.
enum SiteInputs {
    /// Bump when what is fed changes meaning.
    static let format = 2

    /// The digest of a build's inputs, or nil when it cannot stand for them.
    /// - Parameters:
    ///   - state: The build after its image step.
    ///   - templates: The loaded templates.
    ///   - assets: The hashed assets.
    static func digest(_ state: BuildState, templates: TemplateSet, assets: AssetSet) -> OutputKey? {
        guard let config = state.config, let configDigest = state.configDigest, state.session == nil else { return nil }
        var feed = KeyFeed()
        feed.begin("site-inputs")
        feed.add(format)
        feed.add(configDigest.description)
        feed.add(state.options.configPath)
        feed.add(state.outputDirectory)
        feed.add(state.cacheDirectory)
        feed.add(CollationLibrary.version.version)  // sorts the records (the field format's part adds it only for locale formats)
        SiteRenderer.feedInputs(config: config, templates: templates, assets: assets, messages: state.messages ?? .english, into: &feed)
        for set in state.records {
            feed.add(set.source)
            feed.add(recordKeys(set.records, fileSystem: state.fileSystem)) { $0.add($1.description) }
        }
        feedFolders(state.folders, into: &feed)  // their `hashes` are all of `state.knownHashes`
        feedImages(state, into: &feed)
        return feed.key
    }

    /// Every property of a record that reaches the site (``Record/feedShown(into:)`` and the Markdown
    /// `description`); the `origin` (where it came from) only reaches messages. `SiteInputsTests` fails
    /// when ``Record`` gains a property not named here.
    static let fedRecordProperties = Record.shownProperties + ["description"]
    static let unfedRecordProperties = ["origin"]

    /// Every property of a folder source's summary and album that is fed. The counts reach only the
    /// report, which every build makes anew from its records step: fed, a file that is no photo
    /// (notes, a report written beside the photos) would make every later no-op compute its keys.
    /// `SiteInputsTests` fails when either type gains a property not named here.
    static let fedFolderProperties = ["albums", "hashes", "sidecarFields"]
    static let unfedFolderProperties = ["photos", "videoCount", "otherFiles", "otherExamples", "hidden", "emptyFolders", "excluded",
                                        "fileTimeDates", "read"]
    static let fedAlbumProperties = ["path", "slugPath", "title", "parent", "subalbums", "description", "cover", "oldest", "layout"]

    /// The records' digests, one per chunk of 4,096, made on every core (a million records fed
    /// at once would be 100 MB of bytes).
    private static func recordKeys(_ records: [Record], fileSystem: any FileSystem) -> [OutputKey] {
        let chunk = 4096
        return Concurrently.map((records.count + chunk - 1) / chunk) { part -> OutputKey in
            var feed = KeyFeed()
            feed.begin("records")
            for record in records[(part * chunk)..<min(records.count, (part + 1) * chunk)] {
                Self.add(record, to: &feed, fileSystem: fileSystem)
            }
            return feed.key
        }
    }

    private static func add(_ markdown: MarkdownText?, to feed: inout KeyFeed) {
        feed.add(markdown) { f, m in
            f.add(m.text)
            f.add(m.file)
            f.add(m.firstLine)
            f.add(m.allowHTML)
            f.add(m.remoteImages) { $0.add($1) }
        }
    }

    private static func add(_ record: Record, to feed: inout KeyFeed, fileSystem: any FileSystem) {
        record.feedShown(into: &feed)
        Self.add(record.description, to: &feed)
        feed.add(record.video) { f, video in
            // Keyed as the pages step keys the published file: by where it is and its stamp.
            let stamp = fileSystem.stamp(at: video.path)
            f.add(stamp.map { "\($0.size)|\($0.modified)|\($0.inode)" } ?? "missing")
        }
    }

    /// What each folder source read beyond its records that reaches the site, by source name.
    private static func feedFolders(_ folders: [String: FolderSummary], into feed: inout KeyFeed) {
        feed.add(folders.keys.sorted()) { f, name in
            let summary = folders[name]!
            f.add(name)
            f.add(summary.albums) { f, album in
                f.begin("album")
                f.add(album.path)
                f.add(album.slugPath)
                f.add(album.title)
                f.add(album.parent) { $0.add($1) }
                f.add(album.subalbums) { $0.add($1) }
                Self.add(album.description, to: &f)
                f.add(album.cover)
                f.add(album.oldest)
                f.add(album.layout)
            }
            f.add(summary.hashes)
            f.add(summary.sidecarFields) { $0.add($1) }
        }
    }

    /// Each image the image step made (sorted by reference), each it could not make, and the files they publish.
    private static func feedImages(_ state: BuildState, into feed: inout KeyFeed) {
        let made = state.images.map { ($0.key.feedText, $0.value) }.sorted { $0.0 < $1.0 }
        feed.add(made) { f, pair in
            f.add(pair.0)
            pair.1.facts.feed(into: &f)
            f.add(pair.1.formats) { f, format in
                f.add(format.format.rawValue)
                f.add(format.fileExtension)
                f.add(format.mimeType)
                f.add(format.variants) { f, v in
                    f.add(v.width)
                    f.add(v.height)
                    f.add(v.keyHash)
                    f.add(v.entry)
                }
            }
        }
        feed.add(Dictionary(state.imageFailures.map { ($0.key.feedText, $0.value) }, uniquingKeysWith: { a, _ in a }))
        feed.add(state.imageFiles) { f, file in
            f.add(file.path)
            f.add(file.entry)
            f.add(file.key.description)
        }
    }
}
