import Foundation

/// Sends a token in the `Authorization` header: `token <token>` (GitHub's form) or
/// `Bearer <token>` (OAuth 2).
///
/// ```swift
/// let client = Client(baseURL: URL(string: "https://api.github.com")!,
///                     authenticator: .token(ProcessInfo.processInfo.environment["GITHUB_TOKEN"] ?? ""))
/// ```
public struct TokenAuthenticator: Authenticator {
    /// The word before the token in the `Authorization` header.
    public struct Scheme: RawRepresentable, Hashable, Sendable {
        /// The word, for example `"Bearer"`.
        public let rawValue: String

        /// Creates a scheme.
        ///
        /// - Parameter rawValue: The word, for example `"Bearer"`.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// `token`, as GitHub's REST API documents it.
        public static let token = Scheme(rawValue: "token")
        /// `Bearer`, as OAuth 2 (RFC 6750) defines it.
        public static let bearer = Scheme(rawValue: "Bearer")
    }

    /// The token.
    public let token: String
    /// The scheme word.
    public let scheme: Scheme
    /// The `Authorization` value, or why the token cannot be sent.
    private let header: Result<String, EndpointError>

    /// Creates a token authenticator.
    ///
    /// - Parameters:
    ///   - token: The token.
    ///   - scheme: `.token` (GitHub) or `.bearer`.
    public init(token: String, scheme: Scheme) {
        self.token = token
        self.scheme = scheme
        // Checked and formatted once: `authenticate` runs for every request.
        if token.isEmpty {
            header = .failure(.invalidRequest(.invalidCredentials("the token is empty")))
        } else if !token.utf8.allSatisfy({ $0 > 0x20 && $0 != 0x7F }) {
            header = .failure(
                .invalidRequest(.invalidCredentials("the token contains whitespace or control characters")))
        } else {
            header = .success("\(scheme.rawValue) \(token)")
        }
    }

    /// Sets `Authorization: <scheme> <token>`.
    ///
    /// - Parameter request: The request about to be sent.
    /// - Throws: ``EndpointError/invalidRequest(_:call:)`` when the token is empty or contains
    ///   whitespace or control characters; nothing is sent.
    public func authenticate(_ request: inout URLRequest) async throws {
        try setHeader(on: &request)
    }

    /// Sets `Authorization: <scheme> <token>`, typed and synchronous, for the authenticators built
    /// on this one.
    ///
    /// - Throws: ``EndpointError/invalidRequest(_:call:)`` when the token cannot go in a header.
    package func setHeader(on request: inout URLRequest) throws(EndpointError) {
        request.setValue(try header.get(), forHTTPHeaderField: "Authorization")
    }

    /// The token's identity for the cache: the header it sets, which the client digests; without
    /// authenticating a copy of the request, as the default does.
    ///
    /// - Parameter request: The request as built.
    /// - Returns: The identity; one of its own for a token that cannot be sent.
    public func credentialIdentity(for request: URLRequest) async -> String? {
        switch header {
        case .success(let value): "authorization: \(value)"
        case .failure: "unsendable:\(UUID().uuidString)"
        }
    }
}

extension Authenticator where Self == TokenAuthenticator {
    /// GitHub's form: `Authorization: token <token>`.
    ///
    /// - Parameter token: A personal access token or an installation token.
    /// - Returns: The authenticator.
    public static func token(_ token: String) -> TokenAuthenticator {
        TokenAuthenticator(token: token, scheme: .token)
    }

    /// OAuth 2's form: `Authorization: Bearer <token>`.
    ///
    /// - Parameter token: An access token.
    /// - Returns: The authenticator.
    public static func bearer(_ token: String) -> TokenAuthenticator {
        TokenAuthenticator(token: token, scheme: .bearer)
    }
}
