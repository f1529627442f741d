import EndpointKit
import EndpointKitTesting
import Foundation
import GitHubGenerated
import Testing

// GitHub's own response examples (from its OpenAPI description, in Fixtures/) through the
// endpoints and types generated from the same description: they decode, and encode back to
// values that decode the same.
@Suite("Generated GitHub types and GitHub's example responses")
struct GeneratedGitHubFixtureTests {
    private func fixture(_ name: String) throws -> Data {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: "json"))
        return try Data(contentsOf: url)
    }

    private func respond<E: GET>(to endpoint: E, with fixtureName: String) async throws -> E.ResponseType {
        let transport = StubTransport(answering: .data(try fixture(fixtureName)))
        let client = Client(baseURL: URL(string: "https://api.github.com")!) {
            $0.decoder = .json(keyDecoding: .convertFromSnakeCase)  // the endpoints bring their own
            $0.transport = transport
        }
        return try await client.get(endpoint)
    }

    private func roundTrips<Value: Codable & Equatable>(_ value: Value) throws -> Bool {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(Value.self, from: encoder.encode(value)) == value
    }

    @Test("A user's repositories")
    func decodesRepositories() async throws {
        let repositories = try await respond(
            to: ReposListForUser(username: "octocat"), with: "repos-list-for-user-200-default")
        let first = try #require(repositories.first)
        #expect(first.fullName == "octocat/Hello-World")
        #expect(first.owner.login == "octocat")
        #expect(first.permissions?.admin == false)
        #expect(first.license == nil)  // absent in this example
        #expect(try roundTrips(repositories))

        let mine = try await respond(
            to: ReposListForAuthenticatedUser(), with: "repos-list-for-authenticated-user-200-default")
        #expect(mine.first?.fullName == "octocat/Hello-World")
        #expect(try roundTrips(mine))
    }

    @Test("A full repository, its organization and parent included")
    func decodesFullRepository() async throws {
        let repository = try await respond(
            to: ReposGet(owner: "octocat", repo: "Hello-World"), with: "repos-get-200-default-response")
        #expect(repository.fullName == "octocat/Hello-World")
        #expect(repository.createdAt == Date(timeIntervalSince1970: 1_296_068_472))
        #expect(repository.htmlURL == URL(string: "https://github.com/octocat/Hello-World"))
        #expect(repository.parent?.fullName == "octocat/Hello-World")
        #expect(try roundTrips(repository))
    }

    @Test("An issue, with its labels as a oneOf of strings and objects")
    func decodesIssue() throws {
        let issue = try JSONResponseDecoder().decode(Issue.self, from: fixture("issues-create-201-default"))
        #expect(issue.number == 1347)
        #expect(issue.state == "open")
        #expect(issue.user?.login == "octocat")
        guard case .object(let label)? = issue.labels.first else {
            Issue.record("expected a label object, got \(String(describing: issue.labels.first))")
            return
        }
        #expect(label.name == "bug")
        #expect(try roundTrips(issue))
    }
}
