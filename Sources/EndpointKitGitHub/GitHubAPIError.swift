import EndpointKit
import Foundation

/// The error body of GitHub's REST API (and of GitHub-like APIs):
/// `{"message": …, "documentation_url": …, "errors": [{"resource", "field", "code"}]}`.
///
/// ``GitHubAPI`` names it as the error body type, so every unacceptable response carries it:
///
/// <!-- snippet needs: url, token, CreateIssue, NewIssue -->
/// ```swift
/// let client = Client(baseURL: url, authenticator: .token(token)) { $0.api = .gitHub }
/// do {
///     _ = try await client.post(CreateIssue(owner: "octocat", repo: "hello", issue: NewIssue(title: "")))
/// } catch .unacceptableStatus(let failure) {
///     let apiError = failure.errorBody(as: GitHubAPIError.self)
///     print(apiError?.message ?? "", apiError?.errors.map(\.field) ?? [])   // Validation Failed ["title"]
/// } catch {
///     print(error)
/// }
/// ```
///
/// It is mapped by hand, so it reads GitHub's `snake_case` keys whatever the client's decoder.
/// GitHub lists `errors` as objects, and on some endpoints as plain strings; both are read.
public struct GitHubAPIError: JSONObject, Equatable, CustomStringConvertible {
    /// One validation error of a `422`: an object, or a plain string (whose text becomes a
    /// ``message`` with the code `custom`).
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

        /// Creates a field error.
        ///
        /// - Parameters:
        ///   - resource: The kind of resource.
        ///   - field: The field.
        ///   - code: What is wrong.
        ///   - message: A message.
        public init(resource: String? = nil, field: String? = nil, code: String, message: String? = nil) {
            self.resource = resource
            self.field = field
            self.code = code
            self.message = message
        }

        /// Reads one entry of `errors`: an object, or a plain string.
        ///
        /// - Parameter json: The entry.
        public init(json: JSON) throws {
            if let text = try? json.decode(String.self) {
                self.init(code: "custom", message: text)
                return
            }
            self.init(
                resource: try json["resource"].decode(), field: try json["field"].decode(),
                code: try json["code"].decode(String?.self) ?? "custom", message: try json["message"].decode())
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
        let fields = errors.map { error in
            guard error.resource != nil || error.field != nil else { return error.message ?? error.code }
            return "\(error.resource ?? "?").\(error.field ?? "?"): \(error.code)"
        }
        return fields.isEmpty ? message : "\(message) (\(fields.joined(separator: ", ")))"
    }
}
