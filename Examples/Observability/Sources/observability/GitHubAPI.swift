import EndpointKit
import Foundation

// The GitHub endpoints and models this example calls, written as in Examples/GitHub: plain values.

/// The signed-in user, as much of it as the example shows.
struct User: Decodable, JSONObject {
    let login: String
    let publicRepos: Int
}

/// A repository, as much of it as the example shows.
struct Repository: Decodable, JSONObject {
    let fullName: String
}

/// `GET /user`: who the token belongs to.
struct AuthenticatedUser: GET {
    typealias ResponseType = User
    let path = "/user"
}

/// `GET /user/repos`: the first page of the signed-in user's repositories, 100 a page.
struct ListRepositories: GET {
    typealias ResponseType = [Repository]
    let path = "/user/repos"
    var query: Parameters { ["per_page": 100] }
}

/// `GET /repos/{owner}/{name}`.
struct GetRepository: GET {
    typealias ResponseType = Repository
    let owner: String
    let name: String
    var path: String { "/repos/\(segment: owner)/\(segment: name)" }
}
