import Foundation

/// Encodes parameters as an `application/x-www-form-urlencoded` body.
///
/// Names and values are escaped exactly as ``URLQueryEncoder`` escapes them (a space is `%20`,
/// which every form parser reads as a space, unless ``spaceEncoding`` is ``SpaceEncoding/plus``),
/// and the `Content-Type` is set to `application/x-www-form-urlencoded; charset=utf-8`.
///
/// ```swift
/// let encoder = FormBodyEncoder(spaces: .plus)   // scope=read+write, as RFC 6749 writes it
/// ```
public struct FormBodyEncoder: ParameterEncoder {
    /// How arrays are written.
    public var arrayEncoding: ArrayEncoding
    /// How Booleans are written.
    public var boolEncoding: BoolEncoding
    /// How a space is written: `%20` by default, or `+`.
    public var spaceEncoding: SpaceEncoding = .percentEncoded

    /// Creates a form encoder.
    ///
    /// - Parameters:
    ///   - arrayEncoding: How arrays are written; repeated names by default.
    ///   - boolEncoding: How Booleans are written; `true`/`false` by default.
    public init(arrayEncoding: ArrayEncoding = .repeatedKey, boolEncoding: BoolEncoding = .literal) {
        self.arrayEncoding = arrayEncoding
        self.boolEncoding = boolEncoding
    }

    /// Creates a form encoder that writes spaces as `spaces` says.
    ///
    /// - Parameters:
    ///   - arrayEncoding: How arrays are written; repeated names by default.
    ///   - boolEncoding: How Booleans are written; `true`/`false` by default.
    ///   - spaces: How a space is written: ``SpaceEncoding/plus`` for `+`.
    public init(
        arrayEncoding: ArrayEncoding = .repeatedKey, boolEncoding: BoolEncoding = .literal, spaces: SpaceEncoding
    ) {
        self.init(arrayEncoding: arrayEncoding, boolEncoding: boolEncoding)
        spaceEncoding = spaces
    }

    /// Sets `request`'s body to the encoded fields and its `Content-Type`.
    ///
    /// - Parameters:
    ///   - parameters: The fields; an empty list gives an empty body.
    ///   - request: The request whose body changes.
    public func encode(_ parameters: Parameters, into request: inout URLRequest) throws {
        let form = FormSerializer(
            arrayEncoding: arrayEncoding, boolEncoding: boolEncoding, spaceEncoding: spaceEncoding
        )
        .serialize(parameters)
        request.httpBody = Data(form.utf8)
        request.setValue("application/x-www-form-urlencoded; charset=utf-8", forHTTPHeaderField: "Content-Type")
    }
}
