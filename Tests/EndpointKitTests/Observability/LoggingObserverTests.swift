#if Logging
    import EndpointKit
    import EndpointKitLogging
    import EndpointKitTesting
    import Foundation
    import InMemoryLogging
    import Logging
    import Testing

    @Suite("Logging calls with swift-log")
    struct LoggingObserverTests {
        /// A logger at `level` whose lines are kept in `handler`.
        private func logger(_ handler: InMemoryLogHandler, level: Logger.Level = .trace) -> Logger {
            var logger = Logger(label: "endpointkit.tests") { _ in handler }
            logger.logLevel = level
            return logger
        }

        private func client(
            _ transport: StubTransport, logging handler: InMemoryLogHandler, level: Logger.Level = .trace,
            authenticator: some Authenticator = NoAuthenticator(), cache: (any ResponseCache)? = nil
        ) -> Client {
            ObservedScenario.client(
                transport, observers: [.logging(to: logger(handler, level: level))], authenticator: authenticator,
                cache: cache)
        }

        /// Each line as `level: message`.
        private func lines(_ handler: InMemoryLogHandler) -> [String] {
            handler.entries.map { "\($0.level): \($0.message)" }
        }

        @Test(
            "An accepted call writes one debug line, with the endpoint, method, URL, attempt, status, bytes and duration"
        )
        func success() async throws {
            let handler = InMemoryLogHandler()
            _ = try await client(StubTransport(body: "[]"), logging: handler).get(UserRepositories())
            #expect(lines(handler) == ["debug: UserRepositories: GET https://api.example.com/user/repos answered 200"])
            let metadata = try #require(handler.entries.first?.metadata)
            #expect(metadata["endpoint"] == "UserRepositories")
            #expect(metadata["method"] == "GET")
            #expect(metadata["url"] == "https://api.example.com/user/repos")
            #expect(metadata["attempt"] == "1")
            #expect(metadata["status"] == "200")
            #expect(metadata["bytes"] == "2")
            let duration = try #require(metadata["duration"].flatMap { Double("\($0)") })
            #expect(duration >= 0)
            #expect(metadata["error"] == nil)
        }

        @Test("A call retried twice: each failed attempt at notice with its status, reason and wait, then the success")
        func retries() async throws {
            let handler = InMemoryLogHandler()
            _ = try await client(.answering([503, 502]), logging: handler).get(UserRepositories())
            let url = "https://api.example.com/user/repos"
            let lines = lines(handler)
            #expect(handler.entries.map(\.level) == [.notice, .notice, .debug])
            #expect(lines[0] == "notice: UserRepositories: GET \(url) answered 503; retrying in 0.001 s")
            #expect(lines[1] == "notice: UserRepositories: GET \(url) answered 502; retrying in 0.001 s")
            #expect(lines[2] == "debug: UserRepositories: GET \(url) answered 200")
            #expect(handler.entries.map { $0.metadata["attempt"] } == ["1", "2", "3"])
            #expect(handler.entries.map { $0.metadata["error.type"] } == ["503", "502", nil])
            #expect(handler.entries.first?.metadata["retry.delay"] == "0.001")
        }

        @Test("A retry that waited out a 429's Retry-After has the wait and its reason on its line, the 429 none")
        func rateLimitPause() async throws {
            let handler = InMemoryLogHandler()
            _ = try await client(ObservedScenario.rateLimitPause(), logging: handler).get(UserRepositories())
            let url = "https://api.example.com/user/repos"
            #expect(
                lines(handler) == [
                    "notice: UserRepositories: GET \(url) answered 429; retrying in 0.0 s",
                    "debug: UserRepositories: GET \(url) answered 200",
                ])
            #expect(handler.entries.map { $0.metadata["attempt"] } == ["1", "2"])
            #expect(handler.entries.map { $0.metadata["rate_limit.wait"] } == [nil, "5.0"])
            #expect(handler.entries.map { $0.metadata["rate_limit.reason"] } == [nil, "paused"])
            #expect(handler.entries.map { $0.metadata["rate_limit.limit"] } == [nil, nil])
        }

        @Test("A call held back by a spent budget has the wait, the reason and the limit's name on its line")
        func rateLimitSpentBudget() async throws {
            let handler = InMemoryLogHandler()
            let client = client(ObservedScenario.spentBudget(), logging: handler)
            _ = try await client.get(UserRepositories())
            _ = try await client.get(UserRepositories())
            #expect(handler.entries.map(\.level) == [.debug, .debug])
            #expect(handler.entries.map { $0.metadata["rate_limit.wait"] } == [nil, "10.0"])
            #expect(handler.entries.map { $0.metadata["rate_limit.reason"] } == [nil, "budget-spent"])
            #expect(handler.entries.map { $0.metadata["rate_limit.limit"] } == [nil, "hourly"])
        }

        @Test("A renewed credential: the 401 at info, then the resend's success at debug, both attempt 1")
        func renewal() async throws {
            let handler = InMemoryLogHandler()
            let (transport, authenticator) = ObservedScenario.renewal()
            _ = try await client(transport, logging: handler, authenticator: authenticator).get(UserRepositories())
            #expect(
                lines(handler) == [
                    "info: UserRepositories: GET https://api.example.com/user/repos answered 401; renewing the credential",
                    "debug: UserRepositories: GET https://api.example.com/user/repos answered 200",
                ])
            #expect(handler.entries.map { $0.metadata["attempt"] } == ["1", "1"])
        }

        @Test("A 304 answered from the cache is written at info")
        func revalidation() async throws {
            let handler = InMemoryLogHandler()
            let client = client(ObservedScenario.revalidation(), logging: handler, cache: InMemoryResponseCache())
            _ = try await client.get(UserRepositories())
            _ = try await client.get(UserRepositories())
            #expect(
                lines(handler).last
                    == "info: UserRepositories: GET https://api.example.com/user/repos answered 304; the cached response is still valid"
            )
        }

        @Test(
            "Failures: a 4xx at warning, a 5xx and a body that does not decode at error, a request never sent at error")
        func failures() async throws {
            let handler = InMemoryLogHandler()
            _ = try? await client(StubTransport(status: 404, body: "{}"), logging: handler).get(UserRepositories())
            _ = try? await client(StubTransport(status: 500, body: "{}"), logging: handler).post(
                PostBody(body: .empty))
            _ = try? await client(StubTransport(body: "{}"), logging: handler).get(UserRepositories())
            _ = try? await client(StubTransport(), logging: handler).send(BodyWithMethod())
            #expect(handler.entries.map(\.level) == [.warning, .error, .error, .error])
            #expect(
                handler.entries.map { $0.metadata["error.type"] } == ["404", "500", "decodingFailed", "invalidRequest"])
            #expect(handler.entries.map { $0.metadata["status"] } == ["404", "500", "200", nil])
            #expect(handler.entries.map { $0.metadata["attempt"] } == ["1", "1", "1", nil])
            #expect(handler.entries.last?.metadata["url"] == "https://api.example.com/search")
            #expect(
                lines(handler) == [
                    "warning: UserRepositories: GET https://api.example.com/user/repos answered 404",
                    "error: PostBody: POST https://api.example.com/things answered 500",
                    "error: UserRepositories: GET https://api.example.com/user/repos answered 200: Decoding Array<Repository> from GET https://api.example.com/user/repos (status 200) failed: expected Array<Any>, found a dictionary",
                    "error: BodyWithMethod: GET https://api.example.com/search failed: Invalid request for GET https://api.example.com/search: a GET request cannot carry a body",
                ])
            #expect(
                handler.entries.first?.metadata["error"]
                    == "GET https://api.example.com/user/repos answered with unacceptable status 404 (application/json, 2 bytes)"
            )
        }

        @Test(
            "No response body reaches the log: a 4xx's and a stream's wrong-type body are shown by type and size, unless asked for"
        )
        func bodies() async throws {
            let person = #"{"name": "Alice Example", "email": "alice@example.com"}"#
            let page = "<html><body>Hello, Alice Example</body></html>"
            for includesResponseBodies in [false, true] {
                let handler = InMemoryLogHandler()
                let observer = LoggingObserver(logger: logger(handler), includesResponseBodies: includesResponseBodies)
                let rejecting = ObservedScenario.client(StubTransport(status: 404, body: person), observers: [observer])
                _ = try? await rejecting.get(UserRepositories())
                let html = StubTransport(status: 200, headers: ["Content-Type": "text/html"], body: page)
                _ = try? await collect(ObservedScenario.client(html, observers: [observer]).stream(Ticks()))
                let errors = handler.entries.compactMap { $0.metadata["error"].map { "\($0)" } }
                #expect(errors.count == 2)
                let everything = handler.entries.map { "\($0.message) \($0.metadata.values.map { "\($0)" })" }
                if includesResponseBodies {
                    #expect(errors.first?.hasSuffix("(application/json): \(person)") == true, "\(errors)")
                    #expect(errors.last?.contains("the body \(page.debugDescription)") == true, "\(errors)")
                } else {
                    #expect(!everything.joined().contains("Alice"), "\(everything)")
                    #expect(
                        errors == [
                            "GET https://api.example.com/user/repos answered with unacceptable status 404 (application/json, 55 bytes)",
                            "Invalid response to GET https://api.example.com/ticks: expected text/event-stream, but the server answered 200 with Content-Type text/html and a body of 46 bytes",
                        ])
                }
            }
        }

        @Test(
            "A real 404's body stays out of the log, over each transport; includesResponseBodies puts it in",
            .requiresFaultServer, arguments: TransportUnderTest.allCases)
        func bodiesOverEachTransport(over transport: TransportUnderTest) async throws {
            struct Missing: GET {
                typealias ResponseType = JSONValue
                let path = "/missing"
            }
            var errors: [String] = []
            for includesResponseBodies in [false, true] {
                let handler = InMemoryLogHandler()
                let client = Client(baseURL: FaultServer.url!) {
                    $0.transport = transport.make()
                    $0.observers = [.logging(to: logger(handler), includesResponseBodies: includesResponseBodies)]
                }
                _ = try? await client.get(Missing())
                #expect(handler.entries.map(\.level) == [.warning])
                errors += handler.entries.compactMap { $0.metadata["error"].map { "\($0)" } }
            }
            // The fault server's body: {"error": "not found", "path": "/missing"}.
            let url = "\(FaultServer.url!.absoluteString)/missing"
            #expect(
                errors == [
                    "GET \(url) answered with unacceptable status 404 (application/json, 42 bytes)",
                    #"GET \#(url) answered with unacceptable status 404 (application/json): {"error": "not found", "path": "/missing"}"#,
                ])
        }

        @Test("The logger's level decides: at info, an accepted call writes nothing and a failure is written")
        func levels() async throws {
            let handler = InMemoryLogHandler()
            _ = try await client(StubTransport(body: "[]"), logging: handler, level: .info).get(UserRepositories())
            #expect(handler.entries.isEmpty)
            _ = try? await client(StubTransport(status: 404, body: "{}"), logging: handler, level: .info).get(
                UserRepositories())
            #expect(handler.entries.map(\.level) == [.warning])
        }

        @Test(
            "No secret reaches the log: user-info, built-in and named query values, also inside an error's description")
        func redaction() async throws {
            let handler = InMemoryLogHandler()
            let failing = StubTransport(answering: .error(URLError(.cannotConnectToHost)))
            let client = Client(baseURL: URL(string: "https://user:pa55@api.example.com")!) {
                $0.transport = failing
                $0.retryPolicy = .never
                $0.observers = [.logging(to: logger(handler), redactingQueryItems: ["sig"])]
            }
            let endpoint = GetValue<JSONValue>(query: ["access_token": "t0ken", "sig": "s1gn", "page": 2])
            _ = try? await client.get(endpoint)
            let entry = try #require(handler.entries.first)
            let everything = "\(entry.message) \(entry.metadata.values.map { "\($0)" }.joined(separator: " "))"
            for secret in ["pa55", "t0ken", "s1gn", "user:"] {
                #expect(!everything.contains(secret), "\(secret) in \(everything)")
            }
            #expect(
                entry.metadata["url"]
                    == "https://<redacted>@api.example.com/value?access_token=<redacted>&sig=<redacted>&page=2")
            #expect(entry.metadata["error.type"] == "transportFailed")
        }

        @Test("A stream: its connection at debug once events arrive, a reconnection at notice, its end at debug")
        func stream() async throws {
            let handler = InMemoryLogHandler()
            let transport = StubTransport(
                answering: .sequence([.stream([.text("id: 1\ndata: {\"index\": 1}\n\n")]), .status(204)]))
            _ = try await collect(client(transport, logging: handler).stream(Ticks()))
            let url = "https://api.example.com/ticks"
            #expect(
                lines(handler).map { $0.components(separatedBy: ":").prefix(2).joined(separator: ":") } == [
                    "debug: Ticks", "notice: Ticks", "debug: Ticks", "debug: Ticks",
                ])
            #expect(lines(handler)[0] == "debug: Ticks: GET \(url) answered 200")
            #expect(lines(handler)[1].hasSuffix("; reconnecting in 0.01 s"))
            #expect(lines(handler)[2] == "debug: Ticks: GET \(url) answered 204")
            #expect(lines(handler)[3] == "debug: Ticks: the stream from GET \(url) ended after 1 pieces")
        }
    }
#endif
