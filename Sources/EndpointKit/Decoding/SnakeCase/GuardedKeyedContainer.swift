import Foundation

/// The keyed container of a ``DictionaryKeyGuard``: Foundation's, with nested values guarded.
///
/// Generic over Foundation's container type rather than over its `Key`: the type of `base` is then
/// one of its own generic arguments, which a call reads, instead of `KeyedDecodingContainer<Key>`
/// looked up in the runtime's metadata cache for every value decoded. A struct, so that it lives
/// inside the box of the `KeyedDecodingContainer` that holds it (one allocation per object).
struct GuardedKeyedContainer<Base: KeyedDecodingContainerProtocol>: KeyedDecodingContainerProtocol {
    typealias Key = Base.Key

    let base: Base
    let state: DictionaryKeyGuard.State

    init(base: Base, state: DictionaryKeyGuard.State) {
        self.base = base
        self.state = state
    }

    var codingPath: [any CodingKey] { base.codingPath }
    var allKeys: [Key] { base.allKeys }

    func contains(_ key: Key) -> Bool { base.contains(key) }
    func decodeNil(forKey key: Key) throws -> Bool { try base.decodeNil(forKey: key) }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try base.decode(type, forKey: key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try base.decode(type, forKey: key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try base.decode(type, forKey: key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try base.decode(type, forKey: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try base.decode(type, forKey: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try base.decode(type, forKey: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try base.decode(type, forKey: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try base.decode(type, forKey: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try base.decode(type, forKey: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try base.decode(type, forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try base.decode(type, forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try base.decode(type, forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try base.decode(type, forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try base.decode(type, forKey: key) }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try base.decodeIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try base.decodeIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try base.decodeIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try base.decodeIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try base.decodeIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        try base.decodeIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try base.decodeIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try base.decodeIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try base.decodeIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        try base.decodeIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try base.decodeIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try base.decodeIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try base.decodeIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try base.decodeIfPresent(type, forKey: key)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        switch GuardedRoute(for: type) {
        case .foundation:
            return try base.decode(type, forKey: key)
        case .dictionary(let dictionary):
            let object = try base.nestedContainer(keyedBy: JSONCodingKey.self, forKey: key)
            return try dictionary.decodeKeepingKeys(from: object, state: state) as! T
        case .guarded:
            // Foundation's `decode` throws `keyNotFound` for a missing key before `T` sees it;
            // its `superDecoder(forKey:)` would hand `T` a null instead.
            guard base.contains(key) else { return try base.decode(type, forKey: key) }
            return try T(
                from: DictionaryKeyGuard(base: try base.superDecoder(forKey: key), state: state))
        }
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        // Foundation's answer: `nil` for a missing key or a null, else the decoded value.
        guard base.contains(key), try !base.decodeNil(forKey: key) else { return nil }
        return try decode(type, forKey: key)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(
            GuardedKeyedContainer<KeyedDecodingContainer<NestedKey>>(
                base: try base.nestedContainer(keyedBy: type, forKey: key), state: state))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        GuardedUnkeyedContainer(base: try base.nestedUnkeyedContainer(forKey: key), state: state)
    }

    func superDecoder() throws -> any Decoder {
        DictionaryKeyGuard(base: try base.superDecoder(), state: state)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        DictionaryKeyGuard(base: try base.superDecoder(forKey: key), state: state)
    }
}
