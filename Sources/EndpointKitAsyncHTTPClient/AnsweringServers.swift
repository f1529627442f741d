#if AsyncHTTPClient
    import Foundation
    import NIOConcurrencyHelpers

    /// The HTTPS servers (host and port) that have answered a transport, shared by its copies:
    /// each of them has completed a TLS handshake with it.
    ///
    /// A timeout before the response of an `https` request is reported as a stalled handshake
    /// only after a second connection's handshake stalls too
    /// (`CertificateDiagnosis.handshakeStalls`), and that second look is taken only for a server
    /// that has never answered: one that has is a server whose handshakes complete, and its
    /// silence is a timeout, which the retry policy may try again. On a busy machine, a server
    /// that completes handshakes can take longer than the second look's 2 seconds to complete
    /// one; without this record, a call that timed out waiting for such a server's response was
    /// reported as a TLS failure and not retried.
    ///
    /// At most ``capacity`` servers are kept; one more is not recorded, and a timeout of a call to
    /// it takes the second look as before.
    final class AnsweringServers: Sendable {
        /// The most servers recorded.
        static let capacity = 256

        private let servers = NIOLockedValueBox(Set<String>())

        /// Records that the server of `url` answered, when `url` is an `https` URL.
        func noteAnswer(from url: URL?) {
            guard let server = Self.server(of: url) else { return }
            servers.withLockedValue { servers in
                if servers.count < Self.capacity { servers.insert(server) }
            }
        }

        /// Whether the server of `url`, an `https` URL, has answered this transport.
        func hasAnswered(_ url: URL?) -> Bool {
            guard let server = Self.server(of: url) else { return false }
            return servers.withLockedValue { $0.contains(server) }
        }

        /// `host:port` of an `https` URL (the port 443 when it names none); `nil` for another scheme.
        private static func server(of url: URL?) -> String? {
            guard let url, let scheme = url.scheme, scheme == "https" || scheme.lowercased() == "https",
                let host = url.host
            else { return nil }
            return "\(host.lowercased()):\(url.port ?? 443)"
        }
    }
#endif
