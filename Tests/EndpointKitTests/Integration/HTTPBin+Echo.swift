import EndpointKit
import Foundation

extension HTTPBin {
    /// What httpbin's `/get`, `/post`, `/put`, `/patch`, `/delete` and `/anything` echo back.
    ///
    /// `args` and `form` hold a string for a name sent once and an array for a repeated name.
    struct Echo: Decodable, JSONObject {
        let args: [String: JSONValue]
        let headers: [String: String]
        let url: String
        let method: String?
        let form: [String: JSONValue]?
        let data: String?
        let json: JSONValue?

        /// The echoed request header `name`, compared case-insensitively.
        func header(_ name: String) -> String? {
            headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }
    }

    /// httpbin's echo of a JSON body, decoded into the type that was sent.
    struct JSONEcho<Body: Decodable & Sendable>: Decodable, JSONObject {
        let json: Body
        let data: String
        let headers: [String: String]
        let url: String

        /// The echoed request header `name`, compared case-insensitively.
        func header(_ name: String) -> String? {
            headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }
    }

    /// What httpbin's `/headers` echoes: the request headers it received.
    struct HeadersEcho: Decodable, JSONObject {
        let headers: [String: String]

        /// The echoed request header `name`, compared case-insensitively.
        func header(_ name: String) -> String? {
            headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }
    }

    /// `GET /headers`: the request headers as httpbin received them.
    struct Headers: GET {
        typealias ResponseType = HeadersEcho
        let path = "/headers"
        var headers: HTTPHeaders = [:]
    }

    /// `GET /get` with a query, echoed back in `args`.
    struct Get: GET {
        typealias ResponseType = Echo
        let path = "/get"
        var query: Parameters = [:]
    }

    /// `GET /delay/{seconds}`: answers after that many seconds.
    struct Delay: GET {
        typealias ResponseType = Echo
        let seconds: Int
        var path: String { "/delay/\(seconds)" }
    }
}
