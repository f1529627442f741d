import EndpointKitTesting
import Foundation
import Testing

@testable import EndpointKit

/// Whose entry a cached response is: the authenticator's identity, the same across renewals of
/// one credential, never empty for a credential, never shared between two.
@Suite("Cache identity: entries follow the credential's owner, not its current token")
struct CacheIdentityTests: CacheSuite {
    let fixture = CacheFixture()

    init() {
        fixture.origin.serve("/me", headers: ["Cache-Control": "private, max-age=60", "ETag": "\"me\""], body: "me")
    }

    func client(_ authenticator: any Authenticator) -> Client { fixture.client(authenticator: authenticator) }

    struct APIKeyAuthenticator: Authenticator {
        let key: String
        func authenticate(_ request: inout URLRequest) async throws {
            request.setValue(key, forHTTPHeaderField: "X-API-Key")
        }
    }

    @Test("A renewed token keeps its user's entries: served fresh after the renewal, no request")
    func renewalKeepsEntries() async throws {
        let tokens = Locked(0)
        let authenticator = RefreshingTokenAuthenticator(token: "t0") {
            "t\(tokens.withLock { $0 += 1; return $0 })"
        }
        let client = client(authenticator)
        _ = try await client.send(Fetch(path: "/me"))
        // The server refuses the old token once: the authenticator renews and the call is sent again.
        origin.serve("/refuse", status: 401, headers: [:])
        _ = try? await client.send(Fetch(path: "/refuse"))
        #expect(tokens.withLock { $0 } == 1)
        let after = try await client.send(Fetch(path: "/me"))
        #expect(after.source == .fresh)
        #expect(origin.requests(to: "/me").count == 1)
    }

    @Test("An API key in another header than Authorization still keeps users apart")
    func apiKeyUsersAreSeparate() async throws {
        let alice = client(APIKeyAuthenticator(key: "alice"))
        let bob = client(APIKeyAuthenticator(key: "bob"))
        _ = try await alice.send(Fetch(path: "/me"))
        let bobs = try await bob.send(Fetch(path: "/me"))
        let alicesAgain = try await alice.send(Fetch(path: "/me"))
        #expect(bobs.source == .network)
        #expect(alicesAgain.source == .fresh)
        #expect(origin.requests(to: "/me").map { $0.value(forHTTPHeaderField: "X-API-Key") } == ["alice", "bob"])
        #expect(await cache.count == 2)
    }

    @Test("An Authorization header the endpoint sets itself keeps users apart without an authenticator")
    func endpointCredentialsAreSeparate() async throws {
        let client = client(.none)
        _ = try await client.send(Fetch(path: "/me", headers: ["Authorization": "Bearer alice"]))
        let bobs = try await client.send(Fetch(path: "/me", headers: ["Authorization": "Bearer bob"]))
        let anonymous = try await client.send(Fetch(path: "/me"))
        #expect(bobs.source == .network)
        #expect(anonymous.source == .network)
        #expect(origin.requests(to: "/me").count == 3)
    }

    @Test("The default identity digests what the authenticator sets, and is nil when it sets nothing")
    func defaultIdentity() async throws {
        let request = URLRequest(url: URL(string: "https://api.example.com/me")!)
        let alice = await APIKeyAuthenticator(key: "alice").credentialIdentity(for: request)
        let bob = await APIKeyAuthenticator(key: "bob").credentialIdentity(for: request)
        #expect(alice != nil)
        #expect(alice != bob)
        #expect(alice?.contains("alice") == false)
        #expect(await ClosureAuthenticator { _ in }.credentialIdentity(for: request) == nil)
        #expect(await NoAuthenticator().credentialIdentity(for: request) == nil)
        let failing = ClosureAuthenticator { _ in throw URLError(.userAuthenticationRequired) }
        let first = await failing.credentialIdentity(for: request)
        #expect(first != nil)
        #expect(first != (await failing.credentialIdentity(for: request)))
    }

    @Test("No key or file name holds the credential: the identity is a digest")
    func identityIsADigest() async throws {
        let client = client(.bearer("secret-token"))
        _ = try await client.send(Fetch(path: "/me"))
        let identity = await client.pipeline.authentication.credentialIdentity(
            for: URLRequest(url: URL(string: "https://api.example.com/me")!))
        #expect(identity.count == 64)
        #expect(!identity.contains("secret"))
        let key = CacheKey(method: .get, url: "https://api.example.com/me", credentialIdentity: identity)
        #expect(await cache.cachedResponses(for: key).count == 1)
    }
}
