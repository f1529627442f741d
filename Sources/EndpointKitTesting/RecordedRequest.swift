import EndpointKit
import Foundation

/// A request a ``StubTransport`` received, for assertions.
///
/// <!-- snippet needs: url, CreateIssue, NewIssue, Issue -->
/// ```swift
/// import Testing
///
/// @Test func sendsTheIssue() async throws {
///     let created = Data(#"{"number": 1, "title": "Crash"}"#.utf8)
///     let transport = StubTransport(answering: .data(created, headers: ["Content-Type": "application/json"]))
///     let client = Client(baseURL: url, authenticator: .token("abc")) { $0.transport = transport }
///     _ = try await client.post(CreateIssue(owner: "o", repo: "r", issue: NewIssue(title: "Crash")))
///
///     let sent = try #require(await transport.requests.last)
///     #expect(sent.method == .post)
///     #expect(sent.headers["Authorization"] == "token abc")
///     #expect(try sent.decodedBody(as: Issue.self).title == "Crash")
/// }
/// ```
public struct RecordedRequest: Sendable {
    /// The request as the transport got it: authenticated, after middleware.
    public let request: URLRequest

    /// The method.
    public var method: HTTPMethod { HTTPMethod(rawValue: request.httpMethod ?? "GET") }
    /// The URL.
    public var url: URL? { request.url }
    /// The path of the URL.
    public var path: String { request.url?.path ?? "" }
    /// The query parameters, decoded, in order.
    public var queryItems: [URLQueryItem] {
        request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false)?.queryItems } ?? []
    }
    /// The headers.
    public var headers: HTTPHeaders {
        HTTPHeaders(
            (request.allHTTPHeaderFields ?? [:]).sorted { $0.key < $1.key }.map { .init(name: $0.key, value: $0.value) }
        )
    }
    /// The body, if any.
    public var body: Data? { request.httpBody }

    /// The value of the first query parameter with this name.
    ///
    /// - Parameter name: The parameter's name.
    /// - Returns: Its decoded value, or `nil`.
    public func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// The JSON body decoded as `type`.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - decoder: The decoder; default settings by default.
    /// - Returns: The decoded body.
    /// - Throws: When there is no body or it does not decode.
    public func decodedBody<T: Decodable>(as type: T.Type, decoder: JSONDecoder = JSONDecoder()) throws -> T {
        try decoder.decode(T.self, from: body ?? Data())
    }
}
