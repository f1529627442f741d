import AsyncHTTPClient
import Foundation
import IssuesEndpointKit
import NIOCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The issues call by hand, the least code that does the same work as the generated clients: the
/// request built from constants (for the POST, the body encoded with `JSONEncoder` on each call),
/// sent, the status checked, the body decoded with `JSONDecoder`, dates in ISO 8601, into the same
/// `Codable` types. Against swift-openapi-generator's client at its fastest, it shows the most any
/// client on the same transport and Foundation's JSON could gain over it.
enum ByHandIssuesContenders {
    /// `GET …/issues?state=open&per_page=5` or `POST …/issues`, from `baseURL`.
    static func url(_ call: IssuesCall, baseURL: URL) -> String {
        let path = baseURL.absoluteString + IssuesCall.path
        return call == .list ? path + "?state=open&per_page=\(IssuesCall.pageSize)" : path
    }

    static let newIssue = IssuesEndpointKit.NewIssue(
        title: IssuesCall.newTitle, body: IssuesCall.newBody, labels: IssuesCall.newLabels, dueOn: IssuesCall.dueOn)

    static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// Decodes a successful response's body: the number of issues in it.
    static func count(_ call: IssuesCall, status: Int, body: Data, decoder: JSONDecoder) throws -> Int {
        guard (200..<300).contains(status) else { throw UsageError(message: "unexpected status \(status)") }
        switch call {
        case .list: return try decoder.decode([IssuesEndpointKit.Issue].self, from: body).count
        case .create:
            let created = try decoder.decode(IssuesEndpointKit.Issue.self, from: body)
            guard created.title == IssuesCall.newTitle else {
                throw UsageError(message: "created issue has title \(created.title)")
            }
            return 1
        }
    }

    /// AsyncHTTPClient's `execute`, `body.collect`, `JSONDecoder`.
    static func asyncHTTPClient(_ call: IssuesCall, client: HTTPClient, baseURL: URL, requestID: String)
        -> @Sendable () async throws -> Int
    {
        let encoder = makeEncoder()
        let decoder = makeDecoder()
        var template = HTTPClientRequest(url: url(call, baseURL: baseURL))
        template.headers.add(name: "Accept", value: "application/json")
        template.headers.add(name: "X-Request-ID", value: requestID)
        if call == .create {
            template.method = .POST
            template.headers.add(name: "Content-Type", value: "application/json")
        }
        return { [template] in
            var request = template
            if call == .create {
                request.body = .bytes(ByteBuffer(data: try encoder.encode(newIssue)))
            }
            let response = try await client.execute(request, timeout: .seconds(60))
            let body = try await response.body.collect(upTo: 64 << 20)
            return try count(
                call, status: Int(response.status.code), body: Data(body.readableBytesView), decoder: decoder)
        }
    }

    /// Diagnosis: the same through AsyncHTTPClient's delegate API (`execute(request:delegate:)`
    /// with its `ResponseAccumulator`, the body as `HTTPClient.Body.bytes`), the way
    /// EndpointKit's `AsyncHTTPClientTransport` sends every request over plain HTTP.
    static func asyncHTTPClientDelegate(_ call: IssuesCall, client: HTTPClient, baseURL: URL, requestID: String)
        -> @Sendable () async throws -> Int
    {
        let encoder = makeEncoder()
        let decoder = makeDecoder()
        let address = url(call, baseURL: baseURL)
        return {
            var request = try HTTPClient.Request(url: address, method: call == .create ? .POST : .GET)
            request.headers.add(name: "Accept", value: "application/json")
            request.headers.add(name: "X-Request-ID", value: requestID)
            if call == .create {
                request.headers.add(name: "Content-Type", value: "application/json")
                request.body = .bytes(try encoder.encode(newIssue))
            }
            let response = try await client.execute(request: request, delegate: ResponseAccumulator(request: request))
                .futureResult.get()
            let body = response.body.map { Data($0.readableBytesView) } ?? Data()
            return try count(call, status: Int(response.status.code), body: body, decoder: decoder)
        }
    }

    /// URLSession's `data(for:)`, `JSONDecoder`.
    static func urlSession(_ call: IssuesCall, session: URLSession, baseURL: URL, requestID: String)
        -> @Sendable () async throws -> Int
    {
        let encoder = makeEncoder()
        let decoder = makeDecoder()
        guard let address = URL(string: url(call, baseURL: baseURL)) else {
            return { throw UsageError(message: "bad URL") }
        }
        var template = URLRequest(url: address)
        template.allHTTPHeaderFields = ["Accept": "application/json", "X-Request-ID": requestID]
        if call == .create {
            template.httpMethod = "POST"
            template.allHTTPHeaderFields?["Content-Type"] = "application/json"
        }
        return { [template] in
            var request = template
            if call == .create {
                request.httpBody = try encoder.encode(newIssue)
            }
            let (body, response) = try await session.data(for: request)
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            return try count(call, status: status, body: body, decoder: decoder)
        }
    }

    /// `scenario`'s contender: the measured call, and the probe's one call to the body-check path.
    static func contender(
        _ scenario: String, make: (_ baseURL: URL, _ requestID: String) -> @Sendable () async throws -> Int,
        baseURL: URL, probe: @escaping @Sendable () async throws -> String,
        shutdown: @escaping @Sendable () async throws -> Void
    ) -> Contender {
        let check = make(baseURL.appendingPathComponent(IssuesCall.bodyCheckPrefix), scenario)
        return Contender(
            name: scenario, fetch: make(baseURL, IssuesCall.requestID),
            probe: {
                _ = try await check()
                return try await probe()
            }, shutdown: shutdown)
    }
}
