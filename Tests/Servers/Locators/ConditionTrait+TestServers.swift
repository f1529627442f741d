import Testing

extension Trait where Self == ConditionTrait {
    /// Runs a suite only when `server` runs; skips it otherwise, with a note that says what to run.
    ///
    /// When `scripts/test` runs the suites (ENDPOINTKIT_REQUIRE_HTTPBIN), a server that is not
    /// there fails the run all the same: IntegrationEnvironmentTests checks every one.
    package static func requires(_ server: TestServer) -> Self {
        .enabled(if: server.isRunning, Comment(rawValue: server.missingNote))
    }

    /// Runs a suite only when `HTTPBIN_URL` points at an httpbin.
    package static var requiresHTTPBin: Self { requires(.httpbin) }
    /// Runs a suite only when the fault server runs (`FAULT_SERVER_URL`).
    package static var requiresFaultServer: Self { requires(.fault) }
    /// Runs a suite only when the stream server runs (`STREAM_SERVER_URL`).
    package static var requiresStreamServer: Self { requires(.stream) }
    /// Runs a suite only when the GitHub-like server runs (`GITHUB_SERVER_URL`).
    package static var requiresGitHubServer: Self { requires(.gitHub) }
    /// Runs a suite only when the GitHub-like server serves its app (`GITHUB_APP_PRIVATE_KEY_PATH`).
    package static var requiresGitHubAppServer: Self { requires(.gitHubApp) }
    /// Runs a suite only when the TLS servers run (`TLS_PKI_DIR`, `TLS_CONTROL_URL`).
    package static var requiresTLSServers: Self { requires(.tls) }
    /// Runs a suite only when the HTTP/2 servers run (`H2_SERVER_URL`, …).
    package static var requiresHTTP2Servers: Self { requires(.http2) }
    /// Runs a suite only when the mitmproxy instances run (`PROXY_RECORD_FILE`, …).
    package static var requiresProxyServers: Self { requires(.proxies) }
    /// Runs a suite only when connexion serves the four round-trip descriptions (`ROUNDTRIP_*_URL`).
    package static var requiresRoundTripServer: Self { requires(.roundTrip) }
    /// Runs a suite only when the OAuth server runs (`OAUTH_SERVER_URL`).
    package static var requiresOAuthServer: Self { requires(.oauth) }
    /// Runs a suite only when the cache origin runs (`CACHE_ORIGIN_URL`).
    package static var requiresCacheOriginServer: Self { requires(.cacheOrigin) }
    /// Runs a suite only when the cache oracle runs (`CACHE_ORACLE_URL`).
    package static var requiresCacheOracle: Self { requires(.cacheOracle) }
    /// Runs a suite only when the rate-limit server runs (`RATELIMIT_SERVER_URL`).
    package static var requiresRateLimitServer: Self { requires(.rateLimit) }

    /// Runs a suite only where the system's certificate store trusts the test CA: in the run that
    /// `scripts/test` makes for it, in a mount namespace of its own (ENDPOINTKIT_SYSTEM_TRUSTS_TEST_CA=1).
    package static var requiresSystemTrustOfTestCA: Self {
        .enabled(
            if: TestEnvironment.value("ENDPOINTKIT_SYSTEM_TRUSTS_TEST_CA") == "1",
            "the system does not trust the test CA here: scripts/test runs this suite where it does")
    }

    /// Runs a suite only in the run that `scripts/test` makes for it, with `https_proxy` set to
    /// mitmproxy (ENDPOINTKIT_URLSESSION_PROXY_RUN=1): set in this process, it would reach every
    /// other suite's URLSession calls too.
    package static var requiresURLSessionProxyRun: Self {
        .enabled(
            if: TestEnvironment.value("ENDPOINTKIT_URLSESSION_PROXY_RUN") == "1" && TestServer.proxies.isRunning,
            "scripts/test runs this suite in a run of its own, with https_proxy set")
    }
}
