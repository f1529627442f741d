import Foundation

/// Percent-encoding over UTF-8 bytes, with explicit ASCII sets.
///
/// Foundation's `CharacterSet.urlQueryAllowed` leaves `+ / ? ;` raw, and servers decode `+` as a
/// space (the Linux Notes article, `LinuxNotes.md`); `CharacterSet.alphanumerics` includes non-ASCII letters.
/// These sets are spelled out byte by byte instead.
enum PercentEncoding {
    /// RFC 3986 unreserved characters: `A-Z a-z 0-9 - . _ ~`. Everything else in a query name or
    /// value is escaped, so `+`, `&`, `=`, `/`, spaces and non-ASCII reach the server as sent.
    static let unreserved: ASCIISet = ASCIISet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// Characters allowed raw in a URL path: unreserved, sub-delimiters, `:`, `@` and `/`.
    static let path: ASCIISet = unreserved.adding("!$&'()*+,;=:@/")

    /// Escapes every byte of `text` that is not in `allowed` as `%XX` (upper-case hex).
    static func encode(_ text: some StringProtocol, allowing allowed: ASCIISet) -> String {
        var output = [UInt8]()
        output.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            append(byte, allowing: allowed, to: &output)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Escapes `text` as ``encode(_:allowing:)`` does, but writes a space as `spaces` says:
    /// `%20`, or `+` as `application/x-www-form-urlencoded` does (RFC 6749 appendix B).
    static func encode(_ text: some StringProtocol, allowing allowed: ASCIISet, spaces: SpaceEncoding) -> String {
        guard spaces == .plus else { return encode(text, allowing: allowed) }
        var output = [UInt8]()
        output.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if byte == UInt8(ascii: " ") {
                output.append(UInt8(ascii: "+"))
            } else {
                append(byte, allowing: allowed, to: &output)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes the `%XX` escapes of `text` (either case of hex), and with `spaces: .plus` each
    /// `+` as a space, as a form is read.
    ///
    /// - Returns: The decoded text, or `nil` when a `%` is not followed by two hexadecimal digits
    ///   or the bytes are not UTF-8 (as Foundation's `removingPercentEncoding` does).
    static func decode(_ text: some StringProtocol, spaces: SpaceEncoding = .percentEncoded) -> String? {
        let bytes = Array(text.utf8)
        var output = [UInt8]()
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
                    let low = hexValue(bytes[index + 2])
                else { return nil }
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(byte == UInt8(ascii: "+") && spaces == .plus ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        return String(bytes: output, encoding: .utf8)
    }

    /// The value of an ASCII hexadecimal digit.
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    /// Appends `byte` to `output`, as `%XX` unless it is in `allowed`.
    static func append(_ byte: UInt8, allowing allowed: ASCIISet, to output: inout [UInt8]) {
        if allowed.contains(byte) {
            output.append(byte)
        } else {
            output.append(UInt8(ascii: "%"))
            output.append(hexDigits[Int(byte >> 4)])
            output.append(hexDigits[Int(byte & 0x0F)])
        }
    }

    /// Whether `byte` is an ASCII hexadecimal digit.
    static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "F"),
            UInt8(ascii: "a")...UInt8(ascii: "f"):
            return true
        default:
            return false
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
}

/// A set of ASCII bytes, tested in constant time.
struct ASCIISet: Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    init(_ characters: String) {
        for byte in characters.utf8 { insert(byte) }
    }

    func adding(_ characters: String) -> ASCIISet {
        var copy = self
        for byte in characters.utf8 { copy.insert(byte) }
        return copy
    }

    func contains(_ byte: UInt8) -> Bool {
        if byte < 64 { return low & (1 << UInt64(byte)) != 0 }
        if byte < 128 { return high & (1 << UInt64(byte - 64)) != 0 }
        return false
    }

    private mutating func insert(_ byte: UInt8) {
        precondition(byte < 128, "ASCIISet holds ASCII only")
        if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
    }
}
