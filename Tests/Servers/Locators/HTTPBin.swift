import EndpointKit
import Foundation

/// The local httpbin (Tests/Servers/httpbin.sh), at `HTTPBIN_URL`, and the small helpers that the
/// suites of every test target share.
///
/// Every name the integration tests share lives in this namespace, so that they never collide
/// with the unit tests' helpers in the same test target.
package enum HTTPBin {
    /// The environment variable that holds httpbin's base URL, for example `http://127.0.0.1:35391`.
    package static let urlVariable = "HTTPBIN_URL"
    /// The environment variable that makes a missing server a test failure.
    package static let requiredVariable = TestEnvironment.requiredVariable

    /// `HTTPBIN_URL` as it is set, or `nil` when it is unset or empty.
    package static let rawURL: String? = TestEnvironment.value(urlVariable)

    /// httpbin's base URL without a trailing slash, or `nil` when `HTTPBIN_URL` is unset or is
    /// not an absolute `http` URL with a host.
    package static let url: URL? = rawURL.flatMap(parse)

    /// Whether the run asked for the integration tests to run (never to be skipped).
    package static var isRequired: Bool { TestEnvironment.isRequired }

    /// The same httpbin under the other loopback name (`localhost` for `127.0.0.1` and the other
    /// way round): the same server, but another origin. `nil` when httpbin is not on loopback.
    package static var otherOriginURL: URL? {
        guard let url, let host = url.host, let port = url.port else { return nil }
        let otherHost: String
        switch host {
        case "127.0.0.1": otherHost = "localhost"
        case "localhost": otherHost = "127.0.0.1"
        default: return nil
        }
        return URL(string: "\(url.scheme ?? "http")://\(otherHost):\(port)")
    }

    /// httpbin's base URL followed by `suffix`, for example `"/anything/api/v3"`.
    package static func url(appending suffix: String) -> URL {
        URL(string: url!.absoluteString + suffix)!
    }

    /// httpbin's base URL as text, followed by `suffix`: what httpbin echoes in `url`.
    package static func urlString(_ suffix: String) -> String {
        url!.absoluteString + suffix
    }

    /// Runs `call` and returns its value or the `EndpointError` it threw.
    package static func result<Value>(
        of call: () async throws(EndpointError) -> Value
    ) async -> Result<Value, EndpointError> {
        do {
            return .success(try await call())
        } catch {
            return .failure(error)
        }
    }

    /// `total` calls of `call` from `tasks` tasks at once, each task sending its next call as
    /// soon as its last one ended: every call's value or error, in no particular order.
    package static func results<Value: Sendable>(
        of total: Int, callsFrom tasks: Int, _ call: @escaping @Sendable () async throws(EndpointError) -> Value
    ) async -> [Result<Value, EndpointError>] {
        let unsent = Locked(total)
        return await withTaskGroup(of: [Result<Value, EndpointError>].self) { group in
            for _ in 0..<tasks {
                group.addTask {
                    var results: [Result<Value, EndpointError>] = []
                    while unsent.withLock({ (count: inout Int) -> Bool in
                        guard count > 0 else { return false }
                        count -= 1
                        return true
                    }) {
                        results.append(await result(of: call))
                    }
                    return results
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
    }

    /// The status code of an `unacceptableStatus` error, or `nil` for any other result.
    package static func unacceptableStatusCode<Value>(of result: Result<Value, EndpointError>) -> Int? {
        guard case .failure(.unacceptableStatus(let response)) = result else { return nil }
        return response.statusCode
    }

    private static func parse(_ text: String) -> URL? {
        var text = text
        while text.hasSuffix("/") { text.removeLast() }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
        else { return nil }
        return url
    }
}

extension TestServer {
    /// httpbin: `HTTPBIN_URL`, an absolute http(s) URL with a host.
    package static let httpbin = TestServer(
        "httpbin", script: "httpbin.sh", variables: [HTTPBin.urlVariable], isThere: { HTTPBin.url != nil })
}
