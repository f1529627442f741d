import Foundation

/// Parsed JSON and the path that leads to it, for mapping a ``JSONObject`` by hand.
///
/// Subscripts never throw: they lead to a `JSON` that remembers what was missing, and
/// ``decode(_:)`` throws a `DecodingError` naming the full path and what was found there.
///
/// ```swift
/// struct RepositorySummary: JSONObject {
///     let login: String, topics: [String], license: String?, firstTopic: String
///
///     init(json: JSON) throws {
///         login = try json["owner"]["login"].decode()            // String
///         topics = try json["topics"].decode()                   // [String]
///         license = try json["license"]["spdx_id"].decode()      // String?: nil if missing or null
///         firstTopic = try json["topics"][0].decode(String.self)
///     }
/// }
/// ```
public struct JSON: Sendable {
    enum Storage: Sendable {
        case present(JSONValue)
        /// The key or index is not there, or a parent was `null` or missing.
        case missing
        /// A parent is not a container of the right kind; the value describes what it is.
        case unreachable(parentPath: [JSONCodingKey], expected: String, found: String)
    }

    let storage: Storage

    /// The keys and indexes from the top of the body to this value.
    public let codingPath: [JSONCodingKey]

    /// The decoder for `Decodable` values nested in this JSON.
    public let decoder: any ResponseDecoder

    init(storage: Storage, codingPath: [JSONCodingKey], decoder: any ResponseDecoder) {
        self.storage = storage
        self.codingPath = codingPath
        self.decoder = decoder
    }

    /// Wraps a parsed value at the top of a body.
    ///
    /// - Parameters:
    ///   - value: The parsed value.
    ///   - decoder: The decoder for nested `Decodable` values.
    public init(_ value: JSONValue, decoder: any ResponseDecoder = JSONResponseDecoder()) {
        self.init(storage: .present(value), codingPath: [], decoder: decoder)
    }

    /// Parses a body.
    ///
    /// - Parameters:
    ///   - data: UTF-8 JSON.
    ///   - decoder: The decoder for nested `Decodable` values.
    /// - Throws: `DecodingError.dataCorrupted` when `data` is empty or not JSON.
    public init(parsing data: Data, decoder: any ResponseDecoder = JSONResponseDecoder()) throws {
        self.init(try JSONValue(parsing: data), decoder: decoder)
    }

    /// The value here, or `nil` when it is missing.
    public var value: JSONValue? {
        if case .present(let value) = storage { return value }
        return nil
    }

    /// Whether the value is missing or `null`.
    public var isNullOrMissing: Bool {
        switch storage {
        case .present(.null), .missing: return true
        case .present, .unreachable: return false
        }
    }

    /// The value for `key` when this is an object.
    ///
    /// - Parameter key: An object key.
    public subscript(key: String) -> JSON {
        let path = codingPath + [JSONCodingKey(key)]
        switch storage {
        case .present(.object(let object)):
            return child(object[key].map(Storage.present) ?? .missing, path: path)
        case .present(.null), .missing:
            return child(.missing, path: path)
        case .present(let other):
            return child(
                .unreachable(parentPath: codingPath, expected: "an object", found: other.kindDescription), path: path)
        case .unreachable:
            return child(storage, path: path)
        }
    }

    /// The element at `index` when this is an array.
    ///
    /// - Parameter index: A zero-based index; out of range counts as missing.
    public subscript(index: Int) -> JSON {
        let path = codingPath + [JSONCodingKey(index)]
        switch storage {
        case .present(.array(let array)):
            return child(array.indices.contains(index) ? .present(array[index]) : .missing, path: path)
        case .present(.null), .missing:
            return child(.missing, path: path)
        case .present(let other):
            return child(
                .unreachable(parentPath: codingPath, expected: "an array", found: other.kindDescription), path: path)
        case .unreachable:
            return child(storage, path: path)
        }
    }

    /// The elements when this is an array, each with its index in its path.
    ///
    /// - Throws: A `DecodingError` when the value is missing, `null` or not an array.
    public func elements() throws -> [JSON] {
        guard case .array(let array) = try requireValue(of: [JSONValue].self) else {
            throw mismatch(expected: [JSONValue].self)
        }
        return array.indices.map { self[$0] }
    }

    /// Decodes the value here as `T`: a string, number, Boolean, array, optional, or any other
    /// ``JSONObject``.
    ///
    /// - Parameter type: The type to decode; usually inferred.
    /// - Returns: The decoded value.
    /// - Throws: A `DecodingError` whose coding path is this value's path: `keyNotFound` when it
    ///   is missing, `valueNotFound` when it is `null`, `typeMismatch` when it has another type.
    public func decode<T: JSONObject>(_ type: T.Type = T.self) throws -> T {
        try T(json: self)
    }

    private func child(_ storage: Storage, path: [JSONCodingKey]) -> JSON {
        JSON(storage: storage, codingPath: path, decoder: decoder)
    }
}
