import Foundation

/// The body of a request, described by an endpoint and encoded by the client.
///
/// <!-- snippet needs: NewIssue, movieURL -->
/// ```swift
/// let json: RequestBody = .json(NewIssue(title: "Crash on launch"))    // the client's JSON encoder
/// let form: RequestBody = .form(["grant_type": "password", "user": "ada"])
/// let png: RequestBody = .data(Data([0x89, 0x50, 0x4E, 0x47]), contentType: "image/png")
/// let upload: RequestBody = .multipart([.field("title", "Holiday"), .file(movieURL, name: "movie")])
/// let none: RequestBody = .empty
/// ```
public struct RequestBody: Sendable {
    enum Content: Sendable {
        case empty
        case encodable(any Encodable & Sendable, encoder: (any BodyEncoder)?)
        case form(Parameters)
        case formBuilt(@Sendable () throws -> Parameters)
        case data(Data, contentType: String)
        case multipart([MultipartPart], boundary: String?)
    }

    let content: Content

    /// No body at all.
    public static let empty = RequestBody(content: .empty)

    /// An `Encodable` value, encoded by the client's body encoder (JSON by default,
    /// `Content-Type: application/json`).
    ///
    /// - Parameter value: The value to encode.
    /// - Returns: A body that encodes `value`.
    public static func json(_ value: some Encodable & Sendable) -> RequestBody {
        RequestBody(content: .encodable(value, encoder: nil))
    }

    /// An `Encodable` value, encoded by the given encoder instead of the client's.
    ///
    /// <!-- snippet needs: NewIssue -->
    /// ```swift
    /// let body: RequestBody = .json(NewIssue(title: "Crash"), encoder: JSONBodyEncoder(keyEncoding: .convertToSnakeCase))
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value to encode.
    ///   - encoder: The encoder to use for this body.
    /// - Returns: A body that encodes `value` with `encoder`.
    public static func json(_ value: some Encodable & Sendable, encoder: some BodyEncoder) -> RequestBody {
        RequestBody(content: .encodable(value, encoder: encoder))
    }

    /// Form fields, encoded by the client's form encoder
    /// (`Content-Type: application/x-www-form-urlencoded` by default).
    ///
    /// - Parameter fields: The fields, in order.
    /// - Returns: A body that carries `fields`.
    public static func form(_ fields: Parameters) -> RequestBody {
        RequestBody(content: .form(fields))
    }

    /// Form fields made when the request is built, by a function that may fail: for a field
    /// whose value is JSON text (``Parameters/append(json:for:encoder:)``), say.
    ///
    /// ```swift
    /// struct CreateCustomer: POST {
    ///     typealias ResponseType = Data
    ///     let path = "/customers"
    ///     let name: String
    ///     let metadata: [String: String]
    ///     var body: RequestBody {
    ///         .form {
    ///             var fields: Parameters = ["name": name]
    ///             try fields.append(json: metadata, for: "metadata")
    ///             return fields
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// - Parameter makeFields: Returns the fields, in order; what it throws fails the call with
    ///   ``InvalidRequest/encodingFailed(description:)`` before anything is sent.
    /// - Returns: A body that carries the fields `makeFields` returns.
    public static func form(_ makeFields: @escaping @Sendable () throws -> Parameters) -> RequestBody {
        RequestBody(content: .formBuilt(makeFields))
    }

    /// Raw bytes, sent as they are with the given `Content-Type`.
    ///
    /// - Parameters:
    ///   - data: The bytes to send.
    ///   - contentType: The media type of `data`, for example `"image/png"`.
    /// - Returns: A body that sends `data`.
    public static func data(_ data: Data, contentType: String) -> RequestBody {
        RequestBody(content: .data(data, contentType: contentType))
    }

    /// A `multipart/form-data` body: text fields, bytes and files, in order.
    ///
    /// Without files the body is built in memory. With files it is streamed: files are read as
    /// the request goes out, never loaded whole, and the request carries its exact
    /// `Content-Length`. A streamed body cannot be sent twice, so such a call is not retried.
    ///
    /// <!-- snippet needs: Attachment -->
    /// ```swift
    /// struct UploadAttachment: POST {
    ///     typealias ResponseType = Attachment
    ///     let file: URL
    ///     let path = "/attachments"
    ///     var body: RequestBody { .multipart([.field("kind", "log"), .file(file, name: "attachment")]) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - parts: The parts, in order.
    ///   - boundary: The boundary between parts; a random one by default. It must be 1 to 70
    ///     letters, digits or `'+_-.`, and must not occur in any part.
    /// - Returns: A body that sends `parts`.
    public static func multipart(_ parts: [MultipartPart], boundary: String? = nil) -> RequestBody {
        RequestBody(content: .multipart(parts, boundary: boundary))
    }
}
