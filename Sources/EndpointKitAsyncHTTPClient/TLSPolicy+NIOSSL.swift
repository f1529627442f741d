#if AsyncHTTPClient
    import EndpointKit
    import Foundation
    import NIOSSL

    /// A ``TLSPolicy`` as SwiftNIO SSL configurations: one for its default, one per host of its
    /// `perHost`; each request gets its host's, unless the `HTTPClient` applies it already. A class:
    /// every HTTPS request reads it, and a struct of configurations was copied for each.
    final class TLSConfigurations: Sendable {
        let policy: TLSPolicy
        private let defaultConfiguration: TLSConfiguration
        private let configurations: [String: TLSConfiguration]
        /// Whether the `HTTPClient`'s own configuration is the policy's default one (it was made
        /// with `makeDefaultConfiguration(tls:)`): then requests to the hosts the default applies
        /// to carry no configuration of their own.
        let clientAppliesDefault: Bool

        /// Parses every certificate and key of `policy`.
        ///
        /// - Parameter clientConfiguration: The `HTTPClient`'s own TLS configuration, when known.
        /// - Throws: ``TLSPolicyError/invalidCertificate(source:)`` or
        ///   ``TLSPolicyError/invalidPrivateKey(source:)`` for one SwiftNIO SSL cannot read.
        init(_ policy: TLSPolicy, clientConfiguration: TLSConfiguration? = nil) throws(TLSPolicyError) {
            self.policy = policy
            var defaultConfiguration: TLSConfiguration?
            var configurations: [String: TLSConfiguration] = [:]
            var skipsVerification: [String] = []
            for (host, hostPolicy) in policy.allPolicies {
                let configuration = try Self.configuration(for: hostPolicy)
                if let host {
                    configurations[host] = configuration
                } else {
                    defaultConfiguration = configuration
                }
                if hostPolicy.trust == .insecureAcceptAnyCertificateForLocalDevelopment {
                    skipsVerification.append(host ?? "every host")
                }
            }
            let resolvedDefault = defaultConfiguration ?? .makeClientConfiguration()
            self.defaultConfiguration = resolvedDefault
            self.configurations = configurations
            clientAppliesDefault = clientConfiguration.map { Self.sameSettings($0, resolvedDefault) } ?? false
            if !skipsVerification.isEmpty {
                Self.warn(skipsVerification, by: "AsyncHTTPClientTransport")
            }
        }

        /// Whether every request carries no configuration of its own: the policy has no per-host
        /// policies, and the `HTTPClient` applies its default. Then a request's host is not read
        /// (`URL.host` parses the URL's authority: some 0.4 µs of each HTTPS call).
        var clientAppliesEveryConfiguration: Bool {
            configurations.isEmpty && clientAppliesDefault
        }

        /// The configuration of a request to `host`, chosen as `TLSPolicy.policy(forHost:)` does;
        /// `nil` when it is the `HTTPClient`'s own.
        func configuration(forHost host: String) -> TLSConfiguration? {
            if !configurations.isEmpty, let key = policy.key(forHost: host), let configuration = configurations[key] {
                return configuration
            }
            return clientAppliesDefault ? nil : defaultConfiguration
        }

        /// Whether `a` and `b` set the same: trust, verification, identity, versions, ciphers,
        /// curves, signature algorithms, ALPN and the rest, and neither has a callback (a key log,
        /// a context or a PSK callback, which cannot be compared). The settings are listed by hand;
        /// the test "Every stored setting of SwiftNIO SSL's TLSConfiguration is one that
        /// sameSettings reads" fails when SwiftNIO SSL adds one.
        ///
        /// Not SwiftNIO SSL's `bestEffortEquals`: it compares the bytes of its optional PSK
        /// providers, and so, for two configurations made apart, also the undefined bytes of an
        /// absent one. Under ThreadSanitizer two `makeClientConfiguration()` with the same roots
        /// compared unequal (the test "Requests carry a TLS configuration of their own only where
        /// the HTTPClient's is not the policy's" saw it).
        static func sameSettings(_ a: TLSConfiguration, _ b: TLSConfiguration) -> Bool {
            func hasNoCallback(_ configuration: TLSConfiguration) -> Bool {
                // (The deprecated `pskClientCallback` is not read: warnings are errors here. A PSK,
                // however set, adds no trust: the roots, verification and identity are compared.)
                configuration.keyLogCallback == nil && configuration.sslContextCallback == nil
                    && configuration.pskClientProvider == nil && configuration.pskServerProvider == nil
            }
            let trust =
                a.certificateVerification == b.certificateVerification && a.trustRoots == b.trustRoots
                && a.additionalTrustRoots == b.additionalTrustRoots
            let identity = a.certificateChain == b.certificateChain && a.privateKey == b.privateKey
            let versions = a.minimumTLSVersion == b.minimumTLSVersion && a.maximumTLSVersion == b.maximumTLSVersion
            // `cipherSuiteValues` is derived from `cipherSuites`, by making a whole SSL context.
            let ciphers = a.cipherSuites == b.cipherSuites
            let algorithms =
                a.curves == b.curves && a.verifySignatureAlgorithms == b.verifySignatureAlgorithms
                && a.signingSignatureAlgorithms == b.signingSignatureAlgorithms
            let rest =
                a.applicationProtocols == b.applicationProtocols && a.shutdownTimeout == b.shutdownTimeout
                && a.renegotiationSupport == b.renegotiationSupport && a.sendCANameList == b.sendCANameList
                && a.pskHint == b.pskHint
            return hasNoCallback(a) && hasNoCallback(b) && trust && identity && versions && ciphers && algorithms
                && rest
        }

        /// The SwiftNIO SSL configuration of `policy` for the hosts its `perHost` does not name:
        /// what `makeDefaultConfiguration(tls:)` gives the `HTTPClient`. It warns, once, when
        /// that configuration does not verify certificates.
        static func defaultConfiguration(of policy: TLSPolicy) throws(TLSPolicyError) -> TLSConfiguration {
            var defaultPolicy = policy
            defaultPolicy.perHost = [:]
            if defaultPolicy.trust == .insecureAcceptAnyCertificateForLocalDevelopment {
                warn(["every host"], by: "an HTTPClient made with makeDefaultConfiguration(tls:)")
            }
            return try configuration(for: defaultPolicy)
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

        /// Verification off is written to standard error, once for each transport or `HTTPClient`
        /// configuration that has it: never silently.
        private static func warn(_ hosts: [String], by holder: String) {
            let line =
                "warning: EndpointKit: \(holder) does not verify TLS certificates for "
                + "\(hosts.joined(separator: ", ")) (insecureAcceptAnyCertificateForLocalDevelopment); "
                + "anyone on the network can read and change these calls\n"
            FileHandle.standardError.write(Data(line.utf8))
        }
    }
#endif
