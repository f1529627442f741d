import EndpointKit
import EndpointKitTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Headers an authenticator sets the way the docs show (`setValue`, `addValue`) are checked like
/// every other header, on every platform: a value with CR/LF fails the call before it is sent.
@Suite("Headers set by a custom authenticator")
struct AuthenticatorHeaderValidationTests {
    /// What the user writes: a custom authenticator that sets its header with `setValue`.
    struct HeaderAuthenticator: Authenticator {
        let name: String
        let value: String
        func authenticate(_ request: inout URLRequest) async throws {
            request.setValue(value, forHTTPHeaderField: name)
        }
    }

    /// Makes a call with `authenticator`; expects it refused for the header `name`, with nothing sent.
    private func expectRefusal(
        by authenticator: some Authenticator, forHeader name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let transport = StubTransport(body: "[]")
        let client = Client.stubbed(transport, authenticator: authenticator)
        var reason: InvalidRequest?
        do {
            _ = try await client.send(GetValue<[Int]>())
        } catch {
            if case .invalidRequest(let why, _) = error { reason = why }
        }
        #expect(reason == .invalidHeaderValue(name: name), sourceLocation: sourceLocation)
        #expect(await transport.requests.isEmpty, sourceLocation: sourceLocation)
    }

    @Test(
        "A value with CR, LF or NUL set with setValue fails the call with invalidHeaderValue and sends nothing",
        arguments: ["abc\r\nX-Injected: 1", "abc\nX-Injected: 1", "abc\r", "abc\u{0}def"])
    func setValueWithLineBreakIsRefused(value: String) async {
        await expectRefusal(by: HeaderAuthenticator(name: "Authorization", value: value), forHeader: "Authorization")
    }

    @Test("A bad value set with setValue over a good one fails the call instead of sending the old value")
    func badValueOverGoodOneIsRefused() async {
        let authenticator = ClosureAuthenticator { request in
            request.setValue("key-1", forHTTPHeaderField: "X-API-Key")
            request.setValue("key-2\r\nX-Injected: 1", forHTTPHeaderField: "X-API-Key")
        }
        await expectRefusal(by: authenticator, forHeader: "X-API-Key")
    }

    @Test("A value with a line break added with addValue fails the call")
    func addValueWithLineBreakIsRefused() async {
        let authenticator = ClosureAuthenticator { request in
            request.addValue("tag\r\nX-Injected: 1", forHTTPHeaderField: "X-Tags")
        }
        await expectRefusal(by: authenticator, forHeader: "X-Tags")
    }

    @Test("An authenticator's good changes all reach the transport: headers, query, and the body kept")
    func goodChangesArriveWhole() async throws {
        let transport = StubTransport(body: "{}")
        let authenticator = ClosureAuthenticator { request in
            request.setValue("key-1", forHTTPHeaderField: "X-API-Key")
            request.addValue("a", forHTTPHeaderField: "X-Tags")
            request.addValue("b", forHTTPHeaderField: "X-Tags")
            var components = URLComponents(url: request.url!, resolvingAgainstBaseURL: false)!
            components.percentEncodedQuery = "signature=s1"
            request.url = components.url
        }
        let client = Client.stubbed(transport, authenticator: authenticator)

        _ = try await client.send(PostBody(body: .data(Data("payload".utf8), contentType: "text/plain")))

        let sent = try #require(await transport.lastRequest)
        #expect(sent.value(forHTTPHeaderField: "X-API-Key") == "key-1")
        #expect(sent.value(forHTTPHeaderField: "X-Tags") == "a,b")
        #expect(sent.url?.query == "signature=s1")
        #expect(sent.httpMethod == "POST")
        #expect(sent.value(forHTTPHeaderField: "Content-Type") == "text/plain")
        #expect(sent.bodyText == "payload")
    }

    #if canImport(FoundationNetworking)
        // The upstream behaviour the check works around (swift-corelibs-foundation's
        // NSMutableURLRequest.setValue). If this test fails, Foundation no longer drops such a
        // value silently, and RefusedHeaderRecorder may go: the before/after comparison in
        // RequestAuthentication then sees the value, as it does on Apple platforms.
        @Test("Linux's URLRequest.setValue drops a value with CR/LF without a word and keeps the old one")
        func linuxFoundationDropsBadValues() {
            var request = URLRequest(url: URL(string: "https://api.example.com")!)
            request.setValue("abc\r\nX-Injected: 1", forHTTPHeaderField: "Authorization")
            request.setValue("key-1", forHTTPHeaderField: "X-API-Key")
            request.setValue("key-2\nX-Injected: 1", forHTTPHeaderField: "X-API-Key")

            #expect(request.value(forHTTPHeaderField: "Authorization") == nil)
            #expect(request.value(forHTTPHeaderField: "X-API-Key") == "key-1")
        }
    #endif
}
