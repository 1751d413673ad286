import Foundation
import GalgenImaging

/// Small widths and a pixel limit keep one input fast; the decoders, colour conversion and
/// resampler run as in a build.
private let pipeline: ImagePipeline = {
    var settings = ImagePipeline.Settings(widths: [48, 120], quality: 70, maxPixels: 4_000_000, maxSourceBytes: 4 << 20)
    settings.formats = [.jpeg]
    return ImagePipeline(settings: settings)
}()

/// libFuzzer entry point: an image of any format from arbitrary bytes through galgen's shims and
/// pipeline (header inspection, EXIF orientation, ICC, CMYK, decoding, resampling, encoding).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImage(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    if let output = try? pipeline.process(data) { _ = output.variants.count }
    return 0
}
