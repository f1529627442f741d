import Foundation

/// How an OAuth client proves who it is to the token endpoint (RFC 6749 §2.3): not at all (a
/// public client, such as an app or a command-line tool), or with its secret in an HTTP Basic
/// header or in the request body, as the server says.
///
/// <!-- snippet needs: clientSecret, endpoints, authClient -->
/// ```swift
/// let oauth = OAuthClient(
///     clientID: "reporting-service", authentication: .clientSecretBasic(clientSecret), endpoints: endpoints,
///     client: authClient)
/// ```
public struct ClientAuthentication: Sendable, Hashable {
    enum Method: Hashable {
        case none
        case basic(secret: String)
        case requestBody(secret: String)
    }

    let method: Method

    /// A public client: it sends its `client_id` only (use PKCE with the authorization code flow).
    public static let none = ClientAuthentication(method: .none)

    /// The secret in `Authorization: Basic` (`client_secret_basic`), the method every server
    /// supports. The client ID and secret are form-encoded before Base64, as RFC 6749 §2.3.1 asks.
    ///
    /// - Parameter secret: The client secret.
    public static func clientSecretBasic(_ secret: String) -> ClientAuthentication {
        ClientAuthentication(method: .basic(secret: secret))
    }

    /// The secret as `client_secret` in the form body (`client_secret_post`).
    ///
    /// - Parameter secret: The client secret.
    public static func clientSecretPost(_ secret: String) -> ClientAuthentication {
        ClientAuthentication(method: .requestBody(secret: secret))
    }

    /// Adds the client's credentials for `clientID` to a token or device authorization request.
    func apply(clientID: String, to fields: inout [(String, String)], headers: inout HTTPHeaders) {
        switch method {
        case .none:
            fields.append(("client_id", clientID))
        case .basic(let secret):
            let credentials = Self.formEncoded(clientID) + ":" + Self.formEncoded(secret)
            headers["Authorization"] = "Basic " + Data(credentials.utf8).base64EncodedString()
        case .requestBody(let secret):
            fields.append(("client_id", clientID))
            fields.append(("client_secret", secret))
        }
    }

    /// `text` encoded as `application/x-www-form-urlencoded` does: unreserved characters kept,
    /// space as `+`, every other byte percent-encoded.
    static func formEncoded(_ text: String) -> String {
        PercentEncoding.encode(text, allowing: PercentEncoding.unreserved, spaces: .plus)
    }
}

extension ClientAuthentication: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The method's name; never the secret.
    public var description: String {
        switch method {
        case .none: "none"
        case .basic: "client_secret_basic(\(Redaction.placeholder))"
        case .requestBody: "client_secret_post(\(Redaction.placeholder))"
        }
    }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// A mirror without the secret.
    public var customMirror: Mirror { Mirror(self, children: ["method": description]) }
}
