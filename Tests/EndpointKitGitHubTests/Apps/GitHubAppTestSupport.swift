#if GitHubApps
    import _CryptoExtras
    import Crypto
    import EndpointKit
    import EndpointKitGitHub
    import EndpointKitTesting
    import Foundation
    import TestGates
    import Testing

    /// An RSA key made at test time: no private key is ever committed.
    enum TestKeys {
        /// One 2048-bit key for the whole run (making one takes a moment).
        static let appKey: _RSA.Signing.PrivateKey = try! _RSA.Signing.PrivateKey(keySize: .bits2048)
        /// Another, for signatures the server must refuse.
        static let otherKey: _RSA.Signing.PrivateKey = try! _RSA.Signing.PrivateKey(keySize: .bits2048)
    }

    /// A decoded JWT: its header and claims as JSON objects, and what its signature covers.
    struct DecodedJWT {
        let header: [String: Any]
        let claims: [String: Any]
        let signingInput: String
        let signature: Data

        init(_ jwt: String) throws {
            let parts = jwt.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3 else { throw TestFailure("a JWT has three parts, this one \(parts.count)") }
            func decode(_ part: String) throws -> Data {
                #expect(!part.contains("="), "base64url without padding")
                var base64 = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
                base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
                guard let data = Data(base64Encoded: base64) else { throw TestFailure("not base64url: \(part)") }
                return data
            }
            func object(_ part: String) throws -> [String: Any] {
                guard let object = try JSONSerialization.jsonObject(with: decode(part)) as? [String: Any] else {
                    throw TestFailure("not a JSON object")
                }
                return object
            }
            header = try object(parts[0])
            claims = try object(parts[1])
            signingInput = parts[0] + "." + parts[1]
            signature = try decode(parts[2])
        }

        func isSigned(by key: _RSA.Signing.PublicKey) -> Bool {
            key.isValidSignature(
                _RSA.Signing.RSASignature(rawRepresentation: signature),
                for: SHA256.hash(data: Data(signingInput.utf8)),
                padding: .insecurePKCS1v1_5)
        }
    }

    /// A GitHub that issues installation tokens (`ghs_<installation>_<n>`, valid for `lifetime`
    /// seconds of `clock`'s time) to requests that carry an app JWT, and answers
    /// `GET /installation/repositories` while the newest token of an installation is sent and has
    /// not expired.
    final class FakeGitHubApps: Sendable {
        private struct State {
            var tokenRequests: [Int: Int] = [:]
            var newest: [Int: AccessToken] = [:]
            var refusesEveryToken = false
            var tokenRequestsWaitFor: (arrivals: ArrivalCounter, count: Int)?
        }
        private let lock = NSLock()
        private nonisolated(unsafe) var state = State()
        let clock: ManualClock
        let lifetime: TimeInterval
        /// Installations that exist; others get a `404`.
        let installations: Set<Int>

        init(clock: ManualClock, lifetime: TimeInterval = 3600, installations: Set<Int> = [1, 2]) {
            self.clock = clock
            self.lifetime = lifetime
            self.installations = installations
        }

        /// Token POSTs per installation.
        var tokenRequests: [Int: Int] { lock.withLock { state.tokenRequests } }
        var totalTokenRequests: Int { tokenRequests.values.reduce(0, +) }

        /// Makes `GET /installation/repositories` answer `401` to every token.
        func refuseEveryToken() { lock.withLock { state.refusesEveryToken = true } }

        /// Holds each token POST from now on until `count` arrivals in all have reached `arrivals`
        /// (the calls that reached a ``CountingAuthenticator``): the calls of a burst pile up on
        /// one token request.
        func holdTokenRequests(until arrivals: ArrivalCounter, reach count: Int) {
            lock.withLock { state.tokenRequestsWaitFor = (arrivals, count) }
        }

        func respond(to request: URLRequest) async throws -> HTTPResponse {
            let path = request.url?.path ?? ""
            let authorization = request.value(forHTTPHeaderField: "Authorization") ?? ""
            if path.hasPrefix("/app/installations/"), path.hasSuffix("/access_tokens") {
                guard authorization.hasPrefix("Bearer eyJ") else {
                    return Self.json(401, #"{"message":"A JSON web token could not be decoded"}"#, request)
                }
                let id = Int(path.split(separator: "/")[2]) ?? -1
                guard installations.contains(id) else {
                    return Self.json(
                        404, #"{"message":"Not Found","documentation_url":"https://docs.github.com/rest"}"#, request)
                }
                if let hold = lock.withLock({ state.tokenRequestsWaitFor }) {
                    await hold.arrivals.waitForArrivals(count: hold.count)
                }
                let token = lock.withLock { () -> AccessToken in
                    let count = state.tokenRequests[id, default: 0] + 1
                    state.tokenRequests[id] = count
                    let token = AccessToken("ghs_\(id)_\(count)", expiresIn: lifetime, from: clock.now)
                    state.newest[id] = token
                    return token
                }
                let expiresAt = token.expiresAt!.ISO8601Format()
                return Self.json(
                    201,
                    #"{"token":"\#(token.value)","expires_at":"\#(expiresAt)","permissions":{"issues":"write"},"#
                        + #""repositories":[{"id":1,"name":"hello-world"}]}"#, request)
            }
            let valid = lock.withLock {
                !state.refusesEveryToken
                    && state.newest.values.contains {
                        authorization == "Bearer \($0.value)" && !$0.hasExpired(at: clock.now)
                    }
            }
            return valid
                ? Self.json(200, #"{"total_count":1,"repositories":[{"name":"hello-world"}]}"#, request)
                : Self.json(401, #"{"message":"Bad credentials"}"#, request)
        }

        static func json(_ status: Int, _ body: String, _ request: URLRequest) -> HTTPResponse {
            HTTPResponse(
                statusCode: status, headers: ["Content-Type": "application/json"], body: Data(body.utf8),
                url: request.url)
        }
    }

    /// `GET /installation/repositories`: the repositories an installation token may reach.
    struct InstallationRepositories: GET {
        struct Page: JSONObject {
            let totalCount: Int
            let names: [String]
            init(json: JSON) throws {
                totalCount = try json["total_count"].decode()
                names = try json["repositories"].elements().map { try $0["name"].decode(String.self) }
            }
        }
        typealias ResponseType = Page
        let path = "/installation/repositories"
    }

    /// `GET /app`: the authenticated app.
    struct AuthenticatedApp: GET {
        struct App: JSONObject {
            let id: Int
            let slug: String
            init(json: JSON) throws {
                id = try json["id"].decode()
                slug = try json["slug"].decode()
            }
        }
        typealias ResponseType = App
        let path = "/app"
    }

    extension GitHubApp {
        /// An app with the test key, on `transport` with `clock`.
        static func test(
            issuer: String = "Iv23liTestApp", key: _RSA.Signing.PrivateKey = TestKeys.appKey,
            baseURL: URL = URL(string: "https://api.github.com")!, clock: ManualClock,
            transport: any Transport
        ) throws -> GitHubApp {
            var configuration = Client.Configuration()
            configuration.transport = transport
            configuration.retryPolicy = .never
            return try GitHubApp(
                issuer: issuer, privateKeyPEM: key.pemRepresentation, baseURL: baseURL, clock: clock.clock,
                configuration: configuration)
        }
    }

    /// What most app tests start from: a manual clock, a fake GitHub on it, a transport to it, and
    /// an app over that transport.
    enum AppFixture {
        static func make(
            lifetime: TimeInterval = 3600
        ) throws -> (ManualClock, FakeGitHubApps, StubTransport, GitHubApp) {
            let clock = ManualClock()
            let github = FakeGitHubApps(clock: clock, lifetime: lifetime)
            let transport = StubTransport { try await github.respond(to: $0) }
            return (clock, github, transport, try GitHubApp.test(clock: clock, transport: transport))
        }
    }

    extension Client {
        /// A GitHub client that authenticates with `authenticator` over `transport`.
        static func gitHub(
            _ authenticator: some Authenticator, transport: any Transport,
            baseURL: URL = URL(string: "https://api.github.com")!
        ) -> Client {
            Client(baseURL: baseURL, authenticator: authenticator) {
                $0.api = .gitHub
                $0.retryPolicy = .never
                $0.transport = transport
            }
        }
    }
#endif
