import Foundation

/// A response whose status the call does not accept, with the request it answered and the
/// body decoded as the API's error body type. Thrown as ``EndpointError/unacceptableStatus(_:)``.
///
/// <!-- snippet needs: client, CreateIssue, NewIssue, MyAPIError -->
/// ```swift
/// do {
///     _ = try await client.post(CreateIssue(owner: "octocat", repo: "hello", issue: NewIssue(title: "")))
/// } catch .unacceptableStatus(let failure) {
///     print(failure.statusCode, failure.errorBody(as: MyAPIError.self)?.message ?? "")
/// } catch {
///     print(error)
/// }
/// ```
public struct StatusFailure: Error, Sendable, CustomStringConvertible {
    /// The method of the request the server answered.
    public var method: HTTPMethod
    /// What the server sent: its URL, status, headers and body.
    public var response: HTTPResponse
    /// The body decoded as the endpoint's or the API's error body type
    /// (``CallOptions/errorBodyType``, ``APIProfile/errorBodyType``), when there is one and the
    /// body decoded; `nil` otherwise (the raw bytes are in ``response``).
    public var errorBody: (any JSONObject)?

    /// Creates a failure.
    ///
    /// - Parameters:
    ///   - method: The method of the request the server answered.
    ///   - response: The response.
    ///   - errorBody: The decoded error body, if any.
    public init(method: HTTPMethod, response: HTTPResponse, errorBody: (any JSONObject)? = nil) {
        self.method = method
        self.response = response
        self.errorBody = errorBody
    }

    /// The status code, for example `404`.
    public var statusCode: Int { response.statusCode }

    /// ``errorBody`` as `T`, if it is one.
    ///
    /// - Parameter type: The error body type.
    /// - Returns: The decoded error body, or `nil`.
    public func errorBody<T: JSONObject>(as type: T.Type) -> T? {
        errorBody as? T
    }

    /// "GET https://host/path answered with unacceptable status 404 (application/json): {…}", the
    /// body cut to 200 characters and the URL's credentials redacted (its user-info and the values
    /// of ``CURLCommand/sensitiveQueryItems``).
    public var description: String { description(includingBody: true) }

    /// ``description``, or without the body's text: "GET https://host/path answered with
    /// unacceptable status 404 (application/json, 2 bytes)".
    ///
    /// - Parameter includingBody: Whether to show the body's first 200 characters; without them,
    ///   its `Content-Type` and size.
    /// - Returns: The description.
    package func description(includingBody: Bool) -> String {
        let url = Redaction.standard.redact(response.url, missing: "(unknown URL)")
        let body = includingBody ? response.bodySummary : response.bodySize
        return "\(method) \(url) answered with unacceptable status \(response.statusCode)\(body)"
    }
}
