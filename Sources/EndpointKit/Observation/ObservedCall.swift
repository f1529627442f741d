import Foundation

/// A call as its ``CallObserver`` sees it when it starts.
public struct ObservedCall: Sendable {
    /// The endpoint's ``Endpoint/operationName``: its method and path template
    /// (`GET /repos/{owner}/{repo}`), its type's name, or the name it gives. Fit for a span's or
    /// a metric's name: it never holds the values of a call.
    public var name: String
    /// The endpoint's ``Endpoint/pathTemplate`` (`/repos/{owner}/{repo}`), when it has one.
    public var pathTemplate: String?
    /// The call: its method and URL (``CallContext/description`` redacts the URL's credentials).
    public var call: CallContext
    /// Whether the call is a stream (``Client/stream(_:)``), observed without
    /// ``CallObservation/run(_:)`` and ended by ``CallObservation/didEndStream(receiving:failure:)``.
    public var isStream: Bool
    /// Whether the call is the cache's confirmation of a stale response it served under
    /// `stale-while-revalidate` (RFC 5861): sent in the background, once per stored response,
    /// after the call that served it returned; no caller waits for it. Its cache outcome
    /// (``CallObservation/didConsultCache(_:age:)``) says what the server answered:
    /// ``CacheOutcome/revalidated`` or ``CacheOutcome/replaced``. `false` for the calls made by
    /// the client's callers.
    public var isBackgroundRevalidation = false

    /// Creates a call.
    ///
    /// - Parameters:
    ///   - name: The endpoint's name.
    ///   - call: The method and URL.
    ///   - isStream: Whether the call is a stream.
    ///   - pathTemplate: The endpoint's path template, if it has one.
    public init(name: String, call: CallContext, isStream: Bool = false, pathTemplate: String? = nil) {
        self.name = name
        self.call = call
        self.isStream = isStream
        self.pathTemplate = pathTemplate
    }
}

/// One attempt of a call, as ``CallObservation/attempt(_:sending:)`` sees it.
public struct ObservedAttempt: Sendable {
    /// The attempt's number, from 1; a retry is the next number. A request sent again after its
    /// authenticator renewed a credential keeps the number.
    public var number: Int
    /// How many times the call's request was sent before this one: retries and resends after a
    /// renewal (OpenTelemetry's `http.request.resend_count`).
    public var resendCount: Int
    /// The request, authenticated and ready to go through the middleware and the transport. Its
    /// headers hold credentials: show it with ``CURLCommand`` or ``CallContext``, which redact them.
    public var request: URLRequest

    /// Creates an attempt.
    ///
    /// - Parameters:
    ///   - number: The attempt's number, from 1.
    ///   - resendCount: How many times the request was sent before.
    ///   - request: The request.
    public init(number: Int, resendCount: Int, request: URLRequest) {
        self.number = number
        self.resendCount = resendCount
        self.request = request
    }
}
