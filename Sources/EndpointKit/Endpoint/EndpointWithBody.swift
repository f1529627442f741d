/// An endpoint whose request carries a body. ``POST``, ``PUT`` and ``PATCH`` refine it.
///
/// <!-- snippet needs: Issue, NewIssue -->
/// ```swift
/// struct CreateIssue: POST {
///     typealias ResponseType = Issue
///     let path = "/repos/octocat/hello-world/issues"
///     let issue: NewIssue
///     var body: RequestBody { .json(issue) }
/// }
/// ```
public protocol EndpointWithBody: Endpoint {
    /// The request body: an `Encodable` value, form fields, raw data, or ``RequestBody/empty``.
    var body: RequestBody { get }
}
