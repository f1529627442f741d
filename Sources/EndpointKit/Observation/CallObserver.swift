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

    /// Whether this observer watches calls at all right now, asked as each call starts, before
    /// the call is described for ``observe(_:)``. An observer whose backend is the no-op one (no
    /// tracer bootstrapped, say) answers `false`, and the call then costs what it costs without
    /// it. `true` by default.
    var isObserving: Bool { get }
}

extension CallObserver {
    /// `true`: the observer watches every call.
    public var isObserving: Bool { true }
}

/// What watches one call, from its start to its end. Every requirement has a default that does
/// nothing but let the call go on; implement the ones you need.
///
/// The client calls ``run(_:)`` once, around the whole call, and ``attempt(_:sending:)`` around
/// each attempt inside it, in the call's task: a task-local value bound there (the current span
/// of a trace, say) is seen by the transport and the middleware. Between attempts it calls
/// ``willRetry(after:delay:attempt:)``, ``didRenewCredential(after:)`` and
/// ``didRevalidate(_:)``; once the last attempt is judged, a call of a client with a cache hears
/// ``didConsultCache(_:age:)``: how the cache served it.
///
/// A stale response served under `stale-while-revalidate` is confirmed with the server after the
/// call returned, by a call of its own: the observers see it as a call of the same endpoint
/// whose ``ObservedCall/isBackgroundRevalidation`` is `true`.
///
/// A stream (``ObservedCall/isStream``) lives across its reader's calls for the next element, so
/// nothing can run around it: its observation gets no ``run(_:)``. Each connection is sent
/// through ``attempt(_:sending:)`` (the first attempt of its own), a reconnection is announced by
/// ``willReconnect(after:delay:lastEventID:)``, what arrives by ``didReceiveStreamPieces(_:)``, and
/// the end, however it comes, by
/// ``didEndStream(receiving:failure:)``, once.
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

    /// The client's rate-limit pacer held an attempt back before it was sent (its limit was
    /// paused or its budget spent, its cap of calls in flight reached, or a mutation's spacing
    /// not yet passed), for ``RateLimitWait/duration`` seconds (0 when a slot freed before the
    /// clock moved). Heard before the attempt's ``attempt(_:sending:)``, only when it waited.
    ///
    /// - Parameter wait: How long the attempt waited, for which host's limits, and why.
    func didWaitForRateLimit(_ wait: RateLimitWait)

    /// How the client's cache served the call: ``CacheOutcome/miss`` (to the server, nothing
    /// usable stored), ``CacheOutcome/fresh`` or ``CacheOutcome/stale`` (a stored response, no
    /// request), ``CacheOutcome/revalidated`` (confirmed by a `304`) or ``CacheOutcome/replaced``
    /// (a new response after validation). Heard once per call that had a cache in its path (a
    /// `GET` or a `HEAD` of a client with a ``Client/Configuration/cache``, not a stream), after
    /// its last attempt and before ``run(_:)`` returns, also when the call fails. A fresh hit sends
    /// nothing: it has no ``attempt(_:sending:)``, only this.
    ///
    /// - Parameters:
    ///   - outcome: How the cache served the call.
    ///   - age: The stored response's age in seconds (its `Age` header, as ``Response/age``), when
    ///     a stored response answered the call; `nil` otherwise.
    func didConsultCache(_ outcome: CacheOutcome, age: Int?)

    /// A stream's connection ended with `failure` (the server closed it, or it could not be
    /// opened again), and the stream opens another after `delay` seconds, with `lastEventID`.
    ///
    /// - Parameters:
    ///   - failure: How the connection ended.
    ///   - delay: The wait before the next connection, in seconds.
    ///   - lastEventID: The `Last-Event-ID` the next connection sends; `nil` before any id.
    func willReconnect(after failure: EndpointError, delay: TimeInterval, lastEventID: String?)

    /// A stream received `count` more events, lines or chunks (as many as one read of its body
    /// gave), before its reader reads them. The first call for a connection means the connection
    /// was accepted and its body has begun.
    ///
    /// - Parameter count: How many pieces arrived, at least 1.
    func didReceiveStreamPieces(_ count: Int)

    /// A stream ended: cleanly (`failure` is `nil`: the server's `204` or the format's end, or
    /// the reader left the loop) or with `failure`, the error the reader got.
    ///
    /// - Parameters:
    ///   - pieces: How many events, lines or chunks the stream received.
    ///   - failure: The stream's error; `nil` for a clean end.
    func didEndStream(receiving pieces: Int, failure: EndpointError?)
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

    /// Does nothing.
    public func didWaitForRateLimit(_ wait: RateLimitWait) {}

    /// Does nothing.
    public func didConsultCache(_ outcome: CacheOutcome, age: Int?) {}

    /// Does nothing.
    public func willReconnect(after failure: EndpointError, delay: TimeInterval, lastEventID: String?) {}

    /// Does nothing.
    public func didReceiveStreamPieces(_ count: Int) {}

    /// Does nothing.
    public func didEndStream(receiving pieces: Int, failure: EndpointError?) {}
}
