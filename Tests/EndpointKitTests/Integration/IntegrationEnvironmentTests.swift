import Testing

/// Always runs, so CI can never skip the integration tests without noticing.
@Suite("Integration test environment")
struct IntegrationEnvironmentTests {
    @Test("When ENDPOINTKIT_REQUIRE_HTTPBIN is set, a missing HTTPBIN_URL fails the run instead of skipping")
    func httpbinIsThereWhenRequired() {
        guard HTTPBin.isRequired else { return }
        #expect(
            HTTPBin.rawURL != nil,
            """
            \(HTTPBin.requiredVariable) is set but \(HTTPBin.urlVariable) is not, so every integration \
            test would be skipped: run scripts/test, which starts httpbin and sets it
            """)
    }

    @Test("A set but malformed HTTPBIN_URL fails instead of silently skipping the integration tests")
    func httpbinURLIsValidWhenSet() {
        guard let rawURL = HTTPBin.rawURL else { return }
        #expect(
            HTTPBin.url != nil,
            "\(HTTPBin.urlVariable)=\"\(rawURL)\" is not an absolute http(s) URL with a host, like http://127.0.0.1:8080"
        )
    }

    @Test("When ENDPOINTKIT_REQUIRE_HTTPBIN is set, a missing FAULT_SERVER_URL fails the run instead of skipping")
    func faultServerIsThereWhenRequired() {
        guard HTTPBin.isRequired else { return }
        #expect(
            FaultServer.url != nil,
            "FAULT_SERVER_URL is not set, so the fault-server tests would be skipped: run scripts/test")
    }

    @Test("When ENDPOINTKIT_REQUIRE_HTTPBIN is set, a missing OAUTH_SERVER_URL fails the run instead of skipping")
    func oauthServerIsThereWhenRequired() {
        guard HTTPBin.isRequired else { return }
        #expect(
            OAuthServer.url != nil,
            "OAUTH_SERVER_URL is not set, so the OAuth tests would be skipped: run scripts/test")
    }
}
