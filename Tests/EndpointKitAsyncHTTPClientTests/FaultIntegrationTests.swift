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

        @Test("A connection closed mid-body is transportFailed with URLError.networkConnectionLost")
        func droppedConnection() async throws {
            try await HTTPBin.withHTTPClient { httpClient in
                let client = Client(baseURL: HTTPBin.faultServerURL!) {
                    $0.retryPolicy = .never
                    $0.transport = AsyncHTTPClientTransport(client: httpClient)
                }

                let result = await HTTPBin.result { () async throws(EndpointError) in
                    try await client.get(Dropped(key: Self.uniqueKey()))
                }

                #expect(
                    (HTTPBin.transportError(of: result) as? URLError)?.code == .networkConnectionLost, "got \(result)")
            }
        }

        @Test("The retry policy tries a GET cut short again, as it does with URLSession")
        func droppedConnectionIsRetried() async throws {
            try await HTTPBin.withHTTPClient { httpClient in
                let client = Client(baseURL: HTTPBin.faultServerURL!) {
                    $0.retryPolicy = RetryPolicy(maximumAttempts: 3, initialDelay: 0.01)
                    $0.transport = AsyncHTTPClientTransport(client: httpClient)
                }
                let key = Self.uniqueKey()

                let values = try await client.get(Dropped(key: key, failures: 1))
                let attempts = try await client.get(Attempts(key: key)).attempts

                #expect(!values.isEmpty)
                #expect(attempts == 2)
            }
        }
    }
#endif
