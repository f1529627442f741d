import Foundation

/// A TLS connection that failed before any request was sent: the server's certificate was
/// refused, the server refused the client's, or the handshake did not complete.
///
/// Transports throw it, and the client reports it as ``EndpointError/transportFailed(_:)`` with
/// this error as the failure's `underlying` error (``TransportFailure/tlsFailure``). It is never
/// retried: the next attempt would meet the same certificate.
///
/// <!-- snippet needs: client, UserRepositories -->
/// ```swift
/// do {
///     print(try await client.get(UserRepositories()).count)
/// } catch {
///     if let tls = error.tlsFailure, tls.reason == .expiredCertificate {
///         print(tls)  // the TLS handshake with 127.0.0.1:8443 failed: its certificate has expired
///     }
/// }
/// ```
public struct TLSFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What failed.
    ///
    /// An open set, not an enum, so that a later release can add a reason without breaking a
    /// `switch` that lists them: compare with `==`, or `switch` with a `default`.
    public struct Reason: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The reason's name, such as `expiredCertificate`.
        public let rawValue: String

        /// The reason named `rawValue`.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The reason's name.
        public var description: String { rawValue }

        /// The server's certificate has expired.
        public static let expiredCertificate = Reason(rawValue: "expiredCertificate")
        /// The server's certificate is not valid yet.
        public static let certificateNotYetValid = Reason(rawValue: "certificateNotYetValid")
        /// The server's certificate is for other host names.
        public static let wrongHost = Reason(rawValue: "wrongHost")
        /// The server's certificate is self-signed, and not trusted.
        public static let selfSignedCertificate = Reason(rawValue: "selfSignedCertificate")
        /// The server's certificate chains to no trusted root: an unknown CA.
        public static let unknownIssuer = Reason(rawValue: "unknownIssuer")
        /// The server's certificate is not trusted, and the transport did not say why (Apple's
        /// `URLError.serverCertificateUntrusted`).
        public static let untrustedCertificate = Reason(rawValue: "untrustedCertificate")
        /// The server's certificate does not chain to the policy's own certificates
        /// (``TLSPolicy/Trust/only(_:)``), whether the system would trust it or not.
        public static let notPinned = Reason(rawValue: "notPinned")
        /// The server asked for a client certificate and the client had none.
        public static let clientCertificateRequired = Reason(rawValue: "clientCertificateRequired")
        /// The server refused the client's certificate.
        public static let clientCertificateRefused = Reason(rawValue: "clientCertificateRefused")
        /// No TLS version both sides accept (see ``TLSPolicy/minimumVersion``).
        public static let unsupportedVersion = Reason(rawValue: "unsupportedVersion")
        /// The server did not complete the handshake in time.
        public static let handshakeTimedOut = Reason(rawValue: "handshakeTimedOut")
        /// The connection closed during the handshake.
        public static let connectionClosedDuringHandshake = Reason(rawValue: "connectionClosedDuringHandshake")
        /// The certificate was refused for another reason, or the handshake failed otherwise.
        public static let handshakeFailed = Reason(rawValue: "handshakeFailed")

        /// Every reason this release knows, in the order of its docs.
        public static let allCases: [Reason] = [
            .expiredCertificate,
            .certificateNotYetValid,
            .wrongHost,
            .selfSignedCertificate,
            .unknownIssuer,
            .untrustedCertificate,
            .notPinned,
            .clientCertificateRequired,
            .clientCertificateRefused,
            .unsupportedVersion,
            .handshakeTimedOut,
            .connectionClosedDuringHandshake,
            .handshakeFailed,
        ]
    }

    /// What failed.
    public var reason: Reason
    /// The host and port of the server, such as `api.example.com:443`.
    public var server: String
    /// What the transport said, or found, for example the certificate's expiry date; never a
    /// secret.
    public var detail: String?

    /// Creates a failure.
    ///
    /// - Parameters:
    ///   - reason: What failed.
    ///   - server: The host and port of the server.
    ///   - detail: What the transport said or found.
    public init(reason: Reason, server: String, detail: String? = nil) {
        self.reason = reason
        self.server = server
        self.detail = detail
    }

    /// `the TLS handshake with 127.0.0.1:8443 failed: its certificate has expired (…)`.
    public var description: String {
        "the TLS handshake with \(server) failed: \(summary)" + (detail.map { " (\($0))" } ?? "")
    }

    /// The reason in words.
    public var summary: String {
        switch reason {
        case .expiredCertificate: return "its certificate has expired"
        case .certificateNotYetValid: return "its certificate is not valid yet"
        case .wrongHost: return "its certificate is for another host"
        case .selfSignedCertificate: return "its certificate is self-signed and not trusted"
        case .unknownIssuer: return "its certificate was issued by an unknown CA"
        case .untrustedCertificate: return "its certificate is not trusted"
        case .notPinned: return "its certificate does not chain to the pinned certificates"
        case .clientCertificateRequired: return "the server requires a client certificate"
        case .clientCertificateRefused: return "the server refused the client certificate"
        case .unsupportedVersion: return "no TLS version is acceptable to both sides"
        case .handshakeTimedOut: return "the handshake timed out"
        case .connectionClosedDuringHandshake: return "the connection closed during the handshake"
        case .handshakeFailed: return "the handshake failed"
        default: return "the handshake failed (\(reason))"
        }
    }

    /// `host:port` of `url`, with the scheme's default port.
    package static func server(of url: URL?) -> String {
        guard let url, let origin = Origin(url), let host = origin.host else { return "the server" }
        let name = host.contains(":") ? "[\(host)]" : host
        return origin.port.map { "\(name):\($0)" } ?? name
    }
}

extension TransportFailure {
    /// The TLS failure underneath, when the connection failed in its TLS handshake.
    public var tlsFailure: TLSFailure? {
        underlying as? TLSFailure
    }
}

extension EndpointError {
    /// The TLS failure of a ``transportFailed(_:)`` error whose connection failed in its TLS
    /// handshake; `nil` otherwise.
    public var tlsFailure: TLSFailure? {
        if case .transportFailed(let failure) = self { return failure.tlsFailure }
        return nil
    }
}
