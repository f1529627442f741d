import EndpointKit
import EndpointKitGitHub
import Foundation

// github: list repositories, show one, or open an issue, against GitHub or a GitHub-like API.

func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

let command: Command
do {
    command = try Command(Array(CommandLine.arguments.dropFirst()))
} catch {
    printError("github: \(error.message)\n\n\(Command.usage)")
    exit(2)
}
if case .help = command.action {
    print(Command.usage)
    exit(0)
}
if case .listInstallationRepositories(let appID, let privateKeyPath, let installationID) = command.action {
    #if GitHubApps
        exit(
            await listInstallationRepositories(
                baseURL: command.baseURL, appID: appID, privateKeyPath: privateKeyPath, installationID: installationID))
    #else
        printError("github: app needs the GitHubApps trait: swift build --product github --traits GitHubApps")
        exit(2)
    #endif
}
let signIn = command.clientID.map { SignIn(oauthURL: command.oauthURL, clientID: $0, tokensFile: command.tokensFile) }
if case .signIn = command.action {
    guard let signIn else {
        printError(
            "github: login needs --client-id (or GITHUB_CLIENT_ID): an OAuth app's, with the device flow enabled")
        exit(2)
    }
    do {
        try await signIn.run(scope: command.scope)
        exit(0)
    } catch {
        printError("github: \(error)")
        exit(1)
    }
}
let client: Client
if let token = ProcessInfo.processInfo.environment["GITHUB_TOKEN"], !token.isEmpty {
    client = Client.gitHub(baseURL: command.baseURL, authenticator: .token(token))
} else if let signIn, await signIn.isSignedIn {
    client = Client.gitHub(baseURL: command.baseURL, authenticator: signIn.authenticator)
} else {
    printError("github: set GITHUB_TOKEN to a personal access token, or sign in with `github login --client-id ID`")
    exit(2)
}
do {
    switch command.action {
    case .listRepositories(let user):
        var lastPage: Response<[Repository]>?
        for try await page in client.pages(of: ListRepositories(user: user)) {
            for repository in page.value {
                let language = repository.language ?? "-"
                print("\(repository.fullName)\t★ \(repository.stargazersCount)\t\(language)")
            }
            lastPage = page
        }
        if let rateLimit = lastPage?.rateLimit {
            let reset = rateLimit.resetDate.formatted(Date.ISO8601FormatStyle())
            print("Rate limit: \(rateLimit.remaining) of \(rateLimit.limit) left, resets at \(reset)")
        }
    case .showRepository(let owner, let name):
        let repository = try await client.get(GetRepository(owner: owner, name: name))
        print(repository.fullName)
        if let description = repository.description { print(description) }
        print("★ \(repository.stargazersCount)  \(repository.language ?? "-")  \(repository.htmlUrl.absoluteString)")
    case .createIssue(let owner, let name, let title, let body):
        let issue = try await client.post(
            CreateIssue(owner: owner, name: name, issue: .init(title: title, body: body)))
        print("#\(issue.number) \(issue.htmlUrl.absoluteString)")
    case .help, .listInstallationRepositories, .signIn:
        break
    }
} catch {
    if let apiError = error.errorBody(as: GitHubAPIError.self) {
        printError("github: \(apiError) (status \(error.response?.statusCode ?? 0))")
    } else {
        printError("github: \(error)")
    }
    exit(1)
}
