#if AsyncHTTPClient
    import AsyncHTTPClient
    import EndpointKit
    import EndpointKitAsyncHTTPClient
    import Foundation
    import Testing

    /// The local httpbin these tests talk to, and what they share.
    ///
    /// `scripts/test` starts httpbin on 127.0.0.1 (with `Tests/Servers/httpbin.sh`),
    /// exports `HTTPBIN_URL` and sets `ENDPOINTKIT_REQUIRE_HTTPBIN`, which turns a missing
    /// `HTTPBIN_URL` into a failure (`EnvironmentTests`) instead of skipped suites.
    enum HTTPBin {
        /// httpbin's base URL without a trailing slash, or `nil` when `HTTPBIN_URL` is unset or not
        /// an absolute `http` URL with a host.
        static let url: URL? = {
            guard var text = ProcessInfo.processInfo.environment["HTTPBIN_URL"], !text.isEmpty else { return nil }
            while text.hasSuffix("/") { text.removeLast() }
            guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https", url.host != nil
            else { return nil }
            return url
        }()

        /// The fault server's base URL (`Tests/Servers/fault_server.py`, started by the test script), or
        /// `nil` when `FAULT_SERVER_URL` is unset or malformed.
        static let faultServerURL: URL? = {
            guard let text = ProcessInfo.processInfo.environment["FAULT_SERVER_URL"], !text.isEmpty,
                let url = URL(string: text), url.scheme == "http", url.host != nil
            else { return nil }
            return url
        }()

        /// Whether the run must not skip the httpbin suites.
        static var isRequired: Bool {
            let value = ProcessInfo.processInfo.environment["ENDPOINTKIT_REQUIRE_HTTPBIN"] ?? ""
            return !value.isEmpty && value != "0"
        }

        /// The same httpbin under the other loopback name (`localhost` for `127.0.0.1` and the other
        /// way round): the same server on another origin.
        static var otherOriginURL: URL? {
            guard let url, let port = url.port else { return nil }
            switch url.host {
            case "127.0.0.1": return URL(string: "http://localhost:\(port)")
            case "localhost": return URL(string: "http://127.0.0.1:\(port)")
            default: return nil
            }
        }

        /// httpbin's base URL as text followed by `suffix`.
        static func urlString(_ suffix: String) -> String {
            url!.absoluteString + suffix
        }

        /// Runs `body` with a new `HTTPClient` made with the transport's default configuration and
        /// shuts the client down afterwards, whether `body` threw or not.
        static func withHTTPClient<Value>(
            configuration: HTTPClient.Configuration = AsyncHTTPClientTransport.makeDefaultConfiguration(),
            _ body: (HTTPClient) async throws -> Value
        ) async throws -> Value {
            let httpClient = HTTPClient(configuration: configuration)
            let value: Value
            do {
                value = try await body(httpClient)
            } catch {
                try await httpClient.shutdown()
                throw error
            }
            try await httpClient.shutdown()
            return value
        }

        /// Runs `call` and returns its value or the `EndpointError` it threw.
        static func result<Value>(
            of call: () async throws(EndpointError) -> Value
        ) async -> Result<Value, EndpointError> {
            do {
                return .success(try await call())
            } catch {
                return .failure(error)
            }
        }

        /// The underlying error of a `transportFailed` result, or `nil` for any other result.
        static func transportError<Value>(of result: Result<Value, EndpointError>) -> (any Error)? {
            guard case .failure(.transportFailed(let failure)) = result else { return nil }
            return failure.underlying
        }

        /// The result of `call`, run in a task of its own that is cancelled 0.3 s after it starts.
        static func resultCancelledSoon<Value: Sendable>(
            of call: @escaping @Sendable () async throws(EndpointError) -> Value
        ) async throws -> Result<Value, EndpointError> {
            let task = Task { await result(of: call) }
            try await Task.sleep(nanoseconds: 300_000_000)
            task.cancel()
            return await task.value
        }

        /// The status code of an `unacceptableStatus` result, or `nil` for any other result.
        static func unacceptableStatusCode<Value>(of result: Result<Value, EndpointError>) -> Int? {
            guard case .failure(.unacceptableStatus(let response)) = result else { return nil }
            return response.statusCode
        }

        /// Seconds since `start`, an uptime from `ProcessInfo`.
        static func seconds(since start: TimeInterval) -> TimeInterval {
            ProcessInfo.processInfo.systemUptime - start
        }
    }

    extension Trait where Self == ConditionTrait {
        /// Runs a suite only when `FAULT_SERVER_URL` points at the fault server.
        static var requiresFaultServer: Self {
            .enabled(
                if: HTTPBin.faultServerURL != nil, "FAULT_SERVER_URL is not set: run scripts/test")
        }

        /// Runs a suite only when `HTTPBIN_URL` points at an httpbin.
        static var requiresHTTPBin: Self {
            .enabled(if: HTTPBin.url != nil, "HTTPBIN_URL is not set: run scripts/test")
        }
    }

    /// Always runs, so that a run that should talk to httpbin cannot skip it without failing.
    @Suite("Test environment")
    struct EnvironmentTests {
        @Test("When ENDPOINTKIT_REQUIRE_HTTPBIN is set, a missing or malformed HTTPBIN_URL fails the run")
        func httpbinIsThereWhenRequired() {
            guard HTTPBin.isRequired else { return }
            #expect(
                HTTPBin.url != nil,
                """
                ENDPOINTKIT_REQUIRE_HTTPBIN is set but HTTPBIN_URL is missing or malformed, so every httpbin \
                suite would be skipped: run scripts/test
                """)
        }

        @Test("When ENDPOINTKIT_REQUIRE_HTTPBIN is set, a missing FAULT_SERVER_URL fails the run")
        func faultServerIsThereWhenRequired() {
            guard HTTPBin.isRequired else { return }
            #expect(
                HTTPBin.faultServerURL != nil,
                "FAULT_SERVER_URL is missing or malformed, so the fault-server suite would be skipped")
        }

        @Test("When ENDPOINTKIT_REQUIRE_HTTPBIN is set, missing HTTP/2 servers fail the run")
        func http2ServersAreThereWhenRequired() {
            guard HTTPBin.isRequired else { return }
            #expect(
                HTTP2Servers.isAvailable,
                "H2_SERVER_URL, H2_GOAWAY_URL, H2_RECYCLING_URL or TLS_PKI_DIR is missing, so the HTTP/2 suite is skipped"
            )
        }
    }
#endif
