import EndpointKit
import Foundation
import Testing

@Suite("Query parameters against httpbin", .requiresHTTPBin)
struct QueryIntegrationTests {
    @Test(
        "A query value with a reserved or non-ASCII character reaches the server exactly as sent",
        arguments: [
            "a+b", "a&b=c", "x=y", "path/to/file", "hello world", "why?", "#hashtag", "100%", "semi;colon",
            "café ☕", "emoji 👩‍💻", "tab\tand\nnewline", "'quotes' \"double\"", "",
        ])
    func reservedCharactersRoundTrip(value: String) async throws {
        let client = Client(baseURL: HTTPBin.url!)

        let echo = try await client.get(HTTPBin.Get(query: ["value": value]))

        #expect(echo.args == ["value": .string(value)])
    }

    @Test("Names, repeated values, Booleans, numbers and reserved characters all come back as sent")
    func mixedQueryRoundTrips() async throws {
        let client = Client(baseURL: HTTPBin.url!)
        let missing: String? = nil
        let query: Parameters = [
            "q": "swift+nio & friends",
            "tag": ["x", "y z", "a/b"],
            "archived": false,
            "fork": true,
            "per_page": 50,
            "name with space&=": "café ☕",
            "skipped": missing,
        ]

        let echo = try await client.get(HTTPBin.Get(query: query))

        #expect(
            echo.args == [
                "q": .string("swift+nio & friends"),
                "tag": .array([.string("x"), .string("y z"), .string("a/b")]),
                "archived": .string("false"),
                "fork": .string("true"),
                "per_page": .string("50"),
                "name with space&=": .string("café ☕"),
            ])
    }

    @Test("Bracket arrays and numeric Booleans are sent as the client's query encoder says")
    func configuredQueryEncoder() async throws {
        let client = Client(baseURL: HTTPBin.url!) {
            $0.queryEncoder = URLQueryEncoder(arrayEncoding: .brackets, boolEncoding: .numeric)
        }

        let echo = try await client.get(HTTPBin.Get(query: ["ids": [1, 2], "draft": true]))

        #expect(echo.args == ["ids[]": .array([.string("1"), .string("2")]), "draft": .string("1")])
    }

    @Test("An endpoint without query parameters sends a URL without a question mark")
    func emptyQuery() async throws {
        let client = Client(baseURL: HTTPBin.url!)

        let echo = try await client.get(HTTPBin.Get())

        #expect(echo.args.isEmpty)
        #expect(echo.url == HTTPBin.urlString("/get"))
    }
}
