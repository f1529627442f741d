import Foundation

/// The rules ``URLSessionTransport`` follows redirects by, in one place.
///
/// URLSession on Linux forwards `Authorization`, cookies and custom headers to any host on a
/// redirect, and
/// re-sends a `307`/`308` with an empty body even when the proposed request has one
/// (the Linux Notes article, `LinuxNotes.md`; setting `httpBody` again does not help, `httpBodyStream`
/// times out). So when the origin changes only headers known to carry no credential follow
/// (whatever header an authenticator used, `X-API-Key` say, stays behind), and a `307`/`308`
/// of a request with a body is not left to URLSession: the transport re-sends it itself.
enum RedirectPolicy {
    /// The only headers that follow a redirect to another origin.
    static let crossOriginHeaders: Set<String> = [
        "accept", "accept-encoding", "accept-language", "user-agent", "content-type", "content-length",
    ]

    /// How many `307`/`308` redirects of a request with a body the transport follows itself.
    static let maximumBodyRedirects = 10

    /// The request URLSession should follow a redirect with, or `nil` to stop and hand the
    /// redirect response back (for a `307`/`308` of a request with a body).
    static func requestToFollow(_ proposed: URLRequest, from original: URLRequest?, status: Int) -> URLRequest? {
        if preservesBody(status), original?.httpBody?.isEmpty == false {
            return nil
        }
        return strippingCredentials(from: proposed, leaving: original?.url)
    }

    /// For a `307`/`308` answer to a request with a body: the same request, body and method
    /// included, sent to the `Location`, without credentials if that is another origin (the
    /// rules of `URLRequest.redirected(by:)`).
    static func bodyPreservingRedirect(of request: URLRequest, response: HTTPResponse) -> URLRequest? {
        guard preservesBody(response.statusCode), request.httpBody?.isEmpty == false else { return nil }
        return request.redirected(by: response)
    }

    /// `request` with only ``crossOriginHeaders`` when its URL is not on the origin of `source`.
    static func strippingCredentials(from request: URLRequest, leaving source: URL?) -> URLRequest {
        guard !isSameOrigin(source, request.url) else { return request }
        var stripped = request
        for name in (request.allHTTPHeaderFields ?? [:]).keys where !crossOriginHeaders.contains(name.lowercased()) {
            stripped.setValue(nil, forHTTPHeaderField: name)
        }
        return stripped
    }

    /// Whether two URLs share scheme, host and port (default ports filled in).
    static func isSameOrigin(_ first: URL?, _ second: URL?) -> Bool {
        guard let first = first.flatMap(Origin.init), let second = second.flatMap(Origin.init) else { return false }
        return first == second
    }

    private static func preservesBody(_ status: Int) -> Bool {
        status == 307 || status == 308
    }
}

/// A URL's scheme, host and port, lower-cased and with the default port filled in: what two URLs
/// must share to be on the same origin. A client computes its base URL's once; a trace names a
/// request's server by it.
package struct Origin: Hashable, Sendable {
    package let scheme: String
    package let host: String?
    package let port: Int?

    package init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased() else { return nil }
        self.scheme = scheme
        host = url.host?.lowercased()
        port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
    }
}
