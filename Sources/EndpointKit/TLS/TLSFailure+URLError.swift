import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension TLSFailure {
    /// The TLS failure that URLSession reported as `error` for a request to `url`; `nil` when
    /// `error` is not one.
    ///
    /// Apple's URLSession gives a code per failure (`.serverCertificateHasBadDate`, …). On Linux,
    /// swift-corelibs-foundation 6.3.1 reports every TLS failure as `URLError(-1)`, the code of
    /// any unknown failure, with libcurl's message as its description ("SSL certificate problem:
    /// certificate has expired"); a retry policy could not tell it from a lost connection. So the
    /// message is read here, in this one place (test: "URLSession's TLS failures on Linux are
    /// typed by libcurl's message").
    ///
    /// Behind a proxy, URLSession on Linux has a response before the handshake with the server
    /// begins: the proxy's answer to `CONNECT` ("200 Connection established"). So a certificate
    /// that libcurl refused is a TLS failure whether or not a response arrived: a certificate is
    /// only ever checked in a handshake, before the server sends anything (test: "Behind a
    /// proxy, URLSession's certificate failure is a TLSFailure, sent once"). libcurl's other
    /// messages that mention a handshake or an alert count only before any response.
    ///
    /// - Parameters:
    ///   - error: What URLSession reported.
    ///   - url: The request's URL, for the failure's `server`.
    ///   - responseArrived: Whether URLSession had a response (perhaps the proxy's) by then.
    package init?(urlSessionError error: any Error, url: URL?, responseArrived: Bool = false) {
        guard let urlError = error as? URLError else { return nil }
        let server = Self.server(of: url)
        let detail = "URLError \(urlError.code.rawValue)"
        switch urlError.code {
        case .serverCertificateHasBadDate: self.init(reason: .expiredCertificate, server: server, detail: detail)
        case .serverCertificateNotYetValid: self.init(reason: .certificateNotYetValid, server: server, detail: detail)
        case .serverCertificateHasUnknownRoot: self.init(reason: .unknownIssuer, server: server, detail: detail)
        case .serverCertificateUntrusted: self.init(reason: .untrustedCertificate, server: server, detail: detail)
        case .clientCertificateRequired: self.init(reason: .clientCertificateRequired, server: server, detail: detail)
        case .clientCertificateRejected: self.init(reason: .clientCertificateRefused, server: server, detail: detail)
        case .secureConnectionFailed: self.init(reason: .handshakeFailed, server: server, detail: detail)
        case .unknown:
            guard let message = urlError.userInfo[NSLocalizedDescriptionKey] as? String,
                let reason = responseArrived
                    ? Self.certificateReason(ofLibcurlMessage: message) : Self.reason(ofLibcurlMessage: message)
            else { return nil }
            self.init(reason: reason, server: server, detail: "libcurl: \(message)")
        default:
            return nil
        }
    }

    /// The reason that libcurl's message gives (OpenSSL's verification results, in libcurl's
    /// words); `nil` for a message that is not about TLS.
    static func reason(ofLibcurlMessage message: String) -> Reason? {
        if let reason = certificateReason(ofLibcurlMessage: message) { return reason }
        // Not every message with "SSL" in it is about the handshake ("OpenSSL SSL_read: Connection
        // reset by peer" is a lost connection): only a handshake failure or an alert is.
        let message = message.lowercased()
        // The server closed the connection (a FIN) during the handshake: OpenSSL's syscall error
        // with no errno ("OpenSSL SSL_connect: SSL_ERROR_SYSCALL in connection to …"). A reset is
        // "Recv failure: Connection reset by peer", a lost connection (LibcurlConnectionLoss).
        if message.contains("ssl_connect: ssl_error_syscall") { return .connectionClosedDuringHandshake }
        if message.contains("handshake") || message.contains("alert") { return .handshakeFailed }
        return nil
    }

    /// The reason that libcurl's message gives when it names what was wrong with a certificate
    /// or the handshake's terms (OpenSSL's verification results, in libcurl's words); `nil` for
    /// any other message.
    static func certificateReason(ofLibcurlMessage message: String) -> Reason? {
        let message = message.lowercased()
        let reasons: [(words: String, reason: Reason)] = [
            ("certificate has expired", .expiredCertificate),
            ("certificate is not yet valid", .certificateNotYetValid),
            ("self-signed certificate in certificate chain", .unknownIssuer),
            ("self signed certificate in certificate chain", .unknownIssuer),
            ("self-signed certificate", .selfSignedCertificate),
            ("self signed certificate", .selfSignedCertificate),
            ("unable to get local issuer certificate", .unknownIssuer),
            ("unable to get issuer certificate", .unknownIssuer),
            ("no alternative certificate subject name matches", .wrongHost),
            ("does not match target host name", .wrongHost),
            ("certificate subject name", .wrongHost),
            ("certificate required", .clientCertificateRequired),
            ("unsupported protocol", .unsupportedVersion),
            ("protocol version", .unsupportedVersion),
            ("ssl connection timeout", .handshakeTimedOut),
        ]
        return reasons.first(where: { message.contains($0.words) })?.reason
    }
}
