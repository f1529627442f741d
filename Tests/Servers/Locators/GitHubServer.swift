import Foundation

/// The GitHub-like server (Tests/Servers/github_server.py), at `GITHUB_SERVER_URL`, and its twin
/// over HTTPS with the TLS servers' test certificate, at `GITHUB_HTTPS_SERVER_URL`.
package enum GitHubServer {
    /// The server's base URL, or `nil` when `GITHUB_SERVER_URL` is unset.
    package static let url = TestEnvironment.url("GITHUB_SERVER_URL")
    /// The token it accepts (`GITHUB_SERVER_TOKEN`, `ghp_testtoken` by default).
    package static let token = TestEnvironment.value("GITHUB_SERVER_TOKEN") ?? "ghp_testtoken"
    /// The same server over HTTPS, or `nil` when `GITHUB_HTTPS_SERVER_URL` is unset.
    package static let tlsURL = TestEnvironment.url("GITHUB_HTTPS_SERVER_URL")
}

/// The GitHub App of the GitHub-like server (Tests/Servers/github_apps.py), whose key pair
/// Tests/Servers/github-server.sh makes at start.
package enum GitHubAppServer {
    /// The app's ID, the `iss` its JWTs must have (`GITHUB_APP_ID`).
    package static let appID = TestEnvironment.value("GITHUB_APP_ID") ?? ""
    /// The app's private key, read from `GITHUB_APP_PRIVATE_KEY_PATH`, or `nil` when it is unset or
    /// unreadable.
    package static let privateKeyPEM: String? = TestEnvironment.value("GITHUB_APP_PRIVATE_KEY_PATH")
        .flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }
}

extension TestServer {
    /// The GitHub-like server.
    package static let gitHub = TestServer(
        "the GitHub-like server", script: "github-server.sh", variables: ["GITHUB_SERVER_URL"])
    /// The GitHub-like server's app, whose private key must be readable.
    package static let gitHubApp = TestServer(
        "the GitHub-like server's app", script: "github-server.sh",
        variables: ["GITHUB_SERVER_URL", "GITHUB_APP_PRIVATE_KEY_PATH"],
        isThere: { GitHubServer.url != nil && GitHubAppServer.privateKeyPEM != nil })
    /// The GitHub-like server over HTTPS, which needs the test PKI too.
    package static let gitHubOverTLS = TestServer(
        "the GitHub-like server over TLS", script: "github-server.sh",
        variables: ["GITHUB_HTTPS_SERVER_URL", "TLS_PKI_DIR"])
}
