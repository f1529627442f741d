import Foundation

/// The unkeyed container of a ``DictionaryKeyGuard``: Foundation's, with nested values guarded.
struct GuardedUnkeyedContainer: UnkeyedDecodingContainer {
    var base: any UnkeyedDecodingContainer
    let state: DictionaryKeyGuard.State

    var codingPath: [any CodingKey] { base.codingPath }
    var count: Int? { base.count }
    var isAtEnd: Bool { base.isAtEnd }
    var currentIndex: Int { base.currentIndex }

    mutating func decodeNil() throws -> Bool { try base.decodeNil() }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try base.decode(type) }
    mutating func decode(_ type: String.Type) throws -> String { try base.decode(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try base.decode(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try base.decode(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try base.decode(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try base.decode(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try base.decode(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try base.decode(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try base.decode(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try base.decode(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try base.decode(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try base.decode(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try base.decode(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try base.decode(type) }

    mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? { try base.decodeIfPresent(type) }
    mutating func decodeIfPresent(_ type: String.Type) throws -> String? { try base.decodeIfPresent(type) }
    mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? { try base.decodeIfPresent(type) }
    mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? { try base.decodeIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? { try base.decodeIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? { try base.decodeIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? { try base.decodeIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? { try base.decodeIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? { try base.decodeIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? { try base.decodeIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? { try base.decodeIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? { try base.decodeIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? { try base.decodeIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? { try base.decodeIfPresent(type) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        switch GuardedRoute(for: type) {
        case .foundation:
            return try base.decode(type)
        case .dictionary(let dictionary):
            let object = try base.nestedContainer(keyedBy: JSONCodingKey.self)
            return try dictionary.decodeKeepingKeys(from: object, state: state) as! T
        case .guarded:
            // At the end Foundation's `decode` throws its `valueNotFound`.
            guard !base.isAtEnd else { return try base.decode(type) }
            return try T(from: DictionaryKeyGuard(base: try base.superDecoder(), state: state))
        }
    }

    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        // Foundation's own answer at the end: `nil`, and the index moves on.
        guard !base.isAtEnd else { return try base.decodeIfPresent(type) }
        guard try !base.decodeNil() else { return nil }
        return try decode(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(
            GuardedKeyedContainer(
                base: try base.nestedContainer(keyedBy: type), state: state))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        GuardedUnkeyedContainer(base: try base.nestedUnkeyedContainer(), state: state)
    }

    mutating func superDecoder() throws -> any Decoder {
        DictionaryKeyGuard(base: try base.superDecoder(), state: state)
    }
}
