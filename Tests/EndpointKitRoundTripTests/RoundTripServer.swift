import EndpointKit
import Testing

extension RoundTripServer {
    /// A client for this form's base URL that never retries.
    func client() throws -> Client {
        let url = try #require(url, "\(urlVariable) is not set, so this suite would be skipped")
        return Client(baseURL: url) { $0.retryPolicy = .never }
    }
}
