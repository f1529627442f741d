#if AsyncHTTPClient
    import AsyncHTTPClient
    import EndpointKit
    import Foundation
    import NIOSSL

    extension TLSFailure {
        /// The TLS failure that AsyncHTTPClient (SwiftNIO SSL, BoringSSL) threw as `error` for a
        /// request to `url`; `nil` when `error` is not one.
        ///
        /// BoringSSL says only `CERTIFICATE_VERIFY_FAILED` when it refuses a certificate, whatever
        /// the reason: that becomes `.untrustedCertificate`, which the transport then explains by
        /// looking at the certificate (`CertificateDiagnosis`).
        init?(asyncHTTPClientError error: any Error, url: URL?) {
            let server = Self.server(of: url)
            if let error = error as? HTTPClientError, error == .tlsHandshakeTimeout {
                self.init(reason: .handshakeTimedOut, server: server, detail: "after the connect timeout")
                return
            }
            if let error = error as? NIOSSLExtraError, error == .failedToValidateHostname {
                self.init(reason: .wrongHost, server: server, detail: "it does not name \(url?.host ?? "the host")")
                return
            }
            guard error is NIOSSLError || error is BoringSSLError else { return nil }
            if case NIOSSLError.uncleanShutdown = error {
                self.init(reason: .connectionClosedDuringHandshake, server: server)
                return
            }
            // The server closed the connection (a FIN) before the handshake completed, having
            // sent nothing or part of its reply: SwiftNIO SSL says "EOF during handshake".
            if case NIOSSLError.handshakeFailed(.sslError(let errors)) = error, errors.contains(.eofDuringHandshake) {
                self.init(reason: .connectionClosedDuringHandshake, server: server, detail: "EOF during handshake")
                return
            }
            let reasons = Self.boringSSLReasons(in: error)
            let detail = reasons.isEmpty ? String(describing: error) : reasons.joined(separator: ", ")
            let mapping: [(String, Reason)] = [
                ("CERTIFICATE_VERIFY_FAILED", .untrustedCertificate),
                ("CERTIFICATE_REQUIRED", .clientCertificateRequired),
                ("ALERT_UNKNOWN_CA", .clientCertificateRefused),
                ("ALERT_BAD_CERTIFICATE", .clientCertificateRefused),
                ("ALERT_CERTIFICATE_UNKNOWN", .clientCertificateRefused),
                ("ALERT_ACCESS_DENIED", .clientCertificateRefused),
                ("UNSUPPORTED_PROTOCOL", .unsupportedVersion),
                ("PROTOCOL_VERSION", .unsupportedVersion),
            ]
            let reason = mapping.first { name, _ in reasons.contains { $0.contains(name) } }?.1
            if let reason {
                self.init(reason: reason, server: server, detail: detail)
            } else if case NIOSSLError.handshakeFailed = error {
                self.init(reason: .handshakeFailed, server: server, detail: detail)
            } else {
                return nil
            }
        }

        /// BoringSSL's reason names in `error`'s text (`CERTIFICATE_VERIFY_FAILED`), without its
        /// codes and source paths.
        private static func boringSSLReasons(in error: any Error) -> [String] {
            let text = String(describing: error)
            var reasons: [String] = []
            var rest = text[...]
            while let marker = rest.range(of: "OPENSSL_internal:") {
                let name = rest[marker.upperBound...].prefix { $0.isUppercase || $0.isNumber || $0 == "_" }
                if !name.isEmpty { reasons.append(String(name)) }
                rest = rest[marker.upperBound...]
            }
            return reasons
        }
    }
#endif
