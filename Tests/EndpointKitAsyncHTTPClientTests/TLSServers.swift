#if AsyncHTTPClient
    import EndpointKit
    import Foundation
    import Testing

    /// The TLS test servers (`Tests/Servers/tls_server.py`, started by `Tests/Servers/tls-servers.sh` with a
    /// test PKI made afresh for the run), and what they saw.
    enum TLSServers {
        private static let environment = ProcessInfo.processInfo.environment

        /// The folder of PEM files: ca.pem, other-ca.pem, client.pem/.key, other-client.pem/.key…
        static let pki: URL? = environment["TLS_PKI_DIR"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }

        /// The server named `name`: `good`, `expired`, `wrong-host`, `self-signed`, `other-ca`,
        /// `mutual`, `tls12`, `goes-silent`, `stall`, `cutoff` (TLS_GOOD_URL, …).
        static func url(_ name: String) -> URL {
            let variable = "TLS_\(name.uppercased().replacingOccurrences(of: "-", with: "_"))_URL"
            return URL(string: environment[variable] ?? "https://127.0.0.1:1")!
        }

        /// A PEM file of the test PKI.
        static func file(_ name: String) -> URL {
            pki!.appendingPathComponent(name)
        }

        /// The test CA, which issued the good, expired and wrong-host certificates and client.pem.
        static func ca() throws -> TLSCertificate {
            try TLSCertificate(pemFile: file("ca.pem"))
        }

        /// What one server saw.
        struct Seen: Decodable, JSONObject, Sendable {
            struct Request: Decodable, Sendable {
                let path: String
                let headers: [String: String]
            }
            let connections: Int
            let handshakes: Int
            /// The reason of each handshake that failed; `stalled` for a connection `goes-silent`
            /// stalled.
            let handshake_errors: [String]
            let requests: [Request]
        }

        private struct Stats: GET {
            typealias ResponseType = [String: Seen]
            let path = "/stats"
        }

        /// What the server named `name` has seen so far.
        static func seen(by name: String) async throws -> Seen {
            let control = URL(string: environment["TLS_CONTROL_URL"]!)!
            let all = try await Client(baseURL: control) { $0.retryPolicy = .never }.get(Stats())
            return try #require(all[name], "no stats for \(name)")
        }

        private struct Speak: POST {
            typealias ResponseType = JSONValue
            let path = "/speak"
            var body: RequestBody { .empty }
        }

        /// Makes `goes-silent` complete handshakes again, after a request that silenced it.
        static func speak() async throws {
            let control = URL(string: environment["TLS_CONTROL_URL"]!)!
            _ = try await Client(baseURL: control) { $0.retryPolicy = .never }.post(Speak())
        }

        static var isAvailable: Bool { pki != nil && environment["TLS_CONTROL_URL"] != nil }
    }

    extension Trait where Self == ConditionTrait {
        /// Runs a suite only when the TLS servers run.
        static var requiresTLSServers: Self {
            .enabled(if: TLSServers.isAvailable, "TLS_PKI_DIR is not set: run scripts/test")
        }
    }
#endif
