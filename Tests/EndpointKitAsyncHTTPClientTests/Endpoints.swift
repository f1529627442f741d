#if AsyncHTTPClient
    import EndpointKit
    import Foundation

    /// What httpbin's `/get`, `/post` and `/anything` echo back.
    struct Echo: Decodable, JSONObject {
        let args: [String: JSONValue]
        let headers: [String: String]
        let url: String
        let method: String?
        let data: String?
        let json: JSONValue?

        /// The echoed request header `name`, compared case-insensitively.
        func header(_ name: String) -> String? {
            headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }
    }

    /// A JSON body to send.
    struct Payload: Codable, Sendable, Equatable {
        let message: String
        let numbers: [Int]

        /// The payload as httpbin echoes it in `json`.
        var echoed: JSONValue {
            .object(["message": .string(message), "numbers": .array(numbers.map { .int($0) })])
        }
    }

    /// `GET /get` with a query and headers, echoed back.
    struct GetEcho: GET {
        typealias ResponseType = Echo
        let path = "/get"
        var query: Parameters = [:]
        var headers: HTTPHeaders = [:]
    }

    /// `POST /post` with a JSON body, echoed back.
    struct PostEcho: POST {
        typealias ResponseType = Echo
        let path = "/post"
        let payload: Payload
        var body: RequestBody { .json(payload) }
    }

    /// `GET /status/{code}`.
    struct Status: GET {
        typealias ResponseType = Data
        let code: Int
        var path: String { "/status/\(code)" }
    }

    /// `GET /bytes/{count}`: that many random bytes, with a `Content-Length`.
    struct RandomBytes: GET {
        typealias ResponseType = Data
        let count: Int
        var path: String { "/bytes/\(count)" }
    }

    /// `GET /stream-bytes/{count}`: that many random bytes in chunks, without a `Content-Length`.
    struct StreamedBytes: GET {
        typealias ResponseType = Data
        let count: Int
        var path: String { "/stream-bytes/\(count)" }
        var query: Parameters { ["chunk_size": 1024] }
    }

    /// `GET /delay/{seconds}`: answers after that many seconds.
    struct Delay: GET {
        typealias ResponseType = Echo
        let seconds: Int
        var path: String { "/delay/\(seconds)" }
        var timeouts: Timeouts?
        var options: CallOptions { CallOptions(retryPolicy: .never, timeouts: timeouts) }
    }

    /// `GET /drip`: `count` bytes, one every `interval` seconds.
    struct Drip: GET {
        typealias ResponseType = Data
        let count: Int
        let interval: Double
        var timeouts: Timeouts?
        let path = "/drip"
        var query: Parameters { ["numbytes": count, "duration": interval * Double(count), "delay": 0] }
        var options: CallOptions { CallOptions(retryPolicy: .never, timeouts: timeouts) }
    }
#endif
