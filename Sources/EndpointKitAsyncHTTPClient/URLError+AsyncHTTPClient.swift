#if AsyncHTTPClient
    import AsyncHTTPClient
    import Foundation
    import NIOCore
    import NIOHTTP1
    import NIOHTTP2
    import NIOPosix

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    extension URLError {
        /// The `URLError` that URLSession would have thrown for an AsyncHTTPClient or SwiftNIO
        /// error, with that error under `NSUnderlyingErrorKey`; `nil` when none fits.
        ///
        /// EndpointKit's `RetryPolicy` and `EndpointError.isTimeout` read `URLError` codes, so a
        /// timeout or a refused connection must look the same whichever transport sent the request:
        /// - AsyncHTTPClient's read, write, deadline, connect and handshake timeouts → `.timedOut`;
        /// - a refused or unreachable connection → `.cannotConnectToHost`;
        /// - a connection closed or reset while the request was under way, also in the middle of a
        ///   body, and a write to a connection or HTTP/2 stream that closed under the request
        ///   (`ChannelError.ioOnClosedChannel`, what a `GOAWAY` leaves to calls in flight)
        ///   → `.networkConnectionLost`;
        /// - an HTTP/2 stream that the server refused (`RST_STREAM` with `REFUSED_STREAM`) or dropped
        ///   with a `GOAWAY` whose last stream ID is below it (SwiftNIO HTTP/2 reports those as
        ///   closed with `CANCEL`): the server did not process the request → `.networkConnectionLost`,
        ///   so that the retry policy sends an idempotent call again, on a new connection;
        /// - a response that is not valid HTTP → `.badServerResponse`.
        ///
        /// - Parameter error: The error AsyncHTTPClient threw.
        init?(asyncHTTPClientError error: any Error) {
            guard let code = Self.code(for: error) else { return nil }
            self.init(code, userInfo: [NSUnderlyingErrorKey: error])
        }

        private static let timeouts: [HTTPClientError] = [
            .readTimeout, .writeTimeout, .deadlineExceeded, .connectTimeout, .tlsHandshakeTimeout,
            .socksHandshakeTimeout, .httpProxyHandshakeTimeout, .getConnectionFromPoolTimeout,
        ]

        private static func code(for error: any Error) -> URLError.Code? {
            switch error {
            case let error as HTTPClientError:
                if timeouts.contains(error) { return .timedOut }
                if error == .remoteConnectionClosed { return .networkConnectionLost }
                return nil
            case let error as NIOHTTP2Errors.StreamClosed:
                return [.refusedStream, .cancel].contains(error.errorCode) ? .networkConnectionLost : nil
            case is NIOConnectionError:
                return .cannotConnectToHost
            case ChannelError.connectTimeout:
                return .timedOut
            case ChannelError.ioOnClosedChannel, ChannelError.alreadyClosed:
                // A write to a connection, or an HTTP/2 stream, that closed under the request: with
                // calls in flight, what a `GOAWAY` or a dropped connection leaves to those that were
                // being written.
                return .networkConnectionLost
            case let error as IOError:
                switch error.errnoCode {
                case ECONNREFUSED, EHOSTUNREACH, ENETUNREACH: return .cannotConnectToHost
                case ECONNRESET, EPIPE, ECONNABORTED: return .networkConnectionLost
                default: return nil
                }
            case HTTPParserError.invalidEOFState:
                // The connection closed before the end of the response (a body shorter than its
                // Content-Length): URLSession reports that as a lost connection.
                return .networkConnectionLost
            case is HTTPParserError:
                return .badServerResponse
            default:
                return nil
            }
        }
    }
#endif
