// swift-tools-version: 6.1
// galgen's benchmarks, kept out of the main package so `swift build`/`swift test` and CI never
// build package-benchmark or its malloc interposer.
//   swift package --package-path Benchmarks benchmark                 micro-benchmarks (package-benchmark)
//   swift build --package-path Benchmarks -c release --product galgen-thumbs   the image step alone, for scripts/bench-images.sh
import PackageDescription

let package = Package(
    name: "galgen-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "galgen", path: "../"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "ImagingBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "GalgenImaging", package: "galgen"),
                .product(name: "GalgenTestSupport", package: "galgen"),
            ],
            path: "Benchmarks/ImagingBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
        .executableTarget(
            name: "galgen-thumbs",
            dependencies: [.product(name: "GalgenImaging", package: "galgen"), .product(name: "GalgenTestSupport", package: "galgen")],
            path: "Sources/galgen-thumbs"),
    ]
)
