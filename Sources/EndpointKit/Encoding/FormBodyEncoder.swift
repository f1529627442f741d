import Foundation

/// Encodes parameters as an `application/x-www-form-urlencoded` body.
///
/// Names and values are escaped exactly as ``URLQueryEncoder`` escapes them (a space is `%20`,
/// which every form parser reads as a space), and the `Content-Type` is set to
/// `application/x-www-form-urlencoded; charset=utf-8`.
public struct FormBodyEncoder: ParameterEncoder {
    /// How arrays are written.
    public var arrayEncoding: ArrayEncoding
    /// How Booleans are written.
    public var boolEncoding: BoolEncoding

    /// Creates a form encoder.
    ///
    /// - Parameters:
    ///   - arrayEncoding: How arrays are written; repeated names by default.
    ///   - boolEncoding: How Booleans are written; `true`/`false` by default.
    public init(arrayEncoding: ArrayEncoding = .repeatedKey, boolEncoding: BoolEncoding = .literal) {
        self.arrayEncoding = arrayEncoding
        self.boolEncoding = boolEncoding
    }

    /// Sets `request`'s body to the encoded fields and its `Content-Type`.
    ///
    /// - Parameters:
    ///   - parameters: The fields; an empty list gives an empty body.
    ///   - request: The request whose body changes.
    public func encode(_ parameters: Parameters, into request: inout URLRequest) throws {
        let form = FormSerializer(arrayEncoding: arrayEncoding, boolEncoding: boolEncoding).serialize(parameters)
        request.httpBody = Data(form.utf8)
        request.setValue("application/x-www-form-urlencoded; charset=utf-8", forHTTPHeaderField: "Content-Type")
    }
}
