import EndpointKit
import EndpointKitTesting
import Foundation
import Testing

@Suite("Sending through the client")
struct ClientTests {
    @Test("send returns the decoded value with status, headers and URL")
    func returnsMetadata() async throws {
        let transport = StubTransport(
            status: 201, headers: ["ETag": "\"v1\"", "Content-Type": "application/json"], body: "[]")
        let response = try await Client.stubbed(transport).send(UserRepositories())
        #expect(response.value.isEmpty)
        #expect(response.statusCode == 201)
        #expect(response.headers["etag"] == "\"v1\"")
        #expect(response.url?.absoluteString == "https://api.example.com/user/repos")
    }

    @Test("get, post, put, patch and delete each send their method once")
    func sendsEachMethod() async throws {
        let transport = StubTransport(body: #"{"number": 1, "title": "t", "user": {"login": "a"}, "labels": []}"#)
        let client = Client.stubbed(transport)
        _ = try await client.get(GetValue<JSONValue>())
        _ = try await client.post(CreateIssue(issue: NewIssue(title: "t", body: "b")))
        _ = try await client.put(ReplaceThing())
        _ = try await client.patch(UpdateThing())
        _ = try await client.delete(DeleteThing())
        let methods = await transport.sentRequests.map(\.httpMethod)
        #expect(methods == ["GET", "POST", "PUT", "PATCH", "DELETE"])
    }

    @Test("Statuses outside 2xx become unacceptableStatus errors carrying status, headers and body")
    func rejectsErrorStatuses() async throws {
        for status in [301, 400, 404, 418, 500, 503] {
            let transport = StubTransport(
                status: status, headers: ["X-Request-Id": "42"], body: #"{"message":"Not Found"}"#)
            do {
                _ = try await Client.stubbed(transport).get(UserRepositories())
                Issue.record("status \(status) was accepted")
            } catch {
                guard case .unacceptableStatus(let failure) = error else { throw TestFailure("\(error)") }
                #expect(failure.statusCode == status)
                #expect(failure.method == .get)
                #expect(failure.response.headers["X-Request-Id"] == "42")
                #expect(String(decoding: failure.response.body, as: UTF8.self) == #"{"message":"Not Found"}"#)
            }
        }
    }

    @Test("An endpoint can accept other status codes than the client")
    func endpointStatusCodes() async throws {
        let client = Client.stubbed(StubTransport(status: 404, body: "null"))
        let value = try await client.get(GetValue<Repository?>(acceptableStatusCodes: [200...299, 404...404]))
        #expect(value == nil)
    }

    @Test("A client can accept other status codes for every endpoint")
    func clientStatusCodes() async throws {
        let client = Client(baseURL: URL(string: "https://api.example.com")!) {
            $0.acceptableStatusCodes = [200...399]
            $0.transport = StubTransport(status: 304, body: "")
        }
        #expect(try await client.get(GetValue<NoContent>()) == NoContent())
    }

    @Test("The authenticator changes every request just before it is sent")
    func appliesAuthenticator() async throws {
        let transport = StubTransport(body: "[]")
        let client = Client.stubbed(transport, authenticator: .token("ghp_abc"))
        _ = try await client.get(UserRepositories())
        #expect(await transport.lastRequest?.value(forHTTPHeaderField: "Authorization") == "token ghp_abc")
    }

    @Test("request(for:) gives the request as it is sent: built and authenticated, and its cURL form redacted")
    func showsRequestAsSent() async throws {
        let transport = StubTransport(body: "[]")
        let client = Client.stubbed(transport, authenticator: .token("ghp_abc"))
        let request = try await client.request(for: UserRepositories())
        _ = try await client.get(UserRepositories())
        let sent = try #require(await transport.lastRequest)
        #expect(request.value(forHTTPHeaderField: "Authorization") == "token ghp_abc")
        #expect(request.url == sent.url)
        #expect(request.allHTTPHeaderFields == sent.allHTTPHeaderFields)
        #expect(
            request.curlCommand().description
                == "curl 'https://api.example.com/user/repos' -H 'Accept: application/json' -H 'Authorization: <redacted>'"
        )
        #expect(await transport.sentRequests.count == 1)
    }

    @Test("Without an authenticator no Authorization header is sent")
    func sendsNoCredentialsByDefault() async throws {
        let transport = StubTransport(body: "[]")
        _ = try await Client.stubbed(transport).get(UserRepositories())
        #expect(await transport.lastRequest?.value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test("An authenticator that throws stops the request and its error is kept")
    func reportsAuthenticatorFailure() async throws {
        struct KeychainLocked: Error {}
        let transport = StubTransport(body: "[]")
        let client = Client.stubbed(transport, authenticator: ClosureAuthenticator { _ in throw KeychainLocked() })
        do {
            _ = try await client.get(UserRepositories())
            Issue.record("expected an error")
        } catch {
            guard case .authenticationFailed(let underlying, _) = error else { throw TestFailure("\(error)") }
            #expect(underlying is KeychainLocked)
        }
        #expect(await transport.sentRequests.isEmpty)
    }

    @Test("A header the authenticator sets is validated like any other")
    func validatesAuthenticatorHeaders() async throws {
        let transport = StubTransport(body: "[]")
        let client = Client.stubbed(
            transport,
            authenticator: ClosureAuthenticator { request in
                var fields = request.allHTTPHeaderFields ?? [:]
                fields["X-Bad"] = "a\r\nb"
                request.allHTTPHeaderFields = fields
            })
        await #expect(throws: EndpointError.self) { try await client.get(UserRepositories()) }
        #expect(await transport.sentRequests.isEmpty)
    }

    @Test("Transport errors become transportFailed with the method and URL")
    func reportsTransportFailure() async throws {
        let client = Client.stubbed(StubTransport { _ in throw URLError(.timedOut) })
        do {
            _ = try await client.get(UserRepositories())
            Issue.record("expected an error")
        } catch {
            guard case .transportFailed(let failure) = error else { throw TestFailure("\(error)") }
            #expect(failure.method == .get)
            #expect(failure.url?.path == "/user/repos")
            #expect(failure.urlErrorCode == .timedOut)
            #expect(error.description == "GET https://api.example.com/user/repos failed: timed out (URLError -1001)")
        }
    }

    @Test("A transfer failure of an unnamed URLError code shows the transport's own message")
    func reportsTheMessageOfAnUnknownURLError() async throws {
        // URLSession on Linux gives every libcurl failure it does not map as -1, with libcurl's
        // message as its description: the only words that say what happened.
        let client = Client.stubbed(
            StubTransport { _ in
                throw URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "Failed sending data to the peer"])
            })
        do {
            _ = try await client.get(UserRepositories())
            Issue.record("expected an error")
        } catch {
            #expect(
                error.description
                    == "GET https://api.example.com/user/repos failed: the transfer failed (URLError -1: Failed sending data to the peer)"
            )
        }
    }

    @Test("Cancelling the task ends the call with .cancelled")
    func cancelsAsyncCall() async throws {
        let (arrivals, arrived) = AsyncStream.makeStream(of: Void.self)
        let client = Client.stubbed(
            StubTransport { request in
                arrived.yield()
                try await Task.sleep(nanoseconds: .max)  // answers only when cancelled
                return HTTPResponse(statusCode: 200, body: Data("[]".utf8), url: request.url)
            })
        let task = Task { try await client.get(UserRepositories()) }
        for await _ in arrivals { break }  // the call is at the transport
        task.cancel()
        let result = await task.result
        guard case .failure(let error as EndpointError) = result, case .cancelled = error else {
            throw TestFailure("expected .cancelled, got \(result)")
        }
    }

    @Test("A task cancelled before sending sends nothing")
    func cancelsBeforeSending() async throws {
        let transport = StubTransport(body: "[]")
        let client = Client.stubbed(transport)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.get(UserRepositories())
        }
        await #expect(throws: EndpointError.self) { try await task.value }
        #expect(await transport.sentRequests.isEmpty)
    }

    @Test("A URLError.cancelled from a custom transport is reported as .cancelled")
    func mapsURLErrorCancelled() async throws {
        let client = Client.stubbed(StubTransport { _ in throw URLError(.cancelled) })
        do {
            _ = try await client.get(UserRepositories())
        } catch {
            guard case .cancelled = error else { throw TestFailure("\(error)") }
        }
    }

    @Test("The completion handler receives the value, and the call can be awaited")
    func completesWithValue() async throws {
        let client = Client.stubbed(StubTransport(body: #"[{"name": "a", "fullName": "o/a"}]"#))
        let repos = try await withCheckedThrowingContinuation { continuation in
            client.get(UserRepositories()) { continuation.resume(with: $0) }
        }
        #expect(repos.map(\.name) == ["a"])
    }

    @Test("The completion handler receives errors as failures")
    func completesWithError() async throws {
        let client = Client.stubbed(StubTransport(status: 500, body: "oops"))
        let result = await withCheckedContinuation { continuation in
            client.send(UserRepositories()) { continuation.resume(returning: $0) }
        }
        guard case .failure(.unacceptableStatus(let response)) = result else { throw TestFailure("\(result)") }
        #expect(response.statusCode == 500)
    }

    @Test("Cancelling a RequestTask delivers .cancelled to its completion handler exactly once")
    func cancelsRequestTask() async throws {
        let (arrivals, arrived) = AsyncStream.makeStream(of: Void.self)
        let client = Client.stubbed(
            StubTransport { request in
                arrived.yield()
                try await Task.sleep(nanoseconds: .max)  // answers only when cancelled
                return HTTPResponse(statusCode: 200, body: Data("[]".utf8), url: request.url)
            })
        let calls = CallCounter()
        let requestTask = client.get(UserRepositories()) { result in
            guard case .failure(.cancelled) = result else { return }
            calls.increment()
        }
        for await _ in arrivals { break }  // the call is at the transport
        requestTask.cancel()
        await requestTask.waitUntilFinished()
        #expect(requestTask.isCancelled)
        #expect(calls.count == 1)
    }

    @Test("Inside a Task, `do throws(EndpointError)` lets catch clauses match EndpointError's cases")
    func typedCatchInsideTask() async throws {
        let client = Client.stubbed(StubTransport(status: 404, body: "{}"))
        // README's pattern: without `throws(EndpointError)`, a `do` inside a closure catches
        // `any Error`, and `catch .unacceptableStatus` does not compile.
        let status = await Task { () -> Int? in
            do throws(EndpointError) {
                _ = try await client.get(UserRepositories())
                return nil
            } catch .unacceptableStatus(let failure) where failure.statusCode == 404 {
                return failure.statusCode
            } catch {
                return nil
            }
        }.value
        #expect(status == 404)
    }

    @Test("Error descriptions say what failed and where, without credentials")
    func describesErrors() async throws {
        let transport = StubTransport(
            status: 404, headers: ["Content-Type": "application/json"], body: #"{"message": "Not Found"}"#)
        let client = Client.stubbed(transport, authenticator: .token("ghp_secret"))
        do {
            _ = try await client.get(UserRepositories())
        } catch {
            #expect(
                error.description
                    == #"GET https://api.example.com/user/repos answered with unacceptable status 404 (application/json): {"message": "Not Found"}"#
            )
            #expect(!error.description.contains("ghp_secret"))
            #expect(error.localizedDescription == error.description)
        }
        let decoding = Client.stubbed(StubTransport(body: #"[{"name": 1}]"#))
        do {
            _ = try await decoding.get(UserRepositories())
        } catch {
            #expect(
                error.description.hasPrefix(
                    "Decoding Array<Repository> from GET https://api.example.com/user/repos (status 200) failed at [0].name: expected String"
                ))
        }
    }
}

/// Counts calls from any thread.
final class CallCounter: @unchecked Sendable {
    // `@unchecked`: `value` is only touched while holding `lock`.
    private let lock = NSLock()
    private var value = 0

    func increment() {
        lock.lock()
        value += 1
        lock.unlock()
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
