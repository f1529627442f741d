import EndpointKit
import Foundation
import Testing

/// Where the local httpbin that the integration tests talk to is, and small helpers for them.
///
/// `scripts/test` starts httpbin on 127.0.0.1 and exports `HTTPBIN_URL`; without it the
/// integration suites are skipped with a note. CI also sets `ENDPOINTKIT_REQUIRE_HTTPBIN`, which
/// turns a missing `HTTPBIN_URL` into a failure (see `IntegrationEnvironmentTests`).
///
/// Every name the integration tests share lives in this namespace, so that they never collide
/// with the unit tests' helpers in the same test target.
enum HTTPBin {
    /// The environment variable that holds httpbin's base URL, for example `http://127.0.0.1:35391`.
    static let urlVariable = "HTTPBIN_URL"
    /// The environment variable that makes a missing `HTTPBIN_URL` a test failure.
    static let requiredVariable = "ENDPOINTKIT_REQUIRE_HTTPBIN"

    /// `HTTPBIN_URL` as it is set, or `nil` when it is unset or empty.
    static let rawURL: String? = {
        guard let text = ProcessInfo.processInfo.environment[urlVariable], !text.isEmpty else { return nil }
        return text
    }()

    /// httpbin's base URL without a trailing slash, or `nil` when `HTTPBIN_URL` is unset or is
    /// not an absolute `http` URL with a host.
    static let url: URL? = rawURL.flatMap(parse)

    /// Whether CI asked for the integration tests to run (never to be skipped).
    static var isRequired: Bool {
        let value = ProcessInfo.processInfo.environment[requiredVariable] ?? ""
        return !value.isEmpty && value != "0"
    }

    /// The same httpbin under the other loopback name (`localhost` for `127.0.0.1` and the other
    /// way round): the same server, but another origin. `nil` when httpbin is not on loopback.
    static var otherOriginURL: URL? {
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
    static func url(appending suffix: String) -> URL {
        URL(string: url!.absoluteString + suffix)!
    }

    /// httpbin's base URL as text, followed by `suffix`: what httpbin echoes in `url`.
    static func urlString(_ suffix: String) -> String {
        url!.absoluteString + suffix
    }

    /// Runs `call` and returns its value or the `EndpointError` it threw.
    static func result<Value>(
        of call: () async throws(EndpointError) -> Value
    ) async -> Result<Value, EndpointError> {
        do {
            return .success(try await call())
        } catch {
            return .failure(error)
        }
    }

    /// The status code of an `unacceptableStatus` error, or `nil` for any other result.
    static func unacceptableStatusCode<Value>(of result: Result<Value, EndpointError>) -> Int? {
        guard case .failure(.unacceptableStatus(let response)) = result else { return nil }
        return response.statusCode
    }

    /// Whether `result` is the `cancelled` error.
    static func isCancelled<Value>(_ result: Result<Value, EndpointError>) -> Bool {
        guard case .failure(.cancelled) = result else { return false }
        return true
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

extension Trait where Self == ConditionTrait {
    /// Runs a suite only when `HTTPBIN_URL` points at an httpbin; skips it with a note otherwise.
    static var requiresHTTPBin: Self {
        .enabled(
            if: HTTPBin.url != nil,
            "HTTPBIN_URL is not set: run scripts/test to start a local httpbin")
    }
}
