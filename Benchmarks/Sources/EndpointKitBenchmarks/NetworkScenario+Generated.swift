import AsyncHTTPClient
import EndpointKit
import EndpointKitAsyncHTTPClient
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The generated clients of the issues description, each over AsyncHTTPClient or URLSession:
/// `generated-TRANSPORT-endpointkit` (endpointkit-generate's endpoints, a `Client` over EndpointKit's
/// transport), `generated-TRANSPORT-swiftopenapi` (swift-openapi-generator's client as shipped) and
/// `generated-TRANSPORT-swiftopenapi-fastest` (configured at its fastest) and `generated-TRANSPORT-byhand`
/// (the same work by hand on the same transport), TRANSPORT being `ahc` or `urlsession`;
/// `--call list|create` chooses the `GET` or the `POST`.
extension NetworkScenario {
    /// The contender of a `generated-` scenario.
    func generatedContender(named name: String) async throws -> Contender {
        let url = baseURL.appendingPathComponent(IssuesCall.path)
        switch name {
        case "generated-ahc-endpointkit":
            let httpClient = HTTPClient(configuration: try asyncHTTPClientConfiguration())
            return GeneratedEndpointKitContenders.contender(
                name, call: call, baseURL: baseURL, transport: try asyncHTTPClientTransport(httpClient),
                probe: Self.protocolHeader(httpClient, url: url), shutdown: httpClient.stop)
        case "generated-ahc-swiftopenapi":
            // `HTTPClient.shared`, which nobody shuts down.
            return SwiftOpenAPIContenders.contender(
                name, call: call, baseURL: baseURL, setup: .shipped,
                transport: SwiftOpenAPIContenders.asyncHTTPClientTransport(.shipped, httpClient: .shared),
                probe: Self.protocolHeader(HTTPClient.shared, url: url), shutdown: {})
        case "generated-ahc-swiftopenapi-fastest":
            let httpClient = HTTPClient(configuration: try asyncHTTPClientConfiguration())
            return SwiftOpenAPIContenders.contender(
                name, call: call, baseURL: baseURL, setup: .fastest,
                transport: SwiftOpenAPIContenders.asyncHTTPClientTransport(.fastest, httpClient: httpClient),
                probe: Self.protocolHeader(httpClient, url: url), shutdown: httpClient.stop)
        case "generated-urlsession-endpointkit":
            return GeneratedEndpointKitContenders.contender(
                name, call: call, baseURL: baseURL, transport: URLSessionTransport(),
                probe: Self.protocolHeader(URLSession(configuration: tunedConfiguration()), url: url), shutdown: {})
        case "generated-urlsession-swiftopenapi":
            return SwiftOpenAPIContenders.contender(
                name, call: call, baseURL: baseURL, setup: .shipped,
                transport: SwiftOpenAPIContenders.urlSessionTransport(.shipped, session: .shared),
                probe: Self.protocolHeader(URLSession.shared, url: url), shutdown: {})
        case "generated-urlsession-swiftopenapi-fastest":
            let session = URLSession(configuration: tunedConfiguration())
            return SwiftOpenAPIContenders.contender(
                name, call: call, baseURL: baseURL, setup: .fastest,
                transport: SwiftOpenAPIContenders.urlSessionTransport(.fastest, session: session),
                probe: Self.protocolHeader(session, url: url), shutdown: {})
        case "generated-ahc-byhand":
            let httpClient = HTTPClient(configuration: try asyncHTTPClientConfiguration())
            return ByHandIssuesContenders.contender(
                name,
                make: { ByHandIssuesContenders.asyncHTTPClient(call, client: httpClient, baseURL: $0, requestID: $1) },
                baseURL: baseURL, probe: Self.protocolHeader(httpClient, url: url), shutdown: httpClient.stop)
        case "generated-ahc-byhand-delegate":
            // Diagnosis, not in run's table: by hand through the delegate API.
            let httpClient = HTTPClient(configuration: try asyncHTTPClientConfiguration())
            return ByHandIssuesContenders.contender(
                name,
                make: {
                    ByHandIssuesContenders.asyncHTTPClientDelegate(call, client: httpClient, baseURL: $0, requestID: $1)
                }, baseURL: baseURL, probe: Self.protocolHeader(httpClient, url: url), shutdown: httpClient.stop)
        case "generated-urlsession-byhand":
            let session = URLSession(configuration: tunedConfiguration())
            return ByHandIssuesContenders.contender(
                name, make: { ByHandIssuesContenders.urlSession(call, session: session, baseURL: $0, requestID: $1) },
                baseURL: baseURL, probe: Self.protocolHeader(session, url: url), shutdown: {})
        default:
            throw UsageError(message: "unknown network scenario \(name)")
        }
    }
}
