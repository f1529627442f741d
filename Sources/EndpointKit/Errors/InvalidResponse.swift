import Foundation

/// Why a response with an acceptable status cannot serve the call. Thrown as
/// ``EndpointError/invalidResponse(_:call:)``.
public enum InvalidResponse: Sendable, Equatable {
    /// A page's `next` link leads to a page that was already fetched: following it would never
    /// end. The values are the link and the number of the page that carried it, from 1.
    case repeatedPage(URL, linkedFromPage: Int)
    /// A stream's response has a `Content-Type` its format does not read: an HTML error page,
    /// or JSON where Server-Sent Events were expected. The response carries the status, the
    /// headers and the body (up to 1 MiB); `expected` names what the format reads.
    case unexpectedContentType(HTTPResponse, expected: String)
}

extension InvalidResponse: CustomStringConvertible {
    /// What is wrong with the response, in one sentence.
    public var description: String { description(includingBody: true) }

    /// ``description``, or without the body's text: "expected text/event-stream, but the server
    /// answered 200 with Content-Type text/html and a body of 1024 bytes".
    ///
    /// - Parameter includingBody: Whether to show the body's first 200 characters; without them,
    ///   its size.
    /// - Returns: The description.
    package func description(includingBody: Bool) -> String {
        switch self {
        case .repeatedPage(let url, let page):
            return "page \(page) links to \(Redaction.standard.redact(url)) as the next page, which was already fetched"
        case .unexpectedContentType(let response, let expected):
            let type = response.headers["Content-Type"].map { "Content-Type \($0)" } ?? "no Content-Type"
            let body = String(decoding: response.body.prefix(200), as: UTF8.self)
            let shown =
                body.isEmpty
                ? "an empty body"
                : includingBody ? "the body \(body.debugDescription)" : "a body of \(response.byteCount)"
            return "expected \(expected), but the server answered \(response.statusCode) with \(type) and \(shown)"
        }
    }
}
