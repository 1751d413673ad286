public import Foundation
import GalgenImaging

/// Generates the embedded sample (`Samples/`): a randomuser-like people list and its portraits.
/// Everything derives from fixed tables and a seeded generator, so the output is byte-identical
/// on every run; a test regenerates it and compares with the committed files.
public enum SampleGenerator {
    /// One generated file.
    public struct File: Sendable {
        /// Path below `Samples/`.
        public var path: String
        /// The bytes.
        public var data: Data
    }

    /// The people: first name, last name, city, country, gender. Some are hostile on purpose
    /// (markup, quotes, RTL, emoji) and must render as plain text.
    static let people: [(String, String, String, String, String)] = [
        ("Amélie", "Durand", "Lyon", "France", "female"), ("Jonas", "Becker", "Leipzig", "Germany", "male"),
        ("Sofía", "Martínez", "Sevilla", "Spain", "female"), ("Lucas", "Oliveira", "Recife", "Brazil", "male"),
        ("Aiko", "Tanaka", "Sapporo", "Japan", "female"), ("Liam", "O'Brien & \"Sons\"", "Cork", "Ireland", "male"),
        ("محمد", "العلي", "عمّان", "الأردن", "male"), ("נועה", "כהן", "חיפה", "ישראל", "female"),
        ("<script>alert(\"pwned\")</script>", "Tester", "<b>Bold</b> City", "Nowhere & Co", "male"),
        ("Sam 🦊", "Rivers 🌊", "Portland", "United States", "female"), ("Mia", "Jensen", "Aarhus", "Denmark", "female"),
        ("Noah", "Wilson", "Dunedin", "New Zealand", "male"), ("Priya", "Sharma", "Pune", "India", "female"),
        ("Chen", "Wei", "Chengdu", "China", "male"), ("Olivia", "Smith", "Leeds", "United Kingdom", "female"),
        ("Mateo", "García", "Rosario", "Argentina", "male"), ("Emma", "Johansson", "Umeå", "Sweden", "female"),
        ("Ali", "Yılmaz", "İzmir", "Türkiye", "male"), ("Hana", "Novák", "Brno", "Czechia", "female"),
        ("Kwame", "Mensah", "Kumasi", "Ghana", "male"), ("Léa", "Lefèvre", "Nantes", "France", "female"),
        ("Mikko", "Virtanen", "Tampere", "Finland", "male"), ("Zsófia", "Kovács", "Szeged", "Hungary", "female"),
        ("Ivan", "Petrov", "Kazan", "Russia", "male"), ("Ingrid", "Hansen", "Bergen", "Norway", "female"),
        ("Tomás", "Ó Súilleabháin", "Galway", "Ireland", "male"), ("Yuki", "Sato", "Fukuoka", "Japan", "female"),
        ("Diego", "Fernández", "Valparaíso", "Chile", "male"), ("Chloé", "Dubois", "Québec", "Canada", "female"),
        ("Arjun", "Nair", "Kochi", "India", "male"), ("Maja", "Nowak", "Gdańsk", "Poland", "female"),
        ("Lars", "de Vries", "Utrecht", "Netherlands", "male"), ("Elif", "Demir", "Bursa", "Türkiye", "female"),
        ("Ngozi", "Okafor", "Enugu", "Nigeria", "female"), ("Pedro", "Santos", "Porto", "Portugal", "male"),
        ("Anna", "Rossi", "Bologna", "Italy", "female"), ("Jae-won", "Kim", "Daegu", "South Korea", "male"),
        ("Fatima", "Zahra", "Fès", "Morocco", "female"), ("Oskar", "Lindqvist", "Malmö", "Sweden", "male"),
        ("Isabel", "Moreno", "Cali", "Colombia", "female"), ("Hugo", "Lambert", "Liège", "Belgium", "male"),
        ("Nora", "Haddad", "Beirut", "Lebanon", "female"), ("Ravi", "Patel", "Surat", "India", "male"),
        ("Lucía", "Romero", "Montevideo", "Uruguay", "female"), ("Felix", "Wagner", "Graz", "Austria", "male"),
        ("Aroha", "Ngata", "Gisborne", "New Zealand", "female"), ("Dmitri", "Ivanov", "Minsk", "Belarus", "male"),
        ("Sara", "Lind", "Tartu", "Estonia", "female"), ("Kofi", "Boateng", "Accra", "Ghana", "male"),
        ("Mei", "Lin", "Taichung", "Taiwan", "female"), ("Jakub", "Dvořák", "Plzeň", "Czechia", "male"),
        ("Camila", "Souza", "Curitiba", "Brazil", "female"), ("Ahmed", "Hassan", "Alexandria", "Egypt", "male"),
        ("Greta", "Schulz", "Bremen", "Germany", "female"), ("Pablo", "Ruiz", "Málaga", "Spain", "male"),
        ("Eva", "Horváth", "Pécs", "Hungary", "female"), ("Tariq", "Khan", "Lahore", "Pakistan", "male"),
        ("Julia", "Berg", "Turku", "Finland", "female"), ("Marco", "Bianchi", "Torino", "Italy", "male"),
        ("Lina", "Petersen", "Odense", "Denmark", "female"),
    ]

    /// Source sizes, cycled: portraits, landscapes, squares, and one narrower than every configured width.
    static let sizes: [(Int, Int)] = [
        (800, 1000), (1200, 1600), (640, 640), (1500, 2000), (2000, 1333), (1024, 768), (480, 640), (900, 1200),
        (1600, 1200), (120, 150),
    ]

    /// How many records reuse an earlier record's portrait (as randomuser repeats faces).
    static let reused = 4
    /// The record whose JPEG is stored sideways with EXIF orientation 6.
    static let orientedIndex = 7

    /// All sample files: `people.json` and `images/*.jpg`.
    public static func files() throws -> [File] {
        var random = SeededRandom(seed: 0x6761_6c67_656e)
        var records: [OrderedJSON] = []
        var files: [File] = []
        let distinct = people.count - reused
        for (index, person) in people.enumerated() {
            let (first, last, city, country, gender) = person
            var uuidBytes = (0..<16).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            uuidBytes[6] = (uuidBytes[6] & 0x0F) | 0x40
            uuidBytes[8] = (uuidBytes[8] & 0x3F) | 0x80
            let hex = uuidBytes.map { String(format: "%02x", $0) }.joined()
            let uuid = [hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4), hex.dropFirst(20)]
                .joined(separator: "-")
            let imageIndex = index < distinct ? index : index - distinct
            let imageName = String(format: "images/portrait-%02d.jpg", imageIndex + 1)
            if index < distinct {
                let (w, h) = sizes[index % sizes.count]
                let hue = random.below(360)
                let shade = 0.18 + Double(random.below(40)) / 100
                var picture = Painter.portrait(width: w, height: h, hue: hue, shade: shade)
                var markers: [(Int, [UInt8])] = []
                if index == orientedIndex {
                    // Stored rotated a quarter turn to the left; EXIF orientation 6 turns it upright again.
                    picture = PixelOps.orient(picture, orientation: 8)
                    markers = [(1, ExifOrientation.app1Payload(orientation: 6))]
                }
                files.append(File(path: imageName, data: try JPEGCodec.encode(picture, quality: 70, markers: markers)))
            }
            let login = first.lowercased().filter { $0.isASCII && $0.isLetter }
            let email = (login.isEmpty ? "person\(index + 1)" : login) + ".\(index + 1)@example.com"
            var record: [(String, OrderedJSON)] = [
                ("gender", .string(gender)),
                ("name", .object([("title", .string(gender == "female" ? "Ms" : "Mr")), ("first", .string(first)), ("last", .string(last))])),
                ("location", .object([("city", .string(city)), ("country", .string(country))])),
                ("email", .string(email)),
                // Made from the index alone, so the seeded values above (ids, pictures) stay as they were.
                ("phone", .string(String(format: "0%d-%03d-%04d", 1 + index % 9, (index * 37) % 1000, (index * 7919) % 10000))),
                ("dob", .object([("date", .string(String(format: "%04d-%02d-%02dT%02d:%02d:00.000Z", 1950 + (index * 7) % 50, 1 + index % 12,
                                                         1 + (index * 5) % 28, index % 24, (index * 13) % 60))),
                                 ("age", .number(2025 - (1950 + (index * 7) % 50) - (index % 12 >= 6 ? 1 : 0)))])),
                ("registered", .object([("date", .string(String(format: "%04d-%02d-%02dT08:00:00.000Z", 2010 + index % 15, 1 + (index * 5) % 12,
                                                                1 + (index * 3) % 28)))])),
                ("login", .object([("uuid", .string(uuid))])),
                ("picture", .object([("large", .string("Samples/" + imageName))])),
            ]
            if index % 3 == 0 { record.append(("website", .string("https://example.com/people/\(index + 1)"))) }
            records.append(.object(record))
        }
        let document = OrderedJSON.object([
            ("info", .object([("seed", .string("galgen-sample")), ("results", .number(records.count)), ("version", .string("1.4"))])),
            ("results", .array(records)),
        ])
        files.append(File(path: "people.json", data: Data(document.text.utf8)))
        return files.sorted { $0.path < $1.path }
    }
}
