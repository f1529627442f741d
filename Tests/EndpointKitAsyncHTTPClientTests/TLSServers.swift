#if AsyncHTTPClient
    import EndpointKit
    import Foundation
    import Testing

    /// What the TLS servers saw, and how to make `goes-silent` speak again (TestServers'
    /// `TLSServers` finds them).
    extension TLSServers {
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
            let control = try #require(controlURL)
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
            let control = try #require(controlURL)
            _ = try await Client(baseURL: control) { $0.retryPolicy = .never }.post(Speak())
        }
    }
#endif
