import Foundation

/// Why a field's text is not the Structured Field it should be, and where.
package struct StructuredFieldSyntaxError: Error, Equatable, CustomStringConvertible {
    /// What was expected or what was wrong, such as `"a key"` or `"a digit after the sign"`.
    package var problem: String
    /// The offset, in bytes of the field's text, where it went wrong.
    package var offset: Int

    package var description: String { "not a structured field: \(problem) at byte \(offset)" }
}

/// Parses the text of an HTTP Structured Field (RFC 9651 §4.2) as a list, a dictionary or an
/// item: strictly, as the RFC says a parser must, so a field that is not well formed is an error,
/// never a guess.
///
/// `StructuredFieldParser.list(#""default";r=50;t=30"#)` is one member, the string `default`,
/// whose parameter `r` is the integer 50 and `t` the integer 30.
///
/// A field sent as several lines is parsed as their values joined with `", "` (§4.2).
package struct StructuredFieldParser {
    private let bytes: [UInt8]
    private var index = 0

    private init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// Parses `text` as a List (§4.2.1).
    package static func list(_ text: String) throws(StructuredFieldSyntaxError) -> [StructuredField.Member] {
        var parser = StructuredFieldParser(text)
        return try parser.whole { (parser) throws(StructuredFieldSyntaxError) in try parser.parseList() }
    }

    /// Parses `text` as a Dictionary (§4.2.2).
    package static func dictionary(_ text: String) throws(StructuredFieldSyntaxError) -> StructuredField.Dictionary {
        var parser = StructuredFieldParser(text)
        return try parser.whole { (parser) throws(StructuredFieldSyntaxError) in try parser.parseDictionary() }
    }

    /// Parses `text` as an Item (§4.2.3).
    package static func item(_ text: String) throws(StructuredFieldSyntaxError) -> StructuredField.Item {
        var parser = StructuredFieldParser(text)
        return try parser.whole { (parser) throws(StructuredFieldSyntaxError) in try parser.parseItem() }
    }

    // MARK: §4.2: the whole field

    private mutating func whole<Value>(
        _ parse: (inout StructuredFieldParser) throws(StructuredFieldSyntaxError) -> Value
    ) throws(StructuredFieldSyntaxError) -> Value {
        skipSpaces()
        let value = try parse(&self)
        skipSpaces()
        guard isAtEnd else { throw failure("the end of the field") }
        return value
    }

    // MARK: §4.2.1, §4.2.2: lists and dictionaries

    private mutating func parseList() throws(StructuredFieldSyntaxError) -> [StructuredField.Member] {
        var members: [StructuredField.Member] = []
        while !isAtEnd {
            members.append(try parseMember())
            guard try continuesAfterMember() else { break }
        }
        return members
    }

    private mutating func parseDictionary() throws(StructuredFieldSyntaxError) -> StructuredField.Dictionary {
        var dictionary = StructuredField.Dictionary()
        while !isAtEnd {
            let key = try parseKey()
            if peek == UInt8(ascii: "=") {
                index += 1
                dictionary[key] = try parseMember()
            } else {
                dictionary[key] = .item(StructuredField.Item(.boolean(true), parameters: try parseParameters()))
            }
            guard try continuesAfterMember() else { break }
        }
        return dictionary
    }

    /// After a member: `false` at the end, `true` after a comma with more to come.
    private mutating func continuesAfterMember() throws(StructuredFieldSyntaxError) -> Bool {
        skipOptionalWhitespace()
        if isAtEnd { return false }
        guard peek == UInt8(ascii: ",") else { throw failure("a comma between members") }
        index += 1
        skipOptionalWhitespace()
        guard !isAtEnd else { throw failure("a member after the last comma") }
        return true
    }

    private mutating func parseMember() throws(StructuredFieldSyntaxError) -> StructuredField.Member {
        peek == UInt8(ascii: "(") ? try parseInnerList() : .item(try parseItem())
    }

    // MARK: §4.2.1.2: inner lists

    private mutating func parseInnerList() throws(StructuredFieldSyntaxError) -> StructuredField.Member {
        index += 1  // "("
        var items: [StructuredField.Item] = []
        while !isAtEnd {
            skipSpaces()
            if peek == UInt8(ascii: ")") {
                index += 1
                return .innerList(items, parameters: try parseParameters())
            }
            items.append(try parseItem())
            guard let next = peek, next == UInt8(ascii: " ") || next == UInt8(ascii: ")") else {
                throw failure("a space or \")\" after an inner list's item")
            }
        }
        throw failure("\")\" to end the inner list")
    }

    // MARK: §4.2.3: items and parameters

    private mutating func parseItem() throws(StructuredFieldSyntaxError) -> StructuredField.Item {
        let value = try parseBareItem()
        return StructuredField.Item(value, parameters: try parseParameters())
    }

    private mutating func parseParameters() throws(StructuredFieldSyntaxError) -> StructuredField.Parameters {
        var parameters = StructuredField.Parameters()
        while peek == UInt8(ascii: ";") {
            index += 1
            skipSpaces()
            let key = try parseKey()
            var value = StructuredField.BareItem.boolean(true)
            if peek == UInt8(ascii: "=") {
                index += 1
                value = try parseBareItem()
            }
            parameters[key] = value
        }
        return parameters
    }

    private mutating func parseKey() throws(StructuredFieldSyntaxError) -> String {
        guard let first = peek, Self.isLowercaseLetter(first) || first == UInt8(ascii: "*") else {
            throw failure("a key (a lowercase letter or \"*\" first)")
        }
        let start = index
        while let byte = peek,
            Self.isLowercaseLetter(byte) || Self.isDigit(byte) || "_-.*".utf8.contains(byte)
        {
            index += 1
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func parseBareItem() throws(StructuredFieldSyntaxError) -> StructuredField.BareItem {
        guard let first = peek else { throw failure("an item") }
        switch first {
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "*"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"):
            return .token(parseToken())
        case UInt8(ascii: ":"): return .byteSequence(try parseByteSequence())
        case UInt8(ascii: "?"): return .boolean(try parseBoolean())
        case UInt8(ascii: "@"): return .date(try parseDate())
        case UInt8(ascii: "%"): return .displayString(try parseDisplayString())
        default: throw failure("an item (a number, a string, a token, a byte sequence, a boolean or a date)")
        }
    }

    // MARK: §4.2.4: numbers

    private mutating func parseNumber() throws(StructuredFieldSyntaxError) -> StructuredField.BareItem {
        let start = index
        let negative = peek == UInt8(ascii: "-")
        if negative { index += 1 }
        guard let first = peek, Self.isDigit(first) else { throw failure("a digit") }
        var digits: [UInt8] = []
        var point: Int?
        while let byte = peek {
            if Self.isDigit(byte) {
                digits.append(byte)
            } else if point == nil, byte == UInt8(ascii: ".") {
                guard digits.count <= 12 else { throw failure("at most 12 digits before a decimal point") }
                point = digits.count
            } else {
                break
            }
            index += 1
            if point == nil, digits.count > 15 { throw failure("an integer of at most 15 digits") }
            if point != nil, digits.count > 15 { throw failure("a decimal of at most 15 digits") }
        }
        let text = String(decoding: digits, as: UTF8.self)
        guard let point else {
            let magnitude = Int64(text)!  // at most 15 ASCII digits
            return .integer(negative ? -magnitude : magnitude)
        }
        let fraction = digits.count - point
        guard fraction > 0 else { throw failure("a digit after the decimal point", at: index) }
        guard fraction <= 3 else { throw failure("at most 3 digits after the decimal point", at: start) }
        let magnitude = Double(Int64(text)!) / [1, 10, 100, 1000][fraction]
        return .decimal(negative ? -magnitude : magnitude)
    }

    private mutating func parseDate() throws(StructuredFieldSyntaxError) -> Int64 {
        index += 1  // "@"
        guard case .integer(let seconds) = try parseNumber() else { throw failure("a date in whole seconds") }
        return seconds
    }

    // MARK: §4.2.5-§4.2.8: strings, tokens, byte sequences, booleans

    private mutating func parseString() throws(StructuredFieldSyntaxError) -> String {
        index += 1  // the opening quote
        var text: [UInt8] = []
        while let byte = next() {
            switch byte {
            case UInt8(ascii: "\\"):
                guard let escaped = next(), escaped == UInt8(ascii: "\"") || escaped == UInt8(ascii: "\\") else {
                    throw failure("\\\" or \\\\ after a backslash in a string", at: index - 1)
                }
                text.append(escaped)
            case UInt8(ascii: "\""):
                return String(decoding: text, as: UTF8.self)
            case 0x20...0x7E:
                text.append(byte)
            default:
                throw failure("printable ASCII in a string", at: index - 1)
            }
        }
        throw failure("a closing quote")
    }

    private mutating func parseToken() -> String {
        let start = index
        index += 1
        while let byte = peek, Self.isTokenCharacter(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "/") {
            index += 1
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func parseByteSequence() throws(StructuredFieldSyntaxError) -> Data {
        index += 1  // ":"
        let start = index
        while let byte = next() {
            if byte == UInt8(ascii: ":") {
                let encoded = String(decoding: bytes[start..<index - 1], as: UTF8.self)
                guard let data = Data(base64Encoded: encoded) else {
                    throw failure("base 64 in a byte sequence", at: start)
                }
                return data
            }
            guard Self.isBase64(byte) else { throw failure("base 64 in a byte sequence", at: index - 1) }
        }
        throw failure("\":\" to end the byte sequence")
    }

    private mutating func parseBoolean() throws(StructuredFieldSyntaxError) -> Bool {
        index += 1  // "?"
        switch next() {
        case UInt8(ascii: "1"): return true
        case UInt8(ascii: "0"): return false
        default: throw failure("1 or 0 after \"?\"", at: index - 1)
        }
    }

    // MARK: §4.2.10: display strings

    private mutating func parseDisplayString() throws(StructuredFieldSyntaxError) -> String {
        index += 1  // "%"
        guard next() == UInt8(ascii: "\"") else { throw failure("a quote after \"%\"", at: index - 1) }
        var utf8: [UInt8] = []
        while let byte = next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = next().flatMap(Self.lowercaseHexValue),
                    let low = next().flatMap(Self.lowercaseHexValue)
                else {
                    throw failure("two lowercase hexadecimal digits after \"%\"", at: index - 1)
                }
                utf8.append(high << 4 | low)
            case UInt8(ascii: "\""):
                guard let text = String(bytes: utf8, encoding: .utf8) else {
                    throw failure("UTF-8 in a display string")
                }
                return text
            case 0x20...0x7E:
                utf8.append(byte)
            default:
                throw failure("printable ASCII in a display string", at: index - 1)
            }
        }
        throw failure("a closing quote")
    }

    // MARK: Reading

    private var isAtEnd: Bool { index >= bytes.count }
    private var peek: UInt8? { isAtEnd ? nil : bytes[index] }

    private mutating func next() -> UInt8? {
        guard let byte = peek else { return nil }
        index += 1
        return byte
    }

    private mutating func skipSpaces() {
        while peek == UInt8(ascii: " ") { index += 1 }
    }

    /// Spaces and horizontal tabs (OWS), allowed around a list's or dictionary's commas.
    private mutating func skipOptionalWhitespace() {
        while peek == UInt8(ascii: " ") || peek == UInt8(ascii: "\t") { index += 1 }
    }

    private func failure(_ expected: String, at offset: Int? = nil) -> StructuredFieldSyntaxError {
        StructuredFieldSyntaxError(problem: "expected \(expected)", offset: offset ?? index)
    }

    // MARK: Characters

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private static func isLowercaseLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }

    /// RFC 9110's `tchar`.
    package static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "a")...UInt8(ascii: "z"):
            true
        default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    private static func isBase64(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="):
            true
        default: false
        }
    }

    private static func lowercaseHexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
