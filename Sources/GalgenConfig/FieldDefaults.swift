/// The extra fields randomuser and iTunes sources show unless the config names its own.
enum FieldDefaults {
    private static func field(_ name: String, _ path: String, _ type: FieldType = .text, label: String? = nil,
                              unit: FieldSpec.DurationUnit = .s) -> FieldSpec {
        FieldSpec(name: name, label: label, path: FieldPath(path)!, type: type, unit: unit)
    }

    /// A date whose time of day means nothing to readers (a birthday, a release day): the day only.
    private static func day(_ name: String, _ path: String) -> FieldSpec {
        var spec = field(name, path, .date)
        spec.showsTime = false
        return spec
    }

    /// A person: how to reach them, where and how old.
    static let randomUser: [FieldSpec] = [
        field("email", "email", .email, label: "E-mail"),
        field("phone", "phone"),
        field("city", "location.city"),
        field("country", "location.country"),
        field("age", "dob.age", .number),
        day("born", "dob.date"),
        field("registered", "registered.date", .date),
    ]

    /// What the kind of result the query asks for usually carries (a field a result lacks is left out of its page).
    static func iTunes(media: String?, entity: String?) -> [FieldSpec] {
        let genre = field("genre", "primaryGenreName")
        let released = day("released", "releaseDate")
        switch (media, entity) {
        case (_, "software"?), (_, "iPadSoftware"?), (_, "macSoftware"?), ("software"?, nil):
            return [genre, field("price", "formattedPrice", .currency), field("rating", "averageUserRating", .rating),
                    field("ratings", "userRatingCount", .number), released, field("version", "version"),
                    field("ageRating", "contentAdvisoryRating", label: "Age rating"), field("description", "description")]
        case (_, "album"?):
            return [genre, field("tracks", "trackCount", .number), released, field("copyright", "copyright")]
        case (_, "song"?), (_, "musicTrack"?), ("music"?, nil):
            return [field("album", "collectionName"), genre, field("duration", "trackTimeMillis", .duration, unit: .ms), released,
                    field("preview", "previewUrl", .url)]
        case ("movie"?, _), (_, "movie"?):
            return [genre, released, field("duration", "trackTimeMillis", .duration, unit: .ms),
                    field("rated", "contentAdvisoryRating"), field("description", "longDescription")]
        case ("ebook"?, _), (_, "ebook"?):
            return [field("genres", "genres"), field("price", "formattedPrice", .currency), field("rating", "averageUserRating", .rating),
                    released, field("description", "description")]
        case ("podcast"?, _), (_, "podcast"?):
            return [genre, field("episodes", "trackCount", .number), released]
        default:
            return [field("kind", "kind"), genre, released]
        }
    }
}

extension ITunesQuery {
    /// The extra fields this query's results get unless the config names its own.
    public var defaultExtra: [FieldSpec] { FieldDefaults.iTunes(media: media, entity: entity) }
}

extension FieldDefaults {
    /// A photo or video from a folder: what its metadata, its sidecar and the file itself tell.
    /// Every path is a key of the record galgen makes for the file (see `FolderRecordSource`).
    static func folder(gps: Bool) -> [FieldSpec] {
        var fields = [
            field("caption", "caption"),
            field("taken", "taken", .date, label: "Taken"),
            field("camera", "camera"),
            field("lens", "lens"),
            field("focalLength", "focalLength", label: "Focal length"),
            field("aperture", "aperture"),
            field("exposure", "exposure"),
            field("iso", "iso", .number, label: "ISO"),
            field("size", "size", label: "Size"),
            field("duration", "duration", .duration),
            field("keywords", "keywords"),
            field("rating", "rating", .rating),
            field("creator", "creator"),
            field("file", "file", label: "File"),
        ]
        if gps { fields.append(field("location", "location")); fields.append(field("map", "map", .url)) }
        return fields
    }
}
