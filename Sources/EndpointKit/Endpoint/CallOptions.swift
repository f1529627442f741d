/// What one endpoint does differently from its client.
///
/// Every option left `nil` takes the client's setting (``Client/Configuration``), so an endpoint
/// names only what it changes. The client resolves the options once per call.
///
/// ```swift
/// struct Export: GET {
///     typealias ResponseType = Data
///     let path = "/exports/latest"
///     var options: CallOptions { CallOptions(timeouts: Timeouts(idle: 60, total: 600)) }
/// }
/// ```
///
/// Several options go in one initializer call, in the order of its parameters (`decoder`,
/// `acceptableStatusCodes`, `retryPolicy`, `timeouts`, `errorBodyType`, `allowsOtherOrigins`);
/// or start from `CallOptions()` and set the properties:
///
/// ```swift
/// struct Lookup: GET {
///     typealias ResponseType = Data
///     let path = "/items/42"
///     var options: CallOptions {
///         CallOptions(acceptableStatusCodes: [200...299, 404...404], retryPolicy: .never, timeouts: Timeouts(idle: 60))
///     }
/// }
/// ```
public struct CallOptions: Sendable {
    /// The decoder for the response, instead of the client's.
    public var decoder: (any ResponseDecoder)?
    /// The status codes that count as success, instead of the client's.
    public var acceptableStatusCodes: AcceptableStatusCodes?
    /// When failed calls are tried again, instead of the client's policy. Give a non-idempotent
    /// endpoint that is safe to repeat a policy listing its method, or ``RetryPolicy/never`` to an
    /// idempotent one that is not.
    public var retryPolicy: RetryPolicy?
    /// The idle timeout and total deadline, instead of the client's.
    public var timeouts: Timeouts?
    /// The type an unacceptable response's body is decoded into, instead of the client's API's
    /// (``APIProfile/errorBodyType``). The decoded value travels in ``StatusFailure/errorBody``.
    /// The call's decoder (``decoder``, else the client's) decodes it, as it decodes a success.
    public var errorBodyType: (any JSONObject.Type)?
    /// Whether the endpoint's path may be an absolute URL on another origin than the client's
    /// base URL; `false` by default. Such a request is never authenticated: credentials only go to
    /// the base URL's origin.
    public var allowsOtherOrigins: Bool
    /// How the call uses the client's ``ResponseCache``, instead of ``CacheMode/standard``
    /// (RFC 9111's rules): ``CacheMode/reload``, ``CacheMode/preferStored`` or
    /// ``CacheMode/storedOnly``. Without a cache it changes nothing.
    public var cacheMode: CacheMode?
    /// Whether the call waits when the client's rate-limit pacer holds it back (its limit
    /// paused, or its announced budget spent), or fails at once: ``RateLimitWaiting/wait`` by
    /// default. Without pacing (``RateLimitPolicy/unpaced``) it changes nothing.
    public var rateLimitWaiting: RateLimitWaiting?
    /// Where the call goes among the calls that wait for the same limit: a higher priority is
    /// admitted first, calls of one priority in the order they came; 0 by default.
    public var rateLimitPriority: Int?

    /// Creates options; each one left out takes the client's setting.
    ///
    /// - Parameters:
    ///   - decoder: The decoder for the response.
    ///   - acceptableStatusCodes: The status codes that count as success.
    ///   - retryPolicy: When failed calls are tried again.
    ///   - timeouts: The idle timeout and total deadline.
    ///   - errorBodyType: The type an unacceptable response's body is decoded into.
    ///   - allowsOtherOrigins: Whether the path may be a URL on another origin; `false` by default.
    public init(
        decoder: (any ResponseDecoder)? = nil, acceptableStatusCodes: AcceptableStatusCodes? = nil,
        retryPolicy: RetryPolicy? = nil, timeouts: Timeouts? = nil, errorBodyType: (any JSONObject.Type)? = nil,
        allowsOtherOrigins: Bool = false
    ) {
        self.decoder = decoder
        self.acceptableStatusCodes = acceptableStatusCodes
        self.retryPolicy = retryPolicy
        self.timeouts = timeouts
        self.errorBodyType = errorBodyType
        self.allowsOtherOrigins = allowsOtherOrigins
    }
}
