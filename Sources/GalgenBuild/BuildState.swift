import GalgenCache
import GalgenConfig
import GalgenCore
import GalgenOutput
import GalgenRecords
import GalgenRemoteCache
import GalgenRendering
import GalgenImageWork

/// What a build knows, filled in step by step: each step reads what the steps before it left and
/// adds its own part. A step run alone (in a test) is given a state with its inputs set.
struct BuildState {
    /// How the build was asked to run.
    let options: BuildOptions
    /// Files, clock, network and process.
    let environment: BuildEnvironment
    /// What earlier builds of this site in this process left (`galgen serve`); nil for a build alone.
    let session: BuildSession?
    /// Where progress goes.
    let events: @Sendable (BuildEvent) -> Void
    /// The report, written by every step.
    var report = BuildReport()
    /// Whether the disk filled up or turned read-only under any file operation of the build.
    var diskWatch = DiskWatch()

    /// The site config (`config`).
    var config: SiteConfig?
    /// A digest of the config file's bytes as read (`config`; part of ``SiteInputs``).
    var configDigest: OutputKey?
    /// The output and cache folders, resolved from the options and the config (`config`).
    var outputDirectory = ""
    var cacheDirectory = ""
    /// The shared remote cache, when one is set and the build is online (`config`).
    var remoteCache: RemoteCache?
    /// The templates and assets (`templates`).
    var templates: TemplateSet?
    var assets: AssetSet?
    /// The theme's words in the site's language.
    var messages: Messages?
    /// The local cache and the fetcher of origins (`records`).
    var cache: DiskCache?
    var network: Network?
    /// Every source's records, in config order, and the cache entries their pages used (`records`).
    var records: [RecordSet] = []
    var recordEntries: [String] = []
    /// What each folder source read (albums, counts), by source name, and the content hashes of the
    /// local files it read: the image step does not read an unchanged file again (`records`).
    var folders: [String: FolderSummary] = [:]
    var knownHashes: [String: String] = [:]
    /// The output folder's stager (`output`).
    var stager: OutputStager?
    /// What the image work made of each distinct image (`images`).
    var images: [Record.ImageReference: MadeImage] = [:]
    /// Why an image no record uses (a description's) is missing (`images`).
    var imageFailures: [Record.ImageReference: String] = [:]
    /// The image files those make on the site, sorted by path (`images`).
    var imageFiles: [PublishedImage] = []
    /// What the image work did with each distinct image, for the steps that move it on (a shard's
    /// upload); the pages step lets it go (`images`).
    var imageOutcomes: [ImageQueue.Outcome] = []
    /// The image work's use of the remote cache, when one is set (`images`).
    var remoteImages: RemoteImageCache?
    /// Every path the build looked at outside its output and cache, as it was then (`StampingFileSystem`).
    var stampLog: StampingFileSystem.Log?
    /// The digest of the site's inputs the pages step took (``SiteInputs``), recorded with the stamps.
    var inputsDigest: OutputKey?
    /// The renderer's memo of a `galgen build` that computed its keys (`pages`), kept beside the published
    /// folder's manifest once it is published (``RenderMemoRecord``).
    var renderMemo: RenderMemo?
    /// Set when the stamps of the last build's inputs proved that nothing changed (`stamps`): the steps
    /// that read and make the site are skipped (``BuildStep/runsWhenProven``), the site is published as it is.
    var provenByStamps = false

    /// Creates the state of a build that has not started.
    init(options: BuildOptions, environment: BuildEnvironment, session: BuildSession?, events: @escaping @Sendable (BuildEvent) -> Void) {
        self.options = options
        self.environment = environment
        self.session = session
        self.events = events
    }

    var fileSystem: any FileSystem { environment.fileSystem }
    /// The same files, looked at without noting their stamps (the stamps' own check and record).
    var unstampedFileSystem: any FileSystem { (fileSystem as? StampingFileSystem)?.unstamped ?? fileSystem }

    /// A value an earlier step must have set; a step that finds it missing was run out of order.
    func need<T>(_ value: T?, _ what: String) throws(BuildError) -> T {
        guard let value else { throw BuildError(.failed("internal error: no \(what) yet (a step ran out of order)")) }
        return value
    }

    /// Says a step made progress (throttled by the caller).
    func progress(_ step: StepName, done: Int, total: Int) {
        events(.progress(step, done: done, total: total))
    }
}
