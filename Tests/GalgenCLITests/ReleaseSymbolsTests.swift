import Foundation
import Testing

/// The galgen binary links no writer of test inputs (issue 45): they live in `CTestWritersShim` and
/// GalgenTestSupport, which only the tests use. Read with binutils' `nm` and `readelf` from the binary in
/// `GALGEN_BIN` (CI: the release binary) or else the debug build; the encoders galgen's outputs use are there.
@Suite struct ReleaseSymbolsTests {
    /// The binary checked: `GALGEN_BIN` when set, else `.build/debug/galgen`.
    static let binary = ProcessInfo.processInfo.environment["GALGEN_BIN"].flatMap { $0.isEmpty ? nil : $0 } ?? GalgenBinary.path

    /// The names in the output of `command`, a binutils tool run on the binary, piped through `grep -E pattern`
    /// (grep, not Swift, reads the debug build's 200,000 symbols: a second instead of ten).
    static func names(_ command: String, matching pattern: String) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\(command) \"$0\" | grep -E \"$1\"", binary, pattern]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) }
    }

    @Test func noTestWriterIsLinked() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "no galgen at \(Self.binary): swift build, or set GALGEN_BIN")
        let defined = try Self.names("nm --defined-only", matching: "gg_|GalgenTestSupport|CTestWritersShim")
        let imported = try Self.names("nm -D --undefined-only", matching: "WebP|Gif|png_|TIFF|heif_")
        let needed = try Self.names("readelf -d", matching: "NEEDED")

        // The product's own encoders are there: the symbols are readable and this test can see a writer.
        for encoder in ["gg_jpeg_encode", "gg_webp_encode_image", "gg_avif_encode"] {
            #expect(defined.contains(encoder), "\(encoder) (an output encoder) is missing: is \(Self.binary) stripped?")
        }
        // Neither the test shim, GalgenTestSupport (its Swift writers), nor the writers once in the image shims.
        let ownWriters = defined.filter {
            $0.hasPrefix("gg_test_") || $0.contains("17GalgenTestSupport") || $0.contains("CTestWritersShim")
                || ["gg_png_encode", "gg_png_add_iccp", "gg_png_add_chunk", "gg_gif_encode", "gg_webp_encode", "gg_tiff_encode",
                    "gg_heif_encode"].contains($0)
        }
        #expect(ownWriters.isEmpty, "test writers linked into galgen: \(ownWriters.prefix(10))")
        // Nor the libraries' writing entry points that only the test writers call.
        let libraryWriters = ["WebPMux", "WebPAnimEncoder", "EGifOpen", "EGifPutLine", "png_image_write_to_memory", "TIFFWriteEncodedStrip",
                              "TIFFWriteDirectory", "heif_context_encode_image", "heif_context_get_encoder_for_format"]
        let calls = imported.filter { symbol in libraryWriters.contains { symbol.hasPrefix($0) } }
        #expect(calls.isEmpty, "galgen imports writers only the tests use: \(calls)")
        #expect(!needed.isEmpty, "readelf listed no NEEDED libraries")
        #expect(!needed.contains { $0.contains("libwebpmux") }, "galgen still needs libwebpmux")
    }
}
