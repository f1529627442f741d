import Foundation

/// HTTP Basic authentication (RFC 7617): `Authorization: Basic base64(username:password)`.
///
/// The header is sent with every request; EndpointKit never waits for a `401` challenge (on
/// Linux, URLSession hangs on a `Basic` challenge; see ``URLSessionTransport``).
///
/// <!-- snippet needs: url -->
/// ```swift
/// let client = Client(baseURL: url, authenticator: .basic(username: "ada", password: "s3cret"))
/// ```
public struct BasicAuthenticator: Authenticator {
    /// The user name.
    public let username: String
    private let password: String

    /// Creates a Basic authenticator.
    ///
    /// - Parameters:
    ///   - username: The user name; it may not contain a colon.
    ///   - password: The password; sent as UTF-8.
    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }

    /// Sets `Authorization: Basic …`.
    ///
    /// - Parameter request: The request about to be sent.
    /// - Throws: ``EndpointError/invalidRequest(_:call:)`` when the user name contains a colon or a
    ///   control character, which Basic authentication cannot carry.
    public func authenticate(_ request: inout URLRequest) async throws {
        guard !username.contains(":") else {
            throw EndpointError.invalidRequest(.invalidCredentials("a Basic user name cannot contain a colon"))
        }
        let hasControlCharacter = (username + password).unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
        guard !hasControlCharacter else {
            throw EndpointError.invalidRequest(
                .invalidCredentials("Basic credentials cannot contain control characters"))
        }
        let credentials = Data("\(username):\(password)".utf8).base64EncodedString()
        request.setValue("Basic \(credentials)", forHTTPHeaderField: "Authorization")
    }
}

extension Authenticator where Self == BasicAuthenticator {
    /// HTTP Basic authentication.
    ///
    /// - Parameters:
    ///   - username: The user name; it may not contain a colon.
    ///   - password: The password.
    /// - Returns: The authenticator.
    public static func basic(username: String, password: String) -> BasicAuthenticator {
        BasicAuthenticator(username: username, password: password)
    }
}
