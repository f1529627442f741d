import EndpointKit
import Foundation

// The endpoints of the tour. Each is a plain value: its path, parameters and body, and the type
// its response decodes into.

/// `GET /get`: httpbin echoes the query parameters back in `args`.
struct Search: GET {
    typealias ResponseType = EchoedQuery
    let term: String
    let tags: [String]
    let page: Int
    let path = "/get"
    var query: Parameters { ["q": term, "tag": tags, "page": page] }
}

/// What `/get` echoes. A repeated parameter comes back as an array; every value is a string.
struct EchoedQuery: Decodable, JSONObject {
    struct Arguments: Decodable {
        let q: String
        let tag: [String]
        let page: String
    }
    let args: Arguments
}

/// A body to send.
struct NewIssue: Codable, Sendable {
    let title: String
    let labels: [String]
}

/// `POST /post` with a JSON body: httpbin echoes the parsed body in `json`.
struct CreateIssue: POST {
    typealias ResponseType = EchoedBody
    let issue: NewIssue
    let path = "/post"
    var body: RequestBody { .json(issue) }
}

/// What `/post` echoes.
struct EchoedBody: Decodable, JSONObject {
    let json: NewIssue
    let headers: [String: String]
}

/// `GET /bearer`: `200` with the token when `Authorization: Bearer …` is sent, `401` otherwise.
struct BearerCheck: GET {
    typealias ResponseType = AuthenticationResult
    let path = "/bearer"
}

/// `GET /basic-auth/{user}/{password}`: `200` when Basic credentials match the path, `401` otherwise.
struct BasicAuthCheck: GET {
    typealias ResponseType = AuthenticationResult
    let user: String
    let password: String
    var path: String { "/basic-auth/\(user)/\(password)" }
}

/// What `/bearer` and `/basic-auth` answer.
struct AuthenticationResult: Decodable, JSONObject {
    let authenticated: Bool
    let token: String?
    let user: String?
}

/// `GET /status/418`: always "I'm a teapot", with ASCII art as the body.
struct Teapot: GET {
    typealias ResponseType = String
    let path = "/status/418"
}

/// `GET /json`: a fixed sample document.
struct SampleDocument: GET {
    typealias ResponseType = Slideshow
    let path = "/json"
}

/// A response mapped by hand from ``JSON`` instead of `Decodable`.
struct Slideshow: JSONObject {
    let title: String
    let author: String
    let slideTitles: [String]

    init(json: JSON) throws {
        let slideshow = json["slideshow"]
        title = try slideshow["title"].decode()
        author = try slideshow["author"].decode()
        slideTitles = try slideshow["slides"].elements().map { try $0["title"].decode() }
    }
}

/// The same document read wrongly, to show the error a hand-mapped type gives: the first slide
/// has no `items`.
struct FirstSlideItems: GET {
    struct Items: JSONObject {
        let items: [String]

        init(json: JSON) throws {
            items = try json["slideshow"]["slides"][0]["items"].decode()
        }
    }
    typealias ResponseType = Items
    let path = "/json"
}
