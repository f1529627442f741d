import Foundation

/// Why a response with an acceptable status cannot serve the call. Thrown as
/// ``EndpointError/invalidResponse(_:)``.
public enum InvalidResponse: Sendable, Equatable {
    /// A page's `next` link leads to a page that was already fetched: following it would never
    /// end. The values are the link and the number of the page that carried it, from 1.
    case repeatedPage(URL, linkedFromPage: Int)
}

extension InvalidResponse: CustomStringConvertible {
    /// What is wrong with the response, in one sentence.
    public var description: String {
        switch self {
        case .repeatedPage(let url, let page):
            return "page \(page) links to \(url.absoluteString) as the next page, which was already fetched"
        }
    }
}
