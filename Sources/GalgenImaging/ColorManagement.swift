import CColorShim
import CJPEGShim
#if canImport(Glibc)
import Glibc
#endif

/// Colour management through Little CMS (lcms2, in the C shim): pixels with an embedded ICC profile
/// (Adobe RGB from cameras, Display P3 from phones, CMYK from print workflows) are converted to
/// sRGB before resampling, so browsers, which treat untagged images as sRGB, show their colours
/// right. Outputs carry no profile: sRGB is what an untagged image means.
public enum ColorManagement {
    /// How the input pixels are laid out.
    public enum Layout: Sendable, Hashable {
        /// 3 bytes R G B.
        case rgb
        /// 4 bytes R G B A (alpha kept as it is).
        case rgba
        /// 4 bytes C M Y K, 255 = full ink.
        case cmyk
        /// 4 bytes, 0 = full ink (Adobe's convention in JPEG).
        case cmykInverted

        var code: Int32 {
            switch self {
            case .rgb: Int32(GG_CMS_RGB)
            case .rgba: Int32(GG_CMS_RGBA)
            case .cmyk: Int32(GG_CMS_CMYK)
            case .cmykInverted: Int32(GG_CMS_CMYK_INVERTED)
            }
        }
    }

    /// Pixels converted to sRGB, and a warning when the profile could not be used.
    public struct Converted: Sendable {
        /// RGB pixels (RGBA for RGBA input).
        public var pixels: PixelBuffer
        /// Set when the profile was unreadable or unusable: the pixels were then taken as sRGB
        /// (CMYK converted without a profile).
        public var warning: String?
    }

    /// Converts pixels with an embedded profile to sRGB.
    /// - Parameters:
    ///   - pixels: The decoded pixels (3 or 4 bytes each, as `layout` says).
    ///   - layout: Their layout.
    ///   - profile: The ICC profile's bytes.
    public static func toSRGB(_ pixels: PixelBuffer, layout: Layout, profile: [UInt8]) -> Converted {
        convert(pixels, layout: layout, profile: profile, to: nil)
    }

    /// Converts pixels with an embedded profile to another RGB profile (nil: sRGB); a profile that
    /// cannot be used leaves the colours as they are (CMYK converted without a profile), with a warning.
    /// - Parameters:
    ///   - pixels: The decoded pixels (3 or 4 bytes each, as `layout` says).
    ///   - layout: Their layout.
    ///   - profile: The ICC profile's bytes.
    ///   - target: The destination profile; nil for sRGB.
    public static func convert(_ pixels: PixelBuffer, layout: Layout, profile: [UInt8], to target: [UInt8]?) -> Converted {
        let n = pixels.width * pixels.height
        let channels = layout == .rgba ? 4 : 3
        var out = [UInt8](repeating: 0, count: n * channels)
        var description = [CChar](repeating: 0, count: 128)
        let rc = profile.withUnsafeBufferPointer { p in
            (target ?? []).withUnsafeBufferPointer { t in
                pixels.bytes.withUnsafeBufferPointer { input in
                    out.withUnsafeMutableBufferPointer { output in
                        gg_cms_convert(p.baseAddress, p.count, layout.code, target == nil ? nil : t.baseAddress, t.count,
                                       input.baseAddress, n, output.baseAddress, &description, description.count)
                    }
                }
            }
        }
        if rc == Int32(GG_CMS_OK) {
            return Converted(pixels: PixelBuffer(width: pixels.width, height: pixels.height, channels: channels, bytes: out), warning: nil)
        }
        let name = description.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let what = name.isEmpty ? "the embedded ICC profile" : "the embedded ICC profile \"\(name)\""
        let why = rc == Int32(GG_CMS_BAD_PROFILE) ? "is unreadable or does not describe these pixels" : "cannot be applied"
        let warning = "\(what) \(why) (\(profile.count) bytes); colours taken as sRGB"
        switch layout {
        case .rgb, .rgba:
            return Converted(pixels: pixels, warning: warning)
        case .cmyk, .cmykInverted:
            pixels.bytes.withUnsafeBufferPointer { input in
                out.withUnsafeMutableBufferPointer { gg_cmyk_to_rgb(input.baseAddress, n, layout == .cmykInverted ? 1 : 0, $0.baseAddress) }
            }
            return Converted(pixels: PixelBuffer(width: pixels.width, height: pixels.height, bytes: out), warning: warning)
        }
    }

    /// Display P3 (D65, sRGB transfer curve), for HEIF images that say P3 by nclx primaries instead of a profile.
    public static let displayP3: [UInt8]? = rgbProfile(red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060))

    /// An ICC profile with the given primaries (CIE xy), a D65 white point and the sRGB transfer
    /// curve, made by lcms2 (Display P3 is `(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)`).
    /// - Parameters:
    ///   - red: The red primary.
    ///   - green: The green primary.
    ///   - blue: The blue primary.
    /// - Returns: The profile's bytes, or nil when lcms2 could not make it.
    ///   - white: The white point (D65 unless given).
    public static func rgbProfile(red: (Double, Double), green: (Double, Double), blue: (Double, Double),
                                  white: (Double, Double) = (0.3127, 0.3290)) -> [UInt8]? {
        var pointer: UnsafeMutablePointer<UInt8>?
        let length = gg_cms_make_rgb_profile_white(white.0, white.1, red.0, red.1, green.0, green.1, blue.0, blue.1, &pointer)
        guard length > 0, let pointer else { return nil }
        defer { free(pointer) }
        return [UInt8](UnsafeBufferPointer(start: pointer, count: length))
    }
}

extension ColorManagement {
    /// A `#rrggbb` colour in a profile's space, as sRGB (CSS colours are sRGB).
    /// - Parameters:
    ///   - hex: `#rrggbb`.
    ///   - profile: The colour's profile.
    static func hexToSRGB(_ hex: String, from profile: [UInt8]) -> String {
        let rgb = [1, 3, 5].compactMap { UInt8(hex.dropFirst($0).prefix(2), radix: 16) }
        guard rgb.count == 3 else { return hex }
        let converted = toSRGB(PixelBuffer(width: 1, height: 1, bytes: rgb), layout: .rgb, profile: profile)
        guard converted.warning == nil else { return hex }
        return PixelOps.averageColor(converted.pixels)
    }
}
