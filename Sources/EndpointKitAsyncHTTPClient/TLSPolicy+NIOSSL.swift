#if AsyncHTTPClient
    import EndpointKit
    import Foundation
    import NIOSSL

    /// A ``TLSPolicy`` as SwiftNIO SSL configurations: one for its default, one per host of its
    /// `perHost`; each request gets its host's.
    struct TLSConfigurations: Sendable {
        let policy: TLSPolicy
        private let defaultConfiguration: TLSConfiguration
        private let configurations: [String: TLSConfiguration]

        /// Parses every certificate and key of `policy`.
        ///
        /// - Throws: ``TLSPolicyError/invalidCertificate(source:)`` or
        ///   ``TLSPolicyError/invalidPrivateKey(source:)`` for one SwiftNIO SSL cannot read.
        init(_ policy: TLSPolicy) throws(TLSPolicyError) {
            self.policy = policy
            var defaultConfiguration: TLSConfiguration?
            var configurations: [String: TLSConfiguration] = [:]
            for (host, hostPolicy) in policy.allPolicies {
                let configuration = try Self.configuration(for: hostPolicy)
                if let host {
                    configurations[host] = configuration
                } else {
                    defaultConfiguration = configuration
                }
            }
            self.defaultConfiguration = defaultConfiguration ?? .makeClientConfiguration()
            self.configurations = configurations
            if policy.allPolicies.contains(where: {
                $0.policy.trust == .insecureAcceptAnyCertificateForLocalDevelopment
            }) {
                Self.warnOnce(policy)
            }
        }

        /// The configuration for a request to `host`, chosen as `TLSPolicy.policy(forHost:)` does.
        func configuration(forHost host: String) -> TLSConfiguration {
            guard !configurations.isEmpty else { return defaultConfiguration }
            return policy.key(forHost: host).flatMap { configurations[$0] } ?? defaultConfiguration
        }

        private static func configuration(for policy: TLSPolicy) throws(TLSPolicyError) -> TLSConfiguration {
            var configuration = TLSConfiguration.makeClientConfiguration()
            configuration.minimumTLSVersion = policy.minimumVersion == .v1_3 ? .tlsv13 : .tlsv12
            switch policy.trust {
            case .systemRoots:
                configuration.trustRoots = .default
            case .only(let certificates):
                configuration.trustRoots = .certificates(try Self.certificates(certificates))
            case .systemRootsAnd(let certificates):
                configuration.trustRoots = .default
                configuration.additionalTrustRoots = [.certificates(try Self.certificates(certificates))]
            case .insecureAcceptAnyCertificateForLocalDevelopment:
                configuration.certificateVerification = .none
            }
            if let identity = policy.clientIdentity {
                configuration.certificateChain = try Self.certificates(identity.certificateChain).map {
                    .certificate($0)
                }
                do {
                    configuration.privateKey = .privateKey(
                        try NIOSSLPrivateKey(bytes: Array(identity.privateKeyPEM.utf8), format: .pem))
                } catch {
                    throw .invalidPrivateKey(source: "the private key of \(identity.certificateChain[0].source)")
                }
            }
            return configuration
        }

        private static func certificates(_ certificates: [TLSCertificate]) throws(TLSPolicyError) -> [NIOSSLCertificate]
        {
            var parsed: [NIOSSLCertificate] = []
            for certificate in certificates {
                parsed.append(try Self.certificate(certificate))
            }
            return parsed
        }

        private static func certificate(_ certificate: TLSCertificate) throws(TLSPolicyError) -> NIOSSLCertificate {
            do {
                return try NIOSSLCertificate(bytes: Array(certificate.derBytes), format: .der)
            } catch {
                throw .invalidCertificate(source: certificate.source)
            }
        }

        /// Verification off is written to standard error once per transport: never silently.
        private static func warnOnce(_ policy: TLSPolicy) {
            let hosts = policy.allPolicies.filter {
                $0.policy.trust == .insecureAcceptAnyCertificateForLocalDevelopment
            }
            .map { $0.host ?? "every host" }
            let line =
                "warning: EndpointKit: AsyncHTTPClientTransport does not verify TLS certificates for "
                + "\(hosts.joined(separator: ", ")) (insecureAcceptAnyCertificateForLocalDevelopment); "
                + "anyone on the network can read and change these calls\n"
            FileHandle.standardError.write(Data(line.utf8))
        }
    }
#endif
