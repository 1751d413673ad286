import CLibXML2
public import GalgenCore

/// A parsed XML document and the errors libxml2 raised while parsing it.
struct ParsedXML {
    let document: xmlDocPtr?
    let errors: [(line: Int, column: Int, message: String)]
}

/// Collects libxml2's structured errors for one parse.
final class XMLErrorBox {
    var errors: [(line: Int, column: Int, message: String)] = []
}

enum LibXML {
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// Initialises libxml2; call once from the main thread before parsing on other threads.
    static func initialize() { _ = initialized }

    private static let handler: xmlStructuredErrorFunc = { userData, error in
        guard let userData, let error else { return }
        let box = Unmanaged<XMLErrorBox>.fromOpaque(userData).takeUnretainedValue()
        let message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        box.errors.append((Int(error.pointee.line), Int(error.pointee.int2),
                           message.trimmingWhitespace))
    }

    /// Parses `bytes` (UTF-8 text) as strict XML (no network, no external entities, no recovery).
    ///
    /// libxml2's error handler is per thread: it is set, used and reset within this one
    /// synchronous call, so concurrent validations never mix their errors.
    static func parse(_ bytes: [UInt8], name: String) -> ParsedXML {
        initialize()
        let box = XMLErrorBox()
        let context = Unmanaged.passRetained(box).toOpaque()
        xmlSetStructuredErrorFunc(context, handler)
        defer {
            xmlSetStructuredErrorFunc(nil, nil)
            Unmanaged<XMLErrorBox>.fromOpaque(context).release()
        }
        let options = Int32(XML_PARSE_NONET.rawValue)
        let doc = bytes.withUnsafeBytes { buffer in
            xmlReadMemory(buffer.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(buffer.count), name, "UTF-8", options)
        }
        return ParsedXML(document: doc, errors: box.errors)
    }
}


/// The libxml2 that parses and validates every page, and its version.
public enum ValidationLibrary {
    /// libxml2's version as loaded now, e.g. `libxml2 2.9.14` (from its number `20914`).
    public static var version: LibraryVersion {
        let number = Int(String(cString: galgen_xmlParserVersion())) ?? 0
        return LibraryVersion("libxml2", "\(number / 10000).\(number / 100 % 100).\(number % 100)")
    }
}
