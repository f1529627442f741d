import Foundation
import Testing

@testable import EndpointKit

/// `JSONValue(parsing:)` parses UTF-8 itself; `JSONSerialization` is the reference for what it
/// accepts and what it makes of it.
@Suite("Parsing JSON bodies into JSONValue")
struct JSONParserTests {
    /// Ours and `JSONSerialization`'s: the same value, or both an error.
    static func expectSameAsFoundation(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) {
        // A zero byte among the first four reads as UTF-16 or UTF-32: JSONSerialization's to parse.
        guard JSONParser.canParse(data) else { return }
        let ours = Result { () throws(JSONSyntaxError) in try JSONParser.parse(data) }
        let reference = Result { try JSONValue(serializing: data) }
        switch (ours, reference) {
        case (.success(let value), .success(let expected)):
            #expect(
                sameJSON(value, expected),
                "\(value) is not \(expected) for \(String(reflecting: String(decoding: data, as: UTF8.self)))",
                sourceLocation: sourceLocation)
        case (.failure, .failure):
            break
        case (.success(let value), .failure(let error)):
            Issue.record(
                "parsed \(String(reflecting: String(decoding: data, as: UTF8.self))) as \(value); JSONSerialization threw \(error)",
                sourceLocation: sourceLocation)
        case (.failure(let error), .success(let expected)):
            Issue.record(
                "refused \(String(reflecting: String(decoding: data, as: UTF8.self))) (\(error)); JSONSerialization made \(expected)",
                sourceLocation: sourceLocation)
        }
    }

    /// Equal values, where a number may differ in its last bit, or be an `Int` where
    /// `JSONSerialization` made a `Double`: it rounds some fractions one off and turns integers
    /// of 19 digits into `Double`s, where the parser keeps what `JSONValue` promises.
    static func sameJSON(_ ours: JSONValue, _ theirs: JSONValue) -> Bool {
        switch (ours, theirs) {
        case (.int(let integer), .double(let number)):
            return Double(integer) == number && String(integer).count >= 19
        case (.double(let ours), .double(let theirs)):
            return ours == theirs || abs(ours - theirs) <= 4 * max(ours.ulp, theirs.ulp)
        case (.array(let ours), .array(let theirs)):
            return ours.count == theirs.count && zip(ours, theirs).allSatisfy { sameJSON($0, $1) }
        case (.object(let ours), .object(let theirs)):
            return ours.count == theirs.count
                && ours.allSatisfy { key, value in theirs[key].map { sameJSON(value, $0) } ?? false }
        default:
            return ours == theirs
        }
    }

    @Test(
        "Every kind of value parses as with JSONSerialization",
        arguments: [
            #"{"a": 1, "b": [true, false, null], "c": {"d": "e"}, "f": -2.5, "g": ""}"#, "[]", "{}", " [ ] ",
            #""just a string""#, "42", "-0", "0", "1.0", "1e2", "1E+2", "-1.5e-3", "0.000001", "123456789.123456789",
            "9223372036854775807", "-9223372036854775808", "9223372036854775808", "18446744073709551616",
            "123456789012345678901234567890", "999999999999999999", "1000000000000000000", "true", "null",
            #"["\"\\\/\b\f\n\r\t"]"#, #""\u00e9\u4e2d\ud83d\ude80\u0000""#, #""é中🚀""#, "\u{FEFF}[1]",
            #"{"dup": 1, "dup": 2}"#, "[1, 2,]", #"{"a": 1 , }"#, "\n\t\r [1,\n2]\n",
            #"[1.7976931348623157e308, 5e-324, 2.2250738585072014e-308]"#,
        ])
    func parsesLikeFoundation(json: String) {
        Self.expectSameAsFoundation(Data(json.utf8))
    }

    @Test(
        "What is not JSON is refused, as by JSONSerialization",
        arguments: [
            "{", "[1,,]", #"{"a":1,,}"#, "[1 2]", "01", "-01", "1.", ".5", "+1", "-", "1e", "1e+", "tru", "nul",
            "falsey", #""abc"#, #""\x""#, #""\u12""#, #""\u12G4""#, #""\uD800""#, #""\uDC00x""#, #""\uD800\u0041""#,
            "\"a\u{01}b\"", "\"tab\there\"", "1 2", "NaN", "Infinity", "-Infinity", "1e400", "-1e400", "[", "]",
            #"{"a" 1}"#, #"{a: 1}"#, #"{"a":}"#, "'single'", "[1,,2]", "{,}", "[,1]", "//comment\n1",
        ])
    func refusesWhatIsNotJSON(json: String) {
        Self.expectSameAsFoundation(Data(json.utf8))
        #expect(throws: DecodingError.self) { try JSONValue(parsing: Data(json.utf8)) }
    }

    @Test("Bytes that are not UTF-8 inside a string are refused, as by JSONSerialization")
    func refusesInvalidUTF8() {
        for bytes: [UInt8] in [
            [0xC3], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFE],
        ] {
            Self.expectSameAsFoundation(Data([0x22] + bytes + [0x22]))
            Self.expectSameAsFoundation(Data([0x22, 0x5C, 0x6E] + bytes + [0x22]))
        }
    }

    @Test("The error says what was wrong and at which byte")
    func namesTheFaultAndItsOffset() {
        #expect(throws: JSONSyntaxError(reason: "expected ',' or '}' in an object, found ']'", offset: 7)) {
            try JSONParser.parse(Data(#"{"a": 1]"#.utf8))
        }
        do {
            _ = try JSONValue(parsing: Data(#"[1, 2"#.utf8))
            Issue.record("a truncated array parsed")
        } catch {
            #expect("\(error)".contains("The body is not valid JSON: the body ends inside an array (at byte 5)."))
        }
    }

    @Test("Nesting deeper than 512 levels is refused, never a crash")
    func refusesDeepNesting() throws {
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(try JSONParser.parse(Data(deepest.utf8)) != .null)
        for json in [
            String(repeating: "[", count: 513) + String(repeating: "]", count: 513),
            String(repeating: "[", count: 100_000),
            String(repeating: #"{"a":"#, count: 100_000),
        ] {
            #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Data(json.utf8)) }
        }
    }

    @Test("UTF-16 bodies are still parsed, by JSONSerialization")
    func parsesUTF16ThroughFoundation() throws {
        let utf16 = try #require(#"{"name": "swift"}"#.data(using: .utf16))
        #expect(try JSONValue(parsing: utf16) == .object(["name": .string("swift")]))
    }

    /// Writes random JSON rich in escapes, non-ASCII, numbers of every form and nesting.
    struct ValueWriter {
        var random: SeededGenerator
        static let stringPieces = [
            "plain", #"\""#, #"\\"#, #"\/"#, #"\b\f\n\r\t"#, #"\u0041"#, #"\u00e9"#, #"\ud83d\ude80"#, "é", "中", "🚀",
            " ", "_", #"\u0000"#,
        ]
        static let numbers = [
            "0", "-0", "7", "-12", "3.25", "-0.5", "1e3", "2E-2", "6.02e+23", "9007199254740993", "9223372036854775807",
            "9223372036854775808", "-9223372036854775809", "1234567890123456789012", "0.1", "100", "1.5e300",
        ]

        mutating func pick(_ pieces: [String]) -> String {
            pieces[Int(random.next() % UInt64(pieces.count))]
        }

        mutating func space() -> String {
            random.next() % 4 == 0 ? pick([" ", "\n", "\t", "\r\n  "]) : ""
        }

        mutating func string() -> String {
            "\"" + (0..<Int(random.next() % 4)).map { _ in pick(Self.stringPieces) }.joined() + "\""
        }

        mutating func value(depth: Int) -> String {
            switch random.next() % (depth > 4 ? 4 : 6) {
            case 0: return pick(["null", "true", "false"])
            case 1, 2: return pick(Self.numbers)
            case 3: return string()
            case 4:
                let members = (0..<Int(random.next() % 5)).map { _ in
                    space() + string() + space() + ":" + space() + value(depth: depth + 1) + space()
                }
                return "{" + members.joined(separator: ",") + "}"
            default:
                let elements = (0..<Int(random.next() % 5)).map { _ in space() + value(depth: depth + 1) + space() }
                return "[" + elements.joined(separator: ",") + "]"
            }
        }

        /// A document; every third one truncated, or with a byte changed, inserted or removed.
        mutating func document() -> Data {
            var bytes = Array((space() + value(depth: 0) + space()).utf8)
            guard !bytes.isEmpty else { return Data() }
            let position = Int(random.next() % UInt64(bytes.count))
            let noise = Array(#"":,{}[]\0123456789-+.eE ux"#.utf8) + [0x00, 0x1F, 0x80, 0xC3, 0xFF]
            switch random.next() % 15 {
            case 0: bytes.removeLast(Int(random.next() % UInt64(bytes.count)))
            case 1: bytes[position] = noise[Int(random.next() % UInt64(noise.count))]
            case 2: bytes.insert(noise[Int(random.next() % UInt64(noise.count))], at: position)
            case 3, 4: bytes.remove(at: position)
            default: break
            }
            return Data(bytes)
        }
    }

    @Test("Five thousand generated documents parse to the same values, or fail, as with JSONSerialization")
    func agreesWithFoundationOnGeneratedDocuments() {
        var writer = ValueWriter(random: .init(state: 0x4A53_4F4E))
        for _ in 0..<5_000 {
            let document = writer.document()
            guard !document.isEmpty else { continue }
            Self.expectSameAsFoundation(document)
        }
    }
}
