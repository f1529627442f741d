import EndpointKit
import Foundation
import Testing

/// What the descriptions of real failures show of a URL with credentials, on both transports.
@Suite("Error descriptions against httpbin", .requiresHTTPBin)
struct ErrorDescriptionIntegrationTests {
    /// `GET path` with the place's query, an idle timeout of `idle` seconds and no total deadline.
    ///
    /// The idle timeout is short only where a timeout is the point: until the response's head it
    /// counts the connection's set-up too (as URLSession's does), which the whole suite's load
    /// under ThreadSanitizer can stretch past a second.
    struct Call<Value: JSONObject>: GET {
        typealias ResponseType = Value
        let path: String
        let query: Parameters
        var idle: TimeInterval = 30
        var options: CallOptions { CallOptions(timeouts: Timeouts(idle: idle)) }
    }

    private func client(_ transport: TransportUnderTest, _ place: SecretPlace) -> Client {
        Client(baseURL: URL(string: place.baseURL(HTTPBin.url!.absoluteString))!) {
            $0.retryPolicy = .never
            $0.transport = transport.make()
        }
    }

    private func shownURL(_ place: SecretPlace, path: String) -> String {
        place.shownURL(HTTPBin.url!.absoluteString, path: path)
    }

    @Test(
        "A 404 names the call, with the URL's credentials redacted",
        arguments: TransportUnderTest.allCases, SecretPlace.allCases)
    func unacceptableStatus(transport: TransportUnderTest, place: SecretPlace) async throws {
        let client = client(transport, place)
        let result = await HTTPBin.result { () async throws(EndpointError) in
            try await client.get(Call<JSONValue>(path: "/status/404", query: place.query))
        }
        guard case .failure(let error) = result, case .unacceptableStatus = error else {
            throw TestFailure("\(result)")
        }
        #expect(
            error.description.hasPrefix(
                "GET \(shownURL(place, path: "/status/404")) answered with unacceptable status 404"))
        #expect(!error.description.contains(SecretPlace.marker), "\(error)")
    }

    @Test(
        "An idle timeout names the call, with the URL's credentials redacted",
        arguments: TransportUnderTest.allCases, SecretPlace.allCases)
    func transportFailure(transport: TransportUnderTest, place: SecretPlace) async throws {
        let client = client(transport, place)
        let result = await HTTPBin.result { () async throws(EndpointError) in
            try await client.get(Call<JSONValue>(path: "/delay/10", query: place.query, idle: 1))
        }
        guard case .failure(let error) = result, case .transportFailed(let failure) = error else {
            throw TestFailure("\(result)")
        }
        #expect(failure.urlErrorCode == .timedOut)
        #expect(error.description == "GET \(shownURL(place, path: "/delay/10")) failed: timed out (URLError -1001)")
    }

    @Test(
        "A body that does not decode names the call, with the URL's credentials redacted",
        arguments: TransportUnderTest.allCases, SecretPlace.allCases)
    func decodingFailure(transport: TransportUnderTest, place: SecretPlace) async throws {
        let client = client(transport, place)
        let result = await HTTPBin.result { () async throws(EndpointError) in
            try await client.get(Call<HTTPBin.Echo>(path: "/html", query: place.query))
        }
        guard case .failure(let error) = result, case .decodingFailed = error else { throw TestFailure("\(result)") }
        #expect(error.description.contains(" from GET \(shownURL(place, path: "/html")) (status 200) failed"))
        #expect(!error.description.contains(SecretPlace.marker), "\(error)")
    }

    @Test(
        "A cancelled call names its method and URL, with the URL's credentials redacted",
        .timeLimit(.minutes(1)), arguments: TransportUnderTest.allCases, SecretPlace.allCases)
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    func cancelled(transport: TransportUnderTest, place: SecretPlace) async throws {
        let client = client(transport, place)
        let task = Task {
            await HTTPBin.result { () async throws(EndpointError) in
                try await client.get(Call<JSONValue>(path: "/delay/10", query: place.query))
            }
        }
        try await Task.sleep(nanoseconds: 200_000_000)  // sent or not: either way the call is named
        task.cancel()
        let result = await task.value
        guard case .failure(let error) = result, case .cancelled = error else { throw TestFailure("\(result)") }
        #expect(error.description == "GET \(shownURL(place, path: "/delay/10")) was cancelled.")
    }
}
