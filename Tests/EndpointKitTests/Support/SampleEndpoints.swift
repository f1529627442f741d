import EndpointKit
import Foundation

/// Endpoints and models shared by the unit tests, declared the way an app would.
struct Repository: Decodable, JSONObject, Equatable {
    let name: String
    let fullName: String
}

struct Owner: Decodable, JSONObject, Equatable {
    let login: String
}

/// A hand-mapped model.
struct GitHubIssue: JSONObject, Equatable {
    let number: Int
    let title: String
    let body: String?
    let authorLogin: String
    let labels: [String]

    init(number: Int, title: String, body: String?, authorLogin: String, labels: [String]) {
        self.number = number
        self.title = title
        self.body = body
        self.authorLogin = authorLogin
        self.labels = labels
    }

    init(json: JSON) throws {
        number = try json["number"].decode()
        title = try json["title"].decode()
        body = try json["body"].decode()
        authorLogin = try json["user"]["login"].decode()
        labels = try json["labels"].decode()
    }
}

struct NewIssue: Encodable, Sendable {
    let title: String
    let body: String
}

struct UserRepositories: GET {
    typealias ResponseType = [Repository]
    let path = "/user/repos"
}

struct GetValue<Value: JSONObject>: GET {
    typealias ResponseType = Value
    var path = "/value"
    var query: Parameters = [:]
    var headers: HTTPHeaders = [:]
    var decoder: (any ResponseDecoder)? = nil
    var acceptableStatusCodes: AcceptableStatusCodes? = nil
    var options: CallOptions { CallOptions(decoder: decoder, acceptableStatusCodes: acceptableStatusCodes) }
}

struct CreateIssue: POST {
    typealias ResponseType = GitHubIssue
    let path = "/repos/octocat/hello/issues"
    let issue: NewIssue
    var body: RequestBody { .json(issue) }
}

struct PostBody: POST {
    typealias ResponseType = NoContent
    var path = "/things"
    var body: RequestBody
    var headers: HTTPHeaders = [:]
}

struct ReplaceThing: PUT {
    typealias ResponseType = NoContent
    let path = "/things/1"
    var body: RequestBody { .json(["name": "new"]) }
}

struct UpdateThing: PATCH {
    typealias ResponseType = NoContent
    let path = "/things/1"
    var body: RequestBody { .form(["name": "new"]) }
}

struct DeleteThing: DELETE {
    typealias ResponseType = NoContent
    let path = "/things/1"
}

/// A custom method with a body, to prove GET/HEAD bodies are refused.
struct BodyWithMethod: EndpointWithBody {
    typealias ResponseType = NoContent
    static var method: HTTPMethod { .get }
    let path = "/search"
    var body: RequestBody { .json(["q": "x"]) }
}

struct Propfind: Endpoint {
    typealias ResponseType = Data
    static let method: HTTPMethod = "PROPFIND"
    let path = "/files"
}
