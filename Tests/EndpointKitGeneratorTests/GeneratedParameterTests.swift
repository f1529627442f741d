import EndpointKit
import EndpointKitTesting
import Foundation
import Testing

// These tests use the code that endpointkit-generate wrote for Descriptions/parameters.yaml (in
// GeneratedParameters/, compiled into this target): parameters whose schema is a reference to an
// object or an array, and dates in arrays and headers, sent as OpenAPI's style rules say.

@Suite("Generated parameters")
struct GeneratedParameterTests {
    private func send(_ endpoint: ReportsList) async throws -> RecordedRequest {
        let transport = StubTransport(answering: .status(204))
        let client = Client(baseURL: URL(string: "https://reports.example")!) {
            $0.retryPolicy = .never
            $0.transport = transport
        }
        _ = try await client.get(endpoint)
        return try #require(await transport.requests.first)
    }

    /// `2024-01-01T00:00:00Z`.
    private let newYear = Date(timeIntervalSince1970: 1_704_067_200)

    @Test("Objects in the query: deepObject as name[member], form exploded as members, form joined with commas")
    func sendsObjectsAsTheirStyleSays() async throws {
        let request = try await send(
            ReportsList(
                metadata: ["team": "core", "env": "prod"],
                filter: ReportFilter(status: .open, since: newYear, minScore: 0.5, default: true),
                page: ReportPage(limit: 20, cursor: "c&d"), range: ReportRange(from: 1, to: 9), xSince: newYear))
        #expect(
            request.queryItems.map { "\($0.name)=\($0.value ?? "")" } == [
                "metadata[env]=prod", "metadata[team]=core", "filter[status]=open",
                "filter[since]=2024-01-01T00:00:00Z", "filter[min_score]=0.5", "filter[default]=true",
                "limit=20", "cursor=c&d", "range=from,1,to,9",
            ])
    }

    @Test("Members left out and objects left out send nothing")
    func leavesOutNilMembers() async throws {
        let request = try await send(
            ReportsList(filter: ReportFilter(minScore: 2), range: ReportRange(from: 0, to: 1), xSince: newYear))
        #expect(
            request.queryItems.map { "\($0.name)=\($0.value ?? "")" } == ["filter[min_score]=2.0", "range=from,0,to,1"])
    }

    @Test("Referenced arrays and arrays of enums in delimited query parameters are joined by their separator")
    func joinsDelimitedArrays() async throws {
        let request = try await send(
            ReportsList(range: ReportRange(from: 1, to: 2), ids: [3, 4], kinds: [.daily, .weekly], xSince: newYear))
        #expect(request.queryValue("ids") == "3,4")
        #expect(request.queryValue("kinds") == "daily|weekly")
    }

    @Test("A header that is a referenced array is comma-separated (simple style)")
    func joinsHeaderArrays() async throws {
        let request = try await send(
            ReportsList(range: ReportRange(from: 1, to: 2), xTags: ["a", "b"], xSince: newYear))
        #expect(request.headers["X-Tags"] == "a,b")
    }

    @Test("Dates in a delimited query array and in headers are RFC 3339, as a single date in the query is")
    func writesDatesInRFC3339() async throws {
        let request = try await send(
            ReportsList(
                range: ReportRange(from: 1, to: 2), at: [newYear, newYear.addingTimeInterval(90)],
                xRequestDate: newYear, xSince: newYear.addingTimeInterval(1)))
        #expect(request.queryValue("at") == "2024-01-01T00:00:00Z,2024-01-01T00:01:30Z")
        #expect(request.headers["X-Request-Date"] == "2024-01-01T00:00:00Z")
        #expect(request.headers["X-Since"] == "2024-01-01T00:00:01Z")
    }
}
