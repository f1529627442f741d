#if Tracing
    import EndpointKit
    import EndpointKitTesting
    import EndpointKitTracing
    import Foundation
    import InMemoryTracing
    import Testing
    import Tracing

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    @Suite("Tracing calls with swift-distributed-tracing")
    struct TracingObserverTests {
        private func client(
            _ transport: StubTransport, tracer: InMemoryTracer, authenticator: some Authenticator = NoAuthenticator(),
            cache: (any ResponseCache)? = nil
        ) -> Client {
            ObservedScenario.client(
                transport, observers: [.tracing(tracer: tracer)], authenticator: authenticator, cache: cache)
        }

        @Test("A call retried twice: one client span named for the endpoint, three attempt spans, two retry events")
        func retriedTwice() async throws {
            let tracer = InMemoryTracer()
            _ = try await client(.answering([503, 502]), tracer: tracer).get(UserRepositories())
            #expect(
                SpanTree.lines(tracer.finishedSpans) == [
                    "UserRepositories client status=200 resend=2",
                    "  event retry attempt=1 error.type=503 delay=0.001",
                    "  event retry attempt=2 error.type=502 delay=0.001",
                    "  GET client attempt=1 status=503 error.type=503 error",
                    "  GET client attempt=2 status=502 resend=1 error.type=502 error",
                    "  GET client attempt=3 status=200 resend=2",
                ])
        }

        @Test("A retry that waited out a 429's Retry-After: a rate_limit.wait event on the call's span")
        func rateLimitPause() async throws {
            let tracer = InMemoryTracer()
            _ = try await client(ObservedScenario.rateLimitPause(), tracer: tracer).get(UserRepositories())
            #expect(
                SpanTree.lines(tracer.finishedSpans) == [
                    "UserRepositories client status=200 resend=1",
                    "  event retry attempt=1 error.type=429 delay=0.0",
                    "  event rate_limit.wait wait=5.0 reason=paused host=api.example.com",
                    "  GET client attempt=1 status=429 error.type=429 error",
                    "  GET client attempt=2 status=200 resend=1",
                ])
            let span = try #require(tracer.finishedSpans.first { $0.operationName == "UserRepositories" })
            let event = try #require(span.events.first { $0.name == "rate_limit.wait" })
            #expect(event.attributes.get("endpointkit.rate_limit.duration") == .double(5))
            #expect(event.attributes.get("endpointkit.rate_limit.reason") == .string("paused"))
            #expect(event.attributes.get("server.address") == .string("api.example.com"))
            #expect(event.attributes.get("endpointkit.rate_limit.limit") == nil)
        }

        @Test("A call held back by a spent budget: its rate_limit.wait event names the limit")
        func rateLimitSpentBudget() async throws {
            let tracer = InMemoryTracer()
            let client = client(ObservedScenario.spentBudget(), tracer: tracer)
            _ = try await client.get(UserRepositories())
            tracer.clearFinishedSpans()
            _ = try await client.get(UserRepositories())
            #expect(
                SpanTree.lines(tracer.finishedSpans) == [
                    "UserRepositories client status=200",
                    "  event rate_limit.wait wait=10.0 reason=budget-spent limit=hourly host=api.example.com",
                    "  GET client attempt=1 status=200",
                ])
        }

        @Test("The call's span has OpenTelemetry's HTTP client attributes, with secrets redacted from url.full")
        func attributes() async throws {
            let tracer = InMemoryTracer()
            let client = Client(baseURL: URL(string: "https://user:pa55@api.example.com:8443")!) {
                $0.transport = StubTransport(body: "{}")
                $0.observers = [.tracing(tracer: tracer, redactingQueryItems: ["sig"])]
            }
            _ = try await client.get(GetValue<JSONValue>(query: ["access_token": "t0ken", "sig": "s1gn", "page": 2]))
            let span = try #require(tracer.finishedSpans.first { $0.operationName == "GetValue<JSONValue>" })
            #expect(span.kind == .client)
            #expect(span.attributes.get("http.request.method") == .string("GET"))
            #expect(span.attributes.get("server.address") == .string("api.example.com"))
            #expect(span.attributes.get("server.port") == .int64(8443))
            #expect(
                span.attributes.get("url.full")
                    == .string(
                        "https://<redacted>@api.example.com:8443/value?access_token=<redacted>&sig=<redacted>&page=2"))
            #expect(span.attributes.get("http.response.status_code") == .int64(200))
            #expect(span.attributes.get("error.type") == nil)
            #expect(span.status == nil)
        }

        @Test("An endpoint with a path template: spans named by method and template, with url.template")
        func pathTemplate() async throws {
            let tracer = InMemoryTracer()
            _ = try await client(StubTransport(body: "[]"), tracer: tracer).get(OwnerRepositories(owner: "apple"))
            #expect(
                tracer.finishedSpans.map(\.operationName).sorted() == [
                    "GET /users/{owner}/repos", "GET /users/{owner}/repos",
                ])
            #expect(
                tracer.finishedSpans.map { $0.attributes.get("url.template") }
                    == Array(repeating: .string("/users/{owner}/repos"), count: 2))
            #expect(
                tracer.finishedSpans.map { $0.attributes.get("url.full") }
                    == Array(repeating: .string("https://api.example.com/users/apple/repos"), count: 2))
        }

        @Test("A renewed token: the 401 and the resend are two attempt spans, with a credential renewed event")
        func renewal() async throws {
            let tracer = InMemoryTracer()
            let (transport, authenticator) = ObservedScenario.renewal()
            _ = try await client(transport, tracer: tracer, authenticator: authenticator).get(UserRepositories())
            #expect(
                SpanTree.lines(tracer.finishedSpans) == [
                    "UserRepositories client status=200 resend=1",
                    "  event credential renewed status=401",
                    "  GET client attempt=1 status=401 error.type=401 error",
                    "  GET client attempt=1 status=200 resend=1",
                ])
        }

        @Test("A 304 answered from the cache: the attempt span has the 304, the call span the stored 200 and an event")
        func revalidation() async throws {
            let tracer = InMemoryTracer()
            let client = client(ObservedScenario.revalidation(), tracer: tracer, cache: InMemoryResponseCache())
            _ = try await client.get(UserRepositories())
            tracer.clearFinishedSpans()
            _ = try await client.get(UserRepositories())
            #expect(
                SpanTree.lines(tracer.finishedSpans) == [
                    "UserRepositories client status=200 cache=revalidated",
                    "  event cache revalidated status=304",
                    "  GET client attempt=1 status=304",
                ])
        }

        @Test(
            "A failure marks the call's span with its error type and an error status that names no secret and no body")
        func failure() async throws {
            let tracer = InMemoryTracer()
            let person = #"{"email": "alice@example.com"}"#
            _ = try? await client(StubTransport(status: 404, body: person), tracer: tracer).get(
                GetValue<JSONValue>(query: ["api_key": "k3y"]))
            _ = try? await client(StubTransport(), tracer: tracer).send(BodyWithMethod())
            #expect(
                SpanTree.lines(tracer.finishedSpans) == [
                    "GetValue<JSONValue> client status=404 error.type=404 error",
                    "  GET client attempt=1 status=404 error.type=404 error",
                    "BodyWithMethod client error.type=invalidRequest error",
                ])
            let span = try #require(tracer.finishedSpans.first { $0.operationName == "GetValue<JSONValue>" })
            let message = try #require(span.status?.message)
            #expect(message.contains("api_key=<redacted>") && !message.contains("k3y"))
            #expect(
                message.hasSuffix("answered with unacceptable status 404 (application/json, 30 bytes)"), "\(message)")
            #expect(!message.contains("alice"))
        }

        @Test("A stream's span lasts until the stream ends: its connections are attempts, a reconnection an event")
        func stream() async throws {
            let tracer = InMemoryTracer()
            let transport = StubTransport(
                answering: .sequence([
                    .stream([.text("id: 1\ndata: {\"index\": 1}\n\n"), .pause(30), .drop()]), .status(204),
                ]))
            let client = client(transport, tracer: tracer)
            try await readFirstEvent(of: client) {
                // The first event is read, the connection is open: the stream's span is running.
                #expect(tracer.activeSpans.map(\.operationName) == ["Ticks"])
                #expect(SpanTree.lines(tracer.finishedSpans) == ["GET client attempt=1 status=200"])
            }
            // The reader left the loop: the span ended.
            #expect(tracer.activeSpans.isEmpty)
            #expect(
                SpanTree.lines(tracer.finishedSpans) == [
                    "Ticks client pieces=1", "  GET client attempt=1 status=200",
                ])
        }

        /// Reads the first event of a `Ticks` stream, runs `check` while the stream is open, then
        /// leaves the stream.
        private func readFirstEvent(of client: Client, then check: () -> Void) async throws {
            var iterator = client.stream(Ticks()).makeAsyncIterator()
            _ = try await iterator.next()
            check()
            withExtendedLifetime(iterator) {}
        }

        @Test("A stream that reconnects and ends with a 204: one span with both connections and a reconnect event")
        func streamReconnects() async throws {
            let tracer = InMemoryTracer()
            let transport = StubTransport(
                answering: .sequence([.stream([.text("id: 1\ndata: {\"index\": 1}\n\n")]), .status(204)]))
            _ = try await collect(client(transport, tracer: tracer).stream(Ticks()))
            #expect(
                SpanTree.lines(tracer.finishedSpans) == [
                    "Ticks client pieces=1",
                    "  event reconnect error.type=transportFailed delay=0.01",
                    "  GET client attempt=1 status=200",
                    "  GET client attempt=1 status=204",
                ])
        }

        @Test("Each attempt carries its own span's context in its headers, injected by the tracer's instrument")
        func injection() async throws {
            let tracer = InMemoryTracer()
            let transport = StubTransport.answering([503])
            _ = try await client(transport, tracer: tracer).get(UserRepositories())
            let attempts = tracer.finishedSpans.filter { $0.operationName == "GET" }
            let sent = await transport.sentRequests
            #expect(sent.map { $0.value(forHTTPHeaderField: InMemoryTracer.spanIDKey) } == attempts.map(\.spanID))
            #expect(
                sent.map { $0.value(forHTTPHeaderField: InMemoryTracer.traceIDKey) }
                    == attempts.map { Optional($0.traceID) })
        }

        /// Notes the span id that each request carries, and the span current, as it passes.
        struct SpanIDRecorder: Middleware {
            let seen: ObservationLog

            func intercept(
                _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPResponse
            ) async throws -> HTTPResponse {
                let header = request.value(forHTTPHeaderField: InMemoryTracer.spanIDKey) ?? "none"
                let current = ServiceContext.current?.inMemorySpanContext?.spanID ?? "none"
                seen.append("\(header) \(current)")
                return try await next(request)
            }
        }

        @Test("The middleware sees each attempt's context: in the request's headers and as the current context")
        func middlewareSeesTheContext() async throws {
            let tracer = InMemoryTracer()
            let seen = ObservationLog()
            let client = Client(baseURL: URL(string: "https://api.example.com")!) {
                $0.transport = StubTransport.answering([503])
                $0.retryPolicy = RetryPolicy(maximumAttempts: 2, initialDelay: 0.001, jitter: 0)
                $0.middleware = [SpanIDRecorder(seen: seen)]
                $0.observers = [.tracing(tracer: tracer)]
            }
            _ = try await client.get(UserRepositories())
            let attempts = tracer.finishedSpans.filter { $0.operationName == "GET" }.map(\.spanID).sorted()
            #expect(attempts.count == 2)
            #expect(seen.lines.sorted() == attempts.map { "\($0) \($0)" })
        }

        @Test("A call made inside a span of the caller's is its child, in the same trace")
        func parent() async throws {
            let tracer = InMemoryTracer()
            let client = client(StubTransport(body: "[]"), tracer: tracer)
            try await tracer.withSpan("handle request", ofKind: .server) { _ in
                _ = try await client.get(UserRepositories())
            }
            #expect(
                SpanTree.lines(tracer.finishedSpans) == [
                    "handle request server", "  UserRepositories client status=200",
                    "    GET client attempt=1 status=200",
                ])
            #expect(Set(tracer.finishedSpans.map(\.traceID)).count == 1)
        }

        @Test("Without a tracer, the bootstrapped one is used: the no-op tracer by default, and the call goes on")
        func defaultTracer() async throws {
            let transport = StubTransport(body: "[]")
            let client = ObservedScenario.client(transport, observers: [.tracing()])
            _ = try await client.get(UserRepositories())
            #expect(await transport.sentRequests.count == 1)
        }
    }
#endif
