import Foundation

/// A client certificate and its private key, which the client presents to servers that ask for
/// one: mutual TLS.
///
/// ```swift
/// let identity = try TLSClientIdentity(
///     certificatePEMFile: URL(fileURLWithPath: "/run/secrets/client.pem"),
///     privateKeyPEMFile: URL(fileURLWithPath: "/run/secrets/client.key"))
/// ```
///
/// Its `description` and mirror name the certificate, never the key.
public struct TLSClientIdentity: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// The client's certificate first, then the intermediates the server needs to reach its root.
    public let certificateChain: [TLSCertificate]
    /// The private key in PEM form (`PRIVATE KEY`, `EC PRIVATE KEY` or `RSA PRIVATE KEY`, not
    /// encrypted); only transports read it.
    public let privateKeyPEM: String

    /// An identity from PEM text.
    ///
    /// - Parameters:
    ///   - certificateChain: The client's certificate, then its intermediates.
    ///   - privateKeyPEM: The certificate's private key, in PEM form and not encrypted.
    /// - Throws: ``TLSPolicyError/invalidPEM(source:reason:)`` when the chain is empty or the key
    ///   is not one unencrypted private key block.
    public init(certificateChain: [TLSCertificate], privateKeyPEM: String) throws(TLSPolicyError) {
        try self.init(
            certificateChain: certificateChain, privateKey: PEM(privateKeyPEM, source: "private key"),
            source: "private key")
    }

    /// An identity from two PEM files: the certificate (with its intermediates after it), and
    /// its private key.
    ///
    /// - Throws: ``TLSPolicyError/unreadableFile(_:reason:)`` or
    ///   ``TLSPolicyError/invalidPEM(source:reason:)``.
    public init(certificatePEMFile: URL, privateKeyPEMFile: URL) throws(TLSPolicyError) {
        try self.init(
            certificateChain: TLSCertificate.all(inPEMFile: certificatePEMFile),
            privateKey: PEM.contents(of: privateKeyPEMFile), source: privateKeyPEMFile.lastPathComponent)
    }

    private init(certificateChain: [TLSCertificate], privateKey: PEM, source: String) throws(TLSPolicyError) {
        guard !certificateChain.isEmpty else {
            throw .invalidPEM(source: "certificate chain", reason: "a client identity needs its certificate")
        }
        let keys = privateKey.blocks.filter { $0.label.hasSuffix("PRIVATE KEY") }
        guard keys.count == 1, let key = keys.first else {
            throw .invalidPEM(source: source, reason: "it holds \(keys.count) private keys where one was expected")
        }
        guard key.label != "ENCRYPTED PRIVATE KEY" else {
            throw .invalidPEM(source: source, reason: "the private key is encrypted; decrypt it first")
        }
        self.certificateChain = certificateChain
        privateKeyPEM = key.text + "\n"
    }

    /// `client identity: certificate from client.pem (612 bytes), private key redacted`.
    public var description: String {
        "client identity: \(certificateChain[0]), private key redacted"
    }

    /// The chain, and the key redacted, for `dump` and debuggers.
    public var customMirror: Mirror {
        Mirror(self, children: ["certificateChain": certificateChain, "privateKeyPEM": "redacted"])
    }
}
