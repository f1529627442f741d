import Foundation

/// Encodes an `Encodable` request body into a request, setting its `Content-Type`.
///
/// The client's default is ``JSONBodyEncoder``; conform to send another format.
///
/// ```swift
/// struct PropertyListBodyEncoder: BodyEncoder {
///     func encode<Value: Encodable>(_ value: Value, into request: inout URLRequest) throws {
///         request.httpBody = try PropertyListEncoder().encode(value)
///         request.setValue("application/x-plist", forHTTPHeaderField: "Content-Type")
///     }
/// }
/// ```
public protocol BodyEncoder: Sendable {
    /// Sets `request`'s body to the encoded `value` and its `Content-Type`.
    ///
    /// - Parameters:
    ///   - value: The value to encode.
    ///   - request: The request whose body changes.
    /// - Throws: Any error; the client reports it as ``EndpointError/invalidRequest(_:call:)``.
    func encode<Value: Encodable>(_ value: Value, into request: inout URLRequest) throws
}

extension BodyEncoder where Self == JSONBodyEncoder {
    /// JSON with `JSONEncoder`'s default settings.
    public static var json: JSONBodyEncoder { JSONBodyEncoder() }
}

/// Encodes bodies as JSON (`Content-Type: application/json`).
///
/// <!-- snippet needs: url -->
/// ```swift
/// let client = Client(baseURL: url) { $0.bodyEncoder = JSONBodyEncoder(keyEncoding: .convertToSnakeCase) }
/// ```
public struct JSONBodyEncoder: BodyEncoder, @unchecked Sendable {
    // `@unchecked`: `JSONEncoder` is a class, declared `Sendable` only from macOS 13 / iOS 16.
    // This one is configured in `init` and never mutated or handed out afterwards, and `encode`
    // keeps its state per call, so sharing it between tasks is safe.
    private let encoder: JSONEncoder

    /// Creates a JSON body encoder.
    ///
    /// - Parameters:
    ///   - keyEncoding: How property names become JSON keys; unchanged by default.
    ///   - dateEncoding: How dates are written; ISO 8601 by default.
    ///   - outputFormatting: Formatting options, such as `.sortedKeys`; none by default.
    public init(
        keyEncoding: JSONEncoder.KeyEncodingStrategy = .useDefaultKeys,
        dateEncoding: JSONEncoder.DateEncodingStrategy = .iso8601,
        outputFormatting: JSONEncoder.OutputFormatting = []
    ) {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = keyEncoding
        encoder.dateEncodingStrategy = dateEncoding
        encoder.outputFormatting = outputFormatting
        self.encoder = encoder
    }

    /// Sets `request`'s body to `value` as JSON and its `Content-Type` to `application/json`.
    ///
    /// - Parameters:
    ///   - value: The value to encode.
    ///   - request: The request whose body changes.
    /// - Throws: `EncodingError` when `value` cannot be encoded (a `Double.nan`, say).
    public func encode<Value: Encodable>(_ value: Value, into request: inout URLRequest) throws {
        request.httpBody = try encodedBody(value)
        request.setValue(Self.contentType, forHTTPHeaderField: "Content-Type")
    }

    /// The `Content-Type` of the bodies this encoder makes.
    static let contentType = "application/json"

    /// `value` as JSON; what ``encode(_:into:)`` puts in the body.
    func encodedBody<Value: Encodable>(_ value: Value) throws -> Data {
        try encoder.encode(value)
    }
}
