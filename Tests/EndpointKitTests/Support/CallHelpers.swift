import EndpointKit

/// The error `call` throws; a test failure when it succeeds.
///
/// ```swift
/// let error = try await callFailure { () async throws(EndpointError) in try await client.get(Items()) }
/// ```
func callFailure<Value>(of call: () async throws(EndpointError) -> Value) async throws -> EndpointError {
    do {
        _ = try await call()
    } catch {
        return error
    }
    throw TestFailure("the call succeeded")
}

/// Every element of `stream`, read to its end.
func collect<Element>(_ stream: ResponseStream<Element>) async throws(EndpointError) -> [Element] {
    var elements: [Element] = []
    for try await element in stream { elements.append(element) }
    return elements
}
