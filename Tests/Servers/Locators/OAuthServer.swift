import Foundation

/// The OAuth 2.0 authorization server (Tests/Servers/oauth_server.py, Authlib), at
/// `OAUTH_SERVER_URL`.
package enum OAuthServer {
    /// The server's base URL, or `nil` when `OAUTH_SERVER_URL` is unset.
    package static let url = TestEnvironment.url("OAUTH_SERVER_URL")
}

extension TestServer {
    /// The OAuth server.
    package static let oauth = TestServer(
        "the OAuth server", script: "oauth-server.sh", variables: ["OAUTH_SERVER_URL"])
}
