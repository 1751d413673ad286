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
