import EndpointKit
import EndpointKitGitHub
import Foundation

// The GitHub endpoints and models the `github` tool uses: plain values, declared once.

struct Repository: Decodable, JSONObject {
    struct Owner: Decodable, Sendable { let login: String }
    let fullName: String
    let description: String?
    let htmlUrl: URL
    let stargazersCount: Int
    let language: String?
    let owner: Owner
    let updatedAt: Date
}

struct CreatedIssue: Decodable, JSONObject {
    let number: Int
    let htmlUrl: URL
    let title: String
}

/// `GET /user/repos` or `GET /users/{user}/repos`, 100 a page.
struct ListRepositories: GET {
    typealias ResponseType = [Repository]
    let user: String?
    var path: String { user.map { "/users/\(segment: $0)/repos" } ?? "/user/repos" }
    var query: Parameters { ["per_page": 100] }
}

/// `GET /repos/{owner}/{name}`.
struct GetRepository: GET {
    typealias ResponseType = Repository
    let owner: String
    let name: String
    var path: String { "/repos/\(segment: owner)/\(segment: name)" }
}

/// `POST /repos/{owner}/{name}/issues`.
struct CreateIssue: POST {
    struct NewIssue: Encodable, Sendable {
        let title: String
        let body: String?
    }
    typealias ResponseType = CreatedIssue
    let owner: String
    let name: String
    let issue: NewIssue
    var path: String { "/repos/\(segment: owner)/\(segment: name)/issues" }
    var body: RequestBody { .json(issue) }
}

extension Client {
    /// A client for GitHub's REST API (or GitHub Enterprise at `https://HOST/api/v3`).
    static func gitHub(baseURL: URL, authenticator: some Authenticator) -> Client {
        Client(baseURL: baseURL, authenticator: authenticator) {
            $0.api = .gitHub
            $0.decoder = .json(keyDecoding: .convertFromSnakeCase)
            $0.cache = InMemoryResponseCache()
        }
    }
}
