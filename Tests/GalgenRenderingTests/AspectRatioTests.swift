import Foundation
import GalgenRendering
import Testing

/// Shapes in 64ths (AspectRatio.swift): what the page's `--a` and the manifest's `aspects` carry.
struct AspectRatioTests {
    @Test func cssWritesEachSixtyFourthExactlyAndShortest() {
        #expect(AspectRatio.css(64) == "1" && AspectRatio.css(96) == "1.5" && AspectRatio.css(256) == "4")
        #expect(AspectRatio.css(43) == "0.671875" && AspectRatio.css(16) == "0.25")
        for q in AspectRatio.range {
            let text = AspectRatio.css(q)
            #expect(Double(text)! * 64 == Double(q), "\(q) → \(text)")
            #expect(text.count <= 8, "\(text)")
        }
    }

    @Test func sizesFollowTheShape() {
        #expect(AspectRatio.sizes(64) == "(min-width: 1232px) 288px, (min-width: 700px) 240px, 120px")
        #expect(AspectRatio.sizes(256) == "(min-width: 1232px) 1152px, (min-width: 700px) 960px, 480px")
    }
}
