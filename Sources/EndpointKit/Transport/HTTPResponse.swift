import Foundation

/// What the server sent: the URL that answered, the status, the headers and the body bytes, as a
/// ``Transport`` returns it.
///
/// What the client decides afterwards is not here: the decoded error body travels in
/// ``StatusFailure``, whether a value came from the cache in ``Response/isFromCache``, and where
/// a download was written in the download's ``Response/value``.
public struct HTTPResponse: Sendable, Equatable {
    /// The status code, for example `200`.
    public var statusCode: Int
    /// The response headers.
    public var headers: HTTPHeaders
    /// The body; empty when there was none, or when a download wrote it to a file.
    public var body: Data
    /// The URL that answered (after redirects), when known.
    public var url: URL?
    /// Whether this is the head of a streamed response, whose body goes to the stream's reader
    /// after the middleware saw it (`body` is then empty). Not part of `==`: a stream's head
    /// equals the response it is the head of.
    package var isStreamHead = false

    /// Creates a response.
    ///
    /// - Parameters:
    ///   - statusCode: The status code.
    ///   - headers: The response headers.
    ///   - body: The body bytes.
    ///   - url: The URL that answered.
    public init(statusCode: Int, headers: HTTPHeaders = [:], body: Data = Data(), url: URL? = nil) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.url = url
    }

    /// Whether both have the same status, headers, body and URL.
    public static func == (lhs: HTTPResponse, rhs: HTTPResponse) -> Bool {
        lhs.statusCode == rhs.statusCode && lhs.headers == rhs.headers && lhs.body == rhs.body && lhs.url == rhs.url
    }
}
