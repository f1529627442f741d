import EndpointKit
import Foundation
import Testing

@Suite("Completion handlers and cancellation against httpbin", .requiresHTTPBin)
struct CancellationIntegrationTests {
    @Test("The completion-handler variant delivers the decoded value")
    func completionHandlerSuccess() async throws {
        let client = Client(baseURL: HTTPBin.url!)

        let result = await withCheckedContinuation { continuation in
            client.get(HTTPBin.Get(query: ["via": "completion"])) { continuation.resume(returning: $0) }
        }

        let echo = try result.get()
        #expect(echo.args == ["via": .string("completion")])
    }

    @Test("The completion-handler variant delivers an error status as a failure")
    func completionHandlerFailure() async throws {
        struct Missing: GET {
            typealias ResponseType = HTTPBin.Echo
            let path = "/status/404"
        }
        let client = Client(baseURL: HTTPBin.url!)

        let result = await withCheckedContinuation { continuation in
            client.get(Missing()) { continuation.resume(returning: $0) }
        }

        #expect(HTTPBin.unacceptableStatusCode(of: result) == 404, "got \(result)")
    }

    @Test("The completion-handler send delivers the value with its status and headers")
    func completionHandlerSend() async throws {
        let client = Client(baseURL: HTTPBin.url!)

        let result = await withCheckedContinuation { continuation in
            client.send(HTTPBin.Get()) { continuation.resume(returning: $0) }
        }

        let response = try result.get()
        #expect(response.statusCode == 200)
        #expect(response.headers["Content-Type"] == "application/json")
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "Cancelling the Task stops a slow request with .cancelled well before the server answers",
        .timeLimit(.minutes(1)))
    func cancellingTheTask() async throws {
        let client = Client(baseURL: HTTPBin.url!)
        let start = ContinuousClock.now

        let task = Task {
            await HTTPBin.result { () async throws(EndpointError) in try await client.get(HTTPBin.Delay(seconds: 10)) }
        }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        let result = await task.value

        #expect(HTTPBin.isCancelled(result), "got \(result)")
        #expect(ContinuousClock.now - start < .seconds(10))  // before the server's 10 s
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "A Task cancelled before the call starts gets .cancelled without waiting for the server",
        .timeLimit(.minutes(1)))
    func alreadyCancelledTask() async throws {
        let client = Client(baseURL: HTTPBin.url!)
        let start = ContinuousClock.now

        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await HTTPBin.result { () async throws(EndpointError) in
                try await client.get(HTTPBin.Delay(seconds: 10))
            }
        }
        let result = await task.value

        #expect(HTTPBin.isCancelled(result), "got \(result)")
        #expect(ContinuousClock.now - start < .seconds(10))  // before the server's 10 s
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "Cancelling a RequestTask calls the completion handler once with .cancelled, promptly", .timeLimit(.minutes(1)))
    func cancellingTheRequestTask() async throws {
        let client = Client(baseURL: HTTPBin.url!)
        let (results, continuation) = AsyncStream.makeStream(of: Result<HTTPBin.Echo, EndpointError>.self)
        let start = ContinuousClock.now

        let requestTask = client.get(HTTPBin.Delay(seconds: 10)) { continuation.yield($0) }
        try await Task.sleep(for: .milliseconds(200))
        requestTask.cancel()
        await requestTask.waitUntilFinished()
        let elapsed = ContinuousClock.now - start
        continuation.finish()
        var delivered: [Result<HTTPBin.Echo, EndpointError>] = []
        for await result in results { delivered.append(result) }

        #expect(requestTask.isCancelled)
        #expect(delivered.count == 1)
        #expect(delivered.first.map(HTTPBin.isCancelled) == true, "got \(delivered)")
        #expect(elapsed < .seconds(10))  // before the server's 10 s
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("A cancelled client call leaves the client usable for the next call", .timeLimit(.minutes(1)))
    func clientWorksAfterCancellation() async throws {
        let client = Client(baseURL: HTTPBin.url!)
        let task = Task {
            await HTTPBin.result { () async throws(EndpointError) in try await client.get(HTTPBin.Delay(seconds: 10)) }
        }
        try await Task.sleep(for: .milliseconds(100))
        task.cancel()
        _ = await task.value

        let echo = try await client.get(HTTPBin.Get(query: ["after": "cancel"]))

        #expect(echo.args == ["after": .string("cancel")])
    }
}
