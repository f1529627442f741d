import Foundation

/// A type that describes one HTTP endpoint: its method, path, parameters and response type.
///
/// Don't conform to `Endpoint` directly for the common methods; conform to ``GET``, ``POST``,
/// ``PUT``, ``PATCH`` or ``DELETE``, which fix ``method``. An endpoint is a plain value:
/// turning it into a `URLRequest` is a pure function (``Client/request(for:)`` shows the result), and only
/// the ``Transport`` touches the network.
///
/// <!-- snippet needs: Repository -->
/// ```swift
/// struct UserRepositories: GET {
///     typealias ResponseType = [Repository]
///     let path = "/user/repos"
///     var query: Parameters { ["per_page": 100, "sort": "updated"] }
///     var headers: HTTPHeaders { ["X-Request-Source": "sync"] }
/// }
/// ```
///
/// For a method without a protocol of its own, conform to `Endpoint` and declare it:
///
/// ```swift
/// struct Properties: Endpoint {
///     typealias ResponseType = Data
///     static let method: HTTPMethod = "PROPFIND"
///     let path = "/files"
/// }
/// ```
public protocol Endpoint: Sendable {
    /// The type the response body is decoded into.
    associatedtype ResponseType: JSONObject

    /// The HTTP method. ``GET``, ``POST``, ``PUT``, ``PATCH`` and ``DELETE`` provide it, so a type
    /// that conforms to two of them does not compile ("multiple matching properties named
    /// 'method'").
    static var method: HTTPMethod { get }

    /// The path, relative to the client's base URL, for example `"/user/repos"`.
    ///
    /// It is appended to the base URL's own path, so with a base URL of
    /// `https://host/api/v3` the path `/user/repos` goes to `https://host/api/v3/user/repos`.
    /// Characters that are not allowed in a URL path (spaces, non-ASCII) are percent-encoded;
    /// existing `%XX` escapes are kept. A `?` or `#` is refused: put query parameters in
    /// ``query``. Interpolate values with `\(segment:)` so that each stays one segment:
    /// `"/repos/\(segment: owner)/\(segment: name)"` turns `a/../b?x#y` into
    /// `a%2F..%2Fb%3Fx%23y`.
    ///
    /// An absolute URL on the base URL's origin (a pagination link) is used as it is; one on
    /// another origin is refused unless ``CallOptions/allowsOtherOrigins`` is `true`.
    var path: String { get }

    /// The query parameters, encoded by the client's query encoder. Empty by default.
    var query: Parameters { get }

    /// Headers for this endpoint. They override the client's default headers and the
    /// `Accept` and `Content-Type` that EndpointKit sets. Empty by default.
    var headers: HTTPHeaders { get }

    /// What this endpoint does differently from its client: its own decoder, acceptable status
    /// codes, retry policy, timeouts or error body type, and whether it may call another origin.
    /// Every option left `nil` takes the client's setting. None by default.
    ///
    /// <!-- snippet needs: Charge, NewCharge -->
    /// ```swift
    /// struct CreatePayment: POST {
    ///     typealias ResponseType = Charge
    ///     let path = "/charges"
    ///     let charge: NewCharge
    ///     var body: RequestBody { .json(charge) }
    ///     var options: CallOptions { CallOptions(retryPolicy: .never, timeouts: Timeouts(idle: 10, total: 30)) }
    /// }
    /// ```
    var options: CallOptions { get }

    /// The name logs, metrics and traces give this endpoint's calls (see ``CallObserver``): the
    /// same for every call, so never a URL with the call's values in it. By default, the method
    /// and ``pathTemplate`` when there is one (`GET /repos/{owner}/{repo}`, as OpenTelemetry
    /// names HTTP client spans), the type's name otherwise (`UserRepositories`).
    ///
    /// <!-- snippet needs: Repository -->
    /// ```swift
    /// struct RepositoryDetails: GET {
    ///     typealias ResponseType = Repository
    ///     let owner: String, name: String
    ///     var path: String { "/repos/\(segment: owner)/\(segment: name)" }
    ///     static var operationName: String { "repository details" }
    /// }
    /// ```
    static var operationName: String { get }

    /// The path with its parameters' names in braces, such as `/repos/{owner}/{repo}`: what
    /// traces report as `url.template`, and, after the method, the default ``operationName``.
    /// `nil` by default; a generated endpoint gives its operation's path.
    ///
    /// <!-- snippet needs: Repository -->
    /// ```swift
    /// struct RepositoryDetails: GET {
    ///     typealias ResponseType = Repository
    ///     let owner: String, name: String
    ///     var path: String { "/repos/\(segment: owner)/\(segment: name)" }
    ///     static var pathTemplate: String? { "/repos/{owner}/{repo}" }
    /// }
    /// ```
    static var pathTemplate: String? { get }
}

extension Endpoint {
    /// No query parameters.
    public var query: Parameters { [:] }

    /// No headers of the endpoint's own.
    public var headers: HTTPHeaders { [:] }

    /// The client's settings.
    public var options: CallOptions { CallOptions() }

    /// The method and the ``pathTemplate`` (`GET /repos/{owner}/{repo}`) when there is one, the
    /// type's name otherwise, such as `Repository` or `Page<Issue>`.
    public static var operationName: String {
        pathTemplate.map { "\(method.rawValue) \($0)" } ?? String(describing: Self.self)
    }

    /// None.
    public static var pathTemplate: String? { nil }
}
