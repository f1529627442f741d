import EndpointKit
import EndpointKitTesting
import Foundation
import TestGates

extension StubTransport {
    /// A transport that answers every request with the same status, headers and body.
    convenience init(
        status: Int = 200, headers: HTTPHeaders = ["Content-Type": "application/json"], body: String = "{}"
    ) {
        self.init(answering: .data(Data(body.utf8), statusCode: status, headers: headers))
    }

    /// A transport that answers with `statuses` in order, then with 200; every body is `[]`.
    static func answering(_ statuses: [Int], headers: HTTPHeaders = [:]) -> StubTransport {
        let counter = CallCounter()
        return StubTransport { request in
            counter.increment()
            let status = counter.count <= statuses.count ? statuses[counter.count - 1] : 200
            return HTTPResponse(statusCode: status, headers: headers, body: Data("[]".utf8), url: request.url)
        }
    }

    /// A transport that holds every answer until `count` requests have arrived, then answers
    /// each with `respond`: the requests of a burst all go out, with the credential they started
    /// with, before the first answer (a `401`, say) can start a renewal. Later requests are
    /// answered at once.
    static func answering(
        afterBurstOf count: Int, with respond: @escaping @Sendable (URLRequest) async throws -> HTTPResponse
    ) -> StubTransport {
        let sent = ArrivalCounter()
        return StubTransport { request in
            sent.arrive()
            await sent.waitForArrivals(count: count)
            return try await respond(request)
        }
    }

    /// The requests received, in order, as the transport got them.
    var sentRequests: [URLRequest] {
        get async { await requests.map(\.request) }
    }

    /// The last request received.
    var lastRequest: URLRequest? {
        get async { await requests.last?.request }
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
        timeouts: Timeouts = .default,
        clock: ClientClock = .system
    ) -> Client {
        Client(baseURL: URL(string: baseURL)!, authenticator: authenticator) {
            $0.clock = clock
            $0.headers = headers
            $0.decoder = decoder
            $0.retryPolicy = retryPolicy
            $0.timeouts = timeouts
            $0.transport = transport
        }
    }
}

extension URLRequest {
    /// The body as UTF-8 text.
    var bodyText: String? {
        httpBody.map { String(decoding: $0, as: UTF8.self) }
    }
}
