#if GitHubApps
    import _CryptoExtras
    import Crypto
    import EndpointKit
    import EndpointKitGitHub
    import EndpointKitTesting
    import Foundation
    import Testing

    /// The GitHub App of the GitHub-like server: apps, clients and test hooks (TestServers'
    /// `GitHubAppServer` finds it).
    extension GitHubAppServer {
        /// The ways to the server that serve the app: plain HTTP only, since the server's TLS twin
        /// (Tests/Servers/local-server.sh's) has no app.
        static var transports: [GitHubServerTransport] {
            #if AsyncHTTPClient
                GitHubServerTransport.available.filter { $0 != .asyncHTTPClientOverTLS }
            #else
                GitHubServerTransport.available
            #endif
        }

        /// The app, with the server's key (or `key`), issuer (or `issuer`) and `clock`, on `way`.
        static func app(
            over way: GitHubServerTransport = .urlSession, issuer: String = appID, privateKeyPEM: String? = nil,
            clock: ManualClock = ManualClock(start: Date()), headers: HTTPHeaders = [:]
        ) throws -> GitHubApp {
            var configuration = Client.Configuration()
            configuration.transport = try way.makeTransport()
            configuration.retryPolicy = .never
            configuration.headers = headers
            return try GitHubApp(
                issuer: issuer, privateKeyPEM: try #require(privateKeyPEM ?? Self.privateKeyPEM),
                baseURL: way.baseURL, clock: clock.clock, configuration: configuration)
        }

        /// A client of the server that authenticates with `authenticator`.
        static func client(_ authenticator: some Authenticator, over way: GitHubServerTransport = .urlSession) throws
            -> Client
        {
            let transport = try way.makeTransport()
            return Client(baseURL: way.baseURL, authenticator: authenticator) {
                $0.api = .gitHub
                $0.retryPolicy = .never
                $0.transport = transport
            }
        }

        struct TokenRequests: JSONObject {
            let byInstallation: [String: Int]
            init(json: JSON) throws { byInstallation = try json["by_installation"].decode() }
        }

        /// How many tokens the server issued for `installationID` (`GET /test/app-token-requests`).
        static func tokenRequests(for installationID: Int) async throws -> Int {
            let counts = try await client(NoAuthenticator()).get(
                GetValue<TokenRequests>(path: "/test/app-token-requests"))
            return counts.byInstallation[String(installationID)] ?? 0
        }

        struct Expire: POST {
            typealias ResponseType = JSONValue
            let installationID: Int
            let path = "/test/expire-installation-tokens"
            var query: Parameters { ["installation": installationID] }
            var body: RequestBody { .empty }
        }

        /// Expires, on the server, every token issued so far for `installationID`.
        static func expireTokens(of installationID: Int) async throws {
            _ = try await client(NoAuthenticator()).post(Expire(installationID: installationID))
        }

        /// A JWT with exactly `claims` (JSON), signed with `key`: for what `GitHubApp` never makes.
        static func jwt(claims: String, signedWith key: _RSA.Signing.PrivateKey) throws -> String {
            let input =
                Data(#"{"alg":"RS256","typ":"JWT"}"#.utf8).base64URLEncodedString() + "."
                + Data(claims.utf8).base64URLEncodedString()
            let signature = try key.signature(for: SHA256.hash(data: Data(input.utf8)), padding: .insecurePKCS1v1_5)
            return input + "." + signature.rawRepresentation.base64URLEncodedString()
        }
    }
#endif
