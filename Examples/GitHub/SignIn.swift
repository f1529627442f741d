import EndpointKit
import EndpointKitGitHub
import Foundation

/// `github login`: GitHub's device flow, as `gh auth login` does it, and the tokens it keeps.
///
/// The tokens go to a file only its owner can read; later commands authenticate with them through
/// an ``OAuthAuthenticator``, which refreshes them (saving each rotation) when they expire.
struct SignIn {
    let oauth: OAuthClient
    let storage: FileOAuthTokenStorage

    /// - Parameters:
    ///   - oauthURL: GitHub's web host, `https://github.com` (or a GitHub-like server's).
    ///   - clientID: The OAuth or GitHub App's client ID, with the device flow enabled.
    ///   - tokensFile: Where the tokens are kept.
    init(oauthURL: URL, clientID: String, tokensFile: URL) {
        oauth = OAuthClient(clientID: clientID, endpoints: .gitHub, client: Client(baseURL: oauthURL))
        storage = FileOAuthTokenStorage(url: tokensFile)
    }

    /// `$XDG_CONFIG_HOME/endpointkit-github/tokens.json`, or under `~/.config`.
    static var defaultTokensFile: URL {
        let environment = ProcessInfo.processInfo.environment
        let configuration =
            environment["XDG_CONFIG_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config")
        return configuration.appendingPathComponent("endpointkit-github/tokens.json")
    }

    /// Whether tokens were saved by an earlier `github login`.
    var isSignedIn: Bool {
        get async { (try? await storage.load()) != nil }
    }

    /// Shows the code to enter, waits for the user to approve it, and saves the tokens.
    func run(scope: [String]) async throws {
        let authorization = try await oauth.startDeviceAuthorization(scope: scope)
        // Written at once, even to a pipe or a file (where `print` would hold it back): whoever
        // reads it must see the code while the tool waits.
        FileHandle.standardOutput.write(
            Data(
                """
                First copy your one-time code: \(authorization.userCode)
                Then open \(authorization.verificationURI) in a browser and enter it. Waiting…

                """.utf8))
        let tokens = try await oauth.tokens(for: authorization)
        try FileManager.default.createDirectory(
            at: storage.url.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        try await storage.save(tokens)
        print("Signed in; tokens saved to \(storage.url.path) (scope: \(tokens.scope ?? "-"))")
    }

    /// Authenticates with the saved tokens, refreshing them when they expire.
    var authenticator: OAuthAuthenticator {
        OAuthAuthenticator(oauth, storage: storage)
    }
}
