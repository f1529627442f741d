import Foundation
import Testing

@testable import EndpointKit

/// Decoders and models shared by the snake_case suites.
enum SnakeCase {
    /// Foundation's own strategy: the reference.
    static func foundation() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// What the library's fast path yields, *without* its fallback to Foundation, so that a test
    /// comparing it with ``foundation()`` cannot pass by falling back.
    enum FastPath<Value> {
        /// The keys needed no change; the bytes were decoded with `.useDefaultKeys`.
        case unchanged(Value)
        /// The keys were rewritten and the result decoded.
        case rewritten(Value)
        /// The rewriter handed the document to Foundation.
        case unsupported
        /// Decoding the rewritten document threw (a dictionary with converted keys, or bad input).
        case failed(any Error)

        var value: Value? {
            switch self {
            case .unchanged(let value), .rewritten(let value): value
            case .unsupported, .failed: nil
            }
        }
    }

    static func fastPath<Value: Decodable>(_ type: Value.Type, from data: Data) -> FastPath<Value> {
        do {
            switch SnakeCaseKeys.rewrite(data) {
            case .unchanged:
                let decoder = JSONDecoder()
                decoder.dateDecodingStrategy = .iso8601
                return .unchanged(try decoder.decode(type, from: data))
            case .rewritten(let json, let convertedKeys):
                let decoder = JSONDecoder()
                decoder.dateDecodingStrategy = .iso8601
                decoder.userInfo[.convertedSnakeCaseKeys] = convertedKeys
                return .rewritten(try decoder.decode(SnakeCaseDocument<Value>.self, from: json).value)
            case .unsupported:
                return .unsupported
            }
        } catch {
            return .failed(error)
        }
    }

    /// The library's decoder as users configure it.
    static let library = JSONResponseDecoder(keyDecoding: .convertFromSnakeCase)

    /// Decodes with the library and with Foundation: the same value, or both an error with the
    /// same description.
    static func expectSameResult<Value: Decodable & Equatable>(
        _ type: Value.Type, from json: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        expectSameResult(type, from: Data(json.utf8), sourceLocation: sourceLocation)
    }

    static func expectSameResult<Value: Decodable & Equatable>(
        _ type: Value.Type, from data: Data, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let ours = Result { try library.decode(type, from: data) }
        let theirs = Result { try foundation().decode(type, from: data) }
        switch (ours, theirs) {
        case (.success(let ours), .success(let theirs)):
            #expect(ours == theirs, sourceLocation: sourceLocation)
        case (.failure(let ours), .failure(let theirs)):
            #expect(ours is DecodingError, sourceLocation: sourceLocation)
            #expect(String(describing: ours) == String(describing: theirs), sourceLocation: sourceLocation)
        default:
            Issue.record("library gave \(ours), Foundation \(theirs)", sourceLocation: sourceLocation)
        }
    }
}

/// Any JSON, read through keyed and unkeyed containers (never as a `[String: T]`), so that every
/// object key goes through the key strategy.
indirect enum KeyTree: Decodable, Equatable {
    case object([String: KeyTree])
    case array([KeyTree])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: JSONCodingKey.self) {
            var members: [String: KeyTree] = [:]
            // In key order, so that the first member to fail, and so the error, is always the same.
            for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                members[key.stringValue] = try object.decode(KeyTree.self, forKey: key)
            }
            self = .object(members)
        } else if var array = try? decoder.unkeyedContainer() {
            var elements: [KeyTree] = []
            while !array.isAtEnd {
                elements.append(try array.decode(KeyTree.self))
            }
            self = .array(elements)
        } else {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() {
                self = .null
            } else if let flag = try? value.decode(Bool.self) {
                self = .bool(flag)
            } else if let number = try? value.decode(Double.self) {
                self = .number(number)
            } else {
                self = .string(try value.decode(String.self))
            }
        }
    }

    /// The object's keys, for a one-object document.
    var keys: [String] {
        guard case .object(let members) = self else { return [] }
        return members.keys.sorted()
    }
}
