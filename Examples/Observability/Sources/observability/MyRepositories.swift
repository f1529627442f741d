import EndpointKit
import EndpointKitGitHub
import Foundation
import Tracing

/// The calls the example observes, all under one span of its own, `list my repositories`.
struct MyRepositories {
    /// The client, whose observers trace, meter and log each call.
    let client: Client

    /// Finds out who the token belongs to (the call that renews the expired token), lists the
    /// first page of their repositories (the call that the server fails once with `503`, and
    /// that is retried), and asks for a repository that does not exist (`404`).
    ///
    /// - Returns: What the calls found, a line each.
    /// - Throws: An ``EndpointError`` of the first two calls.
    func list() async throws -> [String] {
        try await withSpan("list my repositories", ofKind: .internal) { _ in
            let user = try await client.get(AuthenticatedUser())
            let repositories = try await client.get(ListRepositories())
            let names = repositories.map(\.fullName)
            var lines = [
                "Signed in as \(user.login), who has \(user.publicRepos) public repositories",
                "First page: \(names.count) repositories, \(names.first ?? "-") … \(names.last ?? "-")",
            ]
            do throws(EndpointError) {
                let repository = try await client.get(GetRepository(owner: user.login, name: "missing"))
                lines.append("\(repository.fullName) exists")
            } catch {
                let message = error.errorBody(as: GitHubAPIError.self)?.message ?? error.description
                lines.append("\(user.login)/missing: \(message) (status \(error.response?.statusCode ?? 0))")
            }
            return lines
        }
    }
}
