#if AsyncHTTPClient
    import AsyncHTTPClient
    import EndpointKit
    import EndpointKitAsyncHTTPClient
    import Foundation
    import Testing

    @Suite("AsyncHTTPClientTransport against the fault server", .requiresFaultServer)
    struct FaultIntegrationTests {
        /// `GET /drop/{key}?size=…`: announces `size` bytes, sends about half, closes the connection;
        /// with `failures`, only the first that many requests for `key` are cut short.
        struct Dropped: GET {
            typealias ResponseType = [Int]
            let key: String
            var failures: Int?
            var path: String { "/drop/\(segment: key)" }
            var query: Parameters { ["size": 20_000, "failures": failures] }
        }

        /// `GET /attempts/{key}`: how many requests the fault server saw for `key`.
        struct Attempts: GET {
            struct Count: Decodable, JSONObject { let attempts: Int }
            typealias ResponseType = Count
            let key: String
            var path: String { "/attempts/\(segment: key)" }
        }

        static func uniqueKey() -> String {
            "ahc-\(UUID().uuidString.prefix(8).lowercased())"
        }

        /// Over plain HTTP, or over HTTPS to the fault server's TLS twin, trusting the test CA.
        static let schemes =
            ProcessInfo.processInfo.environment["FAULT_HTTPS_SERVER_URL"] == nil ? ["http"] : ["http", "https"]

        /// A client of the fault server, or of its TLS twin for `https`.
        private func client(_ scheme: String, _ httpClient: HTTPClient, retryPolicy: RetryPolicy) throws -> Client {
            guard scheme == "https" else {
                return Client(baseURL: HTTPBin.faultServerURL!) {
                    $0.retryPolicy = retryPolicy
                    $0.transport = AsyncHTTPClientTransport(client: httpClient)
                }
            }
            let environment = ProcessInfo.processInfo.environment
            let ca = try TLSCertificate(pemFile: URL(fileURLWithPath: environment["TLS_PKI_DIR"]! + "/ca.pem"))
            return try Client(baseURL: URL(string: environment["FAULT_HTTPS_SERVER_URL"]!)!) {
                $0.retryPolicy = retryPolicy
                $0.transport = try AsyncHTTPClientTransport(client: httpClient, tls: TLSPolicy(trust: .only([ca])))
            }
        }

        @Test(
            "A connection closed mid-body is transportFailed with URLError.networkConnectionLost, also over TLS",
            arguments: schemes)
        func droppedConnection(scheme: String) async throws {
            try await HTTPBin.withHTTPClient { httpClient in
                let client = try client(scheme, httpClient, retryPolicy: .never)

                let result = await HTTPBin.result { () async throws(EndpointError) in
                    try await client.get(Dropped(key: Self.uniqueKey()))
                }

                #expect(
                    (HTTPBin.transportError(of: result) as? URLError)?.code == .networkConnectionLost, "got \(result)")
            }
        }

        @Test(
            "The retry policy tries a GET cut short again, as it does with URLSession, also over TLS",
            arguments: schemes)
        func droppedConnectionIsRetried(scheme: String) async throws {
            try await HTTPBin.withHTTPClient { httpClient in
                let client = try client(
                    scheme, httpClient, retryPolicy: RetryPolicy(maximumAttempts: 3, initialDelay: 0.01))
                let key = Self.uniqueKey()

                let values = try await client.get(Dropped(key: key, failures: 1))
                let attempts = try await client.get(Attempts(key: key)).attempts

                #expect(!values.isEmpty)
                #expect(attempts == 2)
            }
        }
    }
#endif
