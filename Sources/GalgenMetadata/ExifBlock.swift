import CExifShim

/// The EXIF values of one block, read by libexif (through CExifShim).
struct ExifBlock {
    var metadata = PhotoMetadata()
    /// The XMP packet stored in the EXIF structure itself (TIFF tag 700), if any.
    var xmp: [UInt8]?
    var warnings: [String] = []

    /// Reads `block` (`Exif\0\0` + TIFF, or bare TIFF).
    init(_ block: UnsafeRawBufferPointer) {
        var info = gg_exif_info()
        defer { gg_exif_free(&info) }
        let result = block.withMemoryRebound(to: UInt8.self) { gg_exif_read($0.baseAddress, $0.count, &info) }
        guard result == 0 else {
            warnings.append(result == -2 ? "Out of memory reading the EXIF block." : "The EXIF block is not a TIFF structure.")
            return
        }
        if let message = MetadataText.clean(tuple: info.warning) {
            warnings.append("The EXIF block is damaged (libexif: \(message)); what could be read was kept.")
        }
        if let bytes = info.xmp, info.xmp_len > 0 {
            xmp = Array(UnsafeBufferPointer(start: bytes, count: Int(info.xmp_len)))
        }
        readDate(info)
        readCamera(info)
        readGPS(info)
    }

    /// The first usable of DateTimeOriginal, DateTimeDigitized and DateTime, with its own offset tag.
    private mutating func readDate(_ info: gg_exif_info) {
        let candidates = [
            ("DateTimeOriginal", MetadataText.clean(tuple: info.date_original), MetadataText.clean(tuple: info.offset_original)),
            ("DateTimeDigitized", MetadataText.clean(tuple: info.date_digitized), MetadataText.clean(tuple: info.offset_digitized)),
            ("DateTime", MetadataText.clean(tuple: info.date_time), MetadataText.clean(tuple: info.offset_time)),
        ]
        for (source, text, offset) in candidates {
            if let date = MetadataDate.exif(text, offset: offset) {
                metadata.dateTaken = date
                metadata.dateSource = source
                return
            }
        }
    }

    private mutating func readCamera(_ info: gg_exif_info) {
        metadata.make = MetadataText.clean(tuple: info.make)
        metadata.model = MetadataText.clean(tuple: info.model)
        metadata.lens = MetadataText.clean(tuple: info.lens)
        metadata.focalLength = Self.positive(info.has_focal_length, info.focal_length)
        metadata.aperture = Self.positive(info.has_f_number, info.f_number)
        if let seconds = Self.positive(info.has_exposure, info.exposure_time) {
            metadata.exposureTime = seconds
            metadata.exposureText = MetadataText.exposureText(
                seconds: seconds, numerator: info.exposure_num, denominator: info.exposure_den)
        }
        if info.has_iso != 0, info.iso > 0, info.iso < 10_000_000 { metadata.iso = info.iso }
        if info.has_pixel_size != 0, info.pixel_x > 0, info.pixel_y > 0 {
            metadata.pixelWidth = info.pixel_x
            metadata.pixelHeight = info.pixel_y
        }
    }

    private mutating func readGPS(_ info: gg_exif_info) {
        guard info.has_gps != 0, info.latitude.isFinite, info.longitude.isFinite else { return }
        let altitude = info.has_altitude != 0 && info.altitude.isFinite ? info.altitude : nil
        metadata.gps = GPSPosition(latitude: info.latitude, longitude: info.longitude, altitude: altitude)
    }

    /// A rational the shim found, when it is a positive finite number.
    private static func positive(_ has: Int32, _ value: Double) -> Double? {
        has != 0 && value.isFinite && value > 0 ? value : nil
    }
}
