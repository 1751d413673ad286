/// Why an image could not be turned into variants.
public struct ImagingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The class of problem.
    public enum Code: String, Sendable, Hashable {
        /// Bytes of another format (PNG, GIF, WebP, HTML, …) or no image at all.
        case unsupportedFormat
        /// libjpeg could not decode it.
        case corrupt
        /// More pixels or bytes than the configured limits.
        case tooLarge
        /// Encoding or resampling failed.
        case processingFailed
    }

    /// The class of problem.
    public var code: Code
    /// What is wrong, in words.
    public var message: String

    /// Creates an error.
    /// - Parameters:
    ///   - code: The class of problem.
    ///   - message: What is wrong.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}

extension ImagingError {
    /// The text of a shim's error buffer, up to its NUL: the one way a library's words become a message.
    /// - Parameter buffer: The buffer the shim wrote.
    static func text(_ buffer: [CChar]) -> String {
        buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// The text of a warning a shim holds in a fixed-size `char` array (which Swift sees as a tuple), up to its NUL.
    /// - Parameter tuple: The array.
    static func text<Tuple>(fixed tuple: Tuple) -> String {
        withUnsafeBytes(of: tuple) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// The one reading of a shim's decode return code, which every shim shares (`GG_*_OK` 0, `_ERR` -1:
    /// the library refused the data, `_LIMIT` -2: more pixels than allowed, `_NOMEM` -3, and TIFF's
    /// `_UNSUPPORTED` -4): returns for 0, else throws with the caller's words. A code the caller gives
    /// no words for is a processing failure.
    /// - Parameters:
    ///   - rc: The return code.
    ///   - broken: The message for data the library refused.
    ///   - tooLarge: The message for an image over the pixel limit, when the decoder checks one.
    ///   - unsupported: The message for a valid file the library cannot convert, when it can say so.
    ///   - failed: The message for anything else.
    static func checkDecode(_ rc: Int32, broken: @autoclosure () -> String, tooLarge: @autoclosure () -> String? = nil,
                            unsupported: @autoclosure () -> String? = nil, failed: @autoclosure () -> String) throws(ImagingError) {
        switch rc {
        case 0: return
        case -1: throw ImagingError(.corrupt, broken())
        case -2: if let message = tooLarge() { throw ImagingError(.tooLarge, message) }
        case -4: if let message = unsupported() { throw ImagingError(.unsupportedFormat, message) }
        default: break
        }
        throw ImagingError(.processingFailed, failed())
    }
}
