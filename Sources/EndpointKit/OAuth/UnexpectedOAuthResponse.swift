/// An authorization server's answer that is not what OAuth says it should be: not a JSON object
/// nor a form (an HTML error page, say), a field missing or of the wrong kind, or a token type
/// other than `Bearer`. Its description names the endpoint, the status and the problem, never the
/// body, which may hold a token.
public struct UnexpectedOAuthResponse: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the answer.
    public enum Problem: Sendable, Hashable {
        /// Neither a JSON object nor a form; the `Content-Type`, if any.
        case notOAuth(String?)
        /// A field that must be there is missing or empty.
        case missingField(String)
        /// A field has a value of the wrong kind, such as an `expires_in` that is not a number.
        case invalidField(String)
        /// The `token_type` is not `Bearer`, the only type EndpointKit sends.
        case unsupportedTokenType(String)
    }

    /// The endpoint that answered, such as `token endpoint https://auth.example.com/token`.
    public var endpoint: String
    /// The HTTP status.
    public var statusCode: Int
    /// What is wrong.
    public var problem: Problem

    /// Creates the error.
    public init(endpoint: String, statusCode: Int, problem: Problem) {
        self.endpoint = endpoint
        self.statusCode = statusCode
        self.problem = problem
    }

    /// `The token endpoint https://host/token answered HTTP 502 with text/html, not an OAuth response`.
    public var description: String {
        let what =
            switch problem {
            case .notOAuth(let type): "with \(type ?? "no Content-Type"), not an OAuth response"
            case .missingField(let name): "without `\(name)`"
            case .invalidField(let name): "with an invalid `\(name)`"
            case .unsupportedTokenType(let type): "with token type `\(type)`; only `Bearer` is supported"
            }
        return "The \(endpoint) answered HTTP \(statusCode) \(what)"
    }
}
