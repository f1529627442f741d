#if OpenAPIGenerator
    import Yams

    /// Reads a JSON description into the tree Yams makes of YAML, as JSON's grammar says.
    ///
    /// YAML's parser refuses valid JSON (an escaped surrogate pair such as `"\ud83d\udc4d"`), and
    /// `JSONSerialization` and `JSONDecoder` forget the order of an object's members, which decides
    /// the order of the generated properties, types and endpoints. This reader keeps that order, so
    /// a description gives the same code whether it is written in YAML or in JSON.
    struct JSONReader {
        /// Nesting deeper than this is refused rather than risk the stack.
        static let maximumDepth = 512

        private let bytes: [UInt8]
        private var index = 0
        private var line = 1
        private var lineStart = 0
        private let stringTag = Tag(.str)
        private let literalTag = Tag(.implicit)

        /// Whether `text` is to be read as JSON: its first character other than white space is `{`.
        static func isJSON(_ text: String) -> Bool {
            text.unicodeScalars.first { !$0.properties.isWhitespace && $0 != "\u{FEFF}" } == "{"
        }

        /// The tree of a JSON document.
        ///
        /// - Throws: ``GeneratorError/invalidSyntax(_:)`` naming the line and column of what is wrong.
        static func read(_ text: String) throws -> Node {
            var reader = JSONReader(bytes: Array(text.utf8))
            if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
            reader.skipWhitespace()
            let root = try reader.value(depth: 0)
            reader.skipWhitespace()
            guard reader.index == reader.bytes.count else { throw reader.error("unexpected text after the document") }
            return root
        }

        private init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        private func error(_ message: String) -> GeneratorError {
            .invalidSyntax("JSON, line \(line), column \(index - lineStart + 1): \(message)")
        }

        private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        private mutating func skipWhitespace() {
            while let byte = current {
                switch byte {
                case UInt8(ascii: "\n"):
                    line += 1
                    lineStart = index + 1
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
                default: return
                }
                index += 1
            }
        }

        private mutating func expect(_ byte: UInt8) throws {
            guard current == byte else {
                throw error("expected '\(Character(Unicode.Scalar(byte)))'\(found)")
            }
            index += 1
        }

        /// `, found 'x'`, or `, found the end of the file`.
        private var found: String {
            guard let byte = current else { return ", found the end of the file" }
            return byte < 0x80 ? ", found '\(Character(Unicode.Scalar(byte)))'" : ""
        }

        private mutating func value(depth: Int) throws -> Node {
            guard depth < Self.maximumDepth else { throw error("nested more than \(Self.maximumDepth) levels deep") }
            guard let byte = current else { throw error("expected a value\(found)") }
            switch byte {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .scalar(Node.Scalar(try string(), stringTag, .doubleQuoted))
            case UInt8(ascii: "t"): return try literal("true")
            case UInt8(ascii: "f"): return try literal("false")
            case UInt8(ascii: "n"): return try literal("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
            default: throw error("expected a value\(found)")
            }
        }

        private mutating func object(depth: Int) throws -> Node {
            index += 1
            var pairs: [(Node, Node)] = []
            skipWhitespace()
            if current == UInt8(ascii: "}") {
                index += 1
                return .mapping(Node.Mapping(pairs))
            }
            while true {
                skipWhitespace()
                guard current == UInt8(ascii: "\"") else { throw error("expected a member name in quotes\(found)") }
                let key = Node.scalar(Node.Scalar(try string(), stringTag, .doubleQuoted))
                skipWhitespace()
                try expect(UInt8(ascii: ":"))
                skipWhitespace()
                pairs.append((key, try value(depth: depth + 1)))
                skipWhitespace()
                if current == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                try expect(UInt8(ascii: "}"))
                return .mapping(Node.Mapping(pairs))
            }
        }

        private mutating func array(depth: Int) throws -> Node {
            index += 1
            var elements: [Node] = []
            skipWhitespace()
            if current == UInt8(ascii: "]") {
                index += 1
                return .sequence(Node.Sequence(elements))
            }
            while true {
                skipWhitespace()
                elements.append(try value(depth: depth + 1))
                skipWhitespace()
                if current == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                try expect(UInt8(ascii: "]"))
                return .sequence(Node.Sequence(elements))
            }
        }

        private mutating func literal(_ word: String) throws -> Node {
            let utf8 = Array(word.utf8)
            guard bytes[index...].starts(with: utf8) else { throw error("expected a value\(found)") }
            index += utf8.count
            return .scalar(Node.Scalar(word, literalTag, .plain))
        }

        /// A number as JSON writes it: `-12`, `0.5`, `1e-3`; its text is kept as it is.
        private mutating func number() throws -> Node {
            let start = index
            func digits() -> Int {
                let first = index
                while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
                return index - first
            }
            if current == UInt8(ascii: "-") { index += 1 }
            if current == UInt8(ascii: "0") {
                index += 1  // no digit may follow a leading zero
            } else {
                guard digits() > 0 else { throw error("expected a digit\(found)") }
            }
            if current == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw error("expected a digit after '.'\(found)") }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                index += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { throw error("expected a digit in the exponent\(found)") }
            }
            return .scalar(Node.Scalar(String(decoding: bytes[start..<index], as: UTF8.self), literalTag, .plain))
        }

        /// A string, its escapes resolved; `\uD83D\uDC4D` (a surrogate pair) is one character.
        private mutating func string() throws -> String {
            index += 1
            var scalars = String.UnicodeScalarView()
            var runStart = index
            func flushRun() {
                scalars.append(contentsOf: String(decoding: bytes[runStart..<index], as: UTF8.self).unicodeScalars)
            }
            while true {
                guard let byte = current else { throw error("a string is not closed") }
                switch byte {
                case UInt8(ascii: "\""):
                    flushRun()
                    index += 1
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    flushRun()
                    index += 1
                    scalars.append(try escape())
                    runStart = index
                case 0..<0x20:
                    throw error("a control character must be escaped in a string")
                default:
                    index += 1
                }
            }
        }

        private mutating func escape() throws -> Unicode.Scalar {
            guard let byte = current else { throw error("a string is not closed") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return "\""
            case UInt8(ascii: "\\"): return "\\"
            case UInt8(ascii: "/"): return "/"
            case UInt8(ascii: "b"): return "\u{08}"
            case UInt8(ascii: "f"): return "\u{0C}"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "u"):
                let unit = try hexUnit()
                switch unit {
                case 0xD800..<0xDC00:
                    guard bytes[index...].starts(with: Array(#"\u"#.utf8)) else {
                        throw error("a high surrogate (\\u\(String(unit, radix: 16))) is not followed by a low one")
                    }
                    index += 2
                    let low = try hexUnit()
                    guard (0xDC00..<0xE000).contains(low) else {
                        throw error("a high surrogate (\\u\(String(unit, radix: 16))) is not followed by a low one")
                    }
                    return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
                case 0xDC00..<0xE000:
                    throw error("a low surrogate (\\u\(String(unit, radix: 16))) without a high one before it")
                default:
                    return Unicode.Scalar(unit)!
                }
            default:
                index -= 1
                throw error("'\\\(Character(Unicode.Scalar(byte)))' is not a JSON escape")
            }
        }

        /// The four hexadecimal digits of a `\u` escape.
        private mutating func hexUnit() throws -> UInt32 {
            guard index + 4 <= bytes.count,
                let unit = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
                bytes[index..<index + 4].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
            else {
                throw error("'\\u' needs four hexadecimal digits")
            }
            index += 4
            return unit
        }
    }
#endif
