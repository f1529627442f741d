import Foundation

/// The command line of `github`, parsed.
struct Command {
    enum Action {
        case listRepositories(user: String?)
        case showRepository(owner: String, name: String)
        case createIssue(owner: String, name: String, title: String, body: String?)
        /// As a GitHub App's installation: needs the `GitHubApps` trait.
        case listInstallationRepositories(appID: String, privateKeyPath: String, installationID: Int)
        /// GitHub's device flow; the tokens go to ``tokensFile``.
        case signIn
        case help
    }

    var baseURL = URL(string: "https://api.github.com")!
    var action = Action.help
    /// Where `login` signs in: GitHub's web host (or a GitHub-like server's).
    var oauthURL = URL(string: "https://github.com")!
    /// The OAuth app's client ID, for `login` and for refreshing its tokens: `--client-id`, else
    /// `GITHUB_CLIENT_ID`.
    var clientID = ProcessInfo.processInfo.environment["GITHUB_CLIENT_ID"]
    /// Where `login` keeps its tokens.
    var tokensFile = SignIn.defaultTokensFile
    /// The scopes `login` asks for.
    var scope = ["repo"]

    static let usage = """
        usage: github [--base-url URL] repos [USER]
               github [--base-url URL] repo OWNER/NAME
               github [--base-url URL] create-issue OWNER/NAME --title TITLE [--body BODY]
               github [--base-url URL] app --app-id ID --private-key PATH --installation ID
               github login --client-id ID [--scope S,S] [--oauth-url URL] [--tokens FILE]

        A small GitHub client built on EndpointKit.

          repos [USER]        every repository of USER, or of the token's user, following all
                              pages: full name, stars and language, then the rate limit left
          repo OWNER/NAME     one repository
          create-issue ...    opens an issue and prints its number and URL
          app ...             as a GitHub App (its ID or client ID, and its private key's PEM
                              file): the repositories the installation can reach, with an
                              installation token the app asks for; built with the GitHubApps
                              trait only (swift build --traits GitHubApps)
          login               signs in with GitHub's device flow (as `gh auth login` does): shows
                              a code to enter at github.com/login/device, waits, and keeps the
                              tokens in ~/.config/endpointkit-github/tokens.json (or --tokens);
                              the scope is `repo` unless --scope says otherwise

        The token comes from GITHUB_TOKEN, else from `github login`'s tokens, refreshed when they
        expire (give the same --client-id or GITHUB_CLIENT_ID); app needs none. The base URL defaults to
        https://api.github.com; for GitHub Enterprise use https://HOST/api/v3. API errors print
        GitHub's message and exit with status 1; usage errors exit with status 2.
        """

    /// Parses `arguments` (without the program name).
    init(_ arguments: [String]) throws(UsageError) {
        var remaining = arguments[...]
        var positional: [String] = []
        var title: String?
        var body: String?
        var app = AppOptions()
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help", "help":
                action = .help
                return
            case "--base-url":
                guard let value = remaining.popFirst(), let url = URL(string: value), url.scheme != nil else {
                    throw UsageError("--base-url needs an absolute URL")
                }
                baseURL = url
            case "--oauth-url":
                guard let value = remaining.popFirst(), let url = URL(string: value), url.scheme != nil else {
                    throw UsageError("--oauth-url needs an absolute URL")
                }
                oauthURL = url
            case "--client-id":
                guard let value = remaining.popFirst(), !value.isEmpty else {
                    throw UsageError("--client-id needs a value")
                }
                clientID = value
            case "--scope":
                guard let value = remaining.popFirst() else { throw UsageError("--scope needs a value") }
                scope = value.split(separator: ",").map(String.init)
            case "--tokens":
                guard let value = remaining.popFirst() else { throw UsageError("--tokens needs a file") }
                tokensFile = URL(fileURLWithPath: value)
            case "--title":
                guard let value = remaining.popFirst() else { throw UsageError("--title needs a value") }
                title = value
            case "--body":
                guard let value = remaining.popFirst() else { throw UsageError("--body needs a value") }
                body = value
            case "--app-id", "--private-key", "--installation":
                guard let value = remaining.popFirst() else { throw UsageError("\(argument) needs a value") }
                try app.set(argument, to: value)
            default:
                guard !argument.hasPrefix("--") else { throw UsageError("unknown option \(argument)") }
                positional.append(argument)
            }
        }
        action = try Self.action(positional, title: title, body: body, app: app)
    }

    /// The options of `app`.
    struct AppOptions {
        var appID: String?
        var privateKeyPath: String?
        var installationID: Int?

        mutating func set(_ option: String, to value: String) throws(UsageError) {
            switch option {
            case "--app-id": appID = value
            case "--private-key": privateKeyPath = value
            default:
                guard let id = Int(value) else { throw UsageError("--installation needs a number") }
                installationID = id
            }
        }
    }

    private static func action(
        _ positional: [String], title: String?, body: String?, app: AppOptions
    ) throws(UsageError) -> Action {
        switch positional.first {
        case "app" where positional.count == 1:
            guard let appID = app.appID, let privateKeyPath = app.privateKeyPath,
                let installationID = app.installationID
            else { throw UsageError("app needs --app-id, --private-key and --installation") }
            return .listInstallationRepositories(
                appID: appID, privateKeyPath: privateKeyPath, installationID: installationID)
        case "login" where positional.count == 1:
            return .signIn
        case "repos" where positional.count <= 2:
            return .listRepositories(user: positional.dropFirst().first)
        case "repo" where positional.count == 2:
            let (owner, name) = try ownerAndName(positional[1])
            return .showRepository(owner: owner, name: name)
        case "create-issue" where positional.count == 2:
            let (owner, name) = try ownerAndName(positional[1])
            guard let title, !title.isEmpty else { throw UsageError("create-issue needs --title") }
            return .createIssue(owner: owner, name: name, title: title, body: body)
        case nil:
            return .help
        default:
            throw UsageError("unexpected arguments: \(positional.joined(separator: " "))")
        }
    }

    private static func ownerAndName(_ text: String) throws(UsageError) -> (String, String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw UsageError("expected OWNER/NAME, got \(text)")
        }
        return (String(parts[0]), String(parts[1]))
    }
}

struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
