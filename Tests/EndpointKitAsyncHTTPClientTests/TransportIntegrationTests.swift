#if AsyncHTTPClient
    import AsyncHTTPClient
    import EndpointKit
    import EndpointKitAsyncHTTPClient
    import Foundation
    import Testing

    @Suite("AsyncHTTPClientTransport used directly against httpbin", .requiresHTTPBin)
    struct TransportIntegrationTests {
        @Test("A request's method, headers and body arrive as they were set")
        func convertsTheRequest() async throws {
            try await HTTPBin.withHTTPClient { httpClient in
                var request = URLRequest(url: URL(string: HTTPBin.urlString("/anything/path?x=1"))!)
                request.httpMethod = "PATCH"
                request.setValue("text/plain", forHTTPHeaderField: "Content-Type")
                request.setValue("yes", forHTTPHeaderField: "X-Custom")
                request.httpBody = Data("patched".utf8)

                let response = try await AsyncHTTPClientTransport(client: httpClient).send(request)
                let echo = try JSONDecoder().decode(Echo.self, from: response.body)

                #expect(response.statusCode == 200)
                #expect(response.url == request.url)
                #expect(echo.method == "PATCH")
                #expect(echo.url == HTTPBin.urlString("/anything/path?x=1"))
                #expect(echo.args == ["x": .string("1")])
                #expect(echo.header("X-Custom") == "yes")
                #expect(echo.data == "patched")
            }
        }

        @Test("An httpBodyStream is uploaded, with its Content-Length or chunked", arguments: [true, false])
        func streamsTheBody(withLength: Bool) async throws {
            try await HTTPBin.withHTTPClient { httpClient in
                let text = String(repeating: "streamed body ", count: 10_000)
                var request = URLRequest(url: URL(string: HTTPBin.urlString("/post"))!)
                request.httpMethod = "POST"
                request.setValue("text/plain", forHTTPHeaderField: "Content-Type")
                if withLength { request.setValue("\(text.utf8.count)", forHTTPHeaderField: "Content-Length") }
                request.httpBodyStream = InputStream(data: Data(text.utf8))

                let response = try await AsyncHTTPClientTransport(client: httpClient).send(request)
                let echo = try JSONDecoder().decode(Echo.self, from: response.body)

                #expect(response.statusCode == 200)
                #expect(echo.data == text)
            }
        }
    }
#endif
