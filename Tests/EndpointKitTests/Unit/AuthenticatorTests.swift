import EndpointKit
import Foundation
import Testing

@Suite("Authenticators")
struct AuthenticatorTests {
    private func authorization(after authenticator: some Authenticator) async throws -> String? {
        var request = URLRequest(url: URL(string: "https://api.example.com")!)
        try await authenticator.authenticate(&request)
        return request.value(forHTTPHeaderField: "Authorization")
    }

    @Test("The token authenticator sends GitHub's token form and the Bearer form")
    func sendsTokens() async throws {
        #expect(try await authorization(after: .token("ghp_123")) == "token ghp_123")
        #expect(try await authorization(after: .bearer("eyJ.x.y")) == "Bearer eyJ.x.y")
    }

    @Test("Basic authentication encodes user:password in Base64, UTF-8 included")
    func sendsBasic() async throws {
        #expect(
            try await authorization(after: .basic(username: "user", password: "passwd")) == "Basic dXNlcjpwYXNzd2Q=")
        #expect(try await authorization(after: .basic(username: "zoë", password: "pä:ss")) == "Basic em/Dqzpww6Q6c3M=")
    }

    @Test(
        "Credentials that cannot go in a header are refused with a clear error",
        arguments: [
            TokenAuthenticator.token(""), .token("abc\r\nX-Evil: 1"), .bearer("two words"), .bearer("tab\t"),
        ])
    func refusesBadTokens(authenticator: TokenAuthenticator) async {
        await #expect {
            try await authorization(after: authenticator)
        } throws: { error in
            if case .invalidRequest(.invalidCredentials, _) = error as? EndpointError { return true }
            return false
        }
    }

    @Test("Basic user names with a colon or control characters are refused")
    func refusesBadBasicCredentials() async {
        for authenticator in [
            BasicAuthenticator.basic(username: "a:b", password: "p"), .basic(username: "a", password: "p\n"),
        ] {
            await #expect(throws: EndpointError.self) { try await authorization(after: authenticator) }
        }
    }

    @Test("A closure authenticator can suspend and change the request")
    func runsClosure() async throws {
        let authenticator = ClosureAuthenticator { request in
            await Task.yield()
            request.setValue("key-1", forHTTPHeaderField: "X-API-Key")
        }
        var request = URLRequest(url: URL(string: "https://api.example.com")!)
        try await authenticator.authenticate(&request)
        #expect(request.value(forHTTPHeaderField: "X-API-Key") == "key-1")
    }

    @Test("The none authenticator leaves the request alone")
    func sendsNothing() async throws {
        #expect(try await authorization(after: .none) == nil)
    }
}
