import EndpointKit
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What `URLSessionTransport` reads as a lost connection in libcurl's messages, which
/// swift-corelibs-foundation reports as `URLError(-1)`.
@Suite("libcurl's lost connections")
struct LibcurlConnectionLossTests {
    private func error(_ message: String) -> URLError {
        URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: message])
    }

    /// Expects libcurl's `message`, before any response, to be a lost connection that keeps it.
    private func expectLostConnection(_ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let lost = try #require(
            LibcurlConnectionLoss.networkConnectionLost(from: error(message), responseArrived: false),
            sourceLocation: sourceLocation)
        #expect(lost.code == .networkConnectionLost, sourceLocation: sourceLocation)
        #expect(lost.userInfo[NSLocalizedDescriptionKey] as? String == message, sourceLocation: sourceLocation)
    }

    @Test(
        "An HTTP/2 stream or connection ended under the request is a lost connection, before any response too",
        arguments: [
            "HTTP/2 stream 29 was not closed cleanly before end of the underlying stream",
            "HTTP/2 stream 7 was not closed cleanly: REFUSED_STREAM (err 7)",
            "Error in the HTTP2 framing layer",
        ])
    func lostHTTP2Streams(message: String) throws {
        try expectLostConnection(message)
    }

    @Test(
        "A socket that failed while libcurl sent or received is a lost connection, whatever the system's reason",
        arguments: [
            "Send failure: Broken pipe",  // seen: calls in flight meeting a GOAWAY on a busy machine
            "Send failure: Connection reset by peer",
            "Recv failure: Connection timed out",
            "OpenSSL SSL_write: Broken pipe, errno 32",
            "OpenSSL SSL_read: Connection reset by peer, errno 104",
            "Failed sending data to the peer",
            "Failure when receiving data from the peer",
            "Connection died, tried 5 times before giving up",
        ])
    func failedSockets(message: String) throws {
        try expectLostConnection(message)
    }

    @Test("A body cut short after the response's head is a lost connection; the same failure before it is not")
    func bodyCutShort() {
        let cut = error("transfer closed with outstanding read data remaining")
        #expect(
            LibcurlConnectionLoss.networkConnectionLost(from: cut, responseArrived: true)?.code
                == .networkConnectionLost)
        #expect(LibcurlConnectionLoss.networkConnectionLost(from: cut, responseArrived: false) == nil)
    }

    @Test("Other failures are left as they are")
    func otherFailures() {
        #expect(LibcurlConnectionLoss.networkConnectionLost(from: URLError(.timedOut), responseArrived: true) == nil)
        for message in [
            "SSL certificate problem: certificate has expired", "Unsupported HTTP version in response",
            "Unrecognized content encoding type. libcurl understands deflate, gzip content encodings.",
            "Failed to connect to 127.0.0.1 port 1 after 0 ms: Couldn't connect to server",
        ] {
            #expect(LibcurlConnectionLoss.networkConnectionLost(from: error(message), responseArrived: false) == nil)
        }
    }
}
