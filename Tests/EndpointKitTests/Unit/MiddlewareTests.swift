import EndpointKit
import EndpointKitTesting
import Foundation
import Testing

@Suite("Middleware around the transport")
struct MiddlewareTests {
    /// Records what it saw into a shared log and tags the request and response.
    struct Tagging: Middleware {
        let name: String
        let log: CallLog

        func intercept(
            _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPResponse
        ) async throws -> HTTPResponse {
            log.append("\(name) request auth=\(request.value(forHTTPHeaderField: "Authorization") ?? "-")")
            var tagged = request
            tagged.addValue(name, forHTTPHeaderField: "X-Chain")
            var response = try await next(tagged)
            response.headers.add(name, for: "X-Seen-By")
            log.append("\(name) response \(response.statusCode)")
            return response
        }
    }

    struct Failing: Middleware {
        struct Refused: Error {}
        func intercept(
            _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPResponse
        ) async throws -> HTTPResponse {
            throw Refused()
        }
    }

    @Test("Middleware runs in order around the transport and sees the authenticated request")
    func runsInOrder() async throws {
        let log = CallLog()
        let transport = StubTransport(body: "[]")
        let client = Client(baseURL: URL(string: "https://api.example.com")!, authenticator: .token("t")) {
            $0.middleware = [Tagging(name: "outer", log: log), Tagging(name: "inner", log: log)]
            $0.transport = transport
        }
        let response = try await client.send(UserRepositories())
        #expect(
            log.entries == [
                "outer request auth=token t", "inner request auth=token t", "inner response 200", "outer response 200",
            ])
        #expect(await transport.lastRequest?.value(forHTTPHeaderField: "X-Chain") == "outer,inner")
        #expect(response.headers.values(for: "X-Seen-By") == ["inner", "outer"])
    }

    @Test("Middleware runs once per attempt")
    func runsPerAttempt() async throws {
        let log = CallLog()
        let transport = StubTransport.answering([503])
        let client = Client(baseURL: URL(string: "https://api.example.com")!) {
            $0.retryPolicy = RetryPolicy(maximumAttempts: 2, initialDelay: 0.001)
            $0.middleware = [Tagging(name: "m", log: log)]
            $0.transport = transport
        }
        _ = try await client.get(UserRepositories())
        #expect(log.entries == ["m request auth=-", "m response 503", "m request auth=-", "m response 200"])
    }

    @Test("An error thrown by middleware is reported as a transport failure")
    func reportsErrors() async throws {
        let client = Client(baseURL: URL(string: "https://api.example.com")!) {
            $0.retryPolicy = .never
            $0.middleware = [Failing()]
            $0.transport = StubTransport(body: "[]")
        }
        do {
            _ = try await client.get(UserRepositories())
        } catch {
            guard case .transportFailed(let failure) = error else { throw TestFailure("\(error)") }
            #expect(failure.underlying is Failing.Refused)
        }
    }
}

/// Lines appended from any thread, in order.
final class CallLog: @unchecked Sendable {
    // `@unchecked`: `lines` is only touched while holding `lock`.
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ line: String) {
        lock.lock()
        lines.append(line)
        lock.unlock()
    }

    var entries: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
}
