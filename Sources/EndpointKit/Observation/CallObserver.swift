import Foundation

/// Watches a client's calls as they happen: the place to plug in logs, metrics and traces.
///
/// A client with observers (``Client/Configuration/observers``) asks each one for a
/// ``CallObservation`` when a call starts. The observation then runs the call, runs each of its
/// attempts, and hears what happens between them: a retry and its reason, a credential renewed
/// after a `401`, a `304` answered from the cache. With no observer, a call does none of this.
///
/// ```swift
/// struct PrintingObserver: CallObserver {
///     func observe(_ call: ObservedCall) -> any CallObservation { PrintingObservation(call: call) }
/// }
///
/// struct PrintingObservation: CallObservation {
///     let call: ObservedCall
///
///     func willRetry(after failure: EndpointError, delay: TimeInterval, attempt: Int) {
///         print("\(call.name): attempt \(attempt) failed (\(failure)), retrying in \(delay) s")
///     }
/// }
/// ```
public protocol CallObserver: Sendable {
    /// The observation of one call, asked for when the call starts.
    ///
    /// - Parameter call: The call: its endpoint's name, method and URL.
    /// - Returns: What watches the rest of the call.
    func observe(_ call: ObservedCall) -> any CallObservation
}

/// What watches one call, from its start to its end. Every requirement has a default that does
/// nothing but let the call go on; implement the ones you need.
///
/// The client calls ``run(_:)`` once, around the whole call, and ``attempt(_:sending:)`` around
/// each attempt inside it, in the call's task: a task-local value bound there (the current span
/// of a trace, say) is seen by the transport and the middleware. Between attempts it calls
/// ``willRetry(after:delay:attempt:)``, ``didRenewCredential(after:)`` and
/// ``didRevalidate(_:)``.
public protocol CallObservation: Sendable {
    /// Runs the whole call: every attempt, the waits between them and the decoding of the
    /// response. Returns the response the call ended with, or throws its error.
    ///
    /// - Parameter call: The call; run it once.
    /// - Returns: What `call` returns.
    /// - Throws: What `call` throws.
    func run(_ call: () async throws(EndpointError) -> HTTPResponse) async throws(EndpointError) -> HTTPResponse

    /// Sends one attempt: `send` takes the request to send (change it to add a header, such as a
    /// trace's `traceparent`) and returns the response, whatever its status, or throws.
    ///
    /// - Parameters:
    ///   - attempt: The attempt: its number and request.
    ///   - send: Sends a request through the middleware and the transport; call it once.
    /// - Returns: What `send` returns.
    /// - Throws: What `send` throws.
    func attempt(
        _ attempt: ObservedAttempt, sending send: (URLRequest) async throws(EndpointError) -> HTTPResponse
    ) async throws(EndpointError) -> HTTPResponse

    /// The attempt numbered `attempt` failed with `failure`, and the retry policy sends the call
    /// again after `delay` seconds.
    ///
    /// - Parameters:
    ///   - failure: Why the attempt failed.
    ///   - delay: The wait before the next attempt, in seconds.
    ///   - attempt: The number of the attempt that failed, from 1.
    func willRetry(after failure: EndpointError, delay: TimeInterval, attempt: Int)

    /// The authenticator renewed its credential after `response` (a `401`, say); the request is
    /// sent again at once, without counting as an attempt.
    ///
    /// - Parameter response: The response that made the authenticator renew.
    func didRenewCredential(after response: HTTPResponse)

    /// The server confirmed a stored response with `304 Not Modified`; the call returns
    /// `response`, the stored one.
    ///
    /// - Parameter response: The stored response the call returns.
    func didRevalidate(_ response: HTTPResponse)
}

extension CallObservation {
    /// Runs the call.
    public func run(_ call: () async throws(EndpointError) -> HTTPResponse) async throws(EndpointError) -> HTTPResponse
    {
        try await call()
    }

    /// Sends the request as it is.
    public func attempt(
        _ attempt: ObservedAttempt, sending send: (URLRequest) async throws(EndpointError) -> HTTPResponse
    ) async throws(EndpointError) -> HTTPResponse {
        try await send(attempt.request)
    }

    /// Does nothing.
    public func willRetry(after failure: EndpointError, delay: TimeInterval, attempt: Int) {}

    /// Does nothing.
    public func didRenewCredential(after response: HTTPResponse) {}

    /// Does nothing.
    public func didRevalidate(_ response: HTTPResponse) {}
}
