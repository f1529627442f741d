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
