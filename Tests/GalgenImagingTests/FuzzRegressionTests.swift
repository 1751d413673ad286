import Foundation
import GalgenImaging
import GalgenTestSupport
import Testing

/// Every input a fuzz target found (Fuzz/regressions/image, see scripts/fuzz.sh) goes through the
/// pipeline as the fuzz target sends it: it must end as variants or as a named error, never a crash.
struct FuzzRegressionTests {
    static let folder = Repository.root + "/Fuzz/regressions/image"

    @Test func everyFoundImageInputEndsRenderedOrNamed() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder).sorted()
        #expect(!names.isEmpty)
        var settings = ImagePipeline.Settings(widths: [48, 120], quality: 70, maxPixels: 4_000_000, maxSourceBytes: 4 << 20)
        settings.formats = [.jpeg]
        let pipeline = ImagePipeline(settings: settings)
        for name in names {
            let data = try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/" + name))
            do {
                let output = try pipeline.process(data)
                #expect(!output.variants.isEmpty, "\(name)")
            } catch {
                #expect(!error.message.isEmpty, "\(name)")
            }
        }
    }
}
