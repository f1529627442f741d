import EndpointKit
import Foundation

/// The model every decoding scenario produces: 25 of a GitHub repository's ~80 keys, as an app
/// would declare it. It decodes the camelCase fixtures with matching keys and the snake_case ones
/// with `.convertFromSnakeCase`.
struct Repo: Decodable, JSONObject, Equatable {
    struct Owner: Decodable, Sendable, Equatable {
        let login: String
        let id: Int
        let nodeId: String
        let avatarUrl: String
        let htmlUrl: String
        let type: String
        let siteAdmin: Bool
    }

    struct License: Decodable, Sendable, Equatable {
        let key: String
        let name: String
        let spdxId: String
        let url: String?
    }

    let id: Int
    let nodeId: String
    let name: String
    let fullName: String
    let owner: Owner
    let htmlUrl: String
    let description: String?
    let fork: Bool
    let url: String
    let createdAt: String
    let updatedAt: String
    let pushedAt: String
    let homepage: String?
    let size: Int
    let stargazersCount: Int
    let watchersCount: Int
    let language: String?
    let hasIssues: Bool
    let forksCount: Int
    let archived: Bool
    let openIssuesCount: Int
    let license: License?
    let topics: [String]
    let visibility: String
    let defaultBranch: String
}

/// The same 25 fields as ``Repo``, mapped by hand from the snake_case fixtures: with
/// EndpointKit's ``JSON`` (`init(json:)`) or from `JSONSerialization`'s dictionaries
/// (`init(dictionary:)`). A type of its own, so that decoding takes the hand-mapped path.
struct MappedRepo: JSONObject, Equatable {
    let repo: Repo

    init(json: JSON) throws {
        let owner = json["owner"]
        let license = json["license"]
        repo = Repo(
            id: try json["id"].decode(), nodeId: try json["node_id"].decode(), name: try json["name"].decode(),
            fullName: try json["full_name"].decode(),
            owner: Repo.Owner(
                login: try owner["login"].decode(), id: try owner["id"].decode(), nodeId: try owner["node_id"].decode(),
                avatarUrl: try owner["avatar_url"].decode(), htmlUrl: try owner["html_url"].decode(),
                type: try owner["type"].decode(), siteAdmin: try owner["site_admin"].decode()),
            htmlUrl: try json["html_url"].decode(), description: try json["description"].decode(),
            fork: try json["fork"].decode(), url: try json["url"].decode(), createdAt: try json["created_at"].decode(),
            updatedAt: try json["updated_at"].decode(), pushedAt: try json["pushed_at"].decode(),
            homepage: try json["homepage"].decode(), size: try json["size"].decode(),
            stargazersCount: try json["stargazers_count"].decode(),
            watchersCount: try json["watchers_count"].decode(), language: try json["language"].decode(),
            hasIssues: try json["has_issues"].decode(), forksCount: try json["forks_count"].decode(),
            archived: try json["archived"].decode(), openIssuesCount: try json["open_issues_count"].decode(),
            license: license.isNullOrMissing
                ? nil
                : Repo.License(
                    key: try license["key"].decode(), name: try license["name"].decode(),
                    spdxId: try license["spdx_id"].decode(), url: try license["url"].decode()),
            topics: try json["topics"].decode(), visibility: try json["visibility"].decode(),
            defaultBranch: try json["default_branch"].decode())
    }

    /// Maps one object from `JSONSerialization`, as hand-written code without EndpointKit would.
    init(dictionary: [String: Any]) throws {
        func field<T>(_ object: [String: Any], _ key: String) throws -> T {
            guard let value = object[key] as? T else { throw MappingError(key: key) }
            return value
        }
        func optional<T>(_ object: [String: Any], _ key: String) -> T? {
            object[key] as? T
        }
        let owner: [String: Any] = try field(dictionary, "owner")
        let license: [String: Any]? = optional(dictionary, "license")
        repo = Repo(
            id: try field(dictionary, "id"), nodeId: try field(dictionary, "node_id"),
            name: try field(dictionary, "name"),
            fullName: try field(dictionary, "full_name"),
            owner: Repo.Owner(
                login: try field(owner, "login"), id: try field(owner, "id"), nodeId: try field(owner, "node_id"),
                avatarUrl: try field(owner, "avatar_url"), htmlUrl: try field(owner, "html_url"),
                type: try field(owner, "type"), siteAdmin: try field(owner, "site_admin")),
            htmlUrl: try field(dictionary, "html_url"), description: optional(dictionary, "description"),
            fork: try field(dictionary, "fork"), url: try field(dictionary, "url"),
            createdAt: try field(dictionary, "created_at"), updatedAt: try field(dictionary, "updated_at"),
            pushedAt: try field(dictionary, "pushed_at"), homepage: optional(dictionary, "homepage"),
            size: try field(dictionary, "size"), stargazersCount: try field(dictionary, "stargazers_count"),
            watchersCount: try field(dictionary, "watchers_count"), language: optional(dictionary, "language"),
            hasIssues: try field(dictionary, "has_issues"), forksCount: try field(dictionary, "forks_count"),
            archived: try field(dictionary, "archived"), openIssuesCount: try field(dictionary, "open_issues_count"),
            license: try license.map {
                Repo.License(
                    key: try field($0, "key"), name: try field($0, "name"), spdxId: try field($0, "spdx_id"),
                    url: optional($0, "url"))
            },
            topics: try field(dictionary, "topics"), visibility: try field(dictionary, "visibility"),
            defaultBranch: try field(dictionary, "default_branch"))
    }
}

/// A key that hand mapping from `JSONSerialization` did not find with the expected type.
struct MappingError: Error, CustomStringConvertible {
    let key: String
    var description: String { "missing or mistyped key \(key)" }
}

/// `GET` of a fixture, decoded as `[Repo]`: the endpoint of every network scenario.
struct Repositories: GET {
    typealias ResponseType = [Repo]
    let path: String
}
