#if AsyncHTTPClient
    import EndpointKit
    import Foundation

    /// The `HTTPClient` given to ``AsyncHTTPClientTransport`` follows redirects itself, so
    /// EndpointKit's redirect rules would not apply.
    ///
    /// The transport reads the client's redirect configuration when it is made, and then refuses
    /// every request before sending it: ``finalURL`` is `nil`. Should that configuration ever be out
    /// of its reach, it still notices a redirect the client followed, after the fact: ``finalURL``
    /// is where the client ended.
    ///
    /// AsyncHTTPClient strips `Authorization` and cookies on a redirect to another origin, but a
    /// custom credential header such as `X-API-Key` goes along. Create the client with
    /// ``AsyncHTTPClientTransport/makeDefaultConfiguration()`` (or set `redirectConfiguration` to
    /// `.disallow`): the transport then follows redirects itself.
    public struct HTTPClientFollowsRedirectsError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The URL that was requested.
        public var requestedURL: URL?
        /// The URL the `HTTPClient` ended at; `nil` when the request was refused before it was sent.
        public var finalURL: URL?

        /// Creates the error.
        ///
        /// - Parameters:
        ///   - requestedURL: The URL that was requested.
        ///   - finalURL: The URL the `HTTPClient` ended at.
        public init(from requestedURL: URL?, to finalURL: URL?) {
            self.requestedURL = requestedURL
            self.finalURL = finalURL
        }

        /// Says what happened and how to configure the client; the URLs' credentials are redacted.
        public var description: String {
            guard finalURL != nil else {
                return "the HTTPClient given to AsyncHTTPClientTransport follows redirects itself, so nothing "
                    + "was sent; create it with AsyncHTTPClientTransport.makeDefaultConfiguration() "
                    + "(redirectConfiguration: .disallow) so that the transport follows redirects with "
                    + "EndpointKit's rules"
            }
            let from = Redaction.standard.redact(requestedURL, missing: "?")
            let to = Redaction.standard.redact(finalURL, missing: "?")
            return "the HTTPClient followed a redirect from \(from) to \(to) itself; create it with "
                + "AsyncHTTPClientTransport.makeDefaultConfiguration() (redirectConfiguration: .disallow) "
                + "so that the transport follows redirects with EndpointKit's rules"
        }
    }
#endif
