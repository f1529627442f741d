#if AsyncHTTPClient
    import AsyncHTTPClient
    import EndpointKit
    import EndpointKitAsyncHTTPClient
    import Foundation
    import Testing

    @Suite("An EndpointKit client over AsyncHTTPClient against httpbin", .requiresHTTPBin)
    struct ClientIntegrationTests {
        @Test("A GET sends its query and headers and decodes the JSON echo")
        func getEchoesQueryAndHeaders() async throws {
            try await HTTPBin.withHTTPClient { httpClient in
                let client = Client(baseURL: HTTPBin.url!) {
                    $0.headers = ["X-Client": "endpointkit"]
                    $0.transport = AsyncHTTPClientTransport(client: httpClient)
                }

                let response = try await client.send(
                    GetEcho(query: ["q": "swift nio", "tags": ["a", "b"]], headers: ["X-Trace": "42"]))

                #expect(response.statusCode == 200)
                #expect(response.headers["Content-Type"] == "application/json")
                #expect(response.url?.absoluteString.hasPrefix(HTTPBin.urlString("/get?")) == true)
                #expect(response.value.args["q"] == .string("swift nio"))
                #expect(response.value.args["tags"] == .array([.string("a"), .string("b")]))
                #expect(response.value.header("X-Client") == "endpointkit")
                #expect(response.value.header("X-Trace") == "42")
                #expect(response.value.header("Accept") == "application/json")
            }
        }

        @Test("A POST sends its JSON body with Content-Type and Content-Length")
        func postSendsJSON() async throws {
            try await HTTPBin.withHTTPClient { httpClient in
                let client = Client(baseURL: HTTPBin.url!) {
                    $0.transport = AsyncHTTPClientTransport(client: httpClient)
                }
                let payload = Payload(message: "héllo over NIO", numbers: [1, 2, 3])

                let echo = try await client.post(PostEcho(payload: payload))

                #expect(echo.method == nil || echo.method == "POST")
                #expect(echo.json == payload.echoed)
                #expect(echo.header("Content-Type") == "application/json")
                let sentLength = try JSONEncoder().encode(payload).count
                #expect(echo.header("Content-Length") == "\(sentLength)")
            }
        }

        @Test("An error status is EndpointError.unacceptableStatus with the status code", arguments: [404, 418, 500])
        func errorStatus(code: Int) async throws {
            try await HTTPBin.withHTTPClient { httpClient in
                let client = Client(baseURL: HTTPBin.url!) {
                    $0.retryPolicy = .never
                    $0.transport = AsyncHTTPClientTransport(client: httpClient)
                }

                let result = await HTTPBin.result { () async throws(EndpointError) in
                    try await client.get(Status(code: code))
                }

                #expect(HTTPBin.unacceptableStatusCode(of: result) == code, "got \(result)")
            }
        }

        @Test("A 401 with WWW-Authenticate comes back as unacceptableStatus, with its header, before a deadline")
        func unauthorizedReturnsPromptly() async throws {
            try await HTTPBin.withHTTPClient { httpClient in
                // A deadline as the control: a 401 that hung (as URLSession's does on Linux) would
                // end with .timedOut, not with the status.
                let client = Client(baseURL: HTTPBin.url!) {
                    $0.transport = AsyncHTTPClientTransport(client: httpClient)
                    $0.timeouts = Timeouts(idle: 30, total: 20)
                }

                let result = await HTTPBin.result { () async throws(EndpointError) in
                    try await client.get(Status(code: 401))
                }

                guard case .failure(.unacceptableStatus(let response)) = result else {
                    Issue.record("expected a 401, got \(result)")
                    return
                }
                #expect(response.statusCode == 401)
                #expect(response.response.headers["WWW-Authenticate"] != nil)
            }
        }

        @Test("A wrong Basic password gives a 401 error instead of hanging")
        func wrongBasicPassword() async throws {
            struct BasicAuth: GET {
                typealias ResponseType = Data
                let path = "/basic-auth/user/passwd"
            }
            try await HTTPBin.withHTTPClient { httpClient in
                let client = Client(baseURL: HTTPBin.url!, authenticator: .basic(username: "user", password: "wrong")) {
                    $0.transport = AsyncHTTPClientTransport(client: httpClient)
                }

                let result = await HTTPBin.result { () async throws(EndpointError) in try await client.get(BasicAuth())
                }

                #expect(HTTPBin.unacceptableStatusCode(of: result) == 401, "got \(result)")
            }
        }

        @Test("A gzip-encoded response is decompressed")
        func decompressesGzip() async throws {
            struct Gzipped: GET {
                struct Body: Decodable, JSONObject { let gzipped: Bool }
                typealias ResponseType = Body
                let path = "/gzip"
            }
            try await HTTPBin.withHTTPClient { httpClient in
                let client = Client(baseURL: HTTPBin.url!) {
                    $0.transport = AsyncHTTPClientTransport(client: httpClient)
                }

                let response = try await client.send(Gzipped())

                #expect(response.value.gzipped)
                #expect(response.headers["Content-Encoding"] == "gzip")
            }
        }

        @Test("Many concurrent calls share the HTTPClient's connection pool")
        func concurrentCalls() async throws {
            try await HTTPBin.withHTTPClient { httpClient in
                let client = Client(baseURL: HTTPBin.url!) {
                    $0.transport = AsyncHTTPClientTransport(client: httpClient)
                }

                let indices = try await withThrowingTaskGroup(of: String?.self) { group in
                    for index in 0..<50 {
                        group.addTask {
                            let echo = try await client.get(GetEcho(query: ["index": index]))
                            guard case .string(let value)? = echo.args["index"] else { return nil }
                            return value
                        }
                    }
                    var collected: Set<String> = []
                    for try await index in group {
                        if let index { collected.insert(index) }
                    }
                    return collected
                }

                #expect(indices == Set((0..<50).map(String.init)))
            }
        }
    }
#endif
