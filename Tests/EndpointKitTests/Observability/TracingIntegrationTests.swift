#if Tracing
    import EndpointKit
    import EndpointKitTracing
    import Foundation
    import InMemoryTracing
    import Testing
    import Tracing

    #if AsyncHTTPClient
        import AsyncHTTPClient
        import EndpointKitAsyncHTTPClient
    #endif

    /// The span trees of real calls, over each transport, against the fault and streaming servers.
    @Suite(
        "Tracing calls to real servers, over each transport", .requiresFaultServer, .requiresStreamServer,
        .requiresHTTPBin)
    struct TracingIntegrationTests {
        private func client(
            _ baseURL: URL?, over transport: TransportUnderTest, tracer: InMemoryTracer,
            authenticator: some Authenticator = NoAuthenticator()
        ) -> Client {
            Client(baseURL: baseURL!, authenticator: authenticator) {
                $0.transport = transport.make()
                $0.retryPolicy = RetryPolicy(maximumAttempts: 3, initialDelay: 0.01, jitter: 0)
                $0.observers = [.tracing(tracer: tracer)]
            }
        }

        // The fault server's endpoints, as its own suite declares them.
        typealias Flaky = FaultServerIntegrationTests.Flaky
        typealias Resource = FaultServerIntegrationTests.Resource
        typealias Refresh = FaultServerIntegrationTests.Refresh

        struct EchoHeaders: GET {
            typealias ResponseType = [String: String]
            let path = "/echo-headers"
        }

        /// httpbin's `GET /etag/{etag}`: `304` to a request whose `If-None-Match` has the tag.
        struct Tagged: GET {
            typealias ResponseType = JSONValue
            let path = "/etag/v1"
        }

        struct Missing: GET {
            typealias ResponseType = JSONValue
            let path = "/missing"
        }

        @Test(
            "A call that fails twice: three attempt spans under the call's, the server counted three",
            arguments: TransportUnderTest.allCases)
        func retriedTwice(over transport: TransportUnderTest) async throws {
            let tracer = InMemoryTracer()
            let key = FaultServer.uniqueKey()
            let outcome = try await client(FaultServer.url, over: transport, tracer: tracer).get(
                Flaky(key: key, failures: 2))
            #expect(outcome.attempts == 3)
            #expect(
                SpanTree.lines(tracer.finishedSpans) == [
                    "Flaky client status=200 resend=2",
                    "  event retry attempt=1 error.type=503 delay=0.01",
                    "  event retry attempt=2 error.type=503 delay=0.02",
                    "  GET client attempt=1 status=503 error.type=503 error",
                    "  GET client attempt=2 status=503 resend=1 error.type=503 error",
                    "  GET client attempt=3 status=200 resend=2",
                ])
        }

        @Test("The server receives each attempt's span context in its headers", arguments: TransportUnderTest.allCases)
        func injection(over transport: TransportUnderTest) async throws {
            let tracer = InMemoryTracer()
            let headers = try await client(FaultServer.url, over: transport, tracer: tracer).get(EchoHeaders())
            let attempt = try #require(tracer.finishedSpans.first { $0.operationName == "GET" })
            let received = Dictionary(uniqueKeysWithValues: headers.map { ($0.key.lowercased(), $0.value) })
            #expect(received[InMemoryTracer.spanIDKey] == attempt.spanID)
            #expect(received[InMemoryTracer.traceIDKey] == attempt.traceID)
        }

        @Test(
            "A token renewed after a real 401: two attempt spans and a renewal event",
            arguments: TransportUnderTest.allCases)
        func renewal(over transport: TransportUnderTest) async throws {
            let tracer = InMemoryTracer()
            let key = FaultServer.uniqueKey("auth")
            let refresher = Client(baseURL: FaultServer.url!) { $0.transport = transport.make() }
            let authenticator = RefreshingTokenAuthenticator(token: "expired") {
                try await refresher.post(Refresh(key: key)).token
            }
            let client = client(FaultServer.url, over: transport, tracer: tracer, authenticator: authenticator)
            #expect(try await client.get(Resource(key: key)).ok)
            #expect(
                SpanTree.lines(tracer.finishedSpans) == [
                    "Resource client status=200 resend=1",
                    "  event credential renewed status=401",
                    "  GET client attempt=1 status=401 error.type=401 error",
                    "  GET client attempt=1 status=200 resend=1",
                ])
        }

        @Test(
            "A 304 from httpbin answered from the cache: the attempt span has the 304, the call span an event",
            arguments: TransportUnderTest.allCases)
        func revalidation(over transport: TransportUnderTest) async throws {
            let tracer = InMemoryTracer()
            let client = Client(baseURL: HTTPBin.url!) {
                $0.transport = transport.make()
                $0.cache = InMemoryResponseCache()
                $0.observers = [.tracing(tracer: tracer)]
            }
            _ = try await client.get(Tagged())
            tracer.clearFinishedSpans()
            let second = try await client.send(Tagged())
            #expect(second.isFromCache)
            #expect(
                SpanTree.lines(tracer.finishedSpans) == [
                    "Tagged client status=200 cache=revalidated", "  event cache revalidated status=304",
                    "  GET client attempt=1 status=304",
                ])
        }

        @Test(
            "A failure: the call's span ends in error with the status as its type",
            arguments: TransportUnderTest.allCases)
        func failure(over transport: TransportUnderTest) async throws {
            let tracer = InMemoryTracer()
            let client = client(FaultServer.url, over: transport, tracer: tracer)
            _ = try? await client.get(Missing())
            let lines = SpanTree.lines(tracer.finishedSpans)
            #expect(lines.count == 2)
            #expect(lines.first?.hasPrefix("Missing client status=404 error.type=404 error") == true, "\(lines)")
        }

        @Test(
            "A stream that the server drops and then ends with a 204: one span over both connections",
            arguments: TransportUnderTest.allCases)
        func stream(over transport: TransportUnderTest) async throws {
            let tracer = InMemoryTracer()
            var endpoint = ServerEvents(key: StreamServer.uniqueKey(), route: "then-204", query: ["count": 2])
            endpoint.reconnection = ReconnectionPolicy(maximumAttempts: 1, defaultDelay: 0.001)
            var indexes: [Int] = []
            for try await event in client(StreamServer.url, over: transport, tracer: tracer).stream(endpoint) {
                indexes.append(event.data.index)
            }
            #expect(indexes == [1, 2])
            let lines = SpanTree.lines(tracer.finishedSpans)
            #expect(lines.count == 4, "\(lines)")
            #expect(lines.first == "ServerEvents client pieces=2")
            #expect(lines.dropFirst().first?.hasPrefix("  event reconnect error.type=") == true)
            #expect(
                Array(lines.suffix(2)) == ["  GET client attempt=1 status=200", "  GET client attempt=1 status=204"])
        }

        #if AsyncHTTPClient
            /// The fault server's `/echo-headers`, asked with a `POST` and a body of `size` bytes.
            struct EchoHeadersOfAPost: POST {
                typealias ResponseType = [String: String]
                var size = 70_000
                let path = "/echo-headers"
                var body: RequestBody { .data(Data(count: size), contentType: "application/octet-stream") }
            }

            /// AsyncHTTPClient 1.37 starts the span of a request sent with a delegate (as
            /// `AsyncHTTPClientTransport` sends those with a body over 64 KiB) on its event loop, where the
            /// caller's task-local trace context is not: the span is the root of a trace of its own.
            /// So `makeDefaultConfiguration()` turns its tracer off. When this test fails,
            /// AsyncHTTPClient nests the span: turn its tracer back on there.
            /// Makes `call` through a client whose `HTTPClient` has `tracer` as its own tracer
            /// (which `makeDefaultConfiguration()` turns off), with `tls` when given, then shuts
            /// the `HTTPClient` down.
            private func withAsyncHTTPClientTracing(
                _ tracer: InMemoryTracer, baseURL: URL, tls: TLSPolicy? = nil,
                _ call: (Client) async throws -> Void
            ) async throws {
                var configuration =
                    try tls.map { try AsyncHTTPClientTransport.makeDefaultConfiguration(tls: $0) }
                    ?? AsyncHTTPClientTransport.makeDefaultConfiguration()
                configuration.tracing.tracer = tracer
                let httpClient = HTTPClient(configuration: configuration)
                let transport =
                    try tls.map { try AsyncHTTPClientTransport(client: httpClient, tls: $0) }
                    ?? AsyncHTTPClientTransport(client: httpClient)
                let client = Client(baseURL: baseURL) {
                    $0.transport = transport
                    $0.observers = [.tracing(tracer: tracer)]
                }
                do {
                    try await call(client)
                } catch {
                    try await httpClient.shutdown()
                    throw error
                }
                try await httpClient.shutdown()
            }

            /// The spans AsyncHTTPClient started: those with its `url.scheme`, which EndpointKit's
            /// spans do not set.
            private func asyncHTTPClientSpans(_ tracer: InMemoryTracer) -> [FinishedInMemorySpan] {
                tracer.finishedSpans.filter { $0.attributes.get("url.scheme") != nil }
            }

            @Test("AsyncHTTPClient starts its delegate request's span outside the caller's trace")
            func asyncHTTPClientSpanIsARoot() async throws {
                let tracer = InMemoryTracer()
                try await withAsyncHTTPClientTracing(tracer, baseURL: FaultServer.url!) { client in
                    _ = try await client.post(EchoHeadersOfAPost())
                }
                let ours = try #require(tracer.finishedSpans.first { $0.operationName == "EchoHeadersOfAPost" })
                let theirs = asyncHTTPClientSpans(tracer)
                #expect(theirs.map(\.operationName) == ["POST"])
                #expect(theirs.first?.parentSpanID == nil)
                #expect(theirs.first?.traceID != ours.traceID)
            }

            /// A `POST` with a body of at most 64 KiB over plain HTTP goes through AsyncHTTPClient's
            /// async `execute`, in the attempt's task: there its span is the attempt span's child.
            @Test("Over plain HTTP, AsyncHTTPClient's span of a POST with a small body is a child of the attempt span")
            func asyncHTTPClientSpanOfAnExecutedPostIsAChild() async throws {
                let tracer = InMemoryTracer()
                try await withAsyncHTTPClientTracing(tracer, baseURL: FaultServer.url!) { client in
                    _ = try await client.post(EchoHeadersOfAPost(size: 1_000))
                }
                let attempt = try #require(
                    tracer.finishedSpans.first { $0.operationName == "POST" && $0.attributes.get("url.scheme") == nil })
                let theirs = asyncHTTPClientSpans(tracer)
                #expect(theirs.map(\.operationName) == ["POST"])
                #expect(theirs.first?.parentSpanID == attempt.spanID)
                #expect(theirs.first?.traceID == attempt.traceID)
            }

            /// An HTTPS `GET` goes through AsyncHTTPClient's async `execute`, in the attempt's
            /// task: there its span is the attempt span's child. What TracingObserver's and
            /// makeDefaultConfiguration()'s documentation say.
            @Test(
                "Over HTTPS, AsyncHTTPClient's span of a request without a body is a child of the attempt span",
                .enabled(if: TransportUnderTest.testCAPolicy != nil && FaultServer.tlsURL != nil))
            func asyncHTTPClientSpanOfAnExecutedRequestIsAChild() async throws {
                let tracer = InMemoryTracer()
                try await withAsyncHTTPClientTracing(
                    tracer, baseURL: FaultServer.tlsURL!, tls: TransportUnderTest.testCAPolicy
                ) { client in
                    _ = try await client.get(EchoHeaders())
                }
                let attempt = try #require(
                    tracer.finishedSpans.first { $0.operationName == "GET" && $0.attributes.get("url.scheme") == nil })
                let theirs = asyncHTTPClientSpans(tracer)
                #expect(theirs.map(\.operationName) == ["GET"])
                #expect(theirs.first?.parentSpanID == attempt.spanID)
                #expect(theirs.first?.traceID == attempt.traceID)
            }

            /// What the documentation warns of before AsyncHTTPClient's tracer is turned on. When
            /// this test fails, AsyncHTTPClient redacts its URLs: say so there.
            @Test("AsyncHTTPClient's own span records the query's secrets, which EndpointKit's spans redact")
            func asyncHTTPClientSpanRecordsSecrets() async throws {
                let tracer = InMemoryTracer()
                try await withAsyncHTTPClientTracing(tracer, baseURL: FaultServer.url!) { client in
                    let endpoint = GetValue<JSONValue>(path: "/echo-headers", query: ["access_token": "t0ken"])
                    _ = try await client.get(endpoint)
                }
                let theirs = try #require(asyncHTTPClientSpans(tracer).first)
                #expect(theirs.attributes.get("url.query") == .string("access_token=t0ken"))
                let url = "\(FaultServer.url!.absoluteString)/echo-headers?access_token="
                #expect(theirs.attributes.get("url.full") == .string(url + "t0ken"))
                let ours = tracer.finishedSpans.filter { $0.attributes.get("url.scheme") == nil }
                #expect(ours.map(\.operationName).sorted() == ["GET", "GetValue<JSONValue>"])
                #expect(ours.allSatisfy { $0.attributes.get("url.full") == .string(url + "<redacted>") })
            }

            @Test("The default AsyncHTTPClient configuration starts no span of its own")
            func defaultConfigurationHasNoTracer() {
                #expect(AsyncHTTPClientTransport.makeDefaultConfiguration().tracing.tracer == nil)
            }
        #endif
    }
#endif
