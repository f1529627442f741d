import Foundation

/// What RFC 9111 lets a cache store (§3) and invalidate (§4.4), apart from any one store.
enum CacheRules {
    /// The methods whose responses are stored: `GET` and `HEAD`.
    static func storesResponses(to method: String?) -> Bool {
        method == HTTPMethod.get.rawValue || method == HTTPMethod.head.rawValue
    }

    /// Whether `response`, the answer to `request`, may be stored (§3): not `no-store` on either,
    /// not a partial `206`, not `Vary: *`; a status cacheable by default or explicit freshness;
    /// in a shared cache, not `private`, and with credentials only where §3.5 allows.
    static func mayStore(_ response: HTTPResponse, for request: URLRequest, hasCredential: Bool, shared: Bool) -> Bool {
        let control = CacheControl(response.headers)
        let requestControl = directives(of: request)
        guard !control.noStore, !requestControl.noStore, response.statusCode != 206, response.statusCode != 304,
            !CacheVariant.names(in: response.headers).contains("*")
        else { return false }
        if shared {
            guard !control.isPrivate else { return false }
            if hasCredential, !(control.isPublic || control.mustRevalidate || control.sharedMaxAge != nil) {
                return false
            }
        }
        return Freshness.heuristicallyCacheable.contains(response.statusCode) || control.maxAge != nil
            || response.headers["Expires"] != nil || control.isPublic || (control.isPrivate && !shared)
            || (shared && control.sharedMaxAge != nil)
    }

    /// The request's own caching directives; `Pragma: no-cache` counts as `no-cache` when there
    /// is no `Cache-Control` (RFC 9111 §5.4, for HTTP/1.0 clients).
    static func directives(of request: URLRequest) -> CacheControl {
        if let value = request.value(forHTTPHeaderField: "Cache-Control") { return CacheControl(value) }
        if let pragma = request.value(forHTTPHeaderField: "Pragma"), pragma.lowercased().contains("no-cache") {
            return CacheControl("no-cache")
        }
        return CacheControl("")
    }

    /// Whether a method invalidates what is stored for its URL when it succeeds (§4.4): any but
    /// the safe `GET`, `HEAD`, `OPTIONS` and `TRACE`.
    static func invalidates(_ method: String?) -> Bool {
        guard let method else { return false }
        return !["GET", "HEAD", "OPTIONS", "TRACE"].contains(method)
    }

    /// The URLs an unsafe request's non-error `response` invalidates (§4.4): its own, and the
    /// `Location` and `Content-Location` it names on the same origin.
    static func invalidatedURLs(by response: HTTPResponse, to url: URL) -> [URL] {
        guard (200..<400).contains(response.statusCode) else { return [] }
        var urls = [url]
        for name in ["Location", "Content-Location"] {
            if let value = response.headers[name], let target = URL(string: value, relativeTo: url)?.absoluteURL,
                Origin(target) == Origin(url), target != url
            {
                urls.append(target)
            }
        }
        return urls
    }

    /// The header fields a `304` does not change in the stored response (§3.2): the framing
    /// fields the stored body depends on, and hop-by-hop fields.
    static let fieldsKeptOnUpdate: [String] = [
        "Content-Length", "Content-Encoding", "Content-Range", "Transfer-Encoding", "Connection", "Keep-Alive",
        "Proxy-Connection", "TE", "Trailer", "Upgrade", "Proxy-Authenticate", "Proxy-Authentication-Info",
    ]

    /// `entry` with the headers of the `304` that confirmed it (§4.3.4), received at `now`.
    static func update(_ entry: CachedResponse, with notModified: HTTPResponse, requestTime: Date, now: Date)
        -> CachedResponse
    {
        var updated = entry
        var headers = notModified.headers
        for name in fieldsKeptOnUpdate { headers[name] = nil }
        updated.response.headers = entry.response.headers.merging(headers)
        updated.requestTime = requestTime
        updated.responseTime = now
        updated.isInvalidated = false
        return updated
    }
}
