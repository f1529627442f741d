import EndpointKit
import Foundation
import Testing

/// The fault-injection server `Tests/Servers/fault_server.py`, which `scripts/test` starts on
/// 127.0.0.1 and announces in `FAULT_SERVER_URL`. It misbehaves where httpbin cannot: drops
/// connections mid-body, fails a set number of times with `Retry-After`, and accepts a token
/// only after it was refreshed.
enum FaultServer {
    /// The server's base URL, or `nil` when `FAULT_SERVER_URL` is unset.
    static let url: URL? = ProcessInfo.processInfo.environment["FAULT_SERVER_URL"].flatMap { text in
        text.isEmpty ? nil : URL(string: text)
    }

    /// The same server over HTTPS with the TLS servers' test certificate, or `nil` when
    /// `FAULT_HTTPS_SERVER_URL` is unset.
    static let tlsURL: URL? = ProcessInfo.processInfo.environment["FAULT_HTTPS_SERVER_URL"].flatMap { text in
        text.isEmpty ? nil : URL(string: text)
    }

    /// A key no other test uses, so the server's per-key counters start at zero.
    static func uniqueKey(_ prefix: String = "k") -> String {
        "\(prefix)-\(UUID().uuidString.prefix(8))"
    }

    /// `GET /attempts/{key}`.
    struct Attempts: GET {
        struct Count: Decodable, JSONObject { let attempts: Int }
        typealias ResponseType = Count
        let key: String
        var path: String { "/attempts/\(segment: key)" }
    }

    /// `GET /auth/{key}/stats`.
    struct AuthStats: GET {
        struct Stats: Decodable, JSONObject {
            let refreshes: Int
            let unauthorized: Int
        }
        typealias ResponseType = Stats
        let key: String
        var path: String { "/auth/\(segment: key)/stats" }
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs a suite only when `FAULT_SERVER_URL` is set; skips it with a note otherwise.
    static var requiresFaultServer: Self {
        .enabled(if: FaultServer.url != nil, "FAULT_SERVER_URL is not set: run scripts/test to start the fault server")
    }
}
