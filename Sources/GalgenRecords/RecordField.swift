public import GalgenConfig

/// A field of a record that `sort` or `groupBy` names, resolved once per source: one of the item's
/// own text fields, or an extra field by its position.
public enum RecordField: Sendable, Hashable {
    case title, subtitle, id
    /// `fields.extra[index]`.
    case extra(Int, FieldType)

    /// The field called `name` among the item's own (``GalgenConfig/FieldSpec/itemFieldNames``) and `fields`; nil when there is none.
    /// - Parameters:
    ///   - name: The name the config uses.
    ///   - fields: The source's extra fields.
    public init?(_ name: String, fields: [FieldSpec]) {
        switch name {
        case "title": self = .title
        case "subtitle": self = .subtitle
        case "id": self = .id
        default:
            guard let index = fields.firstIndex(where: { $0.name == name }) else { return nil }
            self = .extra(index, fields[index].type)
        }
    }

    /// How the field's values compare.
    public var type: FieldType {
        if case .extra(_, let type) = self { return type }
        return .text
    }
}

extension Record {
    /// The record's value of `field`, or nil when it has none.
    /// - Parameter field: A resolved field.
    public func value(_ field: RecordField) -> FieldValue? {
        switch field {
        case .title: FieldValue(text: title)
        case .subtitle: subtitle.map { FieldValue(text: $0) }
        case .id: FieldValue(text: id)
        case .extra(let index, _): index < fields.count ? fields[index] : nil
        }
    }
}
