import EndpointKit
import Foundation
import Testing

/// The OAuth server's endpoints and test hooks (TestServers' `OAuthServer` finds it).
extension OAuthServer {
    /// The RFC endpoints.
    static let endpoints = OAuthEndpoints(
        token: "/token", authorization: "/authorize", deviceAuthorization: "/device/code")

    /// GitHub's endpoints, as the server's GitHub-style variant serves them.
    static let gitHubEndpoints = OAuthEndpoints(
        token: "/github/login/oauth/access_token", deviceAuthorization: "/github/login/device/code")

    /// A client of the server; `accessTokenLifetime` asks for tokens that live that many seconds.
    static func client(accessTokenLifetime: Int? = nil, middleware: [any Middleware] = []) throws -> Client {
        let url = try #require(url)
        return Client(baseURL: url) {
            if let accessTokenLifetime { $0.headers = ["X-Test-Expires-In": "\(accessTokenLifetime)"] }
            $0.middleware = middleware
        }
    }

    /// `GET /api/me`: who the access token stands for.
    struct Me: GET {
        struct Identity: Decodable, JSONObject, Equatable {
            let clientID: String
            let user: String?
            let scope: String

            enum CodingKeys: String, CodingKey {
                case clientID = "client_id"
                case user, scope
            }
        }
        typealias ResponseType = Identity
        let path = "/api/me"
    }

    /// One request the server recorded at its token or device endpoints: names, never values.
    struct RecordedRequest: Decodable, JSONObject {
        let path: String
        let fields: [String]
        let auth: String
        let clientID: String?
        let grantType: String?
        let status: Int

        enum CodingKeys: String, CodingKey {
            case path, fields, auth, status
            case clientID = "client_id"
            case grantType = "grant_type"
        }
    }

    struct Requests: GET {
        typealias ResponseType = [RecordedRequest]
        let path = "/test/requests"
    }

    /// A form `POST` to a test hook.
    struct Hook: POST {
        typealias ResponseType = Data
        let path: String
        let fields: Parameters
        var body: RequestBody { .form(fields) }
    }

    /// Sets the answers of the next polls of `userCode`'s device code.
    static func script(_ userCode: String, _ answers: [String], user: String = "alice") async throws {
        _ = try await client().send(
            Hook(
                path: "/test/device/script",
                fields: ["user_code": userCode, "answers": answers.joined(separator: ","), "user": user]))
    }

    /// Calls a device hook (`approve`, `deny` or `expire`) for `userCode`.
    static func device(_ hook: String, _ userCode: String) async throws {
        _ = try await client().send(Hook(path: "/test/device/\(hook)", fields: ["user_code": userCode]))
    }

    /// Follows `request.url` as a browser would, approving as `user` (denying when `nil`), and
    /// returns the URL the server redirects to: read from its `Location`, not followed, since it
    /// leads to the app.
    static func approve(_ request: AuthorizationRequest, as user: String?) async throws -> URL {
        var components = try #require(URLComponents(url: request.url, resolvingAgainstBaseURL: false))
        let decision = user.map { URLQueryItem(name: "user", value: $0) } ?? URLQueryItem(name: "deny", value: "1")
        components.queryItems = (components.queryItems ?? []) + [decision]
        let url = try #require(components.url)
        let session = URLSession(configuration: .ephemeral, delegate: RefusesRedirects(), delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let location: String? = try await withCheckedThrowingContinuation { continuation in
            session.dataTask(with: url) { _, response, error in
                if let error { return continuation.resume(throwing: error) }
                let response = response as? HTTPURLResponse
                continuation.resume(
                    returning: response?.statusCode == 302 ? response?.value(forHTTPHeaderField: "Location") : nil)
            }.resume()
        }
        return try #require(location.flatMap(URL.init(string:)))
    }

    /// Refuses every redirect, so the redirect itself is the response.
    private final class RefusesRedirects: NSObject, URLSessionTaskDelegate, Sendable {
        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
        ) {
            completionHandler(nil)
        }
    }

    /// Counts the requests a client sends, and what they carried, as they go on the wire.
    final class Recorder: Middleware {
        private let lock = NSLock()
        private nonisolated(unsafe) var sent: [URLRequest] = []

        var requests: [URLRequest] { lock.withLock { sent } }

        func intercept(
            _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPResponse
        ) async throws -> HTTPResponse {
            lock.withLock { sent.append(request) }
            return try await next(request)
        }

        /// The form fields of the requests sent whose `grant_type` is `grantType`.
        func bodies(withGrantType grantType: String) -> [[String: String]] {
            requests.compactMap { request in
                guard let body = request.httpBody else { return nil }
                var fields: [String: String] = [:]
                for pair in String(decoding: body, as: UTF8.self).split(separator: "&") {
                    let parts = pair.split(separator: "=", maxSplits: 1).map {
                        String($0).removingPercentEncoding ?? ""
                    }
                    fields[parts[0]] = parts.count > 1 ? parts[1] : ""
                }
                return fields["grant_type"] == grantType ? fields : nil
            }
        }
    }
}
