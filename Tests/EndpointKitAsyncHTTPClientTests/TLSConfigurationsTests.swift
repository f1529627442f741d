#if AsyncHTTPClient
    @testable import EndpointKitAsyncHTTPClient
    import NIOCore
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

        @Test(
            "Configurations that differ in one trust, version or protocol setting are not the same",
            arguments: [
                "certificateVerification", "trustRoots", "additionalTrustRoots", "minimumTLSVersion",
                "applicationProtocols",
            ])
        func oneDifferenceIsSeen(setting: String) throws {
            let base = TLSConfiguration.makeClientConfiguration()
            var changed = base
            switch setting {
            case "certificateVerification": changed.certificateVerification = .none
            case "trustRoots": changed.trustRoots = .file("/etc/ssl/certs/ca-certificates.crt")
            case "additionalTrustRoots": changed.additionalTrustRoots = [.file("/etc/ssl/certs/ca-certificates.crt")]
            case "minimumTLSVersion": changed.minimumTLSVersion = .tlsv13
            case "applicationProtocols": changed.applicationProtocols = ["http/1.1"]
            default: Issue.record("no change written for \(setting)")
            }
            #expect(TLSConfigurations.sameSettings(base, base))
            #expect(!TLSConfigurations.sameSettings(base, changed))
            #expect(!TLSConfigurations.sameSettings(changed, base))
        }
    }
#endif
