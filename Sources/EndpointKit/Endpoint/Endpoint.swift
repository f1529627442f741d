import Foundation

/// A type that describes one HTTP endpoint: its method, path, parameters and response type.
///
/// Don't conform to `Endpoint` directly for the common methods; conform to ``GET``, ``POST``,
/// ``PUT``, ``PATCH`` or ``DELETE``, which fix ``method``. An endpoint is a plain value:
/// turning it into a `URLRequest` is a pure function (``Client/makeRequest(for:)``), and only
/// the ``Transport`` touches the network.
///
/// ```swift
/// struct UserRepositories: GET {
///     typealias ResponseType = [Repository]
///     let path = "/user/repos"
///     var query: Parameters { ["per_page": 100, "sort": "updated"] }
///     var headers: HTTPHeaders { ["X-GitHub-Api-Version": "2022-11-28"] }
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
    /// another origin is refused unless ``allowsOtherOrigins`` is `true`.
    var path: String { get }

    /// The query parameters, encoded by the client's query encoder. Empty by default.
    var query: Parameters { get }

    /// Headers for this endpoint. They override the client's default headers and the
    /// `Accept` and `Content-Type` that EndpointKit sets. Empty by default.
    var headers: HTTPHeaders { get }

    /// The decoder for this endpoint's response, or `nil` (the default) to use the client's.
    var decoder: (any ResponseDecoder)? { get }

    /// The status codes that count as success for this endpoint, or `nil` (the default) to use
    /// the client's.
    var acceptableStatusCodes: AcceptableStatusCodes? { get }

    /// When this endpoint's failed calls are tried again, or `nil` (the default) to use the
    /// client's. Give a non-idempotent endpoint that is safe to repeat a policy listing its
    /// method, or ``RetryPolicy/never`` to an idempotent one that is not.
    var retryPolicy: RetryPolicy? { get }

    /// The idle timeout and total deadline for this endpoint, or `nil` (the default) to use the
    /// client's.
    var timeouts: Timeouts? { get }

    /// Whether ``path`` may be an absolute URL on another origin than the client's base URL;
    /// `false` by default. Such a request is never authenticated: credentials only go to the
    /// base URL's origin.
    var allowsOtherOrigins: Bool { get }

    /// The type an unacceptable response's body is decoded into, or `nil` (the default) to use
    /// the client's. The decoded value travels in the error's ``HTTPResponse/errorBody``.
    var errorBodyType: (any JSONObject.Type)? { get }

    /// A sample response body for tests and previews, or `nil` (the default). The stub transport
    /// of `EndpointKitTesting` serves it for this endpoint unless told otherwise.
    var sampleData: Data? { get }
}

extension Endpoint {
    /// No query parameters.
    public var query: Parameters { [:] }

    /// No headers of the endpoint's own.
    public var headers: HTTPHeaders { [:] }

    /// Use the client's decoder.
    public var decoder: (any ResponseDecoder)? { nil }

    /// Use the client's acceptable status codes.
    public var acceptableStatusCodes: AcceptableStatusCodes? { nil }

    /// Use the client's retry policy.
    public var retryPolicy: RetryPolicy? { nil }

    /// Use the client's timeouts.
    public var timeouts: Timeouts? { nil }

    /// Only the base URL's origin.
    public var allowsOtherOrigins: Bool { false }

    /// Use the client's error body type.
    public var errorBodyType: (any JSONObject.Type)? { nil }

    /// No sample data.
    public var sampleData: Data? { nil }
}
