/// Where a photo was taken, as its GPS tags say.
///
/// Reading it is not publishing it: the caller decides whether a position may appear on a page (by
/// default it never does).
public struct GPSPosition: Sendable, Hashable, Codable {
    /// Degrees north of the equator; negative for the southern hemisphere (−90…90).
    public var latitude: Double
    /// Degrees east of Greenwich; negative for the west (−180…180).
    public var longitude: Double
    /// Metres above sea level (negative below), when the file records it.
    public var altitude: Double?

    /// A position from its parts.
    public init(latitude: Double, longitude: Double, altitude: Double? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
    }
}

/// What a photo file says about itself: when and with what it was taken (EXIF), and what its author
/// wrote about it (XMP, else IPTC-IIM).
///
/// Every text is trimmed, cut at a NUL, has invalid UTF-8 replaced, is at most
/// ``MetadataReader/maximumTextLength`` characters long, and is `nil` rather than empty.
public struct PhotoMetadata: Sendable, Hashable, Codable {
    /// When the photo was taken, ISO 8601: `2019-05-04T13:22:01+02:00`, or `2019-05-04T13:22:01` when the
    /// file gives no offset from UTC (then it is the camera's local time), or a bare date from XMP.
    public var dateTaken: String?
    /// Which tag gave ``dateTaken``: `DateTimeOriginal`, `DateTimeDigitized` or `DateTime` (EXIF), or
    /// `XMP exif:DateTimeOriginal`, `XMP photoshop:DateCreated`, `XMP xmp:CreateDate`.
    public var dateSource: String?
    /// The camera's maker (EXIF Make), e.g. `Canon`.
    public var make: String?
    /// The camera's model (EXIF Model), as stored (it may repeat the make).
    public var model: String?
    /// The lens (EXIF LensModel).
    public var lens: String?
    /// The focal length in millimetres (EXIF FocalLength, not the 35 mm equivalent).
    public var focalLength: Double?
    /// The f-number (EXIF FNumber), e.g. 2.8.
    public var aperture: Double?
    /// The exposure time in seconds (EXIF ExposureTime).
    public var exposureTime: Double?
    /// The exposure time as photographers write it: `1/250` below a second, else `2.5` (seconds).
    public var exposureText: String?
    /// The ISO speed (EXIF ISOSpeedRatings / PhotographicSensitivity).
    public var iso: Int?
    /// The picture's width as EXIF PixelXDimension records it (which may differ from the image data).
    public var pixelWidth: Int?
    /// The picture's height as EXIF PixelYDimension records it.
    public var pixelHeight: Int?
    /// The title: XMP dc:title, else IPTC ObjectName (2:05).
    public var title: String?
    /// The description: XMP dc:description, else IPTC Caption/Abstract (2:120).
    public var caption: String?
    /// The author(s): XMP dc:creator joined with ", ", else the IPTC By-line (2:80) entries joined alike.
    public var creator: String?
    /// XMP dc:subject, else IPTC Keywords (2:25); in file order, duplicates removed.
    public var keywords: [String]
    /// XMP xmp:Rating, −1…5: −1 means the photographer rejected the photo (kept as −1), 0 unrated.
    public var rating: Double?
    /// The GPS position, if the file has a usable one.
    public var gps: GPSPosition?

    /// Metadata with nothing known.
    public init() {
        keywords = []
    }

    /// True when the file said nothing galgen reads.
    public var isEmpty: Bool {
        self == PhotoMetadata()
    }
}
