import Foundation
import Testing

@testable import EndpointKit

/// RFC 9651's parser: each kind of value, the limits the RFC sets, the malformed fields it must
/// refuse, and a round trip of generated values through the serializer.
@Suite("Structured fields (RFC 9651): parsing strictly, and back to text")
struct StructuredFieldTests {
    typealias Item = StructuredField.Item
    typealias Parameters = StructuredField.Parameters

    @Test("The IETF RateLimit fields parse as lists of strings with integer parameters")
    func rateLimitFields() throws {
        let policy = try StructuredFieldParser.list(
            #""burst";q=100;w=60, "daily";q=1000;w=86400;pk=:cHJvamVjdDEyMw==:"#)
        #expect(policy.count == 2)
        #expect(policy[0].item?.value == .string("burst"))
        #expect(policy[0].parameters["q"] == .integer(100))
        #expect(policy[0].parameters["w"] == .integer(60))
        #expect(policy[1].parameters["w"]?.integer == 86400)
        #expect(policy[1].parameters["pk"] == .byteSequence(Data("project123".utf8)))
        let limit = try StructuredFieldParser.list(#""default";r=50;t=30"#)
        #expect(limit.first?.item?.value.text == "default")
        #expect(limit.first?.parameters["r"]?.number == 50)
        #expect(limit.first?.parameters["t"]?.integer == 30)
    }

    @Test("Every kind of bare item")
    func bareItems() throws {
        let cases: [(String, StructuredField.BareItem)] = [
            ("42", .integer(42)), ("-42", .integer(-42)), ("0", .integer(0)),
            ("999999999999999", .integer(999_999_999_999_999)), ("-999999999999999", .integer(-999_999_999_999_999)),
            ("4.5", .decimal(4.5)), ("-0.25", .decimal(-0.25)), ("123456789012.123", .decimal(123_456_789_012.123)),
            (#""hello world""#, .string("hello world")), (#""a \"quote\" and \\""#, .string(#"a "quote" and \"#)),
            (#""""#, .string("")), ("foo123/456", .token("foo123/456")), ("*", .token("*")),
            ("text/html", .token("text/html")), ("a:b", .token("a:b")),
            (":cHJldGVuZCBiaW5hcnk=:", .byteSequence(Data("pretend binary".utf8))),
            ("::", .byteSequence(Data())), ("?1", .boolean(true)), ("?0", .boolean(false)),
            ("@1659578233", .date(1_659_578_233)), ("@-1", .date(-1)),
            (#"%"For %c3%bcsers.""#, .displayString("For üsers.")),
            (#"%"100%25""#, .displayString("100%")),
        ]
        for (text, expected) in cases {
            #expect(try StructuredFieldParser.item(text).value == expected, "\(text)")
        }
    }

    @Test("Parameters: a key without a value is true; a repeated key keeps its place and takes the last value")
    func parameters() throws {
        let item = try StructuredFieldParser.item("abc;a=1;b=2;cde_456;a=3")
        #expect(item.value == .token("abc"))
        #expect(item.parameters.entries.map(\.key) == ["a", "b", "cde_456"])
        #expect(item.parameters["a"] == .integer(3))
        #expect(item.parameters["cde_456"] == .boolean(true))
        #expect(try StructuredFieldParser.item("1; a=2").parameters["a"] == .integer(2), "a space after ';'")
    }

    @Test("Lists: members, inner lists with parameters, optional whitespace around commas, empty")
    func lists() throws {
        let list = try StructuredFieldParser.list("sugar, tea,\trum, (\"foo\" \"bar\");lvl=5, ()")
        #expect(list.count == 5)
        #expect(list[0] == .item(Item(.token("sugar"))))
        #expect(list[2] == .item(Item(.token("rum"))), "a tab is optional whitespace")
        let level = Parameters([("lvl", .integer(5))])
        #expect(list[3] == .innerList([Item(.string("foo")), Item(.string("bar"))], parameters: level))
        #expect(list[4] == .innerList([], parameters: Parameters()))
        #expect(try StructuredFieldParser.list("").isEmpty)
        #expect(try StructuredFieldParser.list("  ").isEmpty)
        let spaced = try StructuredFieldParser.list("( 1  2 )")
        #expect(spaced.first == .innerList([Item(.integer(1)), Item(.integer(2))], parameters: Parameters()))
    }

    @Test("Dictionaries: values, true booleans with parameters, a repeated key in its first place with its last value")
    func dictionaries() throws {
        let dictionary = try StructuredFieldParser.dictionary("a=?0, b, c;foo=bar, d=(1 2), a=5")
        #expect(dictionary.entries.map(\.key) == ["a", "b", "c", "d"])
        #expect(dictionary["a"] == .item(Item(.integer(5))))
        #expect(dictionary["b"] == .item(Item(.boolean(true))))
        #expect(dictionary["c"] == .item(Item(.boolean(true), parameters: Parameters([("foo", .token("bar"))]))))
        #expect(dictionary["d"] == .innerList([Item(.integer(1)), Item(.integer(2))], parameters: Parameters()))
        #expect(dictionary["e"] == nil)
    }

    @Test("Malformed fields are refused with what was expected and where, never guessed at")
    func refusesMalformedFields() {
        let malformed: [(text: String, kind: Kind)] = [
            ("1,", .list), ("1,,2", .list), ("1 2", .list), (",1", .list), ("(1 2", .list), ("(1,2)", .list),
            ("a=1,", .dictionary), ("A=1", .dictionary), ("a=", .dictionary), ("1=2", .dictionary),
            ("1234567890123456", .item), ("-", .item), ("1.", .item), ("1.2345", .item),
            ("1234567890123.4", .item), ("12345678901234.5", .item), ("--1", .item), ("1..2", .item),
            (#""unterminated"#, .item), (#""bad \n escape""#, .item), ("\"tab\there\"", .item),
            ("\"caf\u{e9}\"", .item), (":abc", .item), (":ab$c:", .item), ("?2", .item), ("?", .item),
            ("@1.5", .item), ("@", .item), (#"%"upper %C3%BC""#, .item), (#"%"%c3""#, .item),
            (#"%"bad utf8 %ff""#, .item), ("%x", .item), ("1;A=2", .item), ("1;=2", .item), ("[", .item),
            ("", .item), ("1 trailing", .item), ("1\t", .item), ("\t1", .item),
        ]
        for (text, kind) in malformed {
            #expect(throws: StructuredFieldSyntaxError.self, "\(kind): \(text.debugDescription)") {
                try kind.parse(text)
            }
        }
        #expect(throws: StructuredFieldSyntaxError(problem: "expected a comma between members", offset: 2)) {
            try StructuredFieldParser.list("1 2")
        }
        #expect(
            "\(StructuredFieldSyntaxError(problem: "expected a digit", offset: 1))"
                == "not a structured field: expected a digit at byte 1")
    }

    @Test("Spaces around a field are ignored; a field of several lines parses as its values joined with \", \"")
    func surroundingSpaces() throws {
        #expect(try StructuredFieldParser.item("  42  ").value == .integer(42))
        let lines = ["a=1", "b=2"].joined(separator: ", ")
        #expect(try StructuredFieldParser.dictionary(lines).entries.count == 2)
    }

    @Test("Generated values serialize to text that parses back to them (2,000 of each kind)")
    func roundTrip() throws {
        var generator = SeededGenerator(state: 9651)
        for _ in 0..<2000 {
            let list = (0..<Int.random(in: 0...4, using: &generator)).map { _ in Self.member(&generator) }
            let text = StructuredField.Member.serialized(list: list)
            #expect(try StructuredFieldParser.list(text) == list, "\(text)")

            var dictionary = StructuredField.Dictionary()
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                dictionary[Self.key(&generator)] = Self.member(&generator)
            }
            let serialized = dictionary.serialized
            #expect(try StructuredFieldParser.dictionary(serialized) == dictionary, "\(serialized)")
        }
    }

    @Test("Random bytes and mutations of valid fields never crash the parser: a value or a typed error")
    func mutationsNeverCrash() {
        var generator = SeededGenerator(state: 42)
        let seeds = [
            #""burst";q=100;w=60, "daily";q=1000;w=86400"#, "a=?0, b, c;foo=bar, d=(1 2);x", #"%"caf%c3%a9""#,
            ":AQID:, @1700000000, -12.345, *tok/en", #"("a" "b");p, ()"#,
        ]
        let alphabet = Array(##" !"#$%&'()*+,-./09:;<=>?@AZ[\]^_`az{|}~"##.utf8) + [0x09, 0x00, 0x7F, 0xC3, 0xFF]
        var parsed = 0
        for round in 0..<5000 {
            var bytes = Array(seeds[round % seeds.count].utf8)
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let position = Int.random(in: 0...bytes.count, using: &generator)
                let byte = alphabet.randomElement(using: &generator)!
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes.insert(byte, at: position)
                case 1 where position < bytes.count: bytes[position] = byte
                default: if position < bytes.count { bytes.remove(at: position) }
                }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            for kind in Kind.allCases {
                if (try? kind.parse(text)) != nil { parsed += 1 }
            }
        }
        #expect(parsed > 0, "some mutations are still well formed")
    }

    // MARK: Generating values

    enum Kind: CaseIterable {
        case list, dictionary, item

        func parse(_ text: String) throws {
            switch self {
            case .list: _ = try StructuredFieldParser.list(text)
            case .dictionary: _ = try StructuredFieldParser.dictionary(text)
            case .item: _ = try StructuredFieldParser.item(text)
            }
        }
    }

    static func member(_ generator: inout SeededGenerator) -> StructuredField.Member {
        if Int.random(in: 0..<4, using: &generator) == 0 {
            let items = (0..<Int.random(in: 0...3, using: &generator)).map { _ in item(&generator) }
            return .innerList(items, parameters: parameters(&generator))
        }
        return .item(item(&generator))
    }

    static func item(_ generator: inout SeededGenerator) -> Item {
        Item(bareItem(&generator), parameters: parameters(&generator))
    }

    static func parameters(_ generator: inout SeededGenerator) -> Parameters {
        var parameters = Parameters()
        for _ in 0..<Int.random(in: 0...2, using: &generator) { parameters[key(&generator)] = bareItem(&generator) }
        return parameters
    }

    static func key(_ generator: inout SeededGenerator) -> String {
        let first = Array("abcxyz*".utf8), rest = Array("az09_-.*".utf8)
        var key = [first.randomElement(using: &generator)!]
        for _ in 0..<Int.random(in: 0...5, using: &generator) { key.append(rest.randomElement(using: &generator)!) }
        return String(decoding: key, as: UTF8.self)
    }

    static func bareItem(_ generator: inout SeededGenerator) -> StructuredField.BareItem {
        let fifteenDigits: ClosedRange<Int64> = -999_999_999_999_999...999_999_999_999_999
        func count(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }
        func pick<Element>(_ elements: [Element]) -> Element { elements.randomElement(using: &generator)! }
        switch count(0...7) {
        case 0: return .integer(Int64.random(in: fifteenDigits, using: &generator))
        case 1: return .decimal(Double(Int64.random(in: fifteenDigits, using: &generator)) / 1000)
        case 2:
            let printable = (0x20...0x7E).map { Character(Unicode.Scalar(UInt8($0))) }
            return .string(String((0..<count(0...8)).map { _ in pick(printable) }))
        case 3:
            let rest = Array("aZ09:/!#$%&'*+-.^_`|~".utf8)
            let token = [pick(Array("aZ*".utf8))] + (0..<count(0...6)).map { _ in pick(rest) }
            return .token(String(decoding: token, as: UTF8.self))
        case 4: return .byteSequence(Data((0..<count(0...9)).map { _ in UInt8(truncatingIfNeeded: count(0...255)) }))
        case 5: return .boolean(count(0...1) == 1)
        case 6: return .date(Int64.random(in: fifteenDigits, using: &generator))
        default:
            let pieces = ["a", "%", "\"", "é", "ü", "日本", " ", "~", "\u{1F600}"]
            return .displayString((0..<count(0...5)).map { _ in pick(pieces) }.joined())
        }
    }
}
