#if AsyncHTTPClient
    import EndpointKit
    import Foundation
    import NIOConcurrencyHelpers
    import NIOCore
    import NIOPosix
    import NIOSSL
    import NIOTLS

    /// Why BoringSSL refused a server's certificate, which it does not say: found by looking at the
    /// certificate itself.
    ///
    /// A second connection to the same server completes a handshake without verification, reads
    /// the server's certificate, and closes: no request is sent on it, and the client sends no
    /// certificate of its own. Its findings, in order: expired or not valid yet; not chaining to
    /// a policy's own certificates (a pin); self-signed; else issued by an unknown CA. When that
    /// connection fails too, the failure stays `.untrustedCertificate`.
    ///
    /// The same kind of connection tells a handshake that stalls from a server that is slow or
    /// unreachable (``handshakeStalls(host:port:group:)``).
    enum CertificateDiagnosis {
        static func explain(
            _ failure: TLSFailure, url: URL?, policy: TLSPolicy, group: any EventLoopGroup
        ) async -> TLSFailure {
            guard failure.reason == .untrustedCertificate, let url, let host = url.host,
                let certificate = try? await peerCertificate(host: host, port: url.port ?? 443, group: group)
            else { return failure }
            var explained = failure
            let now = time(nil)
            let issuer = describe(certificate.issuerName)
            if certificate.notValidAfter < now {
                explained.reason = .expiredCertificate
                explained.detail = "it expired on \(date(certificate.notValidAfter))"
            } else if certificate.notValidBefore > now {
                explained.reason = .certificateNotYetValid
                explained.detail = "it is valid from \(date(certificate.notValidBefore))"
            } else if case .only(let pinned) = policy.policy(forHost: host).trust {
                explained.reason = .notPinned
                explained.detail = "issued by \(issuer), which is none of the \(pinned.count) pinned certificates"
            } else if certificate.issuerName == certificate.subjectName {
                explained.reason = .selfSignedCertificate
                explained.detail = "issued by itself, \(issuer)"
            } else {
                explained.reason = .unknownIssuer
                explained.detail = "issued by \(issuer), which no trusted root vouches for"
            }
            return explained
        }

        /// Whether the server at `host`:`port` accepts a connection and then completes no TLS
        /// handshake on it within 2 seconds. `false` when the connection fails, or the handshake
        /// completes or fails.
        static func handshakeStalls(host: String, port: Int, group: any EventLoopGroup) async -> Bool {
            do {
                _ = try await peerCertificate(host: host, port: port, group: group, timeout: .seconds(2))
                return false
            } catch {
                return error is HandshakeStalled
            }
        }

        /// A connection that was made, on which the handshake did not complete in time.
        private struct HandshakeStalled: Error {}

        /// The leaf certificate the server at `host`:`port` presents, without verifying it.
        ///
        /// - Throws: `HandshakeStalled` when the connection is made but the handshake does not
        ///   complete within `timeout`; `ChannelError.connectTimeout` when no connection is made
        ///   within it; the connection's or the handshake's error.
        private static func peerCertificate(
            host: String, port: Int, group: any EventLoopGroup, timeout: TimeAmount = .seconds(5)
        ) async throws -> NIOSSLCertificate? {
            var configuration = TLSConfiguration.makeClientConfiguration()
            configuration.certificateVerification = .none
            let context = try NIOSSLContext(configuration: configuration)
            let isAddress = host.contains(":") || host.allSatisfy { $0.isNumber || $0 == "." }
            let certificate = group.next().makePromise(of: NIOSSLCertificate?.self)
            let connected = ClientBootstrap(group: group)
                .connectTimeout(timeout)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        let handler = try NIOSSLClientHandler(context: context, serverHostname: isAddress ? nil : host)
                        try channel.pipeline.syncOperations.addHandler(handler)
                        try channel.pipeline.syncOperations.addHandler(CertificateReader(certificate))
                    }
                }
                .connect(host: host, port: port)
            let isConnected = NIOLockedValueBox(false)
            connected.whenComplete { result in
                switch result {
                case .success: isConnected.withLockedValue { $0 = true }
                case .failure(let error): certificate.fail(error)
                }
            }
            // A server that stalls its handshake does not hold the diagnosis up for long.
            let timer = group.next().scheduleTask(in: timeout) {
                certificate.fail(
                    isConnected.withLockedValue { $0 } ? HandshakeStalled() : ChannelError.connectTimeout(timeout))
            }
            defer { timer.cancel() }
            defer { connected.whenSuccess { $0.close(promise: nil) } }
            return try await certificate.futureResult.get()
        }

        /// `"CN=api.example.com, O=Example"`: the common name and organization, as a person reads
        /// a certificate's name.
        private static func describe(_ name: [SSLCertificateName]) -> String {
            let labels: [(SSLCertificateNameType, String)] = [(.commonName, "CN"), (.organization, "O")]
            let parts = labels.flatMap { type, label in name.filter { $0.type == type }.map { "\(label)=\($0.value)" } }
            return parts.isEmpty ? "an unnamed issuer" : "\"\(parts.joined(separator: ", "))\""
        }

        private static func date(_ time: time_t) -> String {
            ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(time)))
        }
    }

    /// Reads the server's certificate once the TLS handshake completes, into its promise; fails
    /// the promise when the channel fails or closes first.
    private final class CertificateReader: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = ByteBuffer
        private let certificate: EventLoopPromise<NIOSSLCertificate?>

        init(_ certificate: EventLoopPromise<NIOSSLCertificate?>) {
            self.certificate = certificate
        }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if case TLSUserEvent.handshakeCompleted = event {
                let handler = try? context.pipeline.syncOperations.handler(type: NIOSSLClientHandler.self)
                certificate.succeed(handler?.peerCertificate)
            }
            context.fireUserInboundEventTriggered(event)
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            certificate.fail(error)
        }

        func channelInactive(context: ChannelHandlerContext) {
            certificate.fail(ChannelError.ioOnClosedChannel)
            context.fireChannelInactive()
        }
    }
#endif
