import EndpointKitTesting
import Foundation
import Testing

@testable import EndpointKit

@Suite("Following Link pagination")
struct PaginationTests {
    struct Numbers: GET {
        typealias ResponseType = [Int]
        let path = "/numbers"
        var query: Parameters { ["per_page": 2] }
        var headers: HTTPHeaders { ["X-Trace": "t"] }
    }

    /// Serves 1...5 two per page with GitHub-style Link headers, or a `next` link to `nextHost`.
    private func transport(nextHost: String = "api.example.com") -> StubTransport {
        StubTransport { request in
            let page =
                URLComponents(url: request.url!, resolvingAgainstBaseURL: false)?
                .queryItems?.first { $0.name == "page" }?.value.flatMap(Int.init) ?? 1
            let numbers = Array(1...5)
            let items = Array(numbers.dropFirst((page - 1) * 2).prefix(2))
            var headers: HTTPHeaders = ["Content-Type": "application/json"]
            if page < 3 {
                headers["Link"] =
                    #"<https://\#(nextHost)/numbers?per_page=2&page=\#(page + 1)>; rel="next", <https://api.example.com/numbers?per_page=2&page=3>; rel="last""#
            }
            let body = "[" + items.map(String.init).joined(separator: ",") + "]"
            return HTTPResponse(statusCode: 200, headers: headers, body: Data(body.utf8), url: request.url)
        }
    }

    @Test("Pages follow next links in order, each with its own metadata and the endpoint's headers")
    func followsNextLinks() async throws {
        let transport = transport()
        let client = Client.stubbed(transport)
        var values: [[Int]] = []
        var nextURLs: [URL?] = []
        for try await page in client.pages(of: Numbers()) {
            values.append(page.value)
            nextURLs.append(page.nextPageURL)
        }
        #expect(values == [[1, 2], [3, 4], [5]])
        #expect(nextURLs.last == .some(nil))
        let sent = await transport.sentRequests
        #expect(
            sent.map { $0.url!.absoluteString } == [
                "https://api.example.com/numbers?per_page=2",
                "https://api.example.com/numbers?per_page=2&page=2",
                "https://api.example.com/numbers?per_page=2&page=3",
            ])
        #expect(sent.allSatisfy { $0.value(forHTTPHeaderField: "X-Trace") == "t" })
    }

    @Test("A next link back to a page already fetched ends with invalidResponse after that page, not in a loop")
    func detectsRepeatedPages() async throws {
        // Page 3 links back to page 2, as a server with a broken cursor might.
        let transport = StubTransport { request in
            let query = request.url?.query ?? ""
            let page = query.hasSuffix("&page=3") ? 3 : query.hasSuffix("&page=2") ? 2 : 1
            let next = page == 3 ? 2 : page + 1
            let headers: HTTPHeaders = [
                "Content-Type": "application/json",
                "Link": #"<https://api.example.com/numbers?per_page=2&page=\#(next)>; rel="next""#,
            ]
            return HTTPResponse(statusCode: 200, headers: headers, body: Data("[\(page)]".utf8), url: request.url)
        }
        var values: [[Int]] = []
        do {
            for try await page in Client.stubbed(transport).pages(of: Numbers()) {
                values.append(page.value)
            }
            Issue.record("expected the loop to be reported")
        } catch {
            let repeated = URL(string: "https://api.example.com/numbers?per_page=2&page=2")!
            guard case .invalidResponse(.repeatedPage(repeated, linkedFromPage: 3), _) = error else {
                throw TestFailure("\(error)")
            }
            #expect(
                error.description
                    == "Invalid response to GET https://api.example.com/numbers?per_page=2&page=3: page 3 links to https://api.example.com/numbers?per_page=2&page=2 as the next page, which was already fetched"
            )
        }
        #expect(values == [[1], [2], [3]])
        #expect(await transport.sentRequests.count == 3)
    }

    @Test("Elements of all pages arrive in order")
    func flattensElements() async throws {
        var numbers: [Int] = []
        for try await number in Client.stubbed(transport()).pages(of: Numbers()).elements() {
            numbers.append(number)
        }
        #expect(numbers == [1, 2, 3, 4, 5])
    }

    @Test("A page limit stops the iteration early")
    func stopsAtPageLimit() async throws {
        let transport = transport()
        var count = 0
        for try await _ in Client.stubbed(transport).pages(of: Numbers(), maximumPages: 2) { count += 1 }
        #expect(count == 2)
        #expect(await transport.sentRequests.count == 2)
    }

    @Test("A next link to another host is refused and no credential is sent there")
    func refusesForeignNextLink() async throws {
        let transport = transport(nextHost: "evil.example.com")
        let client = Client.stubbed(transport, authenticator: .token("secret"))
        var pages = 0
        do {
            for try await _ in client.pages(of: Numbers()) { pages += 1 }
            Issue.record("expected an error")
        } catch {
            guard case .invalidRequest(.invalidPath, _) = error else { throw TestFailure("\(error)") }
        }
        #expect(pages == 1)
        #expect(await transport.sentRequests.allSatisfy { $0.url?.host == "api.example.com" })
    }
}
