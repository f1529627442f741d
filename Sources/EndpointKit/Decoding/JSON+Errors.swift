import Foundation

extension JSON {
    /// The value here, or the `DecodingError` that says why there is none: `keyNotFound` when it
    /// is missing, `typeMismatch` when a parent is not a container.
    func requireValue<T>(of type: T.Type) throws -> JSONValue {
        switch storage {
        case .present(let value):
            return value
        case .missing:
            let key = codingPath.last ?? JSONCodingKey("")
            throw DecodingError.keyNotFound(
                key,
                .init(codingPath: Array(codingPath.dropLast()), debugDescription: "no value for \"\(key)\""))
        case .unreachable(let parentPath, let expected, let found):
            throw DecodingError.typeMismatch(
                T.self, .init(codingPath: parentPath, debugDescription: "expected \(expected), found \(found)"))
        }
    }

    /// Reads a scalar with `extract`; `null` is `valueNotFound`, another kind `typeMismatch`.
    func scalar<T>(_ type: T.Type, _ extract: (JSONValue) -> T?) throws -> T {
        let value = try requireValue(of: T.self)
        if let scalar = extract(value) {
            return scalar
        }
        if case .null = value {
            throw DecodingError.valueNotFound(T.self, .init(codingPath: codingPath, debugDescription: "found null"))
        }
        throw mismatch(expected: T.self)
    }

    /// A `typeMismatch` for the value here.
    func mismatch<T>(expected: T.Type, detail: String? = nil) -> DecodingError {
        let found = value?.kindDescription ?? "nothing"
        return DecodingError.typeMismatch(
            T.self, .init(codingPath: codingPath, debugDescription: detail ?? "found \(found)"))
    }

    /// Decodes a `Decodable` type from the value here through ``decoder``, with coding paths in
    /// its errors that start at the top of the body.
    func decodeDecodable<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try requireValue(of: T.self)
        let data = try JSONEncoder().encode(value)
        do {
            return try decoder.decode(T.self, from: data)
        } catch let error as DecodingError {
            throw error.prefixingCodingPath(with: codingPath)
        }
    }
}

extension DecodingError {
    /// The same error with `prefix` in front of its coding path.
    func prefixingCodingPath(with prefix: [any CodingKey]) -> DecodingError {
        guard !prefix.isEmpty else { return self }
        func prefixed(_ context: Context) -> Context {
            Context(
                codingPath: prefix + context.codingPath, debugDescription: context.debugDescription,
                underlyingError: context.underlyingError)
        }
        switch self {
        case .typeMismatch(let type, let context): return .typeMismatch(type, prefixed(context))
        case .valueNotFound(let type, let context): return .valueNotFound(type, prefixed(context))
        case .keyNotFound(let key, let context): return .keyNotFound(key, prefixed(context))
        case .dataCorrupted(let context): return .dataCorrupted(prefixed(context))
        @unknown default: return self
        }
    }
}
