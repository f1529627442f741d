import Foundation

/// What a client knows about the API behind its base URL beyond HTTP itself: the headers every
/// request carries (a media type, an API version), the type its error bodies decode into, and how
/// it says "too many requests".
///
/// The core knows only the standards: `Link` pagination (RFC 8288), `Retry-After` (RFC 9110) and
/// `429 Too Many Requests` (RFC 6585). Teach it one API by conforming to `APIProfile` and setting
/// ``Client/Configuration/api``; `EndpointKitGitHub`'s `GitHubAPI` is written exactly this way.
///
/// <!-- snippet needs: paymentsURL, apiKey -->
/// ```swift
/// struct PaymentsError: Decodable, JSONObject {
///     struct Detail: Decodable, Sendable { let code: String; let message: String }
///     let error: Detail
/// }
///
/// struct PaymentsAPI: APIProfile {
///     var headers: HTTPHeaders { ["Payments-Version": "2026-01-01"] }
///     var errorBodyType: (any JSONObject.Type)? { PaymentsError.self }
///
///     func rateLimit(signaledBy response: HTTPResponse, now: Date) -> RateLimitSignal? {
///         if response.headers["RateLimit-Remaining"] == "0",
///             let reset = response.headers["RateLimit-Reset"].flatMap(TimeInterval.init) {
///             return RateLimitSignal(retryDate: now.addingTimeInterval(reset))
///         }
///         return .standard(in: response, now: now)
///     }
/// }
///
/// let client = Client(baseURL: paymentsURL, authenticator: .bearer(apiKey)) { $0.api = PaymentsAPI() }
/// ```
public protocol APIProfile: Sendable {
    /// Headers sent with every request to this API, before the client's and the endpoint's own
    /// (which win). None by default.
    var headers: HTTPHeaders { get }

    /// The type the body of an unacceptable response is decoded into, when an endpoint does not
    /// name its own (``CallOptions/errorBodyType``). The decoded value travels in
    /// ``StatusFailure/errorBody``; a body that does not decode leaves it `nil`. None by default.
    ///
    /// The call's decoder decodes it: the endpoint's (``CallOptions/decoder``), else the client's
    /// (``Client/Configuration/decoder``). A `Decodable` type with camelCase properties for
    /// snake_case JSON therefore needs `.json(keyDecoding: .convertFromSnakeCase)` there; a type
    /// that maps the JSON by hand (``JSONObject/init(json:)``) reads the keys as sent.
    var errorBodyType: (any JSONObject.Type)? { get }

    /// Whether an unacceptable response says the client sent too much, and when a retry can
    /// succeed. A response it recognises is thrown as ``EndpointError/rateLimited(_:)``, any
    /// other as ``EndpointError/unacceptableStatus(_:)``. By default,
    /// ``RateLimitSignal/standard(in:now:)``: a `429` with its `Retry-After`.
    ///
    /// - Parameters:
    ///   - response: A response whose status the call does not accept.
    ///   - now: The current time, to turn relative times into a date.
    /// - Returns: The signal, or `nil` when the response says nothing about rate limits.
    func rateLimit(signaledBy response: HTTPResponse, now: Date) -> RateLimitSignal?

    /// How a client of this API paces its calls, unless its configuration says otherwise
    /// (``Client/Configuration/rateLimitPolicy``). By default ``RateLimitPolicy/standard``:
    /// no caps, and the pauses and budgets the responses announce followed.
    var rateLimitPolicy: RateLimitPolicy { get }

    /// What `response` says about the API's limits, for the client's rate-limit pacer: the
    /// budgets it announces and whether it refuses the call. Read from every response, accepted
    /// ones too. By default ``RateLimitAnnouncement/standard(in:now:)``: the IETF `RateLimit` and
    /// `RateLimit-Policy` fields and `Retry-After`; a response this profile's
    /// ``rateLimit(signaledBy:now:)`` recognises is a refusal too.
    ///
    /// - Parameters:
    ///   - response: Any response.
    ///   - now: The time it arrived, from the client's clock.
    /// - Returns: The announcement; empty when the response says nothing about limits.
    func rateLimitAnnouncement(in response: HTTPResponse, now: Date) -> RateLimitAnnouncement

    /// Which of the API's separately metered resources `request` spends, when the API meters
    /// some apart (GitHub's `search` and `graphql` beside `core`): calls of one resource are
    /// paced apart from another's. `nil` (the default) for one budget per host and credential.
    ///
    /// - Parameter request: The request as it goes out.
    /// - Returns: The resource's name, or `nil`.
    func rateLimitResource(for request: URLRequest) -> String?
}

extension APIProfile {
    /// No headers of the API's own.
    public var headers: HTTPHeaders { [:] }

    /// No error body type.
    public var errorBodyType: (any JSONObject.Type)? { nil }

    /// The standard rule: a `429` is rate limited, until its `Retry-After`.
    ///
    /// - Parameters:
    ///   - response: A response whose status the call does not accept.
    ///   - now: The current time.
    /// - Returns: ``RateLimitSignal/standard(in:now:)``.
    public func rateLimit(signaledBy response: HTTPResponse, now: Date) -> RateLimitSignal? {
        .standard(in: response, now: now)
    }

    /// ``RateLimitPolicy/standard``.
    public var rateLimitPolicy: RateLimitPolicy { .standard }

    /// ``RateLimitAnnouncement/standard(in:now:)``.
    ///
    /// - Parameters:
    ///   - response: Any response.
    ///   - now: The time it arrived.
    /// - Returns: The standards' announcement.
    public func rateLimitAnnouncement(in response: HTTPResponse, now: Date) -> RateLimitAnnouncement {
        .standard(in: response, now: now)
    }

    /// `nil`: one budget per host and credential.
    ///
    /// - Parameter request: The request.
    /// - Returns: `nil`.
    public func rateLimitResource(for request: URLRequest) -> String? { nil }
}

/// HTTP and its standards, with no API's own conventions: the client's default
/// ``Client/Configuration/api``.
public struct PlainHTTP: APIProfile {
    /// Creates the profile.
    public init() {}
}

extension APIProfile where Self == PlainHTTP {
    /// HTTP and its standards, with no API's own conventions.
    public static var plainHTTP: PlainHTTP { PlainHTTP() }
}
