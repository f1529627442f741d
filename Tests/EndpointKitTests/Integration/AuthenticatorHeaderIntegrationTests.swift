import EndpointKit
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("A custom authenticator's bad header against the fault server", .requiresFaultServer)
struct AuthenticatorHeaderIntegrationTests {
    /// As AuthenticatingRequests.md shows it: a header set with `setValue`.
    struct APIKeyAuthenticator: Authenticator {
        let key: String
        func authenticate(_ request: inout URLRequest) async throws {
            request.setValue(key, forHTTPHeaderField: "X-API-Key")
        }
    }

    /// `/flaky/{key}` with no failure: counts the request and answers 200.
    struct Counted: GET {
        struct Outcome: Decodable, JSONObject { let attempts: Int }
        typealias ResponseType = Outcome
        let key: String
        var path: String { "/flaky/\(segment: key)" }
        var query: Parameters { ["failures": 0] }
    }

    @Test(
        "A key with CR/LF set with setValue fails with invalidHeaderValue and the server sees no request",
        arguments: TransportUnderTest.allCases)
    func badKeyNeverReachesTheServer(transport: TransportUnderTest) async throws {
        let key = FaultServer.uniqueKey("crlf-key")
        let client = Client(baseURL: FaultServer.url!, authenticator: APIKeyAuthenticator(key: "k1\r\nX-Injected: 1")) {
            $0.retryPolicy = .never
            $0.transport = transport.make()
        }
        let plain = Client(baseURL: FaultServer.url!)

        var reason: InvalidRequest?
        do {
            _ = try await client.get(Counted(key: key))
        } catch {
            if case .invalidRequest(let why, _) = error { reason = why }
        }

        #expect(reason == .invalidHeaderValue(name: "X-API-Key"))
        #expect(try await plain.get(FaultServer.Attempts(key: key)).attempts == 0)
    }

    /// `/echo-headers`: the request's headers, as the server saw them.
    struct EchoHeaders: GET {
        typealias ResponseType = [String: String]
        let path = "/echo-headers"
    }

    @Test("A good key set with setValue reaches the server", arguments: TransportUnderTest.allCases)
    func goodKeyReachesTheServer(transport: TransportUnderTest) async throws {
        let client = Client(baseURL: FaultServer.url!, authenticator: APIKeyAuthenticator(key: "k1")) {
            $0.retryPolicy = .never
            $0.transport = transport.make()
        }

        let headers = try await client.get(EchoHeaders())

        #expect(headers["X-API-Key"] == "k1" || headers["X-Api-Key"] == "k1", "got \(headers)")
    }
}
