import Foundation

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
