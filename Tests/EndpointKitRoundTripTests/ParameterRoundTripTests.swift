import EndpointKit
import Foundation
import Testing

// Every parameter kind of the round-trip description, sent by the generated code to connexion,
// which checks each against the description in each of its four forms (strict validation: a
// parameter the description does not declare is refused too).
@Suite(
    "Generated parameters against connexion",
    .requiresRoundTripServer)
struct ParameterRoundTripTests {
    @Test(
        "Query arrays (form, exploded or not, pipe- and space-delimited), enums, dates and arrays of dates are accepted",
        arguments: RoundTripServer.forms)
    func sendsQueryParameters(server: RoundTripServer) async throws {
        let items = try await RoundTrip.call(
            ItemsList(
                tags: ["light", "desk lamp"], ids: [1, 2, 3], colors: ["red", "blue"], sizes: [10, 20],
                status: .available, sort: [.name, .price], since: RoundTrip.date("2024-05-01T12:30:00Z"),
                at: [RoundTrip.date("2024-05-01T00:00:00Z"), RoundTrip.date("2024-05-02T00:00:00Z")],
                limit: 10, minPrice: 0.5, inStock: true),
            on: server)
        #expect(items.map(\.id) == [7])
        #expect(items.first?.ratings == [[1, 2], [3]])
        #expect(items.first?.description == nil)
    }

    @Test("Path parameters, a query array and a header are accepted", arguments: RoundTripServer.forms)
    func sendsPathParameters(server: RoundTripServer) async throws {
        let item = try await RoundTrip.call(
            ItemsGet(itemID: 7, fields: ["name", "price"], xRequestID: "req-1"), on: server)
        #expect(item.status == .sold)
        #expect(item.attributes.isEmpty)
        let version = try await RoundTrip.call(ItemsGetVersion(itemID: 7, version: "v2"), on: server)
        #expect(version.changes == ["price": "19.5"])
        let day = try await RoundTrip.call(ItemsCalendar(day: "2024-05-01", tz: .europeBerlin), on: server)
        #expect(day.events.map(\.title) == ["Sale"])
    }

    // `page` and `window` (objects in form style) are left out: connexion 3.3 refuses any value of
    // theirs (UncheckedParameterTests).
    @Test("An object as a deepObject query parameter is accepted", arguments: RoundTripServer.forms)
    func sendsDeepObject(server: RoundTripServer) async throws {
        let result = try await RoundTrip.call(
            SearchRun(filter: SearchFilter(name: "lamp", minPrice: 1.5, inStock: false), q: "lamp"), on: server)
        #expect(result.hits.map(\.highlight) == [nil, "<em>lamp</em>"])
        #expect(result.facets["status"]?["sold"] == 1)
    }

    @Test("Headers: a string and a date-time are accepted", arguments: RoundTripServer.forms)
    func sendsHeaders(server: RoundTripServer) async throws {
        // X-Tags (an array) and X-Limit (an integer) are left out: connexion 3.3 refuses any
        // value of theirs (UncheckedParameterTests).
        let echo = try await RoundTrip.call(
            SearchHeaders(xTrace: "trace-1", xSince: RoundTrip.date("2024-05-01T12:30:00Z")), on: server)
        #expect(echo.trace == "abc")
    }
}
