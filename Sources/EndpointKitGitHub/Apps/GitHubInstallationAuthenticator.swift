#if GitHubApps
    import EndpointKit
    import Foundation

    /// Authenticates as one installation of a GitHub App: `Authorization: Bearer ghs_…`, with an
    /// installation access token that the app asks for (`POST /app/installations/{id}/access_tokens`).
    ///
    /// The token is kept until it expires within the lead time (5 minutes by default), then
    /// renewed; after a `401` it is renewed once. Renewals are single-flight: 32 requests that need
    /// a token at once wait for one `POST`. Get one from the app, which keeps one token per
    /// installation and narrowing for all its authenticators:
    ///
    /// <!-- snippet needs: pem -->
    /// ```swift
    /// let app = try GitHubApp(issuer: "Iv23liExample", privateKeyPEM: pem)
    /// let client = Client(baseURL: URL(string: "https://api.github.com")!,
    ///                     authenticator: app.installation(42, permissions: ["issues": "write"])) {
    ///     $0.api = .gitHub
    /// }
    /// ```
    ///
    /// When the token cannot be had, the call fails, as with any authenticator, with
    /// ``/EndpointKit/EndpointError/authenticationFailed(underlying:call:)``; its underlying error is the token
    /// request's ``/EndpointKit/EndpointError``, whose response is the token endpoint's: a `404` for an unknown
    /// installation, a `401` when GitHub refuses the app's JWT, each with GitHub's
    /// ``GitHubAPIError`` as its error body.
    public struct GitHubInstallationAuthenticator: Authenticator, CustomStringConvertible, CustomReflectable {
        private let tokens: RefreshingTokenAuthenticator
        /// The installation's ID.
        public let installationID: Int

        init(installationID: Int, tokens: RefreshingTokenAuthenticator) {
            self.installationID = installationID
            self.tokens = tokens
        }

        /// The installation's identity, `github-installation:` and its ID: the same for every
        /// installation token, so that a renewal keeps its cached responses.
        ///
        /// - Parameter request: The request as built.
        /// - Returns: The installation's identity.
        public func credentialIdentity(for request: URLRequest) async -> String? {
            "github-installation:\(installationID)"
        }

        /// Sets `Authorization: Bearer <installation token>`, asking for a token first when there is
        /// none or it expires within the lead time.
        ///
        /// - Parameter request: The request about to be sent.
        /// - Throws: What the call fails with: ``/EndpointKit/EndpointError/authenticationFailed(underlying:call:)``
        ///   carrying the token request's ``/EndpointKit/EndpointError``, or the ``GitHubAppError`` when the
        ///   app's JWT cannot be signed; ``/EndpointKit/EndpointError/cancelled`` when it was cancelled;
        ///   ``/EndpointKit/EndpointError/invalidRequest(_:call:)`` for a token that cannot go in a header.
        public func authenticate(_ request: inout URLRequest) async throws(EndpointError) {
            do {
                try await tokens.authenticate(&request)
            } catch {
                throw .reportingAuthenticatorError(error)
            }
        }

        /// On a `401`, asks for a new token (unless one came since `request` was sent), and has the
        /// request sent once more.
        ///
        /// - Parameters:
        ///   - response: The unacceptable response.
        ///   - request: The request as it was sent.
        /// - Returns: `true` for a `401`; `false` otherwise.
        /// - Throws: As ``authenticate(_:)``.
        public func renewCredential(after response: HTTPResponse, sentWith request: URLRequest)
            async throws(EndpointError) -> Bool
        {
            do {
                return try await tokens.renewCredential(after: response, sentWith: request)
            } catch {
                throw .reportingAuthenticatorError(error)
            }
        }

        /// The same as ``renewCredential(after:sentWith:)``, for callers written against 0.3.0's name.
        @available(*, deprecated, renamed: "renewCredential(after:sentWith:)")
        public func refreshCredential(after response: HTTPResponse, sentWith request: URLRequest) async throws -> Bool {
            try await renewCredential(after: response, sentWith: request)
        }

        /// `GitHubInstallationAuthenticator(installationID: …)`: never a token.
        public var description: String { "GitHubInstallationAuthenticator(installationID: \(installationID))" }

        /// A mirror with the installation ID only.
        public var customMirror: Mirror {
            Mirror(self, children: ["installationID": installationID], displayStyle: .struct)
        }
    }

    /// Sets only the `Authorization` header, through ``/EndpointKit/RefreshingTokenAuthenticator``, which
    /// refuses a token that cannot go in it: its requests take the fast path.
    extension GitHubInstallationAuthenticator: SetsOnlyValidHeaders {}
#endif
