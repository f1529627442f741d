import Foundation

/// What a client trusts and presents on its TLS connections: the roots a server's certificate
/// must chain to, a client certificate for mutual TLS, and the oldest TLS version accepted; for
/// every host, or for some hosts only.
///
/// The default trusts the system's roots, presents no certificate and accepts TLS 1.2 and 1.3,
/// as a browser does. Give a policy to a transport that enforces it:
///
/// <!-- snippet needs: url -->
/// ```swift
/// import AsyncHTTPClient
/// import EndpointKitAsyncHTTPClient
///
/// let privateCA = try TLSCertificate(pemFile: URL(fileURLWithPath: "/etc/ssl/private-ca.pem"))
/// let identity = try TLSClientIdentity(
///     certificatePEMFile: URL(fileURLWithPath: "/run/secrets/client.pem"),
///     privateKeyPEMFile: URL(fileURLWithPath: "/run/secrets/client.key"))
/// let tls = TLSPolicy(
///     minimumVersion: .v1_3,
///     perHost: ["vault.internal": TLSPolicy(trust: .only([privateCA]), clientIdentity: identity)])
/// let httpClient = HTTPClient(configuration: AsyncHTTPClientTransport.makeDefaultConfiguration())
/// let client = try Client(baseURL: url) {
///     $0.transport = try AsyncHTTPClientTransport(client: httpClient, tls: tls)
/// }
/// ```
///
/// `AsyncHTTPClientTransport` enforces every part of it, on Linux and on Apple platforms.
/// `URLSessionTransport` enforces only the default, and refuses any other policy with
/// ``TLSPolicyError/notEnforceable(transport:requirement:)`` when it is made: a policy is never
/// ignored. The Security article says what each transport enforces where.
public struct TLSPolicy: Sendable, Hashable {
    /// The certificates a server's chain must lead to.
    public enum Trust: Sendable, Hashable {
        /// The operating system's trusted roots.
        case systemRoots
        /// Only these certificates, and not the system's roots: a private CA, or pinning to your
        /// own CA. A server certificate that the system trusts but that does not chain to one of
        /// these is refused. They must be root certificates: `AsyncHTTPClientTransport` (SwiftNIO
        /// SSL 2.37) verifies chains up to a root, so a pinned leaf or intermediate certificate
        /// refuses every connection (``TLSFailure/Reason/notPinned``) rather than let one through.
        case only([TLSCertificate])
        /// The system's roots and these certificates too.
        case systemRootsAnd([TLSCertificate])
        /// No verification at all: any certificate, for any host, expired or not. For a local
        /// development server only; a transport given it writes a warning once, when it is made.
        case insecureAcceptAnyCertificateForLocalDevelopment
    }

    /// A TLS protocol version.
    public enum Version: Int, Sendable, Hashable, Comparable, CustomStringConvertible {
        /// TLS 1.2.
        case v1_2 = 12
        /// TLS 1.3.
        case v1_3 = 13

        /// Whether `lhs` is older than `rhs`.
        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

        /// `TLS 1.2` or `TLS 1.3`.
        public var description: String { self == .v1_2 ? "TLS 1.2" : "TLS 1.3" }
    }

    /// The certificates a server's chain must lead to; the system's roots by default.
    public var trust: Trust
    /// The certificate and key presented to a server that asks for one; none by default.
    public var clientIdentity: TLSClientIdentity?
    /// The oldest TLS version accepted; TLS 1.2 by default.
    public var minimumVersion: Version
    /// Policies for some hosts, which replace this one for them: a host name (`vault.internal`,
    /// matched whatever its case) or all names under a domain (`*.internal`, which does not match
    /// `internal` itself). An exact name wins over a wildcard, and a longer wildcard over a
    /// shorter one. Their own `perHost` is not used.
    public var perHost: [String: TLSPolicy]

    /// The default: the system's roots, no client certificate, TLS 1.2 or later, for every host.
    public static let `default` = TLSPolicy()

    /// Creates a policy.
    ///
    /// - Parameters:
    ///   - trust: The certificates a server's chain must lead to; the system's roots by default.
    ///   - clientIdentity: The certificate and key presented to a server that asks for one.
    ///   - minimumVersion: The oldest TLS version accepted; TLS 1.2 by default.
    ///   - perHost: Policies that replace this one for some hosts.
    public init(
        trust: Trust = .systemRoots, clientIdentity: TLSClientIdentity? = nil, minimumVersion: Version = .v1_2,
        perHost: [String: TLSPolicy] = [:]
    ) {
        self.trust = trust
        self.clientIdentity = clientIdentity
        self.minimumVersion = minimumVersion
        self.perHost = perHost
    }

    /// The policy for connections to `host`: its entry in ``perHost``, or this policy, without
    /// ``perHost``.
    ///
    /// - Parameter host: A host name or IP address, as in a URL.
    public func policy(forHost host: String) -> TLSPolicy {
        var chosen = key(forHost: host).flatMap { perHost[$0] } ?? self
        chosen.perHost = [:]
        return chosen
    }

    /// The key of ``perHost`` whose policy applies to `host`, if any.
    package func key(forHost host: String) -> String? {
        let host = host.lowercased()
        var best: (key: String, length: Int)?
        for key in perHost.keys {
            let pattern = key.lowercased()
            if pattern == host { return key }
            if pattern.hasPrefix("*."), host.hasSuffix(pattern.dropFirst()), pattern.count > best?.length ?? 0 {
                best = (key, pattern.count)
            }
        }
        return best?.key
    }

    /// Every policy this one holds: itself and each of ``perHost``, with the host they apply to
    /// (`nil` for itself).
    package var allPolicies: [(host: String?, policy: TLSPolicy)] {
        var this = self
        this.perHost = [:]
        return [(nil, this)]
            + perHost.sorted { $0.key < $1.key }.map { host, policy in
                var policy = policy
                policy.perHost = [:]
                return (host, policy)
            }
    }
}
