// swift-tools-version: 6.0
import Foundation
import PackageDescription

/// Settings every Swift target shares: Swift 6 mode plus the upcoming features the anchors turn on.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// Every package of the graph, pinned to one version with `exact:`: those galgen names and those they bring. Package.resolved
/// cannot be committed here (the package mirror's commit ids are not GitHub's), so this list is what makes two release
/// builds of one commit use the same code. `galgen --version --verbose` prints it (GALGEN_PACKAGES below). To bump a
/// package: change its version here, and those of the packages it needs as its own Package.swift asks, then build and
/// run the tests (docs/development.md, "Dependencies", says more).
let pinnedPackages: [(url: String, version: String)] = [
    ("https://github.com/apple/swift-argument-parser", "1.8.2"),
    ("https://github.com/hummingbird-project/swift-mustache", "2.1.1"),
    ("https://github.com/apple/swift-crypto", "4.5.2"),
    ("https://github.com/swift-server/async-http-client", "1.37.0"),
    ("https://github.com/hummingbird-project/hummingbird", "2.28.1"),
    // Already in Hummingbird's graph; named so the preview server can quiet its log and own its shutdown.
    ("https://github.com/apple/swift-log", "1.16.2"),
    ("https://github.com/apple/swift-nio", "2.101.3"),
    ("https://github.com/swift-server/swift-service-lifecycle", "2.13.0"),
    // Brought by those above and named only to pin them (SwiftPM warns that no target uses them).
    ("https://github.com/apple/swift-algorithms.git", "1.2.1"),
    ("https://github.com/apple/swift-asn1.git", "1.7.4"),
    ("https://github.com/apple/swift-async-algorithms.git", "1.1.4"),
    ("https://github.com/apple/swift-atomics.git", "1.3.0"),
    ("https://github.com/apple/swift-certificates.git", "1.21.1"),
    ("https://github.com/apple/swift-collections.git", "1.6.0"),
    ("https://github.com/apple/swift-configuration.git", "1.4.0"),
    ("https://github.com/apple/swift-distributed-tracing.git", "1.7.3"),
    ("https://github.com/apple/swift-http-structured-headers.git", "1.7.0"),
    ("https://github.com/apple/swift-http-types.git", "1.8.0"),
    ("https://github.com/apple/swift-metrics.git", "2.13.0"),
    ("https://github.com/apple/swift-nio-extras.git", "1.35.2"),
    ("https://github.com/apple/swift-nio-http2.git", "1.46.0"),
    ("https://github.com/apple/swift-nio-ssl.git", "2.37.6"),
    ("https://github.com/apple/swift-nio-transport-services.git", "1.28.0"),
    ("https://github.com/apple/swift-numerics.git", "1.1.1"),
    ("https://github.com/apple/swift-service-context.git", "1.5.1"),
    ("https://github.com/apple/swift-system", "1.8.1"),
]

/// "name@version,name@version,…", for `galgen --version --verbose`.
let packageList = pinnedPackages.map { pin -> String in
    var name = pin.url.split(separator: "/").last.map(String.init) ?? pin.url
    if name.hasSuffix(".git") { name.removeLast(4) }
    return "\(name)@\(pin.version)"
}.joined(separator: ",")

/// What a release build bakes in: the commit `galgen --version` names and the address `galgen init --ci github`
/// downloads releases from (scripts/package.sh sets GALGEN_COMMIT and GALGEN_RELEASES_URL; scripts/install.sh the commit).
/// Only CGalgenSystem sees them, so a new commit recompiles one C file.
func quotedDefine(_ name: String, allowing allowed: (Character) -> Bool) -> [CSetting] {
    guard let value = Context.environment[name], !value.isEmpty, value.allSatisfy(allowed) else { return [] }
    return [.define(name, to: "\"\(value)\"")]
}
/// The toolchain's usr/lib/swift, where Foundation's ICU headers are (`_foundation_unicode/`): found from the `swift`
/// on PATH, as SwiftPM itself runs (the Swift images put it in /usr, a tarball wherever it is unpacked).
let toolchainSwiftLibrary: String = {
    let fileManager = FileManager.default
    for directory in (Context.environment["PATH"] ?? "").split(separator: ":") {
        let swift = URL(fileURLWithPath: String(directory)).appendingPathComponent("swift")
        guard fileManager.isExecutableFile(atPath: swift.path) else { continue }
        let library = swift.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lib/swift")
        if fileManager.fileExists(atPath: library.appendingPathComponent("_foundation_unicode/ucol.h").path) {
            return library.path
        }
    }
    return "/usr/lib/swift"
}()

let systemCSettings: [CSetting] = [.define("_GNU_SOURCE")]
    + quotedDefine("GALGEN_COMMIT") { "0123456789abcdef-dirty".contains($0) }
    + quotedDefine("GALGEN_RELEASES_URL") { $0.isASCII && !$0.isWhitespace && !"\"\\<>`".contains($0) }
    + [.define("GALGEN_PACKAGES", to: "\"\(packageList)\"")]

let package = Package(
    name: "galgen",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "galgen", targets: ["galgen"]),
        // For Benchmarks/, a separate package that measures the imaging code.
        .library(name: "GalgenImaging", targets: ["GalgenImaging"]),
        .library(name: "GalgenTestSupport", targets: ["GalgenTestSupport"]),
    ],
    dependencies: pinnedPackages.map { .package(url: $0.url, exact: Version(stringLiteral: $0.version)) },
    targets: [
        // C libraries and shims: all libjpeg calls and every setjmp stay in C.
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CLibJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"])]),
        .target(
            name: "CJPEGShim", dependencies: ["CLibJPEG"],
            // No fused multiply-add contraction: the resampler's sums round the same on every CPU, so a
            // shared cache holds the same bytes whichever machine made them.
            cSettings: [.unsafeFlags(["-O2", "-ffp-contract=off"])], linkerSettings: [.linkedLibrary("m")]),
        .target(name: "CGalgenSystem", cSettings: systemCSettings),
        // Little CMS 2: ICC profiles converted to sRGB. All lcms2 calls stay in CColorShim.
        .systemLibrary(name: "CLCMS2", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"])]),
        .target(name: "CColorShim", dependencies: ["CLCMS2"], cSettings: [.unsafeFlags(["-O2"])]),
        // libpng (simplified API) and zlib for iCCP: all calls stay in CPNGShim.
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .target(name: "CPNGShim", dependencies: ["CLibPNG"], cSettings: [.unsafeFlags(["-O2"])], linkerSettings: [.linkedLibrary("z")]),
        // zlib's deflate, to size the card blocks by what a static host's gzip sends (docs/search.md, "Cards").
        .target(name: "CZlibShim", cSettings: [.unsafeFlags(["-O2"])], linkerSettings: [.linkedLibrary("z")]),
        // libwebp (with demux for animations and ICCP; libwebpmux only in CTestWritersShim) and giflib, each behind its shim.
        .systemLibrary(name: "CLibWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"])]),
        .target(name: "CWebPShim", dependencies: ["CLibWebP"], cSettings: [.unsafeFlags(["-O2"])],
                linkerSettings: [.linkedLibrary("webp"), .linkedLibrary("webpdemux")]),
        .systemLibrary(name: "CLibGIF", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CLibHEIF", pkgConfig: "libheif", providers: [.apt(["libheif-dev"])]),
        // libheif (HEIC/HEIF and AVIF inputs) opened with dlopen, never linked: Debian 12's libheif links the x265
        // encoder (GPL), so the release archive does not bundle it and HEIC works where the system has libheif.so.1.
        .target(name: "CHEIFShim", cSettings: [.unsafeFlags(["-O2"])], linkerSettings: [.linkedLibrary("dl")]),
        // libavif (AV1 still images, encoder chosen by measurement): the AVIF outputs. All calls stay in CAVIFShim.
        .systemLibrary(name: "CLibAVIF", providers: [.apt(["libavif-dev"])]),
        .target(name: "CAVIFShim", dependencies: ["CLibAVIF"], cSettings: [.unsafeFlags(["-O2"])], linkerSettings: [.linkedLibrary("avif")]),
        .target(name: "CGIFShim", dependencies: ["CLibGIF"], cSettings: [.unsafeFlags(["-O2"])], linkerSettings: [.linkedLibrary("gif")]),
        // libtiff (TIFF input, first page, read from memory): all calls stay in CTIFFShim.
        .systemLibrary(name: "CLibTIFF", pkgConfig: "libtiff-4", providers: [.apt(["libtiff-dev"])]),
        .target(name: "CTIFFShim", dependencies: ["CLibTIFF"], cSettings: [.unsafeFlags(["-O2"])], linkerSettings: [.linkedLibrary("tiff")]),
        // The writers of test inputs (PNG, GIF, animated WebP with libwebpmux, TIFF, HEIC/AVIF through libheif): only
        // GalgenTestSupport uses them, so the galgen binary links none (GalgenCLITests.ReleaseSymbolsTests checks with nm).
        .target(
            name: "CTestWritersShim", dependencies: ["CLibPNG", "CLibGIF", "CLibWebP", "CLibTIFF", "CLibHEIF"],
            cSettings: [.unsafeFlags(["-O2"])],
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z"), .linkedLibrary("gif"), .linkedLibrary("webp"),
                             .linkedLibrary("webpmux"), .linkedLibrary("tiff"), .linkedLibrary("heif")]),

        // FFmpeg (libavformat, libavcodec, libavutil, libswscale) for videos, opened with dlopen, never linked: its
        // headers give types only, so a binary runs without it and the release archive does not bundle it.
        .target(name: "CVideoShim", cSettings: [.unsafeFlags(["-O2"])], linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("m")]),

        // ICU: collation sort keys, dates, numbers, plurals, durations and text direction. All ICU calls stay in
        // CICUShim, which calls the ICU that Foundation links (_FoundationICU, its symbols prefixed swift_), so the
        // binary carries one ICU, not Foundation's and Debian's libicu (issue 47; docs/development.md, "One ICU").
        .target(name: "CICUShim", cSettings: [.unsafeFlags(["-O2", "-I", toolchainSwiftLibrary])],
                linkerSettings: [.linkedLibrary("_FoundationICU")]),
        // libexif and libiptcdata: photo metadata (EXIF, IPTC-IIM). All calls stay in CExifShim and CIPTCShim.
        .systemLibrary(name: "CLibExif", pkgConfig: "libexif", providers: [.apt(["libexif-dev"])]),
        .target(name: "CExifShim", dependencies: ["CLibExif"], cSettings: [.unsafeFlags(["-O2"])], linkerSettings: [.linkedLibrary("exif")]),
        .systemLibrary(name: "CLibIPTC", pkgConfig: "libiptcdata", providers: [.apt(["libiptcdata0-dev"])]),
        .target(name: "CIPTCShim", dependencies: ["CLibIPTC"], cSettings: [.unsafeFlags(["-O2"])], linkerSettings: [.linkedLibrary("iptcdata")]),
        // cmark (the CommonMark reference library): sidecar descriptions to HTML. All cmark calls stay in CMarkShim.
        .systemLibrary(name: "CLibCMark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
        .target(name: "CMarkShim", dependencies: ["CLibCMark"], cSettings: [.unsafeFlags(["-O2"])], linkerSettings: [.linkedLibrary("cmark")]),
        // libarchive: album downloads written as ZIP files. All libarchive calls stay in CArchiveShim.
        .systemLibrary(name: "CLibArchive", pkgConfig: "libarchive", providers: [.apt(["libarchive-dev"])]),
        .target(name: "CArchiveShim", dependencies: ["CLibArchive"], cSettings: [.unsafeFlags(["-O2"])], linkerSettings: [.linkedLibrary("archive")]),

        // Capability modules, in the order data flows through a build: config → records → images (the
        // local cache and the fetcher beside them) → pages → output, with the remote cache beside the build.
        // Shared values and effects: paths, hashing, JSON, output keys, the file system seam.
        .target(
            name: "GalgenCore",
            dependencies: ["CGalgenSystem", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: swiftSettings),
        // `config.json`: read, checked and given its defaults (SiteConfig).
        .target(name: "GalgenConfig", dependencies: ["GalgenCore"], swiftSettings: swiftSettings),
        // Records: local and remote sources read, mapped to fields, grouped and sorted.
        .target(name: "GalgenRecords", dependencies: ["GalgenCore", "GalgenConfig", "CICUShim"], swiftSettings: swiftSettings),
        // Images: every format decoded, colour-managed, resized and encoded (the only user of the image C shims).
        .target(name: "GalgenImaging", dependencies: ["GalgenCore", "CJPEGShim", "CColorShim", "CPNGShim", "CWebPShim", "CGIFShim", "CHEIFShim", "CAVIFShim", "CTIFFShim"], swiftSettings: swiftSettings),
        // Videos: duration, size, codecs, whether browsers play them, and a poster frame (the only user of CVideoShim).
        .target(name: "GalgenVideo", dependencies: ["GalgenCore", "GalgenImaging", "CVideoShim"], swiftSettings: swiftSettings),
        // Photo metadata: date taken, camera, exposure, title, keywords, GPS from EXIF, XMP and IPTC (read only).
        .target(name: "GalgenMetadata", dependencies: ["GalgenCore", "CExifShim", "CIPTCShim", "CLibXML2"], swiftSettings: swiftSettings),
        // Sidecars: sigal-style `.md` files beside photos and albums (meta lines or front matter), Markdown to HTML.
        .target(name: "GalgenSidecars", dependencies: ["GalgenCore", "CMarkShim"], swiftSettings: swiftSettings),
        // Album downloads: deterministic, streaming ZIP files of an album's originals.
        .target(name: "GalgenArchive", dependencies: ["GalgenCore", "CArchiveShim"], swiftSettings: swiftSettings),
        // The local cache: image work and downloads kept by content, the ledger of builds, pruning.
        .target(name: "GalgenCache", dependencies: ["GalgenCore"], swiftSettings: swiftSettings),
        // HTTP: the only module that sees AsyncHTTPClient and NIO.
        .target(
            name: "GalgenFetch",
            dependencies: ["GalgenCore", .product(name: "AsyncHTTPClient", package: "async-http-client")],
            swiftSettings: swiftSettings),
        // The built-in theme: templates and assets compiled into the binary, so a site needs only its own files.
        .target(name: "GalgenTheme", resources: [.embedInCode("Theme")], swiftSettings: swiftSettings),
        // The site model: collections of items (a record and its published image), and the files made from them.
        .target(name: "GalgenSiteModel", dependencies: ["GalgenCore", "GalgenConfig", "GalgenRecords"], swiftSettings: swiftSettings),
        // Search and filters: the search index and the filter files made from the site model (tokenizer, term table, postings).
        .target(
            name: "GalgenSearch", dependencies: ["GalgenCore", "GalgenConfig", "GalgenRecords", "GalgenSiteModel", "CZlibShim"],
            swiftSettings: swiftSettings),
        // Pages: the site model rendered through the templates, data files (with the search files), feeds.
        .target(
            name: "GalgenRendering",
            dependencies: [
                "GalgenCore", "GalgenConfig", "GalgenRecords", "GalgenSearch", "GalgenSiteModel", "GalgenTheme",
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            swiftSettings: swiftSettings),
        // Generated pages checked with libxml2: markup, links, the sitemap; a built site checked whole (`galgen check`).
        .target(name: "GalgenValidation", dependencies: ["GalgenCore", "CLibXML2"], swiftSettings: swiftSettings),
        // Incremental output: the new site staged beside the output folder, only what changed written, swapped in whole.
        .target(name: "GalgenOutput", dependencies: ["GalgenCore"], swiftSettings: swiftSettings),
        // The shared remote cache (Bazel's HTTP cache protocol): image work and record pages shared by runners and shards.
        .target(
            name: "GalgenRemoteCache", dependencies: ["GalgenCore", "GalgenConfig", "GalgenCache", "GalgenFetch"],
            swiftSettings: swiftSettings),
        // The image work: each distinct image fetched (through the cache, revalidated) and made into its variants through
        // the local and remote caches, downloads overlapping the CPU work; what it made (MadeImage, ImageFacts) for the pages.
        .target(
            name: "GalgenImageWork",
            dependencies: [
                "GalgenCore", "GalgenConfig", "GalgenRecords", "GalgenImaging", "GalgenCache", "GalgenFetch", "GalgenRemoteCache",
            ],
            swiftSettings: swiftSettings),
        // The build: config → templates → records → images → pages → publish, and its report.
        .target(
            name: "GalgenBuild",
            dependencies: [
                "GalgenCore", "GalgenConfig", "GalgenRecords", "GalgenImaging", "GalgenCache", "GalgenFetch",
                "GalgenRendering", "GalgenValidation", "GalgenOutput", "GalgenRemoteCache", "GalgenVideo", "GalgenMetadata",
                "GalgenSidecars", "GalgenArchive", "GalgenSiteModel", "GalgenImageWork",
            ],
            swiftSettings: swiftSettings),
        // `galgen init` and `galgen theme eject`: writing a new site or the theme into a folder.
        .target(
            name: "GalgenScaffold", dependencies: ["GalgenCore", "GalgenImaging", "GalgenTheme"],
            resources: [.embedInCode("Files")], swiftSettings: swiftSettings),
        // The preview server: the only module that sees Hummingbird.
        .target(
            name: "GalgenServe",
            dependencies: [
                "GalgenCore", "GalgenConfig", "GalgenBuild", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings),
        // The command line: `galgen build`, `serve`, `check`, `cache`, `init`, `theme`; exit codes and progress.
        .target(
            name: "GalgenCLI",
            dependencies: [
                "GalgenBuild", "GalgenCache", "GalgenConfig", "GalgenFetch", "GalgenRemoteCache", "GalgenScaffold", "GalgenServe",
                "GalgenValidation", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings),
        .executableTarget(name: "galgen", dependencies: ["GalgenCLI"], swiftSettings: swiftSettings),

        // Sample generator and shared test helpers.
        .target(
            name: "GalgenTestSupport", dependencies: ["GalgenCore", "GalgenImaging", "GalgenFetch", "CTestWritersShim"],
            swiftSettings: swiftSettings),
        .executableTarget(name: "galgen-samples", dependencies: ["GalgenTestSupport"], swiftSettings: swiftSettings),

        // Tests mirror the modules.
        .testTarget(name: "GalgenCoreTests", dependencies: ["GalgenCore", "GalgenTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "GalgenConfigTests", dependencies: ["GalgenConfig", "GalgenTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "GalgenRecordsTests", dependencies: ["GalgenRecords", "GalgenTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "GalgenImagingTests", dependencies: ["GalgenImaging", "GalgenTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "GalgenVideoTests", dependencies: ["GalgenVideo", "GalgenTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "GalgenMetadataTests", dependencies: ["GalgenMetadata", "GalgenTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "GalgenSidecarsTests", dependencies: ["GalgenSidecars", "GalgenTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "GalgenArchiveTests", dependencies: ["GalgenArchive", "GalgenTestSupport"], swiftSettings: swiftSettings),
        .testTarget(
            name: "GalgenSiteModelTests", dependencies: ["GalgenSiteModel", "GalgenConfig", "GalgenCore", "GalgenRecords"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "GalgenSearchTests",
            dependencies: ["GalgenSearch", "GalgenConfig", "GalgenCore", "GalgenRecords", "GalgenSiteModel", "GalgenTestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "GalgenRenderingTests", dependencies: ["GalgenRendering", "GalgenSearch", "GalgenSiteModel", "GalgenTestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(name: "GalgenFetchTests", dependencies: ["GalgenFetch", "GalgenTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "GalgenCacheTests", dependencies: ["GalgenCache", "GalgenTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "GalgenOutputTests", dependencies: ["GalgenOutput", "GalgenTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "GalgenRemoteCacheTests", dependencies: ["GalgenRemoteCache", "GalgenTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "GalgenThemeTests", dependencies: ["GalgenTheme", "GalgenTestSupport"], swiftSettings: swiftSettings),
        .testTarget(
            name: "GalgenValidationTests", dependencies: ["GalgenValidation", "GalgenCore", "GalgenTestSupport"], swiftSettings: swiftSettings),
        .testTarget(
            name: "GalgenImageWorkTests", dependencies: ["GalgenImageWork", "GalgenCore", "GalgenImaging", "GalgenTestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "GalgenBuildTests",
            dependencies: ["GalgenBuild", "GalgenOutput", "GalgenRemoteCache", "GalgenTestSupport", "GalgenValidation"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "GalgenServeTests",
            dependencies: ["GalgenServe", "GalgenTestSupport", .product(name: "AsyncHTTPClient", package: "async-http-client")],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "GalgenScaffoldTests", dependencies: ["GalgenScaffold", "GalgenConfig", "GalgenImaging", "GalgenTestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "GalgenCLITests", dependencies: ["GalgenCLI", "GalgenImaging", "GalgenTestSupport", "GalgenValidation"],
            swiftSettings: swiftSettings),
    ]
)

/// Fuzz targets (issue 34), only when GALGEN_FUZZ is set: `scripts/fuzz.sh` builds them with
/// libFuzzer and AddressSanitizer in their own scratch folder; normal builds never see them.
if Context.environment["GALGEN_FUZZ"] != nil {
    let fuzzTargets: [(String, [Target.Dependency])] = [
        ("FuzzJSON", ["GalgenCore"]),
        ("FuzzConfig", ["GalgenConfig", "GalgenCore"]),
        ("FuzzRecords", ["GalgenRecords", "GalgenConfig", "GalgenCore"]),
        ("FuzzHTML", ["GalgenValidation"]),
        ("FuzzImage", ["GalgenImaging"]),
        ("FuzzTokenizer", ["GalgenSearch"]),
        ("FuzzRequestPath", ["GalgenCore"]),
        ("FuzzPixels", ["GalgenImaging"]),
        ("FuzzMetadata", ["GalgenMetadata"]),
        ("FuzzSidecar", ["GalgenSidecars"]),
        ("FuzzMessages", ["GalgenRendering"]),
        ("FuzzVideo", ["GalgenVideo"]),
    ]
    for (name, dependencies) in fuzzTargets {
        package.targets.append(.executableTarget(name: name, dependencies: dependencies, path: "Fuzz/\(name)",
                                                 swiftSettings: swiftSettings + [.unsafeFlags(["-parse-as-library"])]))
    }
}
