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
    public var description: String {
        switch self {
        case .repeatedPage(let url, let page):
            return "page \(page) links to \(Redaction.standard.redact(url)) as the next page, which was already fetched"
        case .unexpectedContentType(let response, let expected):
            let type = response.headers["Content-Type"].map { "Content-Type \($0)" } ?? "no Content-Type"
            let body = String(decoding: response.body.prefix(200), as: UTF8.self)
            let shown = body.isEmpty ? "an empty body" : "the body \(body.debugDescription)"
            return "expected \(expected), but the server answered \(response.statusCode) with \(type) and \(shown)"
        }
    }
}
