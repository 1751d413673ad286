public import Foundation

/// Reads the EXIF orientation tag (0x0112) from a JPEG's APP1 segment, without libjpeg.
public enum ExifOrientation {
    /// The orientation 1–8, or 1 when there is none or it is unreadable.
    /// - Parameter jpeg: The JPEG file's bytes.
    public static func read(from jpeg: Data) -> Int {
        jpeg.withUnsafeBytes { raw -> Int in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return 1 }
            var i = 2
            while i + 4 <= bytes.count {
                guard bytes[i] == 0xFF else { return 1 }
                let marker = bytes[i + 1]
                if marker == 0xFF { i += 1; continue }  // fill byte
                if marker == 0xDA || marker == 0xD9 { return 1 }  // start of scan / end: no more headers
                let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
                guard length >= 2, i + 2 + length <= bytes.count else { return 1 }
                if marker == 0xE1, let o = parseApp1(bytes, from: i + 4, count: length - 2) { return o }
                i += 2 + length
            }
            return 1
        }
    }

    private static func parseApp1(_ b: UnsafeBufferPointer<UInt8>, from start: Int, count: Int) -> Int? {
        // "Exif\0\0" then a TIFF header.
        guard count >= 14, Array(b[start..<start + 6]) == [0x45, 0x78, 0x69, 0x66, 0, 0] else { return nil }
        return parseTIFF(b, from: start + 6, end: start + count)
    }

    /// The orientation tag of EXIF data as PNG's `eXIf` and WebP's `EXIF` chunks hold it: a TIFF
    /// header, optionally after `Exif\0\0`.
    /// - Parameter exif: The chunk's bytes.
    /// - Returns: 1–8, or 1 when there is none or it is unreadable.
    public static func read(fromEXIF exif: [UInt8]) -> Int {
        exif.withUnsafeBufferPointer { b in
            let start = b.count >= 6 && Array(b[0..<6]) == [0x45, 0x78, 0x69, 0x66, 0, 0] ? 6 : 0
            return b.count >= start + 8 ? parseTIFF(b, from: start, end: b.count) ?? 1 : 1
        }
    }

    private static func parseTIFF(_ b: UnsafeBufferPointer<UInt8>, from tiff: Int, end: Int) -> Int? {
        guard tiff + 8 <= end else { return nil }
        let little: Bool
        switch (b[tiff], b[tiff + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at + 2 <= end else { return nil }
            return little ? Int(b[at]) | Int(b[at + 1]) << 8 : Int(b[at]) << 8 | Int(b[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let hi = u16(little ? at + 2 : at), let lo = u16(little ? at : at + 2) else { return nil }
            return hi << 16 | lo
        }
        guard let ifdOffset = u32(tiff + 4), let entries = u16(tiff + ifdOffset) else { return nil }
        for n in 0..<min(entries, 512) {
            let entry = tiff + ifdOffset + 2 + n * 12
            guard let tag = u16(entry) else { return nil }
            if tag == 0x0112 {
                guard let value = u16(entry + 8), (1...8).contains(value) else { return nil }
                return value
            }
        }
        return nil
    }

    /// A minimal EXIF APP1 payload carrying only an orientation tag, for making test and sample files.
    /// - Parameter orientation: 1–8.
    public static func app1Payload(orientation: Int) -> [UInt8] {
        var p: [UInt8] = Array("Exif".utf8) + [0, 0]
        p += [0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08]  // big-endian TIFF header, IFD0 at 8
        p += [0x00, 0x01]  // one entry
        p += [0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, UInt8(orientation), 0x00, 0x00]  // SHORT, count 1
        p += [0x00, 0x00, 0x00, 0x00]  // no next IFD
        return p
    }
}
