import Foundation

/// The command line of `github`, parsed.
struct Command {
    enum Action {
        case listRepositories(user: String?)
        case showRepository(owner: String, name: String)
        case createIssue(owner: String, name: String, title: String, body: String?)
        case help
    }

    var baseURL = URL(string: "https://api.github.com")!
    var action = Action.help

    static let usage = """
        usage: github [--base-url URL] repos [USER]
               github [--base-url URL] repo OWNER/NAME
               github [--base-url URL] create-issue OWNER/NAME --title TITLE [--body BODY]

        A small GitHub client built on EndpointKit.

          repos [USER]        every repository of USER, or of the token's user, following all
                              pages: full name, stars and language, then the rate limit left
          repo OWNER/NAME     one repository
          create-issue ...    opens an issue and prints its number and URL

        The token comes from GITHUB_TOKEN. The base URL defaults to https://api.github.com;
        for GitHub Enterprise use https://HOST/api/v3. API errors print GitHub's message and
        exit with status 1; usage errors exit with status 2.
        """

    /// Parses `arguments` (without the program name).
    init(_ arguments: [String]) throws(UsageError) {
        var remaining = arguments[...]
        var positional: [String] = []
        var title: String?
        var body: String?
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
            case "--title":
                guard let value = remaining.popFirst() else { throw UsageError("--title needs a value") }
                title = value
            case "--body":
                guard let value = remaining.popFirst() else { throw UsageError("--body needs a value") }
                body = value
            default:
                guard !argument.hasPrefix("--") else { throw UsageError("unknown option \(argument)") }
                positional.append(argument)
            }
        }
        action = try Self.action(positional, title: title, body: body)
    }

    private static func action(_ positional: [String], title: String?, body: String?) throws(UsageError) -> Action {
        switch positional.first {
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
