import Testing

/// Always runs, so that a run that must talk to every local server (scripts/test sets
/// ENDPOINTKIT_REQUIRE_HTTPBIN) cannot skip a suite for a missing one without failing.
@Suite("Integration test environment")
struct IntegrationEnvironmentTests {
    @Test(
        "When ENDPOINTKIT_REQUIRE_HTTPBIN is set, a server that is not there fails the run instead of skipping its suites",
        arguments: TestServer.all)
    func serverIsThereWhenRequired(_ server: TestServer) {
        guard TestEnvironment.isRequired else { return }
        #expect(
            server.isRunning,
            "\(TestEnvironment.requiredVariable) is set but \(server.missingNote), so its suites would be skipped")
    }

    @Test("A set but malformed HTTPBIN_URL fails instead of silently skipping the integration tests")
    func httpbinURLIsValidWhenSet() {
        guard let rawURL = HTTPBin.rawURL else { return }
        #expect(
            HTTPBin.url != nil,
            "\(HTTPBin.urlVariable)=\"\(rawURL)\" is not an absolute http(s) URL with a host, like http://127.0.0.1:8080"
        )
    }
}
