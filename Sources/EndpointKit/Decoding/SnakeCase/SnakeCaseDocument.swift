import Foundation

/// The top of a document whose keys ``SnakeCaseKeys`` rewrote: decodes `Value` through
/// ``DictionaryKeyGuard`` so that a `[String: T]` gets Foundation's `convertFromSnakeCase` result.
///
/// Foundation's strategy leaves the keys of a `[String: T]` as the JSON has them (it converts the
/// keys of every other keyed container). A rewritten document has lost them, so a dictionary is only
/// decoded from it when none of its keys is one the rewriter produced; otherwise decoding throws
/// ``SnakeCaseFallback`` and the caller decodes the original bytes with Foundation's strategy.
struct SnakeCaseDocument<Value: Decodable>: Decodable {
    let value: Value

    init(from decoder: any Decoder) throws {
        guard let convertedKeys = decoder.userInfo[.convertedSnakeCaseKeys] as? ConvertedKeys else {
            throw SnakeCaseFallback()
        }
        let state = DictionaryKeyGuard.State(convertedKeys: convertedKeys)
        let value: Value
        do {
            value = try DictionaryKeyGuard(base: decoder, state: state).singleValueContainer().decode(Value.self)
        } catch {
            throw state.gaveUp ? SnakeCaseFallback() : error
        }
        // A type may have caught the fallback (`try?`) and gone another way: the result stands
        // only if no dictionary was refused.
        guard !state.gaveUp else { throw SnakeCaseFallback() }
        self.value = value
    }
}

extension CodingUserInfoKey {
    /// The ``ConvertedKeys`` of a rewritten document, for ``SnakeCaseDocument``.
    static let convertedSnakeCaseKeys = CodingUserInfoKey(rawValue: "EndpointKit.convertedSnakeCaseKeys")!
}

/// Thrown when a rewritten document cannot give the result of Foundation's `convertFromSnakeCase`.
struct SnakeCaseFallback: Error {}
