#if AsyncHTTPClient
    import AsyncHTTPClient
    import EndpointKit
    @testable import EndpointKitAsyncHTTPClient
    import Foundation
    import Testing

    @Suite("Redirects through AsyncHTTPClientTransport against httpbin", .requiresHTTPBin)
    struct RedirectIntegrationTests {
        /// `GET /redirect-to?url=…`: httpbin answers 302 with that `Location`.
        struct RedirectedGet: GET {
            typealias ResponseType = Echo
            let path = "/redirect-to"
            let target: String
            var query: Parameters { ["url": target] }
        }

        /// `POST /redirect-to?url=…&status_code=…` with a JSON body.
        struct RedirectedPost: POST {
            typealias ResponseType = Echo
            let path = "/redirect-to"
            let target: String
            let statusCode: Int
            let payload: Payload
            var query: Parameters { ["url": target, "status_code": statusCode] }
            var body: RequestBody { .json(payload) }
        }

        /// `GET /redirect/{count}`: that many redirects, then `/get`.
        struct Redirects: GET {
            typealias ResponseType = Echo
            let count: Int
            var path: String { "/redirect/\(count)" }
        }

        @Test(
            "A redirect to another origin carries no Authorization, Cookie or custom header, but keeps Accept",
            .enabled(if: HTTPBin.otherOriginURL != nil, "needs httpbin on 127.0.0.1 or localhost"))
        func crossOriginRedirectDropsCredentials() async throws {
            let otherOrigin = try #require(HTTPBin.otherOriginURL)
            try await HTTPBin.withHTTPClient { httpClient in
                let client = Client(baseURL: HTTPBin.url!, authenticator: .bearer("secret-token")) {
                    $0.headers = ["Cookie": "session=secret", "X-API-Key": "key-123"]
                    $0.transport = AsyncHTTPClientTransport(client: httpClient)
                }

                let response = try await client.send(RedirectedGet(target: otherOrigin.absoluteString + "/get"))

                #expect(response.url?.absoluteString == otherOrigin.absoluteString + "/get")
                #expect(response.value.header("Host") == "\(otherOrigin.host!):\(otherOrigin.port!)")
                #expect(response.value.header("Authorization") == nil)
                #expect(response.value.header("Cookie") == nil)
                #expect(response.value.header("X-API-Key") == nil)
                #expect(response.value.header("Accept") == "application/json")
            }
        }

        @Test("A redirect within the origin keeps the Authorization header")
        func sameOriginRedirectKeepsCredentials() async throws {
            try await HTTPBin.withHTTPClient { httpClient in
                let client = Client(baseURL: HTTPBin.url!, authenticator: .bearer("secret-token")) {
                    $0.transport = AsyncHTTPClientTransport(client: httpClient)
                }

                let response = try await client.send(RedirectedGet(target: "/get"))

                #expect(response.url?.absoluteString == HTTPBin.urlString("/get"))
                #expect(response.value.header("Authorization") == "Bearer secret-token")
            }
        }

        @Test("A 307 or 308 of a POST sends the same method and body again", arguments: [307, 308])
        func redirectedPostKeepsBody(statusCode: Int) async throws {
            try await HTTPBin.withHTTPClient { httpClient in
                let client = Client(baseURL: HTTPBin.url!) {
                    $0.transport = AsyncHTTPClientTransport(client: httpClient)
                }
                let payload = Payload(message: "redirected with \(statusCode)", numbers: [4, 5])

                let response = try await client.send(
                    RedirectedPost(target: "/post", statusCode: statusCode, payload: payload))

                #expect(response.url?.absoluteString == HTTPBin.urlString("/post"))
                #expect(response.value.json == payload.echoed)
                let sentLength = try JSONEncoder().encode(payload).count
                #expect(response.value.header("Content-Length") == "\(sentLength)")
            }
        }

        @Test("A 302 or 303 of a POST is followed with a GET without body", arguments: [302, 303])
        func redirectedPostBecomesGET(statusCode: Int) async throws {
            try await HTTPBin.withHTTPClient { httpClient in
                let client = Client(baseURL: HTTPBin.url!) {
                    $0.transport = AsyncHTTPClientTransport(client: httpClient)
                }

                let response = try await client.send(
                    RedirectedPost(target: "/get", statusCode: statusCode, payload: Payload(message: "x", numbers: [])))

                // httpbin's /get answers only GET (405 otherwise), so reaching it proves the method.
                #expect(response.url?.absoluteString == HTTPBin.urlString("/get"))
                #expect(response.value.header("Content-Type") == nil)
                #expect(response.value.header("Content-Length") == nil)
            }
        }

        @Test("A chain of redirects is followed up to the limit; one more fails with httpTooManyRedirects")
        func redirectLimit() async throws {
            try await HTTPBin.withHTTPClient { httpClient in
                let client = Client(baseURL: HTTPBin.url!) {
                    $0.retryPolicy = .never
                    $0.transport = AsyncHTTPClientTransport(client: httpClient, maximumRedirects: 3)
                }

                let followed = try await client.send(Redirects(count: 3))
                let result = await HTTPBin.result { () async throws(EndpointError) in
                    try await client.get(Redirects(count: 4))
                }

                #expect(followed.url?.absoluteString == HTTPBin.urlString("/get"))
                #expect(
                    (HTTPBin.transportError(of: result) as? URLError)?.code == .httpTooManyRedirects, "got \(result)")
            }
        }

        /// `GET /attempts/{key}` on the fault server: how many requests `/flaky/{key}` received.
        struct Attempts: GET {
            struct Count: Decodable, JSONObject { let attempts: Int }
            typealias ResponseType = Count
            let key: String
            var path: String { "/attempts/\(segment: key)" }
        }

        @Test(
            "An HTTPClient that follows redirects is refused before anything is sent: the other origin never sees the API key",
            .requiresFaultServer)
        func clientThatFollowsRedirectsIsRefused() async throws {
            let faultServer = try #require(FaultServer.url)
            let key = "follows-\(UUID().uuidString.prefix(8))"
            let target = faultServer.absoluteString + "/flaky/\(key)?failures=0"
            // AsyncHTTPClient's default configuration follows up to 5 redirects.
            try await HTTPBin.withHTTPClient(configuration: HTTPClient.Configuration()) { httpClient in
                let authenticator = ClosureAuthenticator { $0.setValue("secret-key", forHTTPHeaderField: "X-API-Key") }
                let client = Client(baseURL: HTTPBin.url!, authenticator: authenticator) {
                    $0.retryPolicy = .never
                    $0.transport = AsyncHTTPClientTransport(client: httpClient)
                }

                let result = await HTTPBin.result { () async throws(EndpointError) in
                    try await client.get(RedirectedGet(target: target))
                }

                let error = try #require(HTTPBin.transportError(of: result) as? HTTPClientFollowsRedirectsError)
                #expect(error.finalURL == nil)
                #expect(error.description.contains("nothing was sent"))
                #expect(error.description.contains("makeDefaultConfiguration"))
            }
            let attempts = try await Client(baseURL: faultServer).get(Attempts(key: key)).attempts
            #expect(attempts == 0, "the other origin received \(attempts) request(s)")
        }

        @Test("The redirect mode of an HTTPClient is read from its configuration")
        func redirectModeIsRead() async throws {
            var following = AsyncHTTPClientTransport.makeDefaultConfiguration()
            following.redirectConfiguration = .follow(max: 3, allowCycles: false)
            let cases: [(HTTPClient.Configuration, Bool)] = [
                (AsyncHTTPClientTransport.makeDefaultConfiguration(), false),
                (HTTPClient.Configuration(redirectConfiguration: .disallow), false),
                (HTTPClient.Configuration(), true),
                (following, true),
            ]
            for (configuration, follows) in cases {
                try await HTTPBin.withHTTPClient(configuration: configuration) { httpClient in
                    #expect(httpClient.followsRedirectsItself == follows)
                }
            }
        }

        @Test("The redirect error's description, and the call's, redact the requested URL's credentials")
        func clientThatFollowsRedirectsRedacts() async throws {
            struct RedirectWithToken: GET {
                typealias ResponseType = Echo
                let path = "/redirect-to"
                var query: Parameters { ["url": "/get", "access_token": "qtok-SECRET-3"] }
            }
            let base = HTTPBin.url!.absoluteString.replacingOccurrences(of: "://", with: "://user:pw-SECRET@")
            let requested =
                base.replacingOccurrences(of: "user:pw-SECRET@", with: "<redacted>@")
                + "/redirect-to?url=%2Fget&access_token=<redacted>"
            try await HTTPBin.withHTTPClient(configuration: HTTPClient.Configuration()) { httpClient in
                let client = Client(baseURL: URL(string: base)!) {
                    $0.retryPolicy = .never
                    $0.transport = AsyncHTTPClientTransport(client: httpClient)
                }

                let result = await HTTPBin.result { () async throws(EndpointError) in
                    try await client.get(RedirectWithToken())
                }

                // Refused before sending: the call's description names it, redacted.
                guard case .failure(let endpointError) = result else {
                    Issue.record("expected a failure, got \(result)")
                    return
                }
                #expect(endpointError.description.hasPrefix("GET \(requested) failed: the HTTPClient given to"))
                #expect(!endpointError.description.contains("SECRET"), "\(endpointError)")
            }
            // A redirect the HTTPClient followed after all (were its configuration out of reach).
            let followed = HTTPClientFollowsRedirectsError(
                from: URL(string: base + "/redirect-to?url=%2Fget&access_token=qtok-SECRET-3"),
                to: URL(string: base + "/get?access_token=qtok-SECRET-3"))
            #expect(followed.description.hasPrefix("the HTTPClient followed a redirect from \(requested) to "))
            #expect(!followed.description.contains("SECRET"), "\(followed)")
        }
    }
#endif
