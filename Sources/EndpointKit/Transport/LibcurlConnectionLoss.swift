import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The lost connections that swift-corelibs-foundation 6.3.1 reports as `URLError(-1)`, the
/// code of any unknown failure, with libcurl's message as its description; a retry policy could
/// not tell them from other failures. AsyncHTTPClientTransport and Apple's URLSession say
/// `.networkConnectionLost` for each, and so does `URLSessionTransport`, from this one place:
///
/// - a body cut short by the server closing the connection ("transfer closed with outstanding
///   read data"), once a response arrived (test: "A connection closed mid-body is
///   transportFailed …");
/// - an HTTP/2 stream or connection that ended under the request: "HTTP/2 stream 29 was not
///   closed cleanly before end of the underlying stream" (the server closed the connection after
///   its `GOAWAY` with the stream unanswered), "HTTP/2 stream 7 was not closed cleanly: …"
///   (`RST_STREAM`), "Error in the HTTP2 framing layer" (the connection ended while libcurl was
///   sending on it). With calls in flight, that is what a `GOAWAY` leaves to them (test:
///   "URLSession: 352 GETs, 32 in flight, against a server that sends GOAWAY …");
/// - a connection the server reset, also during the TLS handshake ("Recv failure: Connection
///   reset by peer"), as `AsyncHTTPClientTransport` reports `ECONNRESET` (test: "URLSessionTransport:
///   a closed handshake is connectionClosedDuringHandshake, sent once; a reset one is retried").
package enum LibcurlConnectionLoss {
    /// `error` as `URLError(.networkConnectionLost)`, keeping its `userInfo`, when libcurl's
    /// failure is a lost connection; `nil` otherwise.
    ///
    /// - Parameters:
    ///   - error: What URLSession reported.
    ///   - responseArrived: Whether a response's head had arrived.
    package static func networkConnectionLost(from error: any Error, responseArrived: Bool) -> URLError? {
        guard let urlError = error as? URLError, urlError.code == .unknown else { return nil }
        let message = (urlError.userInfo[NSLocalizedDescriptionKey] as? String ?? "").lowercased()
        guard responseArrived || isLostConnection(message) else { return nil }
        return URLError(.networkConnectionLost, userInfo: urlError.userInfo)
    }

    /// Whether libcurl's `message` (lower case) says that an HTTP/2 stream or its connection
    /// ended under the request, or that the server reset the connection.
    private static func isLostConnection(_ message: String) -> Bool {
        (message.hasPrefix("http/2 stream ") && message.contains("was not closed cleanly"))
            || message.contains("error in the http2 framing layer")
            || message.contains("connection reset by peer")
    }
}
