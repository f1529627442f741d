import Foundation

extension Array: JSONObject where Element: JSONObject {
    /// Every element of a JSON array, or the error of the first one that does not decode (its
    /// coding path starts with its index).
    ///
    /// - Parameter json: The JSON value.
    public init(json: JSON) throws {
        self = try json.elements().map { try Element(json: $0) }
    }

    /// The element type's.
    public static var acceptedMediaType: String { Element.acceptedMediaType }
}

extension Dictionary: JSONObject where Key == String, Value: JSONObject {
    /// Every member of a JSON object, or the error of the first one that does not decode (its
    /// coding path ends with its key).
    ///
    /// ```swift
    /// struct Languages: GET {
    ///     typealias ResponseType = [String: Int]   // {"Swift": 5123, "C": 210}
    ///     let path = "/repos/apple/swift/languages"
    /// }
    /// ```
    ///
    /// - Parameter json: The JSON value.
    public init(json: JSON) throws {
        guard case .object(let object) = try json.requireValue(of: [String: JSONValue].self) else {
            throw json.mismatch(expected: [String: JSONValue].self)
        }
        self = try object.keys.reduce(into: [:]) { members, key in members[key] = try Value(json: json[key]) }
    }

    /// The value type's.
    public static var acceptedMediaType: String { Value.acceptedMediaType }
}

extension Optional: JSONObject where Wrapped: JSONObject {
    /// `nil` when the value is missing or `null`, the wrapped type's value otherwise.
    ///
    /// - Parameter json: The JSON value.
    public init(json: JSON) throws {
        self = json.isNullOrMissing ? nil : try Wrapped(json: json)
    }

    /// `nil` for an empty body (a 204, say) or `null`; the wrapped type's value otherwise.
    public static func decode(from body: Data, using decoder: any ResponseDecoder) throws -> Wrapped? {
        // Only a short body can be blank or `null`; anything longer goes straight to `Wrapped`.
        if body.count <= 16 {
            let trimmed = String(decoding: body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty || trimmed == "null" { return nil }
        }
        return try Wrapped.decode(from: body, using: decoder)
    }

    /// The wrapped type's.
    public static var acceptedMediaType: String { Wrapped.acceptedMediaType }
}

/// The response type of an endpoint whose response has no body worth reading: a `204 No
/// Content`, a `205`, a `HEAD`, or a `DELETE` that answers with an empty body. Any body is
/// ignored.
///
/// ```swift
/// struct DeleteRepository: DELETE {
///     typealias ResponseType = NoContent
///     let owner: String, name: String
///     var path: String { "/repos/\(owner)/\(name)" }
/// }
/// ```
public struct NoContent: JSONObject, Hashable {
    /// Creates the value.
    public init() {}

    /// Accepts any JSON.
    ///
    /// - Parameter json: Ignored.
    public init(json: JSON) {}

    /// Ignores the body.
    public static func decode(from body: Data, using decoder: any ResponseDecoder) -> NoContent {
        NoContent()
    }

    /// Anything.
    public static var acceptedMediaType: String { "*/*" }
}
