import EndpointKit
import EndpointKitTesting
import Foundation

/// An origin server in memory for the cache's tests: each path answers with the headers and body
/// the test set for it, `304` to a matching `If-None-Match` or `If-Modified-Since`, and every
/// request that reaches it is recorded, so a test asserts what the origin saw.
final class CachingOrigin: Sendable {
    /// What one path answers.
    struct Representation: Sendable {
        var status = 200
        var headers: HTTPHeaders = [:]
        var body = ""
        /// Headers a `304` carries besides the validators; by default the caching headers of the
        /// representation (`Cache-Control`, `Expires`, `ETag`, `Last-Modified`, `Date`, `Vary`).
        var notModifiedHeaders: HTTPHeaders?
    }

    private let representations = Locked([String: Representation]())
    private let log = Locked([URLRequest]())
    /// The clock the origin's `Date` headers come from: the client's.
    let clock: ManualClock

    init(clock: ManualClock) {
        self.clock = clock
    }

    /// Sets what `path` answers.
    func serve(_ path: String, _ representation: Representation) {
        representations.withLock { $0[path] = representation }
    }

    /// Sets what `path` answers: `status`, `headers` (plus `Date`, now, unless given) and `body`.
    func serve(_ path: String, status: Int = 200, headers: HTTPHeaders, body: String = "") {
        serve(path, Representation(status: status, headers: headers, body: body))
    }

    /// Every request that reached the origin, in order.
    var requests: [URLRequest] { log.withLock { $0 } }

    /// The requests that reached the origin for `path`.
    func requests(to path: String) -> [URLRequest] { requests.filter { $0.url?.path == path } }

    /// The `Date` value of now on the test's clock.
    var now: String { HTTPDate.format(clock.now) }

    /// The `Date` value of `seconds` from now.
    func date(in seconds: TimeInterval) -> String { HTTPDate.format(clock.now.addingTimeInterval(seconds)) }

    var transport: StubTransport {
        StubTransport { [self] request in respond(to: request) }
    }

    private func respond(to request: URLRequest) -> HTTPResponse {
        log.withLock { $0.append(request) }
        let path = request.url?.path ?? ""
        guard var representation = representations.withLock({ $0[path] }) else {
            return HTTPResponse(statusCode: 404, body: Data("no such path".utf8), url: request.url)
        }
        if representation.headers["Date"] == nil { representation.headers["Date"] = now }
        if isNotModified(request, representation) {
            var headers = representation.notModifiedHeaders ?? HTTPHeaders()
            if representation.notModifiedHeaders == nil {
                for name in ["Cache-Control", "Expires", "ETag", "Last-Modified", "Date", "Vary"] {
                    headers[name] = representation.headers[name]
                }
            }
            if headers["Date"] == nil { headers["Date"] = now }
            return HTTPResponse(statusCode: 304, headers: headers, url: request.url)
        }
        var headers = representation.headers
        headers["Content-Length"] = String(representation.body.utf8.count)
        return HTTPResponse(
            statusCode: representation.status, headers: headers, body: Data(representation.body.utf8), url: request.url)
    }

    private func isNotModified(_ request: URLRequest, _ representation: Representation) -> Bool {
        guard request.httpMethod == "GET" || request.httpMethod == "HEAD" else { return false }
        if let condition = request.value(forHTTPHeaderField: "If-None-Match") {
            guard let tag = representation.headers["ETag"] else { return false }
            let opaque = { (tag: Substring) in tag.hasPrefix("W/") ? tag.dropFirst(2) : tag }
            return condition == "*"
                || condition.split(separator: ",").contains {
                    opaque($0.trimmingCharacters(in: .whitespaces)[...]) == opaque(tag[...])
                }
        }
        if let since = request.value(forHTTPHeaderField: "If-Modified-Since").flatMap(HTTPDate.parse),
            let modified = representation.headers["Last-Modified"].flatMap(HTTPDate.parse)
        {
            return modified <= since
        }
        return false
    }
}

/// A `GET` of any path for the cache's tests, its body as text, with the headers and cache mode
/// the test gives.
struct Fetch: GET {
    typealias ResponseType = Data
    var path: String
    var headers: HTTPHeaders = [:]
    var mode: CacheMode? = nil
    var acceptableStatusCodes: AcceptableStatusCodes? = nil
    var options: CallOptions {
        var options = CallOptions(acceptableStatusCodes: acceptableStatusCodes, retryPolicy: .never)
        options.cacheMode = mode
        return options
    }
}

/// An unsafe call of a path for the cache's tests.
struct Change: POST {
    typealias ResponseType = Data
    var path: String
    var body: RequestBody { .json(["change": "yes"]) }
}

extension Response<Data> {
    /// The body as text.
    var text: String { String(decoding: value, as: UTF8.self) }
}

/// A cache's test set-up: a manual clock, an origin on it, a cache in memory, and clients of
/// that origin with that cache.
struct CacheFixture {
    let clock = ManualClock()
    let origin: CachingOrigin
    let cache = InMemoryResponseCache()

    init() {
        origin = CachingOrigin(clock: clock)
    }

    /// A client of the origin at `https://api.example.com` with the fixture's cache (or
    /// `cache`), clock and origin (or `transport`), watched by `observers`.
    func client(
        authenticator: any Authenticator = .none, sharing: CacheSharing = .private,
        cache: (any ResponseCache)? = nil, transport: (any Transport)? = nil, observers: [any CallObserver] = []
    ) -> Client {
        Client(baseURL: URL(string: "https://api.example.com")!, authenticator: authenticator) { [self] in
            $0.cache = cache ?? self.cache
            $0.cacheSharing = sharing
            $0.transport = transport ?? origin.transport
            $0.clock = clock.clock
            $0.observers = observers
        }
    }
}
