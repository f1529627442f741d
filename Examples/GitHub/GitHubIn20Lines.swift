// The README's "GitHub in 20 lines", compiled with the `github` target so that it cannot rot;
// ReadmeTests checks that the README shows exactly this code.
import EndpointKit
import EndpointKitGitHub
import Foundation

struct Repo: Decodable, JSONObject {
    let fullName: String
    let stargazersCount: Int
}

struct MyRepos: GET {
    typealias ResponseType = [Repo]
    let path = "/user/repos"
    var query: Parameters { ["per_page": 100] }
}

func printMyRepositories(token: String) async throws(EndpointError) {
    let github = Client(baseURL: URL(string: "https://api.github.com")!, authenticator: .token(token)) {
        $0.api = .gitHub
        $0.decoder = .json(keyDecoding: .convertFromSnakeCase)
        $0.cache = InMemoryResponseCache()
    }
    for try await repo in github.pages(of: MyRepos()).elements() {
        print(repo.fullName, repo.stargazersCount)
    }
}
