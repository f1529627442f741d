import AsyncHTTPClient
import Foundation
import IssuesSwiftOpenAPI
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import OpenAPIURLSession

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The issues call through swift-openapi-generator's client (`IssuesSwiftOpenAPI`, made by its
/// build plugin) over swift-openapi-runtime 1.13.4 and its transports for AsyncHTTPClient (1.5.0)
/// and URLSession (1.4.0). Each file's `Client` and `AsyncHTTPClientTransport` are that package's
/// own: this file does not import EndpointKit.
enum SwiftOpenAPIContenders {
    /// How the client is set up.
    enum Setup {
        /// As shipped: `Configuration()` (on Linux with the runtime's default `FullFoundation`
        /// trait, an `ISO8601DateFormatter` behind a lock, and JSON written with sorted keys and
        /// pretty-printed), over the transport's default: `HTTPClient.shared`, or `URLSession.shared`.
        case shipped
        /// At its fastest: the runtime's own `Date.ISO8601FormatStyle` transcoder (what `.iso8601`
        /// is without the `FullFoundation` trait), compact JSON (`jsonEncodingOptions: []`), over an
        /// `HTTPClient` or a `URLSession` configured as EndpointKit's transports configure theirs.
        case fastest
    }

    static func configuration(_ setup: Setup) -> Configuration {
        switch setup {
        case .shipped: Configuration()
        case .fastest: Configuration(dateTranscoder: FormatStyleDateTranscoder(), jsonEncodingOptions: [])
        }
    }

    /// The transport over AsyncHTTPClient: the shared `HTTPClient` as shipped, `httpClient` at its fastest.
    static func asyncHTTPClientTransport(_ setup: Setup, httpClient: HTTPClient) -> any ClientTransport {
        switch setup {
        case .shipped: AsyncHTTPClientTransport()
        case .fastest: AsyncHTTPClientTransport(configuration: .init(client: httpClient))
        }
    }

    /// The transport over URLSession: `URLSession.shared` as shipped, `session` at its fastest.
    static func urlSessionTransport(_ setup: Setup, session: URLSession) -> any ClientTransport {
        switch setup {
        case .shipped: URLSessionTransport()
        case .fastest: URLSessionTransport(configuration: .init(session: session))
        }
    }

    /// The call `client` makes, ready to time: the number of issues decoded.
    static func fetch(_ call: IssuesCall, client: Client, requestID: String = IssuesCall.requestID)
        -> @Sendable () async throws -> Int
    {
        let path = Operations.listIssues.Input.Path(owner: IssuesCall.owner, repo: IssuesCall.repository)
        switch call {
        case .list:
            let input = Operations.listIssues.Input(
                path: path, query: .init(state: .open, per_page: IssuesCall.pageSize),
                headers: .init(X_hyphen_Request_hyphen_ID: requestID))
            return { try await client.listIssues(input).ok.body.json.count }
        case .create:
            let issue = Components.Schemas.NewIssue(
                title: IssuesCall.newTitle, body: IssuesCall.newBody, labels: IssuesCall.newLabels,
                due_on: IssuesCall.dueOn)
            let input = Operations.createIssue.Input(
                path: .init(owner: IssuesCall.owner, repo: IssuesCall.repository),
                headers: .init(X_hyphen_Request_hyphen_ID: requestID), body: .json(issue))
            return {
                let created = try await client.createIssue(input).created.body.json
                guard created.title == IssuesCall.newTitle else {
                    throw UsageError(message: "created issue has title \(created.title)")
                }
                return 1
            }
        }
    }

    /// `scenario`'s contender over `transport`: the measured client, and a second one on the
    /// body-check path for the probe, which sends one call with the scenario's name as its request ID.
    static func contender(
        _ scenario: String, call: IssuesCall, baseURL: URL, setup: Setup, transport: any ClientTransport,
        probe: @escaping @Sendable () async throws -> String, shutdown: @escaping @Sendable () async throws -> Void
    ) -> Contender {
        let configuration = configuration(setup)
        let client = Client(serverURL: baseURL, configuration: configuration, transport: transport)
        let checked = Client(
            serverURL: baseURL.appendingPathComponent(IssuesCall.bodyCheckPrefix), configuration: configuration,
            transport: transport)
        let check = fetch(call, client: checked, requestID: scenario)
        return Contender(
            name: scenario, fetch: fetch(call, client: client),
            probe: {
                _ = try await check()
                return try await probe()
            }, shutdown: shutdown)
    }
}
