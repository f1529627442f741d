import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The rules ``URLSessionTransport`` follows redirects by, in one place.
///
/// URLSession on Linux forwards `Authorization`, cookies and custom headers to any host on a
/// redirect, and
/// re-sends a `307`/`308` with an empty body even when the proposed request has one
/// (`shared/LINUX-URLSESSION.md`; setting `httpBody` again does not help, `httpBodyStream`
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
    /// included, sent to the `Location`, without credentials if that is another origin.
    static func bodyPreservingRedirect(of request: URLRequest, response: HTTPResponse) -> URLRequest? {
        guard preservesBody(response.statusCode), request.httpBody?.isEmpty == false,
            let location = response.headers["Location"],
            let target = URL(string: location, relativeTo: response.url ?? request.url)?.absoluteURL,
            target.scheme?.lowercased() == "http" || target.scheme?.lowercased() == "https"
        else { return nil }
        var redirected = request
        redirected.url = target
        return strippingCredentials(from: redirected, leaving: request.url)
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
        guard let first, let second,
            let firstScheme = first.scheme?.lowercased(), let secondScheme = second.scheme?.lowercased()
        else { return false }
        return firstScheme == secondScheme && first.host?.lowercased() == second.host?.lowercased()
            && effectivePort(first, scheme: firstScheme) == effectivePort(second, scheme: secondScheme)
    }

    private static func preservesBody(_ status: Int) -> Bool {
        status == 307 || status == 308
    }

    private static func effectivePort(_ url: URL, scheme: String) -> Int? {
        url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
    }
}
