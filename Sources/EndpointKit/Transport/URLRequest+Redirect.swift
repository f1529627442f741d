import Foundation

extension URLRequest {
    /// The request to send next when `response` redirects this request, following EndpointKit's
    /// redirect rules; for a transport that follows redirects itself.
    ///
    /// The rules are those ``URLSessionTransport`` keeps:
    /// - only `301`, `302`, `303`, `307` and `308` with a `Location` that resolves (against the
    ///   response's URL) to an `http` or `https` URL are followed;
    /// - a `307` or `308` keeps the method and the body; a `303` of anything but `GET` or `HEAD`,
    ///   and a `301` or `302` of a `POST`, become a `GET` without body, `Content-Type` or
    ///   `Content-Length`; any other method and body is kept;
    /// - when the target is on another origin (scheme, host or port), only `Accept`,
    ///   `Accept-Encoding`, `Accept-Language`, `User-Agent`, `Content-Type` and `Content-Length`
    ///   follow: `Authorization`, cookies and custom headers such as `X-API-Key` stay behind.
    ///
    /// A body stream (`httpBodyStream`) cannot be read twice, so a redirect that keeps the body of
    /// a request with a body stream is not followed.
    ///
    /// ```swift
    /// func send(_ original: URLRequest, with sendOnce: (URLRequest) async throws -> HTTPResponse) async throws -> HTTPResponse {
    ///     var request = original
    ///     var response = try await sendOnce(request)
    ///     while let next = request.redirected(by: response) {
    ///         request = next
    ///         response = try await sendOnce(request)
    ///     }
    ///     return response
    /// }
    /// ```
    ///
    /// - Parameter response: The response this request got; its ``HTTPResponse/url`` should be
    ///   the URL that answered.
    /// - Returns: The request to send to the redirect's target, or `nil` when `response` is not a
    ///   redirect to follow.
    package func redirected(by response: HTTPResponse) -> URLRequest? {
        guard Self.redirectStatusCodes.contains(response.statusCode),
            let location = response.headers["Location"],
            let target = URL(string: location, relativeTo: response.url ?? url)?.absoluteURL,
            let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { return nil }
        var next = self
        next.url = target
        if Self.redirectBecomesGET(status: response.statusCode, method: (httpMethod ?? "GET").uppercased()) {
            next.httpMethod = "GET"
            next.httpBody = nil
            next.httpBodyStream = nil
            next.setValue(nil, forHTTPHeaderField: "Content-Type")
            next.setValue(nil, forHTTPHeaderField: "Content-Length")
        } else if httpBodyStream != nil {
            return nil
        }
        return RedirectPolicy.strippingCredentials(from: next, leaving: url)
    }

    private static let redirectStatusCodes: Set<Int> = [301, 302, 303, 307, 308]

    /// Whether a redirect with `status` turns a request with `method` into a bodiless `GET`.
    private static func redirectBecomesGET(status: Int, method: String) -> Bool {
        switch status {
        case 303: return method != "GET" && method != "HEAD"
        case 301, 302: return method == "POST"
        default: return false
        }
    }
}
