import Foundation

/// Decodes `Decodable` response types from body bytes.
///
/// The client has one (``JSONResponseDecoder`` by default) and an endpoint can override it with
/// ``CallOptions/decoder``. Conform to decode another format.
public protocol ResponseDecoder: Sendable {
    /// Decodes a value of `type` from `data`.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - data: The body bytes.
    /// - Returns: The decoded value.
    /// - Throws: A `DecodingError` when the data does not decode.
    func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value
}

extension ResponseDecoder where Self == JSONResponseDecoder {
    /// JSON with keys as they are and dates in ISO 8601: one decoder, made once and shared (it
    /// keeps no state between calls), so an endpoint whose `options` give `.json` on every call,
    /// as generated endpoints do, does not make a `JSONDecoder` each time.
    public static var json: JSONResponseDecoder { JSONResponseDecoder.standard }

    /// JSON with the given key and date strategies.
    ///
    /// <!-- snippet needs: url -->
    /// ```swift
    /// let client = Client(baseURL: url) { $0.decoder = .json(keyDecoding: .convertFromSnakeCase) }
    /// ```
    ///
    /// `.convertFromSnakeCase` takes a fast path (see ``JSONResponseDecoder``) that gives the same
    /// values and errors as Foundation's strategy in about a third of its time.
    ///
    /// - Parameters:
    ///   - keyDecoding: How JSON keys map to property names.
    ///   - dateDecoding: How dates are read; ISO 8601 by default.
    /// - Returns: A configured decoder.
    public static func json(
        keyDecoding: JSONDecoder.KeyDecodingStrategy,
        dateDecoding: JSONDecoder.DateDecodingStrategy = .iso8601
    ) -> JSONResponseDecoder {
        JSONResponseDecoder(keyDecoding: keyDecoding, dateDecoding: dateDecoding)
    }
}

/// Decodes JSON bodies with Foundation's `JSONDecoder`.
///
/// With `.convertFromSnakeCase` it does not convert each key as a `String` every time a container is
/// made, as `JSONDecoder` does: it converts the keys of the body's bytes once, in one pass, and
/// decodes the result with `.useDefaultKeys`. On GitHub's payloads that takes about a third of the time
/// of `JSONDecoder`'s strategy, about a fifth more than JSON whose keys already match. Values and
/// errors are exactly those of `JSONDecoder`'s own strategy, including its rules that a
/// `[String: T]` keeps its keys as they are and that leading and trailing underscores stay
/// (`_links_` stays, `html_url` becomes `htmlUrl`, `utf_8` becomes `utf8`). Bodies it cannot
/// convert byte for byte (a key with an escape, or non-ASCII letters and `_`; a dictionary whose
/// keys would change; UTF-16) and bodies that fail to decode go through `JSONDecoder`'s strategy.
public struct JSONResponseDecoder: ResponseDecoder, @unchecked Sendable {
    // `@unchecked`: `JSONDecoder` is a class, declared `Sendable` only from macOS 13 / iOS 16.
    // This one (and those of `snakeCase`) is configured in `init` and never mutated or handed out
    // afterwards, and `decode` keeps its state per call, so sharing it between tasks is safe.
    private let decoder: JSONDecoder
    /// The fast path, for `.convertFromSnakeCase`.
    private let snakeCase: SnakeCaseJSONDecoder?

    /// The decoder ``ResponseDecoder/json`` gives, made once.
    static let standard = JSONResponseDecoder()

    /// Whether this decoder and `other` share one `JSONDecoder`.
    package func sharesDecoder(with other: JSONResponseDecoder) -> Bool {
        decoder === other.decoder
    }

    /// Creates a JSON decoder.
    ///
    /// - Parameters:
    ///   - keyDecoding: How JSON keys map to property names; unchanged by default. For
    ///     GitHub-style `snake_case` keys pass `.convertFromSnakeCase` (the fast path above).
    ///   - dateDecoding: How dates are read; ISO 8601 (`2026-11-21T05:14:00Z`) by default.
    public init(
        keyDecoding: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys,
        dateDecoding: JSONDecoder.DateDecodingStrategy = .iso8601
    ) {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = keyDecoding
        decoder.dateDecodingStrategy = dateDecoding
        self.decoder = decoder
        if case .convertFromSnakeCase = keyDecoding {
            snakeCase = SnakeCaseJSONDecoder(dateDecoding: dateDecoding)
        } else {
            snakeCase = nil
        }
    }

    /// Decodes a value of `type` from JSON `data`.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - data: JSON bytes.
    /// - Returns: The decoded value.
    /// - Throws: A `DecodingError` when the data is not valid JSON or does not match `type`.
    public func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        if let snakeCase {
            return try snakeCase.decode(type, from: data)
        }
        return try decoder.decode(type, from: data)
    }
}
