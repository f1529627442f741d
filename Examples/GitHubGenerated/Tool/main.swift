import EndpointKit
import Foundation
import GitHubGenerated

// github-generated: the `github` example's calls made with endpoints that endpointkit-generate
// wrote from GitHub's OpenAPI description (Examples/GitHubGenerated/Endpoints/Generated), next
// to the hand-written ones in Examples/GitHub. Regenerate them with:
//
//     swift run --traits OpenAPIGenerator endpointkit-generate \
//         Tests/EndpointKitGeneratorTests/Descriptions/api.github.com.yaml \
//         --output Examples/GitHubGenerated/Endpoints/Generated --module-name GitHubGenerated \
//         --operation repos/list-for-authenticated-user --operation repos/list-for-user \
//         --operation repos/get --operation issues/create
//
//     github-generated BASE_URL     (GITHUB_TOKEN in the environment)

guard CommandLine.arguments.count == 2, let baseURL = URL(string: CommandLine.arguments[1]),
    let token = ProcessInfo.processInfo.environment["GITHUB_TOKEN"]
else {
    FileHandle.standardError.write(Data("usage: GITHUB_TOKEN=… github-generated BASE_URL\n".utf8))
    exit(2)
}
let client = Client(baseURL: baseURL, authenticator: .token(token))

// Every page, following the Link header, as with a hand-written endpoint.
var names: [String] = []
for try await page in client.pages(of: ReposListForUser(username: "octocat", sort: .fullName, perPage: 100)) {
    names += page.value.map(\.fullName)
}
print("\(names.count) repositories: \(names.prefix(3).joined(separator: ", ")) … \(names.last ?? "")")

let repository = try await client.get(ReposGet(owner: "octocat", repo: "repo-042"))
print("\(repository.fullName): \(repository.description ?? "(no description)"), \(repository.stargazersCount) stars")

let issue = try await client.post(
    IssuesCreate(owner: "octocat", repo: "repo-042", requestBody: .init(title: "Found a bug")))
print("opened issue #\(issue.number): \(issue.title) (\(issue.state))")

// An error the description declares arrives typed.
do {
    _ = try await client.post(IssuesCreate(owner: "octocat", repo: "repo-042", requestBody: .init(title: "")))
} catch .unacceptableStatus(let failure) {
    if case .validationError(let error)? = failure.errorBody(as: IssuesCreate.ErrorBody.self) {
        print("\(failure.statusCode): \(error.message) \(error.errors?.compactMap(\.field) ?? [])")
    }
}
