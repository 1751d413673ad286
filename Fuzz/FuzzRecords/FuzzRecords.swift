import Foundation
import GalgenConfig
import GalgenCore
import GalgenRecords

/// The source every input is mapped through: each of the eight field types, sorted and grouped.
private let source: SourceConfig = {
    let text = #"""
    {"title": "Fuzz", "sources": [{"name": "things", "type": "json", "path": "records.json", "items": "results",
      "sort": [{"by": "price", "order": "desc"}, {"by": "when"}, {"by": "title"}], "groupBy": "genre",
      "fields": {"id": "id", "title": "name", "image": "img", "link": "web",
        "extra": {"genre": "genre", "count": {"path": "n", "type": "number"}, "when": {"path": "d", "type": "date"},
          "site": {"path": "u", "type": "url"}, "mail": {"path": "e", "type": "email"},
          "length": {"path": "ms", "type": "duration", "unit": "ms"}, "stars": {"path": "r", "type": "rating", "max": 10},
          "price": {"path": "p", "type": "currency", "currency": "EUR"}}}}]}
    """#
    let document = try! JSONDocument(data: Data(text.utf8), sourceName: "/fuzz/config.json")
    return try! ConfigLoader(fileSystem: LocalFileSystem()).decode(document, path: "/fuzz/config.json").sources[0]
}()

/// libFuzzer entry point: a records file from arbitrary bytes through the field mapping (ids,
/// titles, image references, the eight field types, sort keys, group names).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecords(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    guard let document = try? JSONDocument(data: data, sourceName: "/fuzz/records.json") else { return 0 }
    let reader = JSONRecordSource(config: source, baseDirectory: "/fuzz", fileSystem: LocalFileSystem())
    if let set = try? reader.map(document) { _ = "\(set)".utf8.count }
    return 0
}
