import Foundation

/// A `Decoder` over Foundation's, for a document with rewritten keys, that stops at every
/// `[String: T]` to check its keys (see ``SnakeCaseDocument``).
///
/// Everything else goes straight to Foundation's decoder, which keeps its date, data and number
/// handling; a nested value that is neither a scalar nor a dictionary is decoded from
/// Foundation's `superDecoder`, wrapped again, so that no dictionary escapes the check.
struct DictionaryKeyGuard: Decoder {
    /// What every guard of one decoding shares.
    final class State {
        let convertedKeys: ConvertedKeys
        /// Whether a dictionary was refused: then the whole result is, even if a type caught the error.
        private(set) var gaveUp = false

        init(convertedKeys: ConvertedKeys) {
            self.convertedKeys = convertedKeys
        }

        /// Marks the decoding as given up, and returns the error to throw.
        func giveUp() -> SnakeCaseFallback {
            gaveUp = true
            return SnakeCaseFallback()
        }
    }

    let base: any Decoder
    let state: State

    var codingPath: [any CodingKey] { base.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(
            GuardedKeyedContainer(base: try base.container(keyedBy: type), state: state))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        GuardedUnkeyedContainer(base: try base.unkeyedContainer(), state: state)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        GuardedSingleValueContainer(base: try base.singleValueContainer(), decoder: self)
    }
}

/// The single value container of a ``DictionaryKeyGuard``.
struct GuardedSingleValueContainer: SingleValueDecodingContainer {
    let base: any SingleValueDecodingContainer
    let decoder: DictionaryKeyGuard

    var codingPath: [any CodingKey] { base.codingPath }

    func decodeNil() -> Bool { base.decodeNil() }
    func decode(_ type: Bool.Type) throws -> Bool { try base.decode(type) }
    func decode(_ type: String.Type) throws -> String { try base.decode(type) }
    func decode(_ type: Double.Type) throws -> Double { try base.decode(type) }
    func decode(_ type: Float.Type) throws -> Float { try base.decode(type) }
    func decode(_ type: Int.Type) throws -> Int { try base.decode(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try base.decode(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try base.decode(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try base.decode(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try base.decode(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try base.decode(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try base.decode(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try base.decode(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try base.decode(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try base.decode(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        switch GuardedRoute(for: type) {
        case .foundation:
            return try base.decode(type)
        case .dictionary(let dictionary):
            let object = try decoder.base.container(keyedBy: JSONCodingKey.self)
            return try dictionary.decodeKeepingKeys(from: object, state: decoder.state) as! T
        case .guarded:
            return try T(from: decoder)
        }
    }
}
