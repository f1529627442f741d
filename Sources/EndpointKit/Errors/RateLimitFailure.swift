import Foundation

/// A response that says the client is sending too much, and when a retry can succeed. Thrown as
/// ``EndpointError/rateLimited(_:)``.
///
/// Which responses say so is the client's ``APIProfile``'s call: by default a `429 Too Many
/// Requests` (RFC 6585), with its `Retry-After` (RFC 9110) as the retry date.
public struct RateLimitFailure: Error, Sendable, CustomStringConvertible {
    /// The unacceptable response, with its method and decoded error body.
    public var status: StatusFailure
    /// The earliest time a retry can succeed, when the server said.
    public var retryDate: Date?
    /// Whether the client's rate-limit pacer held the call back without sending it: ``status``
    /// is then the earlier answer that paused its partition or spent its budget, and
    /// ``retryDate`` the time the partition reopens. `false` for a response to the call itself.
    public var wasHeldBack = false
    /// The announced limit (its `RateLimit` name) whose spent budget held the call back; `nil`
    /// when a refusal's pause did, or when the call was sent.
    public var limitName: String?

    /// Creates a failure.
    ///
    /// - Parameters:
    ///   - status: The unacceptable response.
    ///   - retryDate: The earliest time a retry can succeed, if known.
    public init(status: StatusFailure, retryDate: Date?) {
        self.status = status
        self.retryDate = retryDate
    }

    /// A failure for a call that the pacer held back without sending it.
    ///
    /// - Parameters:
    ///   - status: The earlier answer that paused the partition or spent its budget.
    ///   - retryDate: When the partition reopens, if known.
    ///   - limitName: The announced limit whose budget is spent; `nil` for a refusal's pause.
    init(heldBackBy status: StatusFailure, until retryDate: Date?, limitName: String?) {
        self.init(status: status, retryDate: retryDate)
        wasHeldBack = true
        self.limitName = limitName
    }

    /// What the server sent.
    public var response: HTTPResponse { status.response }

    /// "Rate limited: GET https://host/path answered with status 429; retry after 2026-11-21T06:00:00Z",
    /// the URL's credentials redacted.
    public var description: String {
        let url = Redaction.standard.redact(status.response.url, missing: "(unknown URL)")
        let when = retryDate.map { "retry after \($0.formatted(Date.ISO8601FormatStyle()))" } ?? "no retry time given"
        if wasHeldBack {
            let why = limitName.map { "the budget of limit \"\($0)\" is spent" } ?? "calls are paused"
            return "Rate limited before sending: \(why), since \(status.method) \(url) answered with status "
                + "\(status.statusCode); \(when)"
        }
        return "Rate limited: \(status.method) \(url) answered with status \(status.statusCode); \(when)"
    }
}
