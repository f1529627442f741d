import Foundation

/// A JSON text as a tree, to compare two texts member by member rather than byte by byte: the
/// order of members and the spelling of numbers (`10` and `10.0`) do not count.
indirect enum JSONTree: Decodable, Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONTree])
    case object([String: JSONTree])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let elements = try? container.decode([JSONTree].self) {
            self = .array(elements)
        } else {
            self = .object(try container.decode([String: JSONTree].self))
        }
    }

    /// The tree of a JSON text.
    init(parsing data: Data) throws {
        self = try JSONDecoder().decode(JSONTree.self, from: data)
    }

    /// The tree of a value as it encodes, with dates in ISO 8601 as the generated code decodes them.
    init(encoding value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        self = try JSONTree(parsing: encoder.encode(value))
    }

    /// The paths (`$[1].payment.iban`) where this tree (the left one) and another differ, with
    /// both values, or the side a member is missing from.
    func differences(from other: JSONTree, at path: String = "$") -> [String] {
        switch (self, other) {
        case (.object(let mine), .object(let theirs)):
            return Set(mine.keys).union(theirs.keys).sorted().flatMap { key -> [String] in
                switch (mine[key], theirs[key]) {
                case (let left?, let right?): return left.differences(from: right, at: "\(path).\(key)")
                case (let left?, nil): return ["\(path).\(key): \(left) on the left, missing on the right"]
                case (nil, let right?): return ["\(path).\(key): missing on the left, \(right) on the right"]
                case (nil, nil): return []
                }
            }
        case (.array(let mine), .array(let theirs)) where mine.count == theirs.count:
            return zip(mine, theirs).enumerated().flatMap { index, pair in
                pair.0.differences(from: pair.1, at: "\(path)[\(index)]")
            }
        default:
            return self == other ? [] : ["\(path): \(self) ≠ \(other)"]
        }
    }

    var description: String {
        switch self {
        case .null: return "null"
        case .bool(let flag): return "\(flag)"
        case .number(let number): return "\(number)"
        case .string(let text): return "\"\(text)\""
        case .array(let elements): return "[\(elements.map(\.description).joined(separator: ", "))]"
        case .object(let members):
            return
                "{\(members.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", "))}"
        }
    }
}
