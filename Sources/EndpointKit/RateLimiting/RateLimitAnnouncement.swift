import Foundation

/// What one response says about the limits it was metered by: the budgets it announces (IETF
/// `RateLimit` and `RateLimit-Policy`) and whether it refuses the call for sending too much
/// (`429`, or `503` with `Retry-After`).
///
/// The client's rate-limit pacer reads one from every response, an accepted one too: a `200`
/// that says `remaining` is 0 pauses the next calls as a `429` does, before they are refused.
/// Which fields it reads is the client's ``APIProfile``'s call
/// (``APIProfile/rateLimitAnnouncement(in:now:)``): by default the standards' alone.
public struct RateLimitAnnouncement: Sendable, Equatable {
    /// One limit the response names: its policy (quota and window) from `RateLimit-Policy`, its
    /// state (remaining and reset) from `RateLimit`, matched by name and partition key.
    public struct Limit: Sendable, Equatable {
        /// The policy's name, as the server wrote it (a string or a token).
        public var name: String
        /// The server's partition key (`pk`), when it sent one: which of its meters this is.
        public var partitionKey: Data?
        /// How many quota units the window allows (`q`).
        public var quota: Int?
        /// What one quota unit is (`qu`): `"requests"` when the server does not say.
        public var quotaUnit: String = Self.requests
        /// The window's length in seconds (`w`).
        public var window: TimeInterval?
        /// How many units are left (`r`).
        public var remaining: Int?
        /// When the remaining units are renewed: the response's time plus `t` seconds.
        public var resetDate: Date?

        /// The quota unit of a limit that counts requests, the draft's default.
        public static let requests = "requests"

        /// Creates a limit; what the response does not say stays `nil`.
        ///
        /// - Parameters:
        ///   - name: The policy's name.
        ///   - partitionKey: The server's partition key, if any.
        ///   - quota: The units the window allows.
        ///   - quotaUnit: What a unit is; requests by default.
        ///   - window: The window's length in seconds.
        ///   - remaining: The units left.
        ///   - resetDate: When the remaining units are renewed.
        public init(
            name: String, partitionKey: Data? = nil, quota: Int? = nil, quotaUnit: String = Self.requests,
            window: TimeInterval? = nil, remaining: Int? = nil, resetDate: Date? = nil
        ) {
            self.name = name
            self.partitionKey = partitionKey
            self.quota = quota
            self.quotaUnit = quotaUnit
            self.window = window
            self.remaining = remaining
            self.resetDate = resetDate
        }

        /// Whether each request spends one unit of it, so that a pacer can count it down.
        public var countsRequests: Bool { quotaUnit == Self.requests }
    }

    /// A response that refuses the call for sending too much, and until when.
    public struct Refusal: Sendable, Equatable {
        /// The end of the pause that `Retry-After` asks for; `nil` when it asks for none (a pacer
        /// then applies its own, ``RateLimitPolicy/pauseAfterUntimedRefusal``).
        public var pausesUntil: Date?

        /// Creates a refusal.
        ///
        /// - Parameter pausesUntil: The end of the pause it asks for; `nil` for none.
        public init(pausesUntil: Date?) {
            self.pausesUntil = pausesUntil
        }
    }

    /// The limits named by `RateLimit-Policy` or `RateLimit`, in the order they first came.
    public var limits: [Limit] = []
    /// The refusal, when the response is one.
    public var refusal: Refusal?

    /// Creates an announcement.
    ///
    /// - Parameters:
    ///   - limits: The limits the response names; none by default.
    ///   - refusal: The refusal, when the response is one.
    public init(limits: [Limit] = [], refusal: Refusal? = nil) {
        self.limits = limits
        self.refusal = refusal
    }

    /// Whether the response says nothing about limits.
    public var isEmpty: Bool { limits.isEmpty && refusal == nil }

    /// What a response says by the standards alone.
    ///
    /// - The IETF fields of draft-ietf-httpapi-ratelimit-headers (-09 and later):
    ///   `RateLimit-Policy: "burst";q=100;w=60` and `RateLimit: "burst";r=50;t=30`, Structured
    ///   Field lists whose names are strings (or, leniently, tokens). A field that does not parse
    ///   is ignored whole; a member without a name or with a parameter of the wrong type is
    ///   ignored alone. Every field line of a name is read, as one list.
    /// - `Retry-After` (RFC 9110 §10.2.3, seconds or an HTTP date) on a `429` (RFC 6585) and on
    ///   a `503`. A `429` without it is still a refusal, untimed; a `503` without it is an
    ///   outage, not a rate limit, and no refusal.
    ///
    /// - Parameters:
    ///   - response: Any response, accepted or not.
    ///   - now: The time the response arrived, from the client's clock: `t` and `Retry-After`
    ///     seconds count from it.
    /// - Returns: The announcement; empty when the response says nothing about limits.
    public static func standard(in response: HTTPResponse, now: Date) -> RateLimitAnnouncement {
        var announcement = RateLimitAnnouncement(limits: Self.limits(in: response.headers, now: now))
        let retryDate = RateLimitSignal.retryAfterDate(in: response, now: now)
        switch response.statusCode {
        case 429: announcement.refusal = Refusal(pausesUntil: retryDate)
        case 503 where retryDate != nil: announcement.refusal = Refusal(pausesUntil: retryDate)
        default: break
        }
        return announcement
    }
}
