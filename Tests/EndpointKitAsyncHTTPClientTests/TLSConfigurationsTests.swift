#if AsyncHTTPClient
    @testable import EndpointKitAsyncHTTPClient
    import NIOSSL
    import Testing

    /// `TLSConfigurations.sameSettings` lists the settings it compares by hand, so that a request
    /// carries a configuration of its own only where the `HTTPClient`'s differs from the policy's.
    @Suite("Comparing SwiftNIO SSL configurations")
    struct TLSConfigurationsTests {
        /// The stored properties of `TLSConfiguration` that `sameSettings` compares, refuses (the
        /// callbacks and PSK providers, which cannot be compared), or reads through another (the
        /// application protocols are stored encoded).
        static let accountedFor: Set<String> = [
            "minimumTLSVersion", "maximumTLSVersion", "cipherSuites", "curves", "verifySignatureAlgorithms",
            "signingSignatureAlgorithms", "certificateVerification", "trustRoots", "additionalTrustRoots",
            "certificateChain", "privateKey", "_pskClientIdentityProvider", "_pskServerIdentityProvider",
            "sslContextCallback", "pskHint", "encodedApplicationProtocols", "shutdownTimeout", "keyLogCallback",
            "renegotiationSupport", "sendCANameList",
        ]

        @Test("Every stored setting of SwiftNIO SSL's TLSConfiguration is one that sameSettings reads")
        func everySettingIsAccountedFor() {
            // A setting added by a later SwiftNIO SSL fails this until sameSettings compares it: a
            // setting that adds trust must never be ignored by the comparison.
            let stored = Set(
                Mirror(reflecting: TLSConfiguration.makeClientConfiguration()).children.compactMap(\.label))
            #expect(
                stored.subtracting(Self.accountedFor).isEmpty, "not compared: \(stored.subtracting(Self.accountedFor))")
            #expect(
                Self.accountedFor.subtracting(stored).isEmpty,
                "gone: \(Self.accountedFor.subtracting(stored))")
        }

        /// A setting whose difference `sameSettings` must see, and a change of it.
        enum Setting: String, CaseIterable, Sendable {
            case certificateVerification, trustRoots, additionalTrustRoots, minimumTLSVersion, applicationProtocols

            func change(_ configuration: inout TLSConfiguration) {
                let bundle = "/etc/ssl/certs/ca-certificates.crt"
                switch self {
                case .certificateVerification: configuration.certificateVerification = .none
                case .trustRoots: configuration.trustRoots = .file(bundle)
                case .additionalTrustRoots: configuration.additionalTrustRoots = [.file(bundle)]
                case .minimumTLSVersion: configuration.minimumTLSVersion = .tlsv13
                case .applicationProtocols: configuration.applicationProtocols = ["http/1.1"]
                }
            }
        }

        @Test(
            "Configurations that differ in one trust, version or protocol setting are not the same",
            arguments: Setting.allCases)
        func oneDifferenceIsSeen(setting: Setting) {
            let base = TLSConfiguration.makeClientConfiguration()
            var changed = base
            setting.change(&changed)
            #expect(TLSConfigurations.sameSettings(base, base))
            #expect(!TLSConfigurations.sameSettings(base, changed))
            #expect(!TLSConfigurations.sameSettings(changed, base))
        }
    }
#endif
