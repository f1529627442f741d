import EndpointKit
import EndpointKitTesting
import Foundation
import Testing

/// GitHub's documented repository shape, decoded both ways from a fixture file.
@Suite("Decoding a GitHub repository list")
struct GitHubFixtureTests {
    struct GitHubRepository: Decodable, JSONObject, Equatable {
        struct Owner: Decodable, Equatable { let login: String }
        struct License: Decodable, Equatable { let spdxId: String }
        let fullName: String
        let htmlUrl: URL
        let description: String?
        let language: String?
        let stargazersCount: Int
        let owner: Owner
        let license: License?
        let topics: [String]
        let createdAt: Date
    }

    /// The same model mapped by hand.
    struct MappedRepository: JSONObject, Equatable {
        let fullName: String
        let stars: Int
        let language: String?
        let licenseID: String?
        let createdAt: Date

        init(json: JSON) throws {
            fullName = try json["full_name"].decode()
            stars = try json["stargazers_count"].decode()
            language = try json["language"].decode()
            licenseID = try json["license"]["spdx_id"].decode()
            createdAt = try json["created_at"].decode()
        }
    }

    private func fixture() throws -> Data {
        let url = try #require(
            Bundle.module.url(forResource: "user-repos", withExtension: "json", subdirectory: "Fixtures"))
        return try Data(contentsOf: url)
    }

    private func client() throws -> Client {
        try Client(baseURL: URL(string: "https://api.github.com")!) {
            $0.decoder = .json(keyDecoding: .convertFromSnakeCase)
            $0.transport = StubTransport { [body = try fixture()] request in
                HTTPResponse(
                    statusCode: 200, headers: ["Content-Type": "application/json"], body: body, url: request.url)
            }
        }
    }

    @Test("Decodable models read GitHub's snake_case JSON, nulls and dates included")
    func decodesDecodable() async throws {
        let repos = try await client().get(GetValue<[GitHubRepository]>(path: "/user/repos"))
        #expect(repos.count == 2)
        #expect(repos[0].fullName == "octocat/Hello-World")
        #expect(repos[0].license?.spdxId == "MIT")
        #expect(repos[0].htmlUrl.absoluteString == "https://github.com/octocat/Hello-World")
        #expect(repos[0].createdAt == Date(timeIntervalSince1970: 1_296_068_472))
        #expect(repos[1].language == nil)
        #expect(repos[1].license == nil)
    }

    @Test("Hand-mapped models read the same JSON")
    func decodesByHand() async throws {
        let repos = try await client().get(GetValue<[MappedRepository]>(path: "/user/repos"))
        #expect(repos.map(\.fullName) == ["octocat/Hello-World", "octocat/Spoon-Knife"])
        #expect(repos.map(\.stars) == [80, 12])
        #expect(repos.map(\.licenseID) == ["MIT", nil])
        #expect(repos[0].createdAt == Date(timeIntervalSince1970: 1_296_068_472))
    }
}
