import CIPTCShim

/// The IPTC-IIM values of a JPEG APP13 block, read by libiptcdata (through CIPTCShim).
struct IPTCBlock {
    var title: String?
    var caption: String?
    var keywords: [String] = []
    var bylines: [String] = []
    var warnings: [String] = []

    /// Reads the IPTC resource of `photoshop` (an APP13 payload), if it has one.
    init(_ photoshop: UnsafeRawBufferPointer) {
        var info = gg_iptc_info()
        defer { gg_iptc_free(&info) }
        let result = photoshop.withMemoryRebound(to: UInt8.self) { gg_iptc_read($0.baseAddress, $0.count, &info) }
        switch result {
        case 0: break
        case 1: return
        case -2: warnings.append("Out of memory reading the IPTC block."); return
        default: warnings.append("The IPTC block is damaged and was not read."); return
        }
        let items = UnsafeBufferPointer(start: info.items, count: Int(info.count))
        for item in items {
            let bytes = Array(UnsafeBufferPointer(start: item.bytes, count: Int(item.length)))
            guard let text = MetadataText.cleanIPTC(bytes, declaredUTF8: info.utf8 != 0) else { continue }
            switch item.tag {
            case 5: title = title ?? text
            case 120: caption = caption ?? text
            case 25: keywords.append(text)
            case 80: bylines.append(text)
            default: break
            }
        }
    }
}
