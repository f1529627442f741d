import Foundation

/// Why a ``TLSPolicy`` or one of its parts was refused, when it was made or given to a transport:
/// before any request is sent.
public enum TLSPolicyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A certificate or key file could not be read.
    case unreadableFile(String, reason: String)
    /// PEM text (named by `source`: a file name, or `PEM`) is malformed or lacks what was asked for.
    case invalidPEM(source: String, reason: String)
    /// Bytes that are not a certificate.
    case invalidCertificate(source: String)
    /// A private key the transport could not read.
    case invalidPrivateKey(source: String)
    /// The transport cannot enforce a part of the policy, named in `requirement`, so it refused
    /// the whole policy rather than ignore that part.
    case notEnforceable(transport: String, requirement: String)

    /// What was refused and why, such as `TLS policy: client.pem is not usable PEM: …`.
    public var description: String {
        switch self {
        case .unreadableFile(let path, let reason):
            return "TLS policy: could not read \(path): \(reason)"
        case .invalidPEM(let source, let reason):
            return "TLS policy: \(source) is not usable PEM: \(reason)"
        case .invalidCertificate(let source):
            return "TLS policy: \(source) does not hold a valid X.509 certificate"
        case .invalidPrivateKey(let source):
            return "TLS policy: \(source) does not hold a private key the transport can read"
        case .notEnforceable(let transport, let requirement):
            return "TLS policy: \(transport) cannot enforce \(requirement); use AsyncHTTPClientTransport, "
                + "which enforces every part of a TLSPolicy"
        }
    }
}
