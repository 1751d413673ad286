import Foundation
import GalgenCore
import GalgenImaging
import GalgenTestSupport
import Testing

/// Kills the real `galgen` binary with SIGKILL at ≥ 50 random moments across every step of cold and
/// incremental builds; checks after each kill that the output folder is exactly the previous site
/// or exactly the new one, and that a following build equals a clean build of the same inputs. Also
/// two builds at once, and a cache folder removed mid-build.
@Suite(.serialized)
struct KillCampaignTests {
    /// A site with several versions of its records, each showing its own pictures (so a version
    /// seen for the first time has image work, and one seen before is an incremental build).
    final class VersionedSite {
        let site: FixtureSite
        let versions: Int
        let perVersion: Int
        var references: [[String: Data]] = []
        /// How long a whole build of each version took last (seconds); kills are drawn from it.
        var durations: [Double] = []

        init(versions: Int, perVersion: Int) throws {
            site = try FixtureSite(count: 0, config: #""imageWidths": [160, 320], "pageSize": 6"#)
            self.versions = versions
            self.perVersion = perVersion
            for v in 0..<versions {
                for i in 0..<perVersion {
                    let picture = Painter.portrait(width: 900, height: 700, hue: 25 * v + 3 * i, shade: 0.35)
                    try site.directory.write(try JPEGCodec.encode(picture, quality: 85), to: "images/v\(v)-\(i).jpg")
                }
            }
        }

        /// Makes version `v` the site's input: every title and picture change with it.
        func use(_ v: Int) throws {
            try site.writeRecords("[" + (0..<(perVersion * 2)).map {
                #"{"id": "p\#($0)", "title": "Person \#($0) in version \#(v)", "image": "images/v\#(v)-\#($0 % perVersion).jpg"}"#
            }.joined(separator: ",") + "]")
        }

        /// Builds every version cleanly, each into its own folder with its own cache: the sites a
        /// killed build may leave, and the first duration estimates.
        func buildReferences() throws {
            for v in 0..<versions {
                try use(v)
                let folder = site.directory.path + "/reference-\(v)"
                let began = ContinuousClock.now
                let status = try GalgenBinary.launch(["build", "--config", site.configPath, "--output", folder, "--cache", folder + "-cache", "--quiet"]).wait()
                try #require(status == 0)
                durations.append((ContinuousClock.now - began).seconds)
                references.append(try files(of: folder))
            }
        }

        /// Which reference `folder` is, if any.
        func which(_ folder: String) throws -> Int? {
            let found = try files(of: folder)
            return references.firstIndex(of: found)
        }
    }

    @Test func killsAtFiftyRandomMomentsLeaveThePreviousOrTheNewSiteAndNeverAWrongNextBuild() throws {
        try #require(GalgenBinary.isBuilt, "build galgen first (swift build)")
        let site = try VersionedSite(versions: 6, perVersion: 10)
        defer { site.site.directory.remove() }
        try site.buildReferences()
        let output = site.site.outputPath
        // Three caches, one drawn each round: a version new to the drawn cache has image work, one it
        // has seen is an incremental build that edits the spare. A kill that poisons a cache shows in
        // that cache's next whole build.
        let caches = (0..<3).map { site.site.directory.path + "/cache-\($0)" }
        var warm: [String: Double] = [:]  // "cache version" → how long its last whole build took
        var random = SplitMix64(seed: 0x6761_6c67_656e)
        var current: Int?
        var kills = 0, rounds = 0, checked = 0
        var killedIn: [String: Int] = [:]
        while kills < 50 && rounds < 160 {
            rounds += 1
            var version = Int(random.next() % UInt64(site.versions))
            if version == current { version = (version + 1) % site.versions }
            let cache = caches[Int(random.next() % 3)]
            try site.use(version)
            // Every fourth kill aims at the last quarter of the build (pages written, the publish).
            let share = rounds % 4 == 0 ? 0.75 + 0.3 * random.unit() : 1.05 * random.unit()
            let delay = share * (warm["\(cache) \(version)"] ?? site.durations[version])
            let log = site.site.directory.path + "/round.log"
            let process = try GalgenBinary.launch(["build", "--config", site.site.configPath, "--output", output, "--cache", cache, "--jobs", "1"], errors: log)
            usleep(UInt32(max(2_000, delay * 1e6)))  // a blocking sleep: the test pool may be busy with other tests
            let wasRunning = process.isRunning
            kill(process.process.processIdentifier, SIGKILL)
            _ = process.wait()
            if wasRunning {
                kills += 1
                killedIn[Self.runningStep(log), default: 0] += 1
            }
            let found = try site.which(output)
            #expect(found == current || found == version, "round \(rounds) (kill at \(delay) s): the output is neither the previous site nor the new one")
            current = found ?? current
            // Every other round, the next build runs to its end and must equal a clean build.
            if rounds % 2 == 0 {
                let began = ContinuousClock.now
                let status = try GalgenBinary.launch(["build", "--config", site.site.configPath, "--output", output, "--cache", cache, "--quiet"]).wait()
                #expect(status == 0, "round \(rounds)")
                warm["\(cache) \(version)"] = max(0.05, (ContinuousClock.now - began).seconds)
                #expect(try site.which(output) == version, "round \(rounds): a build after a kill differs from a clean build")
                // A whole build removes what killed ones left beside the output folder.
                #expect(leftovers(in: site.site.directory.path) == [], "round \(rounds)")
                current = version
                checked += 1
            }
        }
        #expect(kills >= 50, "only \(kills) of \(rounds) kills hit a running build")
        // The kills reach the long steps: the images (first builds of a version in a cache) and the pages.
        #expect(killedIn["images", default: 0] >= 3 && killedIn["pages", default: 0] >= 3, "\(killedIn)")
        print("kill campaign: \(kills) kills in \(rounds) rounds, by step \(killedIn.sorted { $0.key < $1.key }), \(checked) checked builds")
    }

    /// The step a killed build was in: the one after the last `galgen: STEP done` line it printed.
    static func runningStep(_ log: String) -> String {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        let order = ["config", "templates", "records", "images", "pages", "publish"]
        let done = text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("galgen: "), line.contains(" done in ") else { return nil }
            return line.dropFirst(8).split(separator: " ").first.map(String.init)
        }
        guard let last = done.last, let index = order.firstIndex(of: last) else { return "config" }
        return index + 1 < order.count ? order[index + 1] : "after publish"
    }

    @Test func twoBuildsStartedAtOnceBothEndCleanly() throws {
        try #require(GalgenBinary.isBuilt, "build galgen first (swift build)")
        let site = try VersionedSite(versions: 2, perVersion: 6)
        defer { site.site.directory.remove() }
        try site.buildReferences()
        for version in [0, 1, 0] {
            try site.use(version)
            let arguments = ["build", "--config", site.site.configPath, "--quiet", "--jobs", "1"]
            let a = try GalgenBinary.launch(arguments), b = try GalgenBinary.launch(arguments)
            #expect(a.wait() == 0 && b.wait() == 0, "version \(version)")
            #expect(try site.which(site.site.outputPath) == version)
            #expect(leftovers(in: site.site.directory.path) == [])
        }
    }

    @Test func aCacheFolderRemovedMidBuildFailsCleanlyOrFinishesAndTheNextBuildIsRight() throws {
        try #require(GalgenBinary.isBuilt, "build galgen first (swift build)")
        let site = try VersionedSite(versions: 4, perVersion: 8)
        defer { site.site.directory.remove() }
        try site.buildReferences()
        let output = site.site.outputPath, cache = site.site.cachePath
        var current: Int?
        for (version, fraction) in [(0, 0.3), (1, 0.6), (2, 0.85), (3, 0.15)] {
            try site.use(version)
            let log = site.site.directory.path + "/vanish.log"
            let process = try GalgenBinary.launch(["build", "--config", site.site.configPath, "--output", output, "--cache", cache], errors: log)
            usleep(UInt32(site.durations[version] * fraction * 1e6))
            // Removing a folder that is being written may take a few tries.
            for _ in 0..<50 where FileManager.default.fileExists(atPath: cache) { try? FileManager.default.removeItem(atPath: cache) }
            let status = process.wait()
            let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if status == 0 {
                #expect(try site.which(output) == version, "a build that lost its cache and finished published a wrong site")
                current = version
            } else {
                #expect(status == 1 && said.contains("error:") && said.contains(cache), "\(said)")
                #expect(try site.which(output) == current, "the previous site changed")
            }
            let next = try GalgenBinary.launch(["build", "--config", site.site.configPath, "--output", output, "--cache", cache, "--quiet"]).wait()
            #expect(next == 0)
            #expect(try site.which(output) == version)
            current = version
        }
    }
}

/// A seeded generator (SplitMix64), so a failing campaign can be replayed kill for kill.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A uniform number in 0..<1.
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
