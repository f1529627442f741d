import AsyncHTTPClient
import EndpointKit
import EndpointKitAsyncHTTPClient
import Foundation
import IssuesEndpointKit

/// The issues call through endpointkit-generate's endpoints (`IssuesEndpointKit`, committed), over
/// a `Client` with EndpointKit's defaults.
enum GeneratedEndpointKitContenders {
    /// The call `client` makes, ready to time: the number of issues decoded.
    static func fetch(_ call: IssuesCall, client: Client, requestID: String = IssuesCall.requestID)
        -> @Sendable () async throws -> Int
    {
        switch call {
        case .list:
            let endpoint = IssuesEndpointKit.ListIssues(
                owner: IssuesCall.owner, repo: IssuesCall.repository, xRequestID: requestID, state: .open,
                perPage: IssuesCall.pageSize)
            return { try await client.get(endpoint).count }
        case .create:
            let issue = IssuesEndpointKit.NewIssue(
                title: IssuesCall.newTitle, body: IssuesCall.newBody, labels: IssuesCall.newLabels,
                dueOn: IssuesCall.dueOn)
            let endpoint = IssuesEndpointKit.CreateIssue(
                owner: IssuesCall.owner, repo: IssuesCall.repository, xRequestID: requestID, requestBody: issue)
            return {
                let created = try await client.post(endpoint)
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
        _ scenario: String, call: IssuesCall, baseURL: URL, transport: any Transport,
        probe: @escaping @Sendable () async throws -> String, shutdown: @escaping @Sendable () async throws -> Void
    ) -> Contender {
        let client = Client(baseURL: baseURL) { $0.transport = transport }
        let checked = Client(baseURL: baseURL.appendingPathComponent(IssuesCall.bodyCheckPrefix)) {
            $0.transport = transport
        }
        let check = fetch(call, client: checked, requestID: scenario)
        return Contender(
            name: scenario, fetch: fetch(call, client: client),
            probe: {
                _ = try await check()
                return try await probe()
            }, shutdown: shutdown)
    }
}
