import Foundation
import GalgenConfig
import GalgenCore

/// libFuzzer entry point: a whole `config.json` from arbitrary bytes through the config reader
/// (every key, every type check, every error with its line and column).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    guard let document = try? JSONDocument(data: data, sourceName: "/fuzz/site/config.json") else { return 0 }
    do throws(ConfigError) {
        _ = try ConfigLoader(fileSystem: LocalFileSystem()).decode(document, path: "/fuzz/site/config.json")
    } catch {
        _ = error.description
    }
    return 0
}
