import EndpointKit
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Made-up DER (a SEQUENCE of zeros) and a made-up key: their form, not their content, is what
/// these tests read; the integration tests use real ones made at test time.
private let der = Data([0x30, 0x82, 0x01, 0x0A] + [UInt8](repeating: 0, count: 266))
private let pem =
    "-----BEGIN CERTIFICATE-----\n\(der.base64EncodedString(options: .lineLength64Characters))\n-----END CERTIFICATE-----\n"
private let keyPEM = "-----BEGIN PRIVATE KEY-----\nc2VjcmV0IGtleSBieXRlcw==\n-----END PRIVATE KEY-----\n"

@Suite("TLS policy")
struct TLSPolicyTests {
    @Test("A PEM certificate is read into its DER bytes, and a bundle into each of its certificates")
    func readsPEM() throws {
        let certificate = try TLSCertificate(pem: "Bag Attributes: skipped\n" + pem)
        #expect(certificate.derBytes == der)
        #expect(try TLSCertificate(pem: certificate.pem) == certificate)
        #expect(try TLSCertificate.all(inPEM: pem + pem).count == 2)
    }

    @Test(
        "Malformed PEM is refused with what is wrong and where",
        arguments: [
            ("no block at all", "it holds no CERTIFICATE block"),
            ("-----BEGIN CERTIFICATE-----\nMIIB\n", "the CERTIFICATE block has no END line"),
            (
                "-----BEGIN CERTIFICATE-----\n%%%%\n-----END CERTIFICATE-----",
                "the CERTIFICATE block is not valid base64"
            ),
            ("-----END CERTIFICATE-----", "an END CERTIFICATE line without its BEGIN line"),
        ])
    func refusesMalformedPEM(text: String, reason: String) {
        #expect(throws: TLSPolicyError.invalidPEM(source: "ca.pem", reason: reason)) {
            try TLSCertificate(pem: text, source: "ca.pem")
        }
    }

    @Test("A bundle where one certificate was expected is refused, and bytes that are not DER too")
    func refusesBundleAndNonDER() {
        #expect(throws: TLSPolicyError.self) { try TLSCertificate(pem: pem + pem) }
        #expect(throws: TLSPolicyError.invalidCertificate(source: "DER")) {
            try TLSCertificate(derBytes: Data("not a certificate".utf8))
        }
    }

    @Test("A missing file is a typed error that names it")
    func refusesMissingFile() {
        #expect {
            try TLSCertificate(pemFile: URL(fileURLWithPath: "/nonexistent/ca.pem"))
        } throws: { error in
            guard case TLSPolicyError.unreadableFile(let path, _) = error else { return false }
            return path == "/nonexistent/ca.pem"
        }
    }

    @Test("A client identity never shows its private key: not in its description, not in dump")
    func identityRedactsItsKey() throws {
        let identity = try TLSClientIdentity(certificateChain: [TLSCertificate(pem: pem)], privateKeyPEM: keyPEM)
        var dumped = ""
        dump(identity, to: &dumped)
        for text in [identity.description, String(reflecting: identity), dumped] {
            #expect(!text.contains("c2VjcmV0"), "\(text)")
            #expect(text.contains("redacted"))
        }
    }

    @Test("An encrypted private key is refused with a hint, and so is a file with no key")
    func refusesEncryptedKey() throws {
        let certificate = try TLSCertificate(pem: pem)
        #expect(
            throws: TLSPolicyError.invalidPEM(
                source: "private key", reason: "the private key is encrypted; decrypt it first")
        ) {
            try TLSClientIdentity(
                certificateChain: [certificate],
                privateKeyPEM: "-----BEGIN ENCRYPTED PRIVATE KEY-----\nc2VjcmV0\n-----END ENCRYPTED PRIVATE KEY-----")
        }
        #expect(throws: TLSPolicyError.self) {
            try TLSClientIdentity(certificateChain: [certificate], privateKeyPEM: pem)
        }
    }

    @Test("A host gets its own policy: an exact name first, then the longest wildcard, else the default")
    func choosesPolicyPerHost() throws {
        let pinned = TLSPolicy(trust: .only([try TLSCertificate(pem: pem)]))
        let strict = TLSPolicy(minimumVersion: .v1_3)
        let policy = TLSPolicy(perHost: ["vault.internal": pinned, "*.internal": strict, "*.eu.internal": .default])
        #expect(policy.policy(forHost: "Vault.Internal") == pinned)
        #expect(policy.policy(forHost: "db.internal") == strict)
        #expect(policy.policy(forHost: "db.eu.internal") == .default)
        #expect(policy.policy(forHost: "internal").minimumVersion == .v1_2)
        #expect(policy.policy(forHost: "api.example.com").perHost.isEmpty)
    }

    @Test("URLSessionTransport takes the default policy and refuses every part it cannot enforce")
    func urlSessionRefusesWhatItCannotEnforce() throws {
        let certificate = try TLSCertificate(pem: pem)
        _ = try URLSessionTransport(tls: .default)
        let refused: [(TLSPolicy, String)] = [
            (TLSPolicy(trust: .only([certificate])), "trusting only its own certificates (a private CA or a pin)"),
            (TLSPolicy(trust: .systemRootsAnd([certificate])), "trusting certificates besides the system's roots"),
            (
                TLSPolicy(
                    clientIdentity: try TLSClientIdentity(certificateChain: [certificate], privateKeyPEM: keyPEM)),
                "a client certificate"
            ),
            (TLSPolicy(minimumVersion: .v1_3), "a minimum of TLS 1.3"),
            (
                TLSPolicy(perHost: ["vault.internal": TLSPolicy(trust: .only([certificate]))]),
                "trusting only its own certificates (a private CA or a pin) for vault.internal"
            ),
            (TLSPolicy(trust: .insecureAcceptAnyCertificateForLocalDevelopment), "turning verification off"),
        ]
        for (policy, requirement) in refused {
            #expect(throws: TLSPolicyError.notEnforceable(transport: "URLSessionTransport", requirement: requirement)) {
                try URLSessionTransport(tls: policy)
            }
        }
        let error = TLSPolicyError.notEnforceable(transport: "URLSessionTransport", requirement: "a client certificate")
        #expect(error.description.contains("use AsyncHTTPClientTransport"))
    }
}

@Suite("TLS failures")
struct TLSFailureTests {
    @Test(
        "URLSession's TLS failures on Linux are typed by libcurl's message",
        arguments: [
            ("SSL certificate problem: certificate has expired", TLSFailure.Reason.expiredCertificate),
            ("SSL certificate problem: self-signed certificate", .selfSignedCertificate),
            ("SSL certificate problem: self-signed certificate in certificate chain", .unknownIssuer),
            ("SSL certificate problem: unable to get local issuer certificate", .unknownIssuer),
            ("SSL: no alternative certificate subject name matches target host name '127.0.0.1'", .wrongHost),
            (
                "OpenSSL/3.0.15: error:0A00045C:SSL routines::tlsv13 alert certificate required",
                .clientCertificateRequired
            ),
        ])
    func typesLibcurlMessages(message: String, reason: TLSFailure.Reason) throws {
        let error = URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: message])
        let failure = try #require(TLSFailure(urlSessionError: error, url: URL(string: "https://127.0.0.1:8443/x")))
        #expect(failure.reason == reason)
        #expect(failure.server == "127.0.0.1:8443")
        #expect(failure.description.hasPrefix("the TLS handshake with 127.0.0.1:8443 failed: "))
    }

    @Test("A lost connection whose message mentions SSL is not a TLS failure")
    func lostConnectionIsNotTLS() {
        let error = URLError(
            .unknown, userInfo: [NSLocalizedDescriptionKey: "OpenSSL SSL_read: Connection reset by peer"])
        #expect(TLSFailure(urlSessionError: error, url: nil) == nil)
        #expect(TLSFailure(urlSessionError: URLError(.timedOut), url: nil) == nil)
    }

    @Test(
        "After a response (a proxy's answer to CONNECT), a refused certificate is still a TLS failure; an alert is not")
    func certificateFailureAfterAProxyResponse() throws {
        let refused = URLError(
            .unknown,
            userInfo: [NSLocalizedDescriptionKey: "SSL certificate problem: unable to get local issuer certificate"])
        let failure = try #require(TLSFailure(urlSessionError: refused, url: nil, responseArrived: true))
        #expect(failure.reason == .unknownIssuer)
        let alert = URLError(
            .unknown, userInfo: [NSLocalizedDescriptionKey: "OpenSSL SSL_read: sslv3 alert bad record mac"])
        #expect(TLSFailure(urlSessionError: alert, url: nil, responseArrived: true) == nil)
        #expect(TLSFailure(urlSessionError: alert, url: nil, responseArrived: false)?.reason == .handshakeFailed)
    }

    @Test(
        "Apple's URLError codes for TLS become the same reasons",
        arguments: [
            (URLError.Code.serverCertificateHasBadDate, TLSFailure.Reason.expiredCertificate),
            (.serverCertificateHasUnknownRoot, .unknownIssuer),
            (.serverCertificateUntrusted, .untrustedCertificate),
            (.clientCertificateRequired, .clientCertificateRequired),
            (.secureConnectionFailed, .handshakeFailed),
        ])
    func typesAppleCodes(code: URLError.Code, reason: TLSFailure.Reason) {
        #expect(
            TLSFailure(urlSessionError: URLError(code), url: URL(string: "https://api.example.com/x"))?.reason == reason
        )
    }

    @Test("A TLS failure is never retried, whatever the method")
    func tlsFailureIsNotRetried() {
        let failure = TransportFailure(
            method: .get, url: URL(string: "https://api.example.com/x"),
            underlying: TLSFailure(reason: .expiredCertificate, server: "api.example.com:443"))
        let error = EndpointError.transportFailed(failure)
        #expect(error.tlsFailure?.reason == .expiredCertificate)
        #expect(RetryPolicy.default.delay(after: error, attempt: 1, method: .get, elapsed: 0) == nil)
        // A custom transport's URLError for a failed TLS connection is not retried either.
        let secure = TransportFailure(method: .get, url: nil, underlying: URLError(.secureConnectionFailed))
        #expect(RetryPolicy.default.delay(after: .transportFailed(secure), attempt: 1, method: .get, elapsed: 0) == nil)
        let lost = TransportFailure(method: .get, url: nil, underlying: URLError(.networkConnectionLost))
        #expect(RetryPolicy.default.delay(after: .transportFailed(lost), attempt: 1, method: .get, elapsed: 0) != nil)
    }
}
