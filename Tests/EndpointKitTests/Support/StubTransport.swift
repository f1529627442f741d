import EndpointKit
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Records every request it is given, in order.
actor RequestLog {
    private(set) var requests: [URLRequest] = []

    func record(_ request: URLRequest) {
        requests.append(request)
    }

    var last: URLRequest? { requests.last }
}

/// An in-memory transport: answers each request with a closure and records it.
struct StubTransport: Transport {
    let log = RequestLog()
    let respond: @Sendable (URLRequest) async throws -> HTTPResponse

    init(respond: @escaping @Sendable (URLRequest) async throws -> HTTPResponse) {
        self.respond = respond
    }

    /// Answers every request with the same status, headers and body.
    init(status: Int = 200, headers: HTTPHeaders = ["Content-Type": "application/json"], body: String = "{}") {
        self.init { request in
            HTTPResponse(statusCode: status, headers: headers, body: Data(body.utf8), url: request.url)
        }
    }

    /// Answers with `statuses` in order, then with 200; every body is `[]`.
    static func answering(_ statuses: [Int], headers: HTTPHeaders = [:]) -> StubTransport {
        let counter = CallCounter()
        return StubTransport { request in
            counter.increment()
            let status = counter.count <= statuses.count ? statuses[counter.count - 1] : 200
            return HTTPResponse(statusCode: status, headers: headers, body: Data("[]".utf8), url: request.url)
        }
    }

    func send(_ request: URLRequest) async throws -> HTTPResponse {
        await log.record(request)
        return try await respond(request)
    }
}

extension Client {
    /// A client for `https://api.example.com` over `transport`, without retries unless asked.
    static func stubbed(
        _ transport: StubTransport,
        baseURL: String = "https://api.example.com",
        authenticator: some Authenticator = NoAuthenticator(),
        headers: HTTPHeaders = [:],
        decoder: some ResponseDecoder = JSONResponseDecoder(),
        retryPolicy: RetryPolicy = .never,
        timeouts: Timeouts = .default
    ) -> Client {
        Client(
            baseURL: URL(string: baseURL)!, authenticator: authenticator, headers: headers, decoder: decoder,
            retryPolicy: retryPolicy, timeouts: timeouts, transport: transport)
    }
}

extension URLRequest {
    /// The body as UTF-8 text.
    var bodyText: String? {
        httpBody.map { String(decoding: $0, as: UTF8.self) }
    }
}
