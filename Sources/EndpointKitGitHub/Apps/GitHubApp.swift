#if GitHubApps
    import EndpointKit
    import Foundation

    /// A GitHub App: its issuer and private key, which sign the JWTs that authenticate as the app,
    /// and the installation tokens it asks for with them.
    ///
    /// ```swift
    /// let keyPath = "/run/secrets/github-app.pem"
    /// let app = try GitHubApp(issuer: "Iv23liExample", privateKeyPEM: String(contentsOfFile: keyPath, encoding: .utf8))
    /// let client = Client(baseURL: URL(string: "https://api.github.com")!, authenticator: app.installation(42)) {
    ///     $0.api = .gitHub
    /// }
    /// ```
    ///
    /// Token requests go through a ``/EndpointKit/Client`` made from `configuration` (its transport, middleware
    /// and observers apply), with ``GitHubAPI`` as its API profile. Installation tokens are cached
    /// per installation and narrowing: ``installation(_:repositories:repositoryIDs:permissions:renewalLeadTime:)``
    /// called twice with the same arguments gives authenticators that share one token. Neither the
    /// key nor any token shows in a description or `dump`.
    public final class GitHubApp: Sendable, CustomStringConvertible, CustomReflectable {
        /// The `iss` of the app's JWTs: its client ID (`Iv23li…`) or its app ID.
        public var issuer: String { signer.issuer }
        /// The API's URL, `https://api.github.com` by default.
        public let baseURL: URL
        /// Authenticates as the app (for `/app` endpoints), with JWTs it reuses until a minute
        /// before they expire.
        public let authenticator: GitHubAppAuthenticator

        let signer: GitHubAppSigner
        private let client: Client
        private let lock = NSLock()
        private nonisolated(unsafe) var installations: [InstallationKey: RefreshingTokenAuthenticator] = [:]

        private struct InstallationKey: Hashable {
            var request: InstallationTokenRequest
            var renewalLeadTime: TimeInterval
        }

        /// Creates the app from its private key (PEM, as GitHub downloads it: PKCS #1 or PKCS #8).
        ///
        /// - Parameters:
        ///   - issuer: The app's client ID, or its app ID as a string.
        ///   - privateKeyPEM: The app's RSA private key, 2048 bits or more.
        ///   - baseURL: The API's URL; `https://api.github.com` by default.
        ///   - clock: The time JWTs and token expiries are judged by; `configuration`'s clock by
        ///     default, so that one clock serves the app and its client.
        ///   - configuration: The configuration of the client that asks for installation tokens.
        /// - Throws: ``GitHubAppError`` when the key is not PEM, not RSA, or shorter than 2048 bits.
        public init(
            issuer: String, privateKeyPEM: String, baseURL: URL = URL(string: "https://api.github.com")!,
            clock: ClientClock? = nil, configuration: Client.Configuration = Client.Configuration()
        ) throws(GitHubAppError) {
            signer = try GitHubAppSigner(
                issuer: issuer, privateKeyPEM: privateKeyPEM, clock: clock ?? configuration.clock)
            self.baseURL = baseURL
            authenticator = GitHubAppAuthenticator(signer: signer, renewalLeadTime: 60)
            var configuration = configuration
            if !(configuration.api is GitHubAPI) { configuration.api = .gitHub }
            client = Client(baseURL: baseURL, authenticator: authenticator, configuration: configuration)
        }

        /// Makes a new JWT that authenticates as the app: `iat` a minute ago, `exp` in 9 minutes.
        ///
        /// ``authenticator`` makes and reuses them by itself; this is for sending one elsewhere.
        ///
        /// <!-- snippet needs: pem -->
        /// ```swift
        /// let app = try GitHubApp(issuer: "Iv23liExample", privateKeyPEM: pem)
        /// var request = URLRequest(url: URL(string: "https://api.github.com/app")!)
        /// let jwt = try app.makeJWT()
        /// request.setValue("Bearer \(jwt.value)", forHTTPHeaderField: "Authorization")
        /// ```
        ///
        /// - Returns: The JWT as a token that expires at its `exp`.
        /// - Throws: ``GitHubAppError`` when signing fails.
        public func makeJWT() throws(GitHubAppError) -> AccessToken {
            try signer.makeJWT()
        }

        /// Asks GitHub for a new installation access token, now, without caching it.
        ///
        /// <!-- snippet needs: pem -->
        /// ```swift
        /// let app = try GitHubApp(issuer: "Iv23liExample", privateKeyPEM: pem)
        /// let token = try await app.installationToken(for: 42, repositories: ["hello-world"])
        /// ```
        ///
        /// - Parameters:
        ///   - installationID: The installation.
        ///   - repositories: The names of the repositories to limit the token to.
        ///   - repositoryIDs: The IDs of the repositories to limit the token to.
        ///   - permissions: The permissions to limit the token to, such as `["issues": "write"]`.
        /// - Returns: The token, its expiry and what it may do.
        /// - Throws: ``/EndpointKit/EndpointError``: a `404` for an unknown installation, a `401` when GitHub
        ///   refuses the app's JWT, with GitHub's ``GitHubAPIError`` as the error body.
        public func installationToken(
            for installationID: Int, repositories: [String]? = nil, repositoryIDs: [Int]? = nil,
            permissions: [String: String]? = nil
        ) async throws(EndpointError) -> InstallationToken {
            try await installationToken(
                for: InstallationTokenRequest(
                    installationID: installationID,
                    narrowing: .init(repositories: repositories, repositoryIDs: repositoryIDs, permissions: permissions)
                ))
        }

        func installationToken(for request: InstallationTokenRequest) async throws(EndpointError) -> InstallationToken {
            try await client.post(CreateInstallationAccessToken(request: request))
        }

        /// Authenticates as one installation, with an installation token kept until `renewalLeadTime`
        /// seconds before it expires. The same arguments give authenticators that share one token.
        ///
        /// <!-- snippet needs: pem -->
        /// ```swift
        /// let app = try GitHubApp(issuer: "Iv23liExample", privateKeyPEM: pem)
        /// let authenticator = app.installation(42, repositories: ["hello-world"], permissions: ["issues": "write"])
        /// ```
        ///
        /// - Parameters:
        ///   - installationID: The installation.
        ///   - repositories: The names of the repositories to limit its tokens to.
        ///   - repositoryIDs: The IDs of the repositories to limit its tokens to.
        ///   - permissions: The permissions to limit its tokens to.
        ///   - renewalLeadTime: How many seconds before its expiry a token is renewed; 300 by default.
        /// - Returns: The installation's authenticator.
        public func installation(
            _ installationID: Int, repositories: [String]? = nil, repositoryIDs: [Int]? = nil,
            permissions: [String: String]? = nil, renewalLeadTime: TimeInterval = 300
        ) -> GitHubInstallationAuthenticator {
            let request = InstallationTokenRequest(
                installationID: installationID,
                narrowing: .init(repositories: repositories, repositoryIDs: repositoryIDs, permissions: permissions))
            let key = InstallationKey(request: request, renewalLeadTime: renewalLeadTime)
            let tokens = lock.withLock {
                if let tokens = installations[key] { return tokens }
                let tokens = RefreshingTokenAuthenticator(
                    scheme: .bearer, token: nil, renewalLeadTime: renewalLeadTime, clock: signer.clock
                ) { [client] () async throws -> AccessToken in
                    do throws(EndpointError) {
                        return try await client.post(CreateInstallationAccessToken(request: request)).accessToken
                    } catch {
                        throw error.asInstallationTokenFailure
                    }
                }
                installations[key] = tokens
                return tokens
            }
            return GitHubInstallationAuthenticator(installationID: installationID, tokens: tokens)
        }

        /// `GitHubApp(issuer: …, baseURL: …)`: never the key or a token.
        public var description: String { "GitHubApp(issuer: \(issuer), baseURL: \(baseURL.absoluteString))" }

        /// A mirror with the issuer and base URL only.
        public var customMirror: Mirror {
            Mirror(self, children: ["issuer": issuer, "baseURL": baseURL], displayStyle: .class)
        }
    }
#endif
