import EndpointKit
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The ~100-byte response of the overhead scenarios.
struct Issue: Decodable, JSONObject {
    let id: Int
    let number: Int
    let title: String
    let state: String
    let comments: Int
    let locked: Bool

    static let body = Data(
        #"{"id":1347,"number":42,"title":"Found a bug","state":"open","comments":3,"locked":false}"#.utf8)
}

/// The body of the `POST` variant.
struct NewIssue: Encodable, Sendable {
    let title: String
    let body: String
    let labels: [String]

    static let example = NewIssue(title: "Found a bug", body: "It crashes on launch.", labels: ["bug"])
}

/// `GET /repos/{repository}/issues?state=open&per_page=50`.
struct OpenIssues: GET {
    typealias ResponseType = Issue
    let repository: String
    var path: String { "/repos/\(repository)/issues" }
    var query: Parameters { ["state": "open", "per_page": 50] }
}

/// `POST /repos/{repository}/issues?state=open&per_page=50` with a JSON body.
struct CreateIssue: POST {
    typealias ResponseType = Issue
    let repository: String
    let issue: NewIssue
    var path: String { "/repos/\(repository)/issues" }
    var query: Parameters { ["state": "open", "per_page": 50] }
    var body: RequestBody { .json(issue) }
}

/// The hand-written baseline: the least code that does the same work as the client without
/// EndpointKit's pipeline (URLComponents, URLRequest, headers, JSONEncoder, status check,
/// JSONDecoder), over the same in-memory transport.
final class HandWrittenClient {
    let baseURL: URL
    let token: String
    let transport: any Transport
    let encoder = JSONEncoder()
    let decoder = JSONDecoder()

    init(baseURL: URL, token: String, transport: any Transport) {
        self.baseURL = baseURL
        self.token = token
        self.transport = transport
    }

    func openIssues(repository: String) async throws -> Issue {
        let request = try makeRequest(method: "GET", repository: repository)
        return try await exchange(request)
    }

    func createIssue(repository: String, issue: NewIssue) async throws -> Issue {
        var request = try makeRequest(method: "POST", repository: repository)
        request.httpBody = try encoder.encode(issue)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        return try await exchange(request)
    }

    private func makeRequest(method: String, repository: String) throws -> URLRequest {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else {
            throw UsageError(message: "bad base URL")
        }
        components.path = "/repos/\(repository)/issues"
        components.queryItems = [
            URLQueryItem(name: "state", value: "open"), URLQueryItem(name: "per_page", value: "50"),
        ]
        guard let url = components.url else { throw UsageError(message: "bad URL") }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("token \(token)", forHTTPHeaderField: "Authorization")
        return request
    }

    private func exchange(_ request: URLRequest) async throws -> Issue {
        let response = try await transport.send(request)
        guard (200..<300).contains(response.statusCode) else {
            throw UsageError(message: "status \(response.statusCode)")
        }
        return try decoder.decode(Issue.self, from: response.body)
    }
}
