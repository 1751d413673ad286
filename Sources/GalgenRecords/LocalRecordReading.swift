public import GalgenConfig
public import GalgenCore

/// Reads a source's records from one local file (`sources[].path`) through its field mapping.
/// GalgenBuild registers each reader for its source type (`RecordSources`).
public protocol LocalRecordReading: Sendable {
    /// Creates a reader.
    /// - Parameters:
    ///   - config: The source's config; its origin is the file.
    ///   - baseDirectory: The config file's folder; local image paths are relative to it.
    ///   - fileSystem: Where files are read from.
    init(config: SourceConfig, baseDirectory: String, fileSystem: any FileSystem)

    /// Reads the file and maps every record. Bad records become diagnostics; a file that cannot
    /// be read at all is an error.
    /// - Throws: ``RecordError``.
    func load() throws(RecordError) -> RecordSet
}

extension LocalRecordReading {
    /// The source's file and the name reports give it (relative to the config's folder); an error when
    /// the source names no local file. Every local reader starts here.
    static func file(of config: SourceConfig, baseDirectory: String) throws(RecordError) -> (path: String, shown: String) {
        guard let path = config.localPath else {
            throw RecordError(code: .unreadable, source: config.name, location: "config", message: "not a local file source")
        }
        return (path, Paths.relative(path, to: baseDirectory))
    }
}
