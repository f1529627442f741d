import Foundation

/// Parses UTF-8 JSON (RFC 8259, any value at the top) straight into ``JSONValue``.
///
/// `JSONSerialization` builds Foundation objects that then have to be cast and copied into
/// `JSONValue`, which took three times as long as the parse itself; this parser makes each value
/// once. It accepts what `JSONSerialization` accepts in UTF-8 (a trailing comma too), and gives
/// the same values, with two differences in numbers, both towards what ``JSONValue`` promises:
/// an integer of 19 digits that fits in `Int` is `.int` (Foundation makes it a `Double`), and a
/// number with a fraction or an exponent is the closest `Double` (Foundation's may be one off in
/// the last digit). The differential tests hold it to that.
struct JSONParser {
    /// How deep arrays and objects may nest, as in Foundation: deeper input is refused, not
    /// allowed to exhaust the stack.
    static let maximumDepth = 512

    private let bytes: UnsafeRawBufferPointer
    private var index = 0
    private var depth = 0

    private init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Whether `data` is UTF-8 for this parser: UTF-16 and UTF-32 (a byte-order mark, or a zero
    /// byte among the first four) are left to `JSONSerialization`.
    static func canParse(_ data: Data) -> Bool {
        guard let first = data.first else { return true }
        return first != 0xFE && first != 0xFF && !data.prefix(4).contains(0)
    }

    /// Parses one JSON value, with optional whitespace and a UTF-8 byte-order mark around it.
    ///
    /// - Throws: ``JSONSyntaxError`` naming the first byte that is not JSON.
    static func parse(_ data: Data) throws(JSONSyntaxError) -> JSONValue {
        let result: Result<JSONValue, JSONSyntaxError> = data.withUnsafeBytes { bytes in
            var parser = JSONParser(bytes: bytes)
            return Result { () throws(JSONSyntaxError) in try parser.parseDocument() }
        }
        return try result.get()
    }

    private mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw error("unexpected \(describeByte()) after the value") }
        return value
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("the body ends where a value should start") }
        switch bytes[index] {
        case Byte.quote: return .string(try parseString())
        case Byte.openBrace: return try parseObject()
        case Byte.openBracket: return try parseArray()
        case Byte.t: return try parseLiteral("true", as: .bool(true))
        case Byte.f: return try parseLiteral("false", as: .bool(false))
        case Byte.n: return try parseLiteral("null", as: .null)
        case Byte.minus, Byte.zero...Byte.nine: return try parseNumber()
        default: throw error("unexpected \(describeByte()) where a value should start")
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        var object: [String: JSONValue] = [:]
        if try open(closingWith: Byte.closeBrace) { return .object(object) }
        repeat {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == Byte.quote else {
                throw error("expected a key in quotes, found \(describeByte())")
            }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == Byte.colon else {
                throw error("expected ':' after the key \"\(key)\", found \(describeByte())")
            }
            index += 1
            skipWhitespace()
            object[key] = try parseValue()
        } while try !closesAfterItem(closingWith: Byte.closeBrace, in: "an object")
        return .object(object)
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        var array: [JSONValue] = []
        if try open(closingWith: Byte.closeBracket) { return .array(array) }
        repeat {
            skipWhitespace()
            array.append(try parseValue())
        } while try !closesAfterItem(closingWith: Byte.closeBracket, in: "an array")
        return .array(array)
    }

    /// Moves past the `{` or `[` at `index` and the whitespace after it; whether the container is
    /// empty and already closed again.
    private mutating func open(closingWith closer: UInt8) throws(JSONSyntaxError) -> Bool {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw error("arrays and objects nest deeper than \(Self.maximumDepth) levels")
        }
        index += 1
        skipWhitespace()
        return close(with: closer)
    }

    /// After a member or an element: moves past the `,` that follows it, or past `closer`;
    /// whether the container closed.
    private mutating func closesAfterItem(closingWith closer: UInt8, in container: String) throws(JSONSyntaxError)
        -> Bool
    {
        skipWhitespace()
        guard index < bytes.count else { throw error("the body ends inside \(container)") }
        if bytes[index] == Byte.comma {
            index += 1
            // One trailing comma, which `JSONSerialization` accepts: `[1, 2,]`, `{"a": 1,}`.
            skipWhitespace()
            return close(with: closer)
        }
        guard close(with: closer) else {
            throw error(
                "expected ',' or '\(Character(Unicode.Scalar(closer)))' in \(container), found \(describeByte())")
        }
        return true
    }

    /// Moves past `closer` if it is next, leaving the container.
    private mutating func close(with closer: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == closer else { return false }
        index += 1
        depth -= 1
        return true
    }

    private mutating func parseLiteral(_ literal: StaticString, as value: JSONValue) throws(JSONSyntaxError)
        -> JSONValue
    {
        let expected = UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        guard bytes.count - index >= expected.count,
            memcmp(bytes.baseAddress! + index, expected.baseAddress!, expected.count) == 0
        else {
            throw error("unexpected \(describeByte()) where a value should start")
        }
        index += expected.count
        return value
    }

    /// Parses the string whose opening quote is at `index`, and moves past its closing quote.
    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = index + 1
        var end = start
        var isASCII = true
        // The usual string: no escape, found in one pass and made without a copy.
        while end < bytes.count {
            let byte = bytes[end]
            if byte == Byte.quote {
                index = end + 1
                let text = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
                guard isASCII || UTF8Validation.isValid(text) else {
                    throw error("a string is not valid UTF-8", at: start)
                }
                return String(decoding: text, as: UTF8.self)
            }
            if byte == Byte.backslash { break }
            if byte < 0x20 { throw error("a control character (\(byteName(byte))) inside a string", at: end) }
            isASCII = isASCII && byte < 0x80
            end += 1
        }
        guard end < bytes.count else { throw error("a string is not closed", at: index) }
        return try parseEscapedString(from: start, plainUpTo: end)
    }

    /// The rest of a string that holds an escape: its bytes are unescaped into a buffer.
    private mutating func parseEscapedString(from start: Int, plainUpTo plainEnd: Int) throws(JSONSyntaxError)
        -> String
    {
        var unescaped = [UInt8](UnsafeRawBufferPointer(rebasing: bytes[start..<plainEnd]))
        var position = plainEnd
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case Byte.quote:
                index = position + 1
                guard unescaped.withUnsafeBytes(UTF8Validation.isValid) else {
                    throw error("a string is not valid UTF-8", at: start)
                }
                return String(decoding: unescaped, as: UTF8.self)
            case Byte.backslash:
                position += 1
                guard position < bytes.count else { break }
                let escape = bytes[position]
                position += 1
                switch escape {
                case Byte.quote, Byte.backslash, Byte.slash: unescaped.append(escape)
                case Byte.b: unescaped.append(0x08)
                case Byte.f: unescaped.append(0x0C)
                case Byte.n: unescaped.append(0x0A)
                case Byte.r: unescaped.append(0x0D)
                case Byte.t: unescaped.append(0x09)
                case Byte.u:
                    let scalar = try parseUnicodeEscape(at: &position)
                    unescaped.append(contentsOf: String(Character(scalar)).utf8)
                default:
                    throw error("'\\\(byteName(escape))' is not an escape", at: position - 2)
                }
            default:
                if byte < 0x20 { throw error("a control character (\(byteName(byte))) inside a string", at: position) }
                unescaped.append(byte)
                position += 1
            }
        }
        throw error("a string is not closed", at: start - 1)
    }

    /// The scalar of a `\uXXXX` escape whose hex digits start at `position`, with the low half
    /// of a surrogate pair from the `\uXXXX` after it; `position` moves past what was read.
    private func parseUnicodeEscape(at position: inout Int) throws(JSONSyntaxError) -> Unicode.Scalar {
        let escapeStart = position - 2
        let first = try hexQuad(at: position)
        position += 4
        switch first {
        case 0xD800...0xDBFF:
            guard bytes.count - position >= 6, bytes[position] == Byte.backslash, bytes[position + 1] == Byte.u
            else {
                throw error(
                    "'\\u\(hex(first))' is the high half of a surrogate pair without its low half", at: escapeStart)
            }
            let second = try hexQuad(at: position + 2)
            guard (0xDC00...0xDFFF).contains(second) else {
                throw error(
                    "'\\u\(hex(first))' is followed by '\\u\(hex(second))', not the low half of a surrogate pair",
                    at: escapeStart)
            }
            position += 6
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
        case 0xDC00...0xDFFF:
            throw error("'\\u\(hex(first))' is the low half of a surrogate pair without its high half", at: escapeStart)
        default:
            return Unicode.Scalar(first)!
        }
    }

    private func hexQuad(at position: Int) throws(JSONSyntaxError) -> UInt32 {
        guard bytes.count - position >= 4 else { throw error("a '\\u' escape needs four hex digits", at: position - 2) }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = bytes[position + offset]
            let digit: UInt8
            switch byte {
            case Byte.zero...Byte.nine: digit = byte - Byte.zero
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("a '\\u' escape needs four hex digits", at: position - 2)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Parses a number: `.int` when it has no fraction or exponent and fits in `Int`, else `.double`.
    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        var position = index
        if bytes[position] == Byte.minus { position += 1 }
        let integerStart = position
        guard position < bytes.count, (Byte.zero...Byte.nine).contains(bytes[position]) else {
            throw error("'-' is not followed by a digit", at: start)
        }
        if bytes[position] == Byte.zero {
            position += 1
            if position < bytes.count, (Byte.zero...Byte.nine).contains(bytes[position]) {
                throw error("a number starts with a leading zero", at: start)
            }
        } else {
            position = skipDigits(from: position)
        }
        let integerEnd = position
        var isInteger = true
        if position < bytes.count, bytes[position] == Byte.dot {
            isInteger = false
            let fractionStart = position + 1
            position = skipDigits(from: fractionStart)
            guard position > fractionStart else { throw error("a number's '.' is not followed by a digit", at: start) }
        }
        if position < bytes.count, bytes[position] == Byte.e || bytes[position] == Byte.capitalE {
            isInteger = false
            position += 1
            if position < bytes.count, bytes[position] == Byte.plus || bytes[position] == Byte.minus { position += 1 }
            let exponentStart = position
            position = skipDigits(from: exponentStart)
            guard position > exponentStart else { throw error("a number's exponent has no digits", at: start) }
        }
        index = position

        // Up to 18 digits always fit in `Int`: the common case, without making a `String`.
        if isInteger, integerEnd - integerStart <= 18 {
            var magnitude = 0
            for offset in integerStart..<integerEnd {
                magnitude = magnitude * 10 + Int(bytes[offset] - Byte.zero)
            }
            return .int(start == integerStart ? magnitude : -magnitude)
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        if isInteger, let integer = Int(text) { return .int(integer) }
        guard let number = Double(text), number.isFinite else {
            throw error("the number \(text) does not fit in a Double", at: start)
        }
        return .double(number)
    }

    private func skipDigits(from start: Int) -> Int {
        var position = start
        while position < bytes.count, (Byte.zero...Byte.nine).contains(bytes[position]) { position += 1 }
        return position
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private func error(_ reason: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(reason: reason, offset: offset ?? index)
    }

    /// The byte at `index` for an error message, or "the end of the body".
    private func describeByte() -> String {
        index < bytes.count ? byteName(bytes[index]) : "the end of the body"
    }

    private func byteName(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(hex(UInt32(byte), digits: 2))"
    }

    private func hex(_ value: UInt32, digits: Int = 4) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}

/// Why a body is not JSON, and where.
struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
    /// What was wrong, for example "expected ',' or '}' in an object, found ']'".
    let reason: String
    /// The offset of the byte where it was found, counting from 0 at the start of the body.
    let offset: Int

    var description: String { "\(reason) (at byte \(offset))" }
}

/// The bytes the parser looks for.
private enum Byte {
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    static let slash = UInt8(ascii: "/")
    static let colon = UInt8(ascii: ":")
    static let comma = UInt8(ascii: ",")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let minus = UInt8(ascii: "-")
    static let plus = UInt8(ascii: "+")
    static let dot = UInt8(ascii: ".")
    static let zero = UInt8(ascii: "0")
    static let nine = UInt8(ascii: "9")
    static let e = UInt8(ascii: "e")
    static let capitalE = UInt8(ascii: "E")
    static let t = UInt8(ascii: "t")
    static let f = UInt8(ascii: "f")
    static let n = UInt8(ascii: "n")
    static let b = UInt8(ascii: "b")
    static let r = UInt8(ascii: "r")
    static let u = UInt8(ascii: "u")
}
