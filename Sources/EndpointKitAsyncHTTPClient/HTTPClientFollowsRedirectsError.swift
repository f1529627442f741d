#if AsyncHTTPClient
    import EndpointKit
    import Foundation

    /// The `HTTPClient` given to ``AsyncHTTPClientTransport`` followed a redirect itself, so
    /// EndpointKit's redirect rules were not applied.
    ///
    /// AsyncHTTPClient strips `Authorization` and cookies on a redirect to another origin, but a
    /// custom credential header such as `X-API-Key` goes along. Create the client with
    /// ``AsyncHTTPClientTransport/makeDefaultConfiguration()`` (or set `redirectConfiguration` to
    /// `.disallow`): the transport then follows redirects itself.
    public struct HTTPClientFollowsRedirectsError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The URL that was requested.
        public var requestedURL: URL?
        /// The URL the `HTTPClient` ended at.
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
            "the HTTPClient followed a redirect from \(Redaction.standard.redact(requestedURL, missing: "?")) to "
                + "\(Redaction.standard.redact(finalURL, missing: "?")) itself; create it with "
                + "AsyncHTTPClientTransport.makeDefaultConfiguration() (redirectConfiguration: .disallow) "
                + "so that the transport follows redirects with EndpointKit's rules"
        }
    }
#endif
