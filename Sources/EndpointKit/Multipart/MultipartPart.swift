import Foundation

/// One part of a `multipart/form-data` body: a text field, bytes in memory, or a file on disk.
///
/// ```swift
/// let thumbnail = Data([0x89, 0x50, 0x4E, 0x47])
/// let body: RequestBody = .multipart([
///     .field("title", "Holiday"),
///     .file(URL(fileURLWithPath: "/tmp/photo.jpg"), name: "photo", contentType: "image/jpeg"),
///     .data(thumbnail, name: "thumbnail", filename: "thumb.png", contentType: "image/png"),
/// ])
/// ```
///
/// Names and filenames may hold any characters: `"`, CR and LF are percent-encoded as browsers
/// do, everything else is sent as UTF-8.
public struct MultipartPart: Sendable {
    enum Content: Sendable {
        case data(Data)
        case file(URL)
        /// A value encoded as JSON when the body is laid out.
        case json(any Encodable & Sendable, encoder: JSONBodyEncoder)
    }

    let name: String
    let filename: String?
    let contentType: String?
    let content: Content

    /// A text field, sent as UTF-8 without a `Content-Type`.
    ///
    /// - Parameters:
    ///   - name: The field's name.
    ///   - value: The field's value.
    /// - Returns: The part.
    public static func field(_ name: String, _ value: String) -> MultipartPart {
        MultipartPart(name: name, filename: nil, contentType: nil, content: .data(Data(value.utf8)))
    }

    /// Bytes in memory, sent as a file when `filename` is given.
    ///
    /// - Parameters:
    ///   - data: The bytes.
    ///   - name: The field's name.
    ///   - filename: The file name the server sees; none by default.
    ///   - contentType: The media type of `data`; `application/octet-stream` by default.
    /// - Returns: The part.
    public static func data(
        _ data: Data, name: String, filename: String? = nil, contentType: String = "application/octet-stream"
    ) -> MultipartPart {
        MultipartPart(name: name, filename: filename, contentType: contentType, content: .data(data))
    }

    /// A value sent as its JSON text, the way OpenAPI sends an object in a multipart body: a part
    /// without a file name whose `Content-Type` is `application/json` unless you say otherwise.
    ///
    /// ```swift
    /// struct ExpiresAfter: Encodable, Sendable {
    ///     let anchor: String
    ///     let seconds: Int
    /// }
    /// let part = MultipartPart.json(ExpiresAfter(anchor: "created_at", seconds: 3600), name: "expires_after")
    /// ```
    ///
    /// The value is encoded when the body is built; a value that cannot be encoded (a `Double.nan`)
    /// fails the call with ``InvalidRequest/encodingFailed(description:)`` before anything is sent.
    ///
    /// - Parameters:
    ///   - value: The value to encode.
    ///   - name: The field's name.
    ///   - contentType: The part's media type; `application/json` by default.
    ///   - encoder: How the value becomes JSON; ``JSONBodyEncoder``'s defaults (ISO 8601 dates) by default.
    /// - Returns: The part.
    public static func json(
        _ value: some Encodable & Sendable, name: String, contentType: String = "application/json",
        encoder: JSONBodyEncoder = .json
    ) -> MultipartPart {
        MultipartPart(name: name, filename: nil, contentType: contentType, content: .json(value, encoder: encoder))
    }

    /// A file on disk, read while the request is sent rather than loaded into memory, so its
    /// size does not matter.
    ///
    /// - Parameters:
    ///   - url: The file's URL.
    ///   - name: The field's name.
    ///   - filename: The file name the server sees; the URL's last path component by default.
    ///   - contentType: The media type; guessed from the file's extension by default
    ///     (`application/octet-stream` when unknown).
    /// - Returns: The part.
    public static func file(
        _ url: URL, name: String, filename: String? = nil, contentType: String? = nil
    ) -> MultipartPart {
        MultipartPart(
            name: name, filename: filename ?? url.lastPathComponent,
            contentType: contentType ?? MediaType.guess(forPathExtension: url.pathExtension), content: .file(url))
    }
}

/// Media types for common file extensions.
enum MediaType {
    static let byExtension: [String: String] = [
        "json": "application/json", "txt": "text/plain", "csv": "text/csv", "html": "text/html",
        "xml": "application/xml", "pdf": "application/pdf", "zip": "application/zip", "gz": "application/gzip",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "svg": "image/svg+xml", "heic": "image/heic", "mp4": "video/mp4", "mov": "video/quicktime",
        "mp3": "audio/mpeg", "m4a": "audio/mp4", "wav": "audio/wav",
    ]

    static func guess(forPathExtension pathExtension: String) -> String {
        byExtension[pathExtension.lowercased()] ?? "application/octet-stream"
    }
}
