import EndpointKit
import EndpointKitTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What an observer saw, in order, as lines such as `run ReposList`, `attempt 2 (resend 1)`,
/// `retry after attempt 1 in 0.0 s: …`.
final class ObservationLog: @unchecked Sendable {
    // `@unchecked`: `lines` is only touched while holding `lock`.
    private let lock = NSLock()
    private var recorded: [String] = []

    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    func append(_ line: String) {
        lock.lock()
        recorded.append(line)
        lock.unlock()
    }
}

/// An observer that writes what it sees into a log, each line prefixed with its own label, and
/// adds a header of its own to each attempt's request.
struct RecordingObserver: CallObserver {
    let label: String
    let log: ObservationLog

    func observe(_ call: ObservedCall) -> any CallObservation {
        log.append("\(label) observe \(call.isStream ? "stream " : "")\(call.name) \(call.call)")
        return Observation(label: label, log: log)
    }

    struct Observation: CallObservation {
        let label: String
        let log: ObservationLog

        func run(_ call: () async throws(EndpointError) -> HTTPResponse) async throws(EndpointError) -> HTTPResponse {
            log.append("\(label) run")
            do {
                let response = try await call()
                log.append("\(label) ended \(response.statusCode)")
                return response
            } catch {
                log.append("\(label) failed \(Self.kind(of: error))")
                throw error
            }
        }

        func attempt(
            _ attempt: ObservedAttempt, sending send: (URLRequest) async throws(EndpointError) -> HTTPResponse
        ) async throws(EndpointError) -> HTTPResponse {
            let seen = attempt.request.value(forHTTPHeaderField: "X-Observed-By") ?? "-"
            log.append("\(label) attempt \(attempt.number) resend \(attempt.resendCount) seen \(seen)")
            var request = attempt.request
            request.addValue(label, forHTTPHeaderField: "X-Observed-By")
            do {
                let response = try await send(request)
                log.append("\(label) attempt \(attempt.number) got \(response.statusCode)")
                return response
            } catch {
                log.append("\(label) attempt \(attempt.number) failed \(Self.kind(of: error))")
                throw error
            }
        }

        func willRetry(after failure: EndpointError, delay: TimeInterval, attempt: Int) {
            log.append("\(label) retry after attempt \(attempt): \(Self.kind(of: failure))")
        }

        func didRenewCredential(after response: HTTPResponse) {
            log.append("\(label) renewed after \(response.statusCode)")
        }

        func didRevalidate(_ response: HTTPResponse) {
            log.append("\(label) revalidated \(response.statusCode)")
        }

        func didConsultCache(_ outcome: CacheOutcome, age: Int?) {
            log.append("\(label) cache \(outcome) age \(age.map(String.init) ?? "-")")
        }

        func willReconnect(after failure: EndpointError, delay: TimeInterval, lastEventID: String?) {
            log.append("\(label) reconnect after \(Self.kind(of: failure)), last id \(lastEventID ?? "none")")
        }

        func didEndStream(receiving pieces: Int, failure: EndpointError?) {
            log.append("\(label) stream ended after \(pieces): \(failure.map(Self.kind(of:)) ?? "cleanly")")
        }

        static func kind(of error: EndpointError) -> String {
            switch error {
            case .unacceptableStatus(let failure): return "status \(failure.statusCode)"
            case .decodingFailed: return "decoding"
            case .invalidRequest: return "invalid request"
            case .transportFailed: return "transport"
            case .invalidResponse: return "invalid response"
            default: return "\(error)"
            }
        }
    }
}

/// A value bound by an observation around the call or an attempt, as a tracer binds its span.
enum ObservedSpan {
    @TaskLocal static var name: String?
}

/// An observation that binds ``ObservedSpan/name`` around the call and each attempt.
struct SpanBindingObserver: CallObserver {
    func observe(_ call: ObservedCall) -> any CallObservation { Observation(name: call.name) }

    struct Observation: CallObservation {
        let name: String

        func run(_ call: () async throws(EndpointError) -> HTTPResponse) async throws(EndpointError) -> HTTPResponse {
            try await Self.bind(name) { () async throws(EndpointError) in try await call() }
        }

        func attempt(
            _ attempt: ObservedAttempt, sending send: (URLRequest) async throws(EndpointError) -> HTTPResponse
        ) async throws(EndpointError) -> HTTPResponse {
            let outer = ObservedSpan.name ?? "none"
            return try await Self.bind("\(outer)/attempt \(attempt.number)") { () async throws(EndpointError) in
                try await send(attempt.request)
            }
        }

        /// `body` with ``ObservedSpan/name`` bound to `name`, keeping its typed error.
        private static func bind(
            _ name: String, _ body: () async throws(EndpointError) -> HTTPResponse
        ) async throws(EndpointError) -> HTTPResponse {
            let result = await ObservedSpan.$name.withValue(name) { () async -> Result<HTTPResponse, EndpointError> in
                do throws(EndpointError) {
                    return .success(try await body())
                } catch {
                    return .failure(error)
                }
            }
            return try result.get()
        }
    }
}

struct RepositoryByName: GET {
    typealias ResponseType = [Repository]
    static var operationName: String { "GET /repos/{owner}/{repo}" }
    let owner: String
    var path: String { "/repos/\(segment: owner)/x" }
}

/// An endpoint with a path template, as the generator writes them.
struct OwnerRepositories: GET {
    typealias ResponseType = [Repository]
    static var pathTemplate: String? { "/users/{owner}/repos" }
    let owner: String
    var path: String { "/users/\(segment: owner)/repos" }
}

@Suite("Observing calls")
struct CallObserverTests {
    private func client(
        _ transport: StubTransport, observers: [any CallObserver],
        authenticator: some Authenticator = NoAuthenticator(),
        cache: (any ResponseCache)? = nil
    ) -> Client {
        Client(baseURL: URL(string: "https://api.example.com")!, authenticator: authenticator) {
            $0.transport = transport
            $0.observers = observers
            $0.cache = cache
            $0.retryPolicy = RetryPolicy(maximumAttempts: 3, initialDelay: 0.001, maximumDelay: 0.001)
            // The retry budget counts on a clock the test owns: a starved machine cannot use it up.
            $0.clock = ManualClock().clock
        }
    }

    @Test("A call that is retried twice: one run, three attempts with their resend counts, two retries with reasons")
    func retriedTwice() async throws {
        let log = ObservationLog()
        let client = client(.answering([503, 502]), observers: [RecordingObserver(label: "o", log: log)])
        _ = try await client.get(UserRepositories())
        #expect(
            log.lines == [
                "o observe UserRepositories GET https://api.example.com/user/repos",
                "o run",
                "o attempt 1 resend 0 seen -", "o attempt 1 got 503", "o retry after attempt 1: status 503",
                "o attempt 2 resend 1 seen -", "o attempt 2 got 502", "o retry after attempt 2: status 502",
                "o attempt 3 resend 2 seen -", "o attempt 3 got 200",
                "o ended 200",
            ])
    }

    @Test("A renewed token: the resend after the 401 keeps its attempt number and counts as a resend")
    func renewal() async throws {
        let log = ObservationLog()
        let transport = StubTransport { request in
            let valid = request.value(forHTTPHeaderField: "Authorization") == "Bearer fresh"
            return HTTPResponse(statusCode: valid ? 200 : 401, body: Data("[]".utf8), url: request.url)
        }
        let authenticator = RefreshingTokenAuthenticator(token: "expired") { "fresh" }
        let client = client(
            transport, observers: [RecordingObserver(label: "o", log: log)], authenticator: authenticator)
        _ = try await client.get(UserRepositories())
        #expect(
            log.lines.dropFirst() == [
                "o run",
                "o attempt 1 resend 0 seen -", "o attempt 1 got 401", "o renewed after 401",
                "o attempt 1 resend 1 seen -", "o attempt 1 got 200",
                "o ended 200",
            ])
    }

    @Test("A 304 answered from the cache: the attempt sees the 304, the call ends with the stored 200")
    func revalidation() async throws {
        let log = ObservationLog()
        let transport = StubTransport { request in
            let stored = request.value(forHTTPHeaderField: "If-None-Match") == "\"v1\""
            return HTTPResponse(
                statusCode: stored ? 304 : 200, headers: ["ETag": "\"v1\""], body: Data(stored ? [] : Array("[]".utf8)),
                url: request.url)
        }
        let client = client(
            transport, observers: [RecordingObserver(label: "o", log: log)], cache: InMemoryResponseCache())
        _ = try await client.get(UserRepositories())
        let second = try await client.send(UserRepositories())
        #expect(second.isFromCache)
        #expect(
            log.lines.suffix(6) == [
                "o run", "o attempt 1 resend 0 seen -", "o attempt 1 got 304", "o revalidated 200",
                "o cache revalidated age 0", "o ended 200",
            ])
    }

    @Test("Failures end the run with their error: a status, a decoding failure, an invalid request with no attempt")
    func failures() async throws {
        let log = ObservationLog()
        let observers: [any CallObserver] = [RecordingObserver(label: "o", log: log)]
        _ = try? await client(StubTransport(status: 404, body: "{}"), observers: observers).get(UserRepositories())
        _ = try? await client(StubTransport(body: "{}"), observers: observers).get(UserRepositories())
        _ = try? await client(StubTransport(), observers: observers).send(BodyWithMethod())
        #expect(
            log.lines == [
                "o observe UserRepositories GET https://api.example.com/user/repos", "o run",
                "o attempt 1 resend 0 seen -", "o attempt 1 got 404", "o failed status 404",
                "o observe UserRepositories GET https://api.example.com/user/repos", "o run",
                "o attempt 1 resend 0 seen -", "o attempt 1 got 200", "o failed decoding",
                "o observe BodyWithMethod GET (no URL)", "o run", "o failed invalid request",
            ])
    }

    @Test("Two observers nest in order: the inner one sees the outer one's header, the transport sees both")
    func observersNest() async throws {
        let log = ObservationLog()
        let transport = StubTransport(body: "[]")
        let observers: [any CallObserver] = [
            RecordingObserver(label: "outer", log: log), RecordingObserver(label: "inner", log: log),
        ]
        _ = try await client(transport, observers: observers).get(UserRepositories())
        #expect(
            log.lines == [
                "outer observe UserRepositories GET https://api.example.com/user/repos",
                "inner observe UserRepositories GET https://api.example.com/user/repos",
                "outer run", "inner run",
                "outer attempt 1 resend 0 seen -", "inner attempt 1 resend 0 seen outer",
                "inner attempt 1 got 200", "outer attempt 1 got 200",
                "inner ended 200", "outer ended 200",
            ])
        let sent = await transport.lastRequest
        #expect(sent?.value(forHTTPHeaderField: "X-Observed-By") == "outer,inner")
    }

    @Test("A task-local value an observation binds reaches the transport, per call and per attempt")
    func taskLocalsReachTheTransport() async throws {
        let seen = ObservationLog()
        let transport = StubTransport { request in
            seen.append(ObservedSpan.name ?? "none")
            return HTTPResponse(statusCode: seen.lines.count < 2 ? 503 : 200, body: Data("[]".utf8), url: request.url)
        }
        _ = try await client(transport, observers: [SpanBindingObserver()]).get(RepositoryByName(owner: "apple"))
        #expect(
            seen.lines == [
                "GET /repos/{owner}/{repo}/attempt 1", "GET /repos/{owner}/{repo}/attempt 2",
            ])
    }

    @Test("A download is observed like any call")
    func transfersAndPages() async throws {
        let log = ObservationLog()
        let observers: [any CallObserver] = [RecordingObserver(label: "o", log: log)]
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: destination) }
        _ = try await client(StubTransport(body: "file"), observers: observers).download(
            GetValue<Data>(path: "/file"), to: destination)
        #expect(log.lines.first == "o observe GetValue<Data> GET https://api.example.com/file")
        #expect(log.lines.last == "o ended 200")
    }

    @Test("Each page of a paginated call is observed under its endpoint's name")
    func pages() async throws {
        let log = ObservationLog()
        let transport = StubTransport { request in
            let isFirst = request.url?.query == nil
            let headers: HTTPHeaders =
                isFirst ? ["Link": "<https://api.example.com/user/repos?page=2>; rel=\"next\""] : [:]
            return HTTPResponse(statusCode: 200, headers: headers, body: Data("[]".utf8), url: request.url)
        }
        for try await _ in client(transport, observers: [RecordingObserver(label: "o", log: log)])
            .pages(of: UserRepositories())
        {}
        #expect(
            log.lines.filter { $0.contains("observe") } == [
                "o observe UserRepositories GET https://api.example.com/user/repos",
                "o observe UserRepositories GET https://api.example.com/user/repos?page=2",
            ])
    }

    @Test("A stream: each connection is an attempt, a reconnection is announced, the 204 ends it once; no run")
    func stream() async throws {
        let log = ObservationLog()
        let transport = StubTransport(
            answering: .sequence([.stream([.text("id: 1\ndata: {\"index\": 1}\n\n")]), .status(204)]))
        let events = try await collect(
            client(transport, observers: [RecordingObserver(label: "o", log: log)]).stream(Ticks()))
        #expect(events.map(\.data.index) == [1])
        #expect(
            log.lines == [
                "o observe stream Ticks GET https://api.example.com/ticks",
                "o attempt 1 resend 0 seen -", "o attempt 1 got 200",
                "o reconnect after transport, last id 1",
                "o attempt 1 resend 0 seen -", "o attempt 1 got 204",
                "o stream ended after 1: cleanly",
            ])
    }

    @Test("A stream that fails, one the reader leaves, and one never sent end once each, with what they received")
    func streamEnds() async throws {
        let log = ObservationLog()
        let observers: [any CallObserver] = [RecordingObserver(label: "o", log: log)]
        _ = try? await collect(client(StubTransport(status: 200, body: "{}"), observers: observers).stream(Ticks()))
        #expect(log.lines.last == "o stream ended after 0: invalid response")

        let slow = StubTransport(
            answering: .stream([.text("data: {\"index\": 1}\n\n"), .pause(30), .text("data: {\"index\": 2}\n\n")]))
        for try await _ in client(slow, observers: observers).stream(Ticks()) { break }
        #expect(log.lines.filter { $0.hasPrefix("o stream ended") }.count == 2)
        #expect(log.lines.last == "o stream ended after 1: cleanly")

        // A stream whose request cannot be built is observed as a call in that state is.
        _ = try? await collect(
            client(StubTransport(), observers: observers).stream(Ticks(path: "https://other.example.com/ticks")))
        #expect(
            log.lines.suffix(2) == ["o observe stream Ticks GET (no URL)", "o stream ended after 0: invalid request"])
    }

    @Test("An endpoint is named by its method and path template, by its type without one, or as it names itself")
    func operationNames() {
        #expect(UserRepositories.operationName == "UserRepositories")
        #expect(GetValue<JSONValue>.operationName == "GetValue<JSONValue>")
        #expect(RepositoryByName.operationName == "GET /repos/{owner}/{repo}")
        #expect(OwnerRepositories.operationName == "GET /users/{owner}/repos")
        #expect(UserRepositories.pathTemplate == nil)
    }

    @Test("Every page of a templated endpoint is observed with its template, not the next link's URL")
    func pagesKeepTheTemplate() async throws {
        let seen = ObservationLog()
        struct TemplateObserver: CallObserver {
            let seen: ObservationLog
            func observe(_ call: ObservedCall) -> any CallObservation {
                seen.append("\(call.name) \(call.pathTemplate ?? "none")")
                return Observation()
            }
            struct Observation: CallObservation {}
        }
        let transport = StubTransport { request in
            let isFirst = request.url?.query == nil
            let headers: HTTPHeaders =
                isFirst ? ["Link": "<https://api.example.com/users/a/repos?page=2>; rel=\"next\""] : [:]
            return HTTPResponse(statusCode: 200, headers: headers, body: Data("[]".utf8), url: request.url)
        }
        for try await _ in client(transport, observers: [TemplateObserver(seen: seen)])
            .pages(of: OwnerRepositories(owner: "a"))
        {}
        #expect(seen.lines == Array(repeating: "GET /users/{owner}/repos /users/{owner}/repos", count: 2))
    }
}
