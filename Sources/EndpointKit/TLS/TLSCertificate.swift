import Foundation

/// An X.509 certificate, for a ``TLSPolicy``: a root to trust, a certificate to pin, or part of
/// a client's ``TLSClientIdentity``.
///
/// ```swift
/// let privateCA = try TLSCertificate(pemFile: URL(fileURLWithPath: "/etc/ssl/private-ca.pem"))
/// let bundle = try TLSCertificate.all(inPEMFile: URL(fileURLWithPath: "/etc/ssl/partners.pem"))
/// ```
///
/// Only the form is checked here (PEM blocks, DER's outer `SEQUENCE`); the transport parses the
/// certificate when it is made, and refuses one that does not parse with
/// ``TLSPolicyError/invalidCertificate(source:)``.
public struct TLSCertificate: Sendable, Hashable, CustomStringConvertible {
    /// The certificate in DER form.
    public let derBytes: Data
    /// Where it came from, for error messages: a file name, or `"PEM"` or `"DER"`.
    public let source: String

    /// A certificate in DER form.
    ///
    /// - Parameters:
    ///   - derBytes: The DER bytes.
    ///   - source: Where they came from, for error messages.
    /// - Throws: ``TLSPolicyError/invalidCertificate(source:)`` when the bytes are not a DER
    ///   `SEQUENCE`.
    public init(derBytes: Data, source: String = "DER") throws(TLSPolicyError) {
        // Every certificate is a SEQUENCE (0x30) with a long-form length.
        guard derBytes.count > 4, derBytes.first == 0x30 else { throw .invalidCertificate(source: source) }
        self.derBytes = derBytes
        self.source = source
    }

    /// The one certificate in `pem`.
    ///
    /// - Throws: ``TLSPolicyError/invalidPEM(source:reason:)`` unless `pem` holds exactly one
    ///   `CERTIFICATE` block (use ``all(inPEM:source:)`` for a bundle).
    public init(pem: String, source: String = "PEM") throws(TLSPolicyError) {
        self = try Self.one(in: PEM(pem, source: source), source: source)
    }

    /// The one certificate in the PEM file at `pemFile`.
    ///
    /// - Throws: ``TLSPolicyError/unreadableFile(_:reason:)``, or
    ///   ``TLSPolicyError/invalidPEM(source:reason:)`` unless it holds exactly one certificate.
    public init(pemFile: URL) throws(TLSPolicyError) {
        self = try Self.one(in: PEM.contents(of: pemFile), source: pemFile.lastPathComponent)
    }

    /// Every certificate in `pem`, in order: a bundle of roots, or a chain.
    ///
    /// - Throws: ``TLSPolicyError/invalidPEM(source:reason:)`` when it holds none.
    public static func all(inPEM pem: String, source: String = "PEM") throws(TLSPolicyError) -> [TLSCertificate] {
        try all(in: PEM(pem, source: source), source: source)
    }

    /// Every certificate in the PEM file at `pemFile`, in order.
    ///
    /// - Throws: ``TLSPolicyError/unreadableFile(_:reason:)``, or
    ///   ``TLSPolicyError/invalidPEM(source:reason:)`` when it holds none.
    public static func all(inPEMFile pemFile: URL) throws(TLSPolicyError) -> [TLSCertificate] {
        try all(in: PEM.contents(of: pemFile), source: pemFile.lastPathComponent)
    }

    /// The certificate in PEM form.
    public var pem: String {
        let base64 = derBytes.base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        return "-----BEGIN CERTIFICATE-----\n\(base64)\n-----END CERTIFICATE-----\n"
    }

    /// `certificate from ca.pem (812 bytes)`.
    public var description: String {
        "certificate from \(source) (\(derBytes.count) bytes)"
    }

    private static func all(in pem: PEM, source: String) throws(TLSPolicyError) -> [TLSCertificate] {
        var certificates: [TLSCertificate] = []
        for block in pem.blocks where block.label == "CERTIFICATE" || block.label == "TRUSTED CERTIFICATE" {
            certificates.append(try TLSCertificate(derBytes: block.bytes, source: source))
        }
        guard !certificates.isEmpty else { throw .invalidPEM(source: source, reason: "it holds no CERTIFICATE block") }
        return certificates
    }

    private static func one(in pem: PEM, source: String) throws(TLSPolicyError) -> TLSCertificate {
        let certificates = try all(in: pem, source: source)
        guard certificates.count == 1 else {
            throw .invalidPEM(
                source: source,
                reason: "it holds \(certificates.count) certificates where one was expected; "
                    + "TLSCertificate.all(inPEM:) reads a bundle")
        }
        return certificates[0]
    }
}
