import EndpointKit
import Foundation
import Testing

/// The fault server's routes (TestServers' `FaultServer` finds it).
extension FaultServer {
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
