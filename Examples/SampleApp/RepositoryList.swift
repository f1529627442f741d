import EndpointKit
import EndpointKitGitHub
import Foundation

// A small "app" module, as an app team would write it: endpoints, models and a service that
// uses a Client. SampleAppTests tests it only through EndpointKitTesting.

/// A repository as the app shows it.
public struct Repository: Decodable, JSONObject, Equatable {
    /// The short name.
    public let name: String
    /// `owner/name`.
    public let fullName: String
    /// The number of stars.
    public let stargazersCount: Int
    /// Whether it is read-only.
    public let archived: Bool
}

/// The signed-in user's repositories.
public struct MyRepositories: GET {
    public typealias ResponseType = [Repository]
    public let path = "/user/repos"
    public var query: Parameters { ["per_page": 100, "sort": "updated"] }
    public init() {}
}

/// Opens an issue.
public struct OpenIssue: POST {
    public struct Draft: Codable, Sendable, Equatable {
        public let title: String
        public let body: String
        public init(title: String, body: String) {
            self.title = title
            self.body = body
        }
    }
    public struct Opened: Decodable, JSONObject {
        public let number: Int
    }
    public typealias ResponseType = Opened
    public let repository: String
    public let draft: Draft
    public var path: String { "/repos/octocat/\(segment: repository)/issues" }
    public var body: RequestBody { .json(draft) }
}

/// What the app's repository screen needs.
public struct RepositoryService: Sendable {
    public enum Failure: Error, Equatable {
        case signedOut
        case offline
        case server(String)
    }

    let client: Client

    /// A service on `client`, configured the app's way.
    public init(baseURL: URL, token: String, transport: some Transport) {
        client = Client(baseURL: baseURL, authenticator: .token(token)) {
            $0.api = .gitHub
            $0.decoder = .json(keyDecoding: .convertFromSnakeCase)
            $0.retryPolicy = RetryPolicy(maximumAttempts: 2, initialDelay: 0.01)
            $0.transport = transport
        }
    }

    /// The names of the active repositories, most starred first.
    public func activeRepositoryNames() async throws(Failure) -> [String] {
        do {
            return try await client.get(MyRepositories())
                .filter { !$0.archived }
                .sorted { $0.stargazersCount > $1.stargazersCount }
                .map(\.fullName)
        } catch {
            throw Self.failure(for: error)
        }
    }

    /// Opens an issue titled `title` and returns its number.
    public func reportBug(in repository: String, title: String) async throws(Failure) -> Int {
        do {
            let draft = OpenIssue.Draft(title: title, body: "Reported from the app.")
            return try await client.post(OpenIssue(repository: repository, draft: draft)).number
        } catch {
            throw Self.failure(for: error)
        }
    }

    private static func failure(for error: EndpointError) -> Failure {
        if error.response?.statusCode == 401 { return .signedOut }
        if case .transportFailed = error { return .offline }
        return .server(error.errorBody(as: GitHubAPIError.self)?.message ?? error.description)
    }
}
