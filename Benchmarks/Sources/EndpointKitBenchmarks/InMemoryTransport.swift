import EndpointKit
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport that answers every request with the same response, without a network: what the
/// decoding and overhead scenarios send through.
struct InMemoryTransport: Transport {
    let response: HTTPResponse

    init(response: HTTPResponse) {
        self.response = response
    }

    init(body: Data) {
        response = HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: body)
    }

    func send(_ request: URLRequest) async throws -> HTTPResponse {
        response
    }
}
