import Foundation

extension HTTPHeaders {
    /// The links of the `Link` header (RFC 8288); empty when there is none or it is malformed.
    public var links: [WebLink] {
        self["Link"].flatMap { try? WebLink.parse($0) } ?? []
    }
}

extension HTTPResponse {
    /// The links of the `Link` header (RFC 8288); empty when there is none or it is malformed.
    public var links: [WebLink] { headers.links }
}

extension Response {
    /// The links of the `Link` header (RFC 8288); empty when there is none or it is malformed.
    public var links: [WebLink] { headers.links }

    /// The absolute URL of the link with relation `next`, if any.
    public var nextPageURL: URL? {
        links.first { $0.has(relation: "next") }?.url(relativeTo: url)
    }
}
