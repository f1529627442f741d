import Foundation

/// When and how often a failed call is tried again.
///
/// By default a call is tried up to 3 times with exponential backoff and jitter, but only when
/// repeating it is safe: the method is idempotent (`GET`, `HEAD`, `PUT`, `DELETE`, `OPTIONS`),
/// and the failure is a connection failure, an idle timeout, or status 408, 429, 500, 502, 503
/// or 504. A `Retry-After` header (seconds or an HTTP date) is honoured. No retry starts once
/// ``budget`` has passed since the call began, nor when its delay would run past it. Each
/// attempt is authenticated again.
///
/// <!-- snippet needs: url, Charge, NewCharge -->
/// ```swift
/// let client = Client(baseURL: url) { $0.retryPolicy = RetryPolicy(maximumAttempts: 5, budget: 30) }
///
/// struct CreatePayment: POST {
///     typealias ResponseType = Charge
///     let path = "/charges"
///     let charge: NewCharge
///     var body: RequestBody { .json(charge) }
///     var options: CallOptions { CallOptions(retryPolicy: .never) }
/// }
/// ```
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts in all, the first included; `1` means no retry.
    public var maximumAttempts: Int
    /// The delay before the first retry, in seconds, before jitter.
    public var initialDelay: TimeInterval
    /// The factor each further delay grows by.
    public var multiplier: Double
    /// The longest backoff delay, in seconds (a longer `Retry-After` is honoured within ``budget``).
    public var maximumDelay: TimeInterval
    /// How much of each delay is random, from 0 (none) to 1 (anywhere between 0 and the delay).
    public var jitter: Double
    /// The time, in seconds from the start of the call, after which no retry is started.
    public var budget: TimeInterval
    /// The methods that may be retried.
    public var retryableMethods: Set<HTTPMethod>
    /// The status codes that may be retried.
    public var retryableStatusCodes: Set<Int>

    /// Creates a retry policy.
    ///
    /// - Parameters:
    ///   - maximumAttempts: Attempts in all, the first included; 3 by default.
    ///   - initialDelay: The first backoff delay in seconds; 0.5 by default.
    ///   - multiplier: How much each delay grows; 2 by default.
    ///   - maximumDelay: The longest backoff delay in seconds; 30 by default.
    ///   - jitter: The random share of each delay, 0 to 1; 0.5 by default.
    ///   - budget: Seconds from the start of the call after which no retry starts; 60 by default.
    ///   - retryableMethods: The idempotent methods by default.
    ///   - retryableStatusCodes: 408, 429, 500, 502, 503 and 504 by default.
    public init(
        maximumAttempts: Int = 3,
        initialDelay: TimeInterval = 0.5,
        multiplier: Double = 2,
        maximumDelay: TimeInterval = 30,
        jitter: Double = 0.5,
        budget: TimeInterval = 60,
        retryableMethods: Set<HTTPMethod> = [.get, .head, .put, .delete, .options],
        retryableStatusCodes: Set<Int> = [408, 429, 500, 502, 503, 504]
    ) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.initialDelay = max(0, initialDelay)
        self.multiplier = max(1, multiplier)
        self.maximumDelay = max(0, maximumDelay)
        self.jitter = min(max(jitter, 0), 1)
        self.budget = max(0, budget)
        self.retryableMethods = retryableMethods
        self.retryableStatusCodes = retryableStatusCodes
    }

    /// The default: 3 attempts, 0.5 s doubling with jitter, within 60 s.
    public static let `default` = RetryPolicy()

    /// No retries.
    public static let never = RetryPolicy(maximumAttempts: 1)

    /// How long to wait before retrying a failed attempt, or `nil` not to retry.
    ///
    /// A pure function, so the client's decisions can be tested without waiting.
    ///
    /// - Parameters:
    ///   - failure: How the attempt failed.
    ///   - attempt: The number of the attempt that failed, from 1.
    ///   - method: The request's method.
    ///   - elapsed: Seconds since the call began.
    ///   - now: The current time, for `Retry-After` dates.
    ///   - random: A number in `0..<1` for the jitter.
    /// - Returns: The delay in seconds, or `nil`.
    public func delay(
        after failure: EndpointError, attempt: Int, method: HTTPMethod, elapsed: TimeInterval,
        now: Date = Date(), random: Double = Double.random(in: 0..<1)
    ) -> TimeInterval? {
        guard attempt < maximumAttempts, retryableMethods.contains(method), elapsed < budget else { return nil }
        let backoff = min(maximumDelay, initialDelay * pow(multiplier, Double(attempt - 1)))
        var delay = backoff * (1 - jitter * random)
        switch failure {
        case .unacceptableStatus(let failure):
            guard retryableStatusCodes.contains(failure.statusCode) else { return nil }
            if let retryAfter = RetryAfter(failure.response.headers["Retry-After"], now: now) {
                delay = max(delay, retryAfter.delay)
            }
        case .rateLimited(let limited):
            guard retryableStatusCodes.contains(limited.response.statusCode) else { return nil }
            if let retryDate = limited.retryDate {
                delay = max(delay, retryDate.timeIntervalSince(now))
            }
        case .transportFailed(let transportFailure):
            guard Self.isRetryable(transportFailure) else { return nil }
        default:
            return nil
        }
        return elapsed + delay <= budget ? delay : nil
    }

    /// Connection failures and idle timeouts: the request may not have reached the server, or
    /// the server may answer next time. Not a TLS failure (`TLSFailure`, or a custom transport's
    /// `URLError.secureConnectionFailed`): the next attempt would meet the same certificate.
    static func isRetryable(_ failure: TransportFailure) -> Bool {
        switch failure.urlErrorCode {
        case .timedOut?, .cannotConnectToHost?, .networkConnectionLost?, .cannotFindHost?, .dnsLookupFailed?,
            .notConnectedToInternet?:
            return true
        default:
            return false
        }
    }
}
