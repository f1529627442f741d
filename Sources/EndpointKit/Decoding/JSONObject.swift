import Foundation

/// A type that a response body decodes into: an endpoint's ``Endpoint/ResponseType``.
///
/// There are two ways to conform. A `Decodable` type declares the conformance and nothing else;
/// it is decoded by the client's (or the endpoint's) ``ResponseDecoder``:
///
/// ```swift
/// struct Repository: Decodable, JSONObject {
///     let name: String
///     let fullName: String
/// }
/// ```
///
/// Any other type maps parsed ``JSON`` by hand. Each lookup throws a `DecodingError` that names
/// the key path and what was found there ("`owner.login`: expected String, found null"):
///
/// ```swift
/// struct Repository: JSONObject {
///     let name: String
///     let description: String?
///     let ownerLogin: String
///
///     init(json: JSON) throws {
///         name = try json["name"].decode()
///         description = try json["description"].decode()       // nil when missing or null
///         ownerLogin = try json["owner"]["login"].decode()
///     }
/// }
/// ```
///
/// Arrays and optionals of a `JSONObject` are `JSONObject`s. An array decodes every element or
/// fails with the index of the first element that does not decode. An optional is `nil` for an
/// empty body or `null`. At the top level of a response, `String` is the body as UTF-8 text and
/// `Data` the raw bytes; ``NoContent`` ignores the body.
public protocol JSONObject: Sendable {
    /// Creates a value from parsed JSON.
    ///
    /// - Parameter json: The JSON value, with the path that leads to it.
    /// - Throws: A `DecodingError` (``JSON/decode(_:)`` throws one) or any error of your own.
    init(json: JSON) throws

    /// Decodes a whole response body. You rarely implement this: `Decodable` types go through
    /// `decoder`, other types through ``init(json:)`` on the parsed body.
    ///
    /// - Parameters:
    ///   - body: The response body.
    ///   - decoder: The response decoder of the endpoint or client.
    /// - Returns: The decoded value.
    /// - Throws: A `DecodingError` or any error of the type's own.
    static func decode(from body: Data, using decoder: any ResponseDecoder) throws -> Self

    /// The `Accept` header sent for this response type; `application/json` by default.
    static var acceptedMediaType: String { get }
}

extension JSONObject {
    /// Decodes `body`: through `decoder` when the type is `Decodable` (an array of `Decodable`
    /// elements, say), or by parsing it and calling ``init(json:)``.
    public static func decode(from body: Data, using decoder: any ResponseDecoder) throws -> Self {
        if let decodableType = Self.self as? any Decodable.Type {
            func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
                try decoder.decode(Value.self, from: body)
            }
            if let value = try decode(decodableType) as? Self {
                return value
            }
        }
        return try Self(json: JSON(parsing: body, decoder: decoder))
    }

    /// `application/json`.
    public static var acceptedMediaType: String { "application/json" }
}

extension JSONObject where Self: Decodable {
    /// Decodes the value with `decoder`.
    public static func decode(from body: Data, using decoder: any ResponseDecoder) throws -> Self {
        try decoder.decode(Self.self, from: body)
    }

    /// Decodes the value from parsed JSON, through the ``JSON/decoder`` it was parsed with, so
    /// a `Decodable` type can be nested inside a hand-mapped one.
    public init(json: JSON) throws {
        self = try json.decodeDecodable(Self.self)
    }
}
