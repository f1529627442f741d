#if GitHubApps
    import EndpointKit
    import Foundation

    /// Authenticates as a GitHub App, for the `/app` endpoints: `Authorization: Bearer <JWT>`,
    /// with a JWT signed by the app's private key.
    ///
    /// A JWT is made on the first request and reused until it expires within the lead time
    /// (a minute by default); after a `401` it is made anew once. Get one from the app, whose
    /// every copy shares one JWT:
    ///
    /// <!-- snippet needs: pem -->
    /// ```swift
    /// struct App: Decodable, JSONObject {
    ///     let slug: String
    /// }
    /// struct AuthenticatedApp: GET {
    ///     typealias ResponseType = App
    ///     let path = "/app"
    /// }
    ///
    /// let app = try GitHubApp(issuer: "Iv23liExample", privateKeyPEM: pem)
    /// let client = Client(baseURL: URL(string: "https://api.github.com")!, authenticator: app.authenticator) {
    ///     $0.api = .gitHub
    /// }
    /// let details = try await client.get(AuthenticatedApp())   // GET /app as the app
    /// ```
    public struct GitHubAppAuthenticator: Authenticator, CustomStringConvertible, CustomReflectable {
        private let tokens: RefreshingTokenAuthenticator
        /// The app's issuer (`iss`): its client ID or app ID.
        public let issuer: String

        /// Creates an authenticator that makes its own JWTs for `app`; ``GitHubApp/authenticator``
        /// is one already made, shared by every client of the app.
        ///
        /// - Parameters:
        ///   - app: The app whose key signs the JWTs.
        ///   - renewalLeadTime: How many seconds before its `exp` a JWT is replaced; 60 by default.
        public init(app: GitHubApp, renewalLeadTime: TimeInterval = 60) {
            self.init(signer: app.signer, renewalLeadTime: renewalLeadTime)
        }

        init(signer: GitHubAppSigner, renewalLeadTime: TimeInterval) {
            self.init(issuer: signer.issuer, clock: signer.clock, renewalLeadTime: renewalLeadTime) {
                try signer.makeJWT()
            }
        }

        /// An authenticator whose JWTs `makeJWT` makes: the app's signer, or a test's.
        init(
            issuer: String, clock: ClientClock, renewalLeadTime: TimeInterval,
            makeJWT: @escaping @Sendable () throws -> AccessToken
        ) {
            self.issuer = issuer
            tokens = RefreshingTokenAuthenticator(
                scheme: .bearer, token: nil, renewalLeadTime: renewalLeadTime, clock: clock
            ) { try makeJWT() }
        }

        /// The app's identity, `github-app:` and its issuer: the same for every JWT it signs.
        ///
        /// - Parameter request: The request as built.
        /// - Returns: The app's identity.
        public func credentialIdentity(for request: URLRequest) async -> String? { "github-app:\(issuer)" }

        /// Sets `Authorization: Bearer <JWT>`, making a JWT first when there is none or it expires
        /// within the lead time.
        ///
        /// - Parameter request: The request about to be sent.
        /// - Throws: What the call fails with: ``/EndpointKit/EndpointError/authenticationFailed(underlying:call:)``
        ///   carrying the ``GitHubAppError`` when signing fails; ``/EndpointKit/EndpointError/invalidRequest(_:call:)``
        ///   for a token that cannot go in a header.
        public func authenticate(_ request: inout URLRequest) async throws(EndpointError) {
            do {
                try await tokens.authenticate(&request)
            } catch {
                throw .reportingAuthenticatorError(error)
            }
        }

        /// On a `401`, makes a new JWT (unless one was made since `request` was sent), and has the
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

        /// `GitHubAppAuthenticator(issuer: …)`: never the key or a JWT.
        public var description: String { "GitHubAppAuthenticator(issuer: \(issuer))" }

        /// A mirror with the issuer only.
        public var customMirror: Mirror { Mirror(self, children: ["issuer": issuer], displayStyle: .struct) }
    }

    /// Sets only the `Authorization` header, through ``/EndpointKit/RefreshingTokenAuthenticator``, which
    /// refuses a token that cannot go in it: its requests take the fast path.
    extension GitHubAppAuthenticator: SetsOnlyValidHeaders {}
#endif
