import EndpointKit
import Foundation
import GitHubGenerated
import Testing

// Endpoints that endpointkit-generate wrote from GitHub's own OpenAPI description
// (Examples/GitHubGenerated), against the GitHub-like server: every field the description
// requires must be there, and the declared errors decode into their types.
@Suite(
    "Generated GitHub endpoints against the GitHub-like server",
    .requiresGitHubServer)
struct GeneratedGitHubIntegrationTests {
    private func client() throws -> Client {
        let url = try #require(GitHubServer.url, "GITHUB_SERVER_URL is not set, so this suite would be skipped")
        return Client(baseURL: url, authenticator: .token(GitHubServer.token)) { $0.retryPolicy = .never }
    }

    @Test("A user's repositories, across every page of the Link header")
    func listsRepositoriesAcrossPages() async throws {
        var pages = 0
        var names: [String] = []
        for try await page in try client().pages(of: ReposListForUser(username: "octocat", perPage: 100)) {
            pages += 1
            names += page.value.map(\.name)
        }
        #expect(pages == 3)
        #expect(names.count == 250)
        #expect(names.first == "repo-001")
        #expect(Set(names).count == names.count)
    }

    @Test("One repository, decoded into the full-repository schema's type")
    func getsRepository() async throws {
        let repository = try await client().get(ReposGet(owner: "octocat", repo: "repo-042"))
        #expect(repository.fullName == "octocat/repo-042")
        #expect(repository.owner.login == "octocat")
        #expect(repository.htmlURL == URL(string: "https://github.com/octocat/repo-042"))
        #expect(repository.createdAt < repository.updatedAt)
    }

    @Test("Creating an issue sends the typed body and decodes the issue")
    func createsIssue() async throws {
        let issue = try await client().post(
            IssuesCreate(
                owner: "octocat", repo: "repo-001",
                requestBody: .init(title: "Found a bug", body: "Steps: …", labels: ["bug"])))
        #expect(issue.title == "Found a bug")
        #expect(issue.body == "Steps: …")
        #expect(issue.state == "open")
        #expect(issue.number > 0)
    }

    @Test("A 422 arrives as the validation error the description declares")
    func decodesValidationError() async throws {
        let endpoint = IssuesCreate(owner: "octocat", repo: "repo-001", requestBody: .init(title: ""))
        let error = await #expect(throws: EndpointError.self) { try await client().post(endpoint) }
        guard case .unacceptableStatus(let failure) = error else {
            Issue.record("expected an unacceptable status, got \(String(describing: error))")
            return
        }
        #expect(failure.statusCode == 422)
        guard case .validationError(let validation)? = failure.errorBody(as: IssuesCreate.ErrorBody.self) else {
            Issue.record("expected a validation error body, got \(String(describing: failure.errorBody))")
            return
        }
        #expect(validation.message == "Validation Failed")
        #expect(validation.errors?.map(\.code) == ["missing_field"])
    }
}
