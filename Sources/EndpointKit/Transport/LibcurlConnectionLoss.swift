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
///   a closed handshake is connectionClosedDuringHandshake, sent once; a reset one is retried");
/// - any failure of the socket under a transfer, by libcurl's two families of message for it,
///   whatever the system's reason (the errno's text) that follows: `CURLE_SEND_ERROR`'s "Send
///   failure: …", "OpenSSL SSL_write: …", "Failed sending data to the peer" and "Connection died,
///   tried 5 times before giving up", and `CURLE_RECV_ERROR`'s "Recv failure: …", "OpenSSL
///   SSL_read: …" and "Failure when receiving data from the peer". On a busy machine, calls in
///   flight on a connection a server closes after its `GOAWAY` meet "Send failure: Broken pipe"
///   (3 of 352 calls in 1 of 6 runs of the `GOAWAY` test with one core kept busy).
///
/// swift-corelibs-foundation keeps libcurl's message and drops its `CURLcode`: no field of the
/// error says which failure it was, so the message is read, by family rather than by each
/// wording. Any other `-1` stays as it is (`.unknown`, never retried), its message in the
/// error's description; LinuxNotes lists what remains.
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
    /// ended under the request, that the server reset the connection, or that the socket failed
    /// while libcurl sent or received on it.
    private static func isLostConnection(_ message: String) -> Bool {
        (message.hasPrefix("http/2 stream ") && message.contains("was not closed cleanly"))
            || message.contains("error in the http2 framing layer")
            || message.contains("connection reset by peer")
            || socketFailurePrefixes.contains(where: message.hasPrefix)
    }

    /// How libcurl 7.88 begins the message of a send (`CURLE_SEND_ERROR`) or receive
    /// (`CURLE_RECV_ERROR`) failure on a connection, in lower case: its own words, then, for most,
    /// the system's reason ("send failure: broken pipe", "openssl ssl_read: connection reset by
    /// peer, errno 104"). The last four are the whole message when there is no reason to add.
    private static let socketFailurePrefixes = [
        "send failure: ", "recv failure: ", "openssl ssl_write: ", "openssl ssl_read: ",
        "failed sending data to the peer", "failure when receiving data from the peer",
        "connection died, tried ",
    ]
}
