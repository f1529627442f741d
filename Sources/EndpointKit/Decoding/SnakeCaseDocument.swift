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

/// A `[String: T]`, which Foundation's key strategies leave alone.
protocol StringKeyedDictionary {
    /// Decodes the dictionary from an object, its keys as they are.
    ///
    /// - Throws: ``SnakeCaseFallback`` (and marks `state`) when a key may be one the rewriter
    ///   produced, or the error of a value.
    static func decodeKeepingKeys(
        from object: KeyedDecodingContainer<JSONCodingKey>, state: DictionaryKeyGuard.State
    ) throws -> Self
}

extension Dictionary: StringKeyedDictionary where Key == String, Value: Decodable {
    static func decodeKeepingKeys(
        from object: KeyedDecodingContainer<JSONCodingKey>, state: DictionaryKeyGuard.State
    ) throws -> Self {
        let keys = object.allKeys
        for key in keys where state.convertedKeys.mightContain(key.stringValue) {
            throw state.giveUp()
        }
        // Scalars straight from Foundation's container; anything else through a guarded one.
        let container: KeyedDecodingContainer<JSONCodingKey>
        if case .foundation = GuardedRoute(for: Value.self) {
            container = object
        } else {
            container = KeyedDecodingContainer(GuardedKeyedContainer(base: object, state: state))
        }
        var result: [String: Value] = [:]
        result.reserveCapacity(keys.count)
        for key in keys {
            result[key.stringValue] = try container.decode(Value.self, forKey: key)
        }
        return result
    }
}

/// How ``DictionaryKeyGuard`` decodes a value of some type.
enum GuardedRoute {
    /// A type Foundation decodes itself (`Date`, `URL`, `Data` and `Decimal` by its strategies, and
    /// scalars): no dictionary can hide inside it.
    case foundation
    /// A `[String: T]`.
    case dictionary(any StringKeyedDictionary.Type)
    /// Any other type: its `init(from:)` gets a guarded decoder.
    case guarded

    init(for type: Any.Type) {
        if type == String.self || type == Int.self || type == Bool.self || type == Double.self
            || type == Date.self || type == URL.self || type == Data.self || type == Decimal.self
            || type == Int64.self || type == Float.self || type == UInt64.self
        {
            self = .foundation
        } else if let dictionary = type as? any StringKeyedDictionary.Type {
            self = .dictionary(dictionary)
        } else {
            self = .guarded
        }
    }

}
