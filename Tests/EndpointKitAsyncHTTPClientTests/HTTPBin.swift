#if AsyncHTTPClient
    import AsyncHTTPClient
    import EndpointKit
    import EndpointKitAsyncHTTPClient
    import Foundation
    import Testing

    /// What these suites share besides TestServers' locators.
    extension HTTPBin {
        /// Runs `body` with a new `HTTPClient` made with the transport's default configuration and
        /// shuts the client down afterwards, whether `body` threw or not.
        static func withHTTPClient<Value>(
            configuration: HTTPClient.Configuration = AsyncHTTPClientTransport.makeDefaultConfiguration(),
            _ body: (HTTPClient) async throws -> Value
        ) async throws -> Value {
            let httpClient = HTTPClient(configuration: configuration)
            let value: Value
            do {
                value = try await body(httpClient)
            } catch {
                try await httpClient.shutdown()
                throw error
            }
            try await httpClient.shutdown()
            return value
        }

        /// The underlying error of a `transportFailed` result, or `nil` for any other result.
        static func transportError<Value>(of result: Result<Value, EndpointError>) -> (any Error)? {
            guard case .failure(.transportFailed(let failure)) = result else { return nil }
            return failure.underlying
        }

        /// The result of `call`, run in a task of its own that is cancelled 0.3 s after it starts.
        static func resultCancelledSoon<Value: Sendable>(
            of call: @escaping @Sendable () async throws(EndpointError) -> Value
        ) async throws -> Result<Value, EndpointError> {
            let task = Task { await result(of: call) }
            try await Task.sleep(nanoseconds: 300_000_000)
            task.cancel()
            return await task.value
        }

        /// Seconds since `start`, an uptime from `ProcessInfo`.
        static func seconds(since start: TimeInterval) -> TimeInterval {
            ProcessInfo.processInfo.systemUptime - start
        }
    }
#endif
