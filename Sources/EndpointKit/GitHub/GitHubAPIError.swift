import Foundation

/// The error body of GitHub's REST API (and of GitHub-like APIs):
/// `{"message": …, "documentation_url": …, "errors": [{"resource", "field", "code"}]}`.
///
/// Declare it as the client's error body type, and every unacceptable response carries it:
///
/// ```swift
/// let client = Client(baseURL: url, authenticator: .token(token), errorBodyType: GitHubAPIError.self)
/// do {
///     _ = try await client.post(CreateIssue(title: ""))
/// } catch .unacceptableStatus(let response) {
///     let apiError = response.errorBody(as: GitHubAPIError.self)
///     print(apiError?.message ?? "", apiError?.errors.map(\.field) ?? [])   // Validation Failed ["title"]
/// } catch {
///     print(error)
/// }
/// ```
///
/// It is mapped by hand, so it reads GitHub's `snake_case` keys whatever the client's decoder.
public struct GitHubAPIError: JSONObject, Equatable, CustomStringConvertible {
    /// One validation error of a `422`.
    public struct FieldError: JSONObject, Equatable {
        /// The kind of resource, such as `Issue`.
        public var resource: String?
        /// The field, such as `title`.
        public var field: String?
        /// What is wrong: `missing`, `missing_field`, `invalid`, `already_exists`,
        /// `unprocessable` or `custom`.
        public var code: String
        /// A message, for `custom` errors.
        public var message: String?

        /// Reads one entry of `errors`.
        ///
        /// - Parameter json: The JSON object.
        public init(json: JSON) throws {
            resource = try json["resource"].decode()
            field = try json["field"].decode()
            code = try json["code"].decode(String?.self) ?? "custom"
            message = try json["message"].decode()
        }
    }

    /// What went wrong, such as `Bad credentials` or `Validation Failed`.
    public var message: String
    /// Where GitHub documents it.
    public var documentationURL: URL?
    /// The validation errors; empty unless the status is `422`.
    public var errors: [FieldError]

    /// Reads GitHub's error body.
    ///
    /// - Parameter json: The JSON object.
    public init(json: JSON) throws {
        message = try json["message"].decode()
        documentationURL = try json["documentation_url"].decode()
        errors = try json["errors"].decode([FieldError]?.self) ?? []
    }

    /// The message and each field error, for a log line.
    public var description: String {
        let fields = errors.map { "\($0.resource ?? "?").\($0.field ?? "?"): \($0.code)" }
        return fields.isEmpty ? message : "\(message) (\(fields.joined(separator: ", ")))"
    }
}
