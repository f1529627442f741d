// What the documentation's Swift blocks take as given, for scripts/checks/check-doc-snippets. A block
// names what it uses from here on the line before its fence, `<!-- snippet needs: client -->`,
// and is compiled with those declarations only (and with what they name in `// needs:`).
// Everything here would be, in a reader's code, their own: keep it short and plausible.

import EndpointKit

/// A GitHub token, as a command-line tool reads it.
let token = ProcessInfo.processInfo.environment["GITHUB_TOKEN"] ?? ""

/// A server's base URL.
let url = URL(string: "https://api.example.com")!

// needs: token
/// The client of Getting Started.
let client = Client(baseURL: URL(string: "https://api.github.com")!, authenticator: .token(token)) {
    $0.decoder = .json(keyDecoding: .convertFromSnakeCase)
}

/// The response type of Getting Started.
struct Repository: Decodable, JSONObject {
    let name: String
    let fullName: String
}

// needs: Repository
/// The endpoint of Getting Started.
struct UserRepositories: GET {
    typealias ResponseType = [Repository]
    let path = "/user/repos"
    var query: Parameters { ["per_page": 100, "sort": "updated"] }
}

struct NewIssue: Encodable, Sendable {
    let title: String
}

struct Issue: Decodable, JSONObject {
    let number: Int
    let title: String
}

// needs: Issue, NewIssue
struct CreateIssue: POST {
    typealias ResponseType = Issue
    let owner: String, repo: String
    let issue: NewIssue
    var path: String { "/repos/\(segment: owner)/\(segment: repo)/issues" }
    var body: RequestBody { .json(issue) }
}

// needs: Repository
struct SearchResults: Decodable, JSONObject {
    let totalCount: Int
    let items: [Repository]
}

struct Event: Decodable, JSONObject {
    let type: String
    let createdAt: Date
}

/// An API's error body.
struct MyAPIError: Decodable, JSONObject {
    let message: String
}

let serviceURL = URL(string: "https://service.example.com")!
let productionURL = URL(string: "https://api.example.com")!
let stagingURL = URL(string: "https://staging.example.com")!
let paymentsURL = URL(string: "https://payments.example.com")!
let password = ProcessInfo.processInfo.environment["SERVICE_PASSWORD"] ?? ""
let apiKey = ProcessInfo.processInfo.environment["API_KEY"] ?? ""
let stagingToken = ProcessInfo.processInfo.environment["STAGING_TOKEN"] ?? ""
let savedToken = ProcessInfo.processInfo.environment["ACCESS_TOKEN"] ?? ""
let refreshToken = ProcessInfo.processInfo.environment["REFRESH_TOKEN"] ?? ""

/// Where an app keeps its secrets.
struct Keychain {
    func sessionToken() async throws -> String { "" }
    static func read(_ key: String) throws -> Data? { nil }
    static func write(_ key: String, _ data: Data) throws {}
    static func delete(_ key: String) throws {}
}

// needs: Keychain
let keychain = Keychain()

/// An app's logger.
struct Logger {
    func debug(_ message: String) { print(message) }
    func error(_ message: String) { print(message) }
}

// needs: Logger
let logger = Logger()

struct NewCharge: Encodable, Sendable {
    let id: String
    let amount: Int
}

struct Charge: Decodable, JSONObject {
    let id: String
}

/// The client of an authorization server.
let authClient = Client(baseURL: URL(string: "https://auth.example.com")!)

struct Session: Decodable, JSONObject {
    let accessToken: String
    let expiresIn: TimeInterval
}

// needs: Session
struct RefreshSession: POST {
    typealias ResponseType = Session
    let refreshToken: String
    let path = "/oauth/token"
    var body: RequestBody { .form(["grant_type": "refresh_token", "refresh_token": refreshToken]) }
}

/// What a chat completion request sends.
struct ChatRequest: Encodable, Sendable {
    struct Message: Encodable, Sendable {
        let role: String
        let content: String
    }
    let model: String
    let messages: [Message]
    var stream = true
}

// needs: ChatRequest
let request = ChatRequest(model: "gpt-4o-mini", messages: [.init(role: "user", content: "Hello")])

/// One chunk of a streamed chat completion.
struct Chunk: Decodable, JSONObject {
    struct Choice: Decodable, Sendable {
        struct Delta: Decodable, Sendable {
            let content: String?
        }
        let delta: Delta
    }
    let choices: [Choice]
}

struct Price: Decodable, JSONObject {
    let symbol: String
    let value: Double
}

struct Attachment: Decodable, JSONObject {
    let id: String
}

/// Where a download goes.
let destination = FileManager.default.temporaryDirectory.appendingPathComponent("asset.zip")

/// A progress bar on screen.
struct ProgressBar {
    func update(_ fraction: Double) {}
}

// needs: ProgressBar
let bar = ProgressBar()

/// The schemas that `GeneratingEndpoints`'s generated `PetsGet` uses (public, as generated code is).
public struct Pet: Codable, Hashable, Sendable, JSONObject {
    public var id: Int
    public var name: String
}

public struct BasicError: Codable, Hashable, Sendable, JSONObject {
    public var message: String?
}

/// The OAuth client ID and secret of a service, as a server reads them.
let clientID = ProcessInfo.processInfo.environment["OAUTH_CLIENT_ID"] ?? ""
let clientSecret = ProcessInfo.processInfo.environment["OAUTH_CLIENT_SECRET"] ?? ""

/// Where a command-line tool keeps its tokens.
let tokensFile = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config/tool/tokens.json")

/// Opens a URL in the user's browser.
func openInBrowser(_ url: URL) {}

/// Waits for the browser to come back to `http://127.0.0.1:PORT/callback`, and returns the URL it
/// asked for: a command-line tool's one-request loopback listener (RFC 8252 §7.3).
func waitForLoopbackCallback(port: Int) async throws -> URL { URL(string: "http://127.0.0.1:\(port)/callback")! }

/// The API a program calls, in the doc comments' examples.
let apiURL = URL(string: "https://api.example.com")!

/// Where a command-line tool keeps its configuration.
let configDirectory = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config/tool")

/// An authorization server's endpoints.
let endpoints = OAuthEndpoints(token: "/oauth/token", deviceAuthorization: "/oauth/device")

// needs: authClient, clientID, endpoints
/// The client of an authorization server, for a public client (a command-line tool, an app).
let oauth = OAuthClient(clientID: clientID, endpoints: endpoints, client: authClient)

/// Asks the authorization server for a token, as a `RefreshingTokenAuthenticator`'s closure does.
func fetchToken() async throws -> AccessToken { AccessToken("", expiresIn: 3600, from: Date()) }

/// An app's session token, renewed once for all the callers that need a new one.
actor SessionStore {
    func token() async throws -> String { "" }
    func renew(replacing stale: String?) async throws {}
}

/// Shows the app's sign-in screen.
func showSignIn(reason: String?) {}

/// A GitHub App's private key, as a server reads it.
let pem = (try? String(contentsOfFile: "/run/secrets/github-app.pem", encoding: .utf8)) ?? ""

// needs: Repository
struct Repo: GET {
    typealias ResponseType = Repository
    let owner: String, name: String
    var path: String { "/repos/\(segment: owner)/\(segment: name)" }
}

// needs: Chunk, ChatRequest
/// The streamed chat completion of Streaming.
struct ChatCompletion: POST, StreamingEndpoint {
    typealias Element = ServerSentEvent<Chunk>
    static var streamFormat: StreamFormat<Element> { .serverSentEvents(terminator: "[DONE]") }
    let path = "/v1/chat/completions"
    let request: ChatRequest
    var body: RequestBody { .json(request) }
}

// needs: Attachment
/// The upload of Uploads and Downloads.
struct UploadAttachment: POST {
    typealias ResponseType = Attachment
    let file: URL
    let path = "/attachments"
    var body: RequestBody { .multipart([.field("kind", "log"), .file(file, name: "attachment")]) }
}

/// The download of Uploads and Downloads.
struct ReleaseAsset: GET {
    typealias ResponseType = Data
    let id: Int
    var path: String { "/repos/octocat/hello-world/releases/assets/\(segment: id)" }
}

/// A file to upload.
let movieURL = URL(fileURLWithPath: "/tmp/holiday.mov")
