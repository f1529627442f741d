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

    @Test(
        "An HTTP/2 stream or connection ended under the request is a lost connection, before any response too",
        arguments: [
            "HTTP/2 stream 29 was not closed cleanly before end of the underlying stream",
            "HTTP/2 stream 7 was not closed cleanly: REFUSED_STREAM (err 7)",
            "Error in the HTTP2 framing layer",
        ])
    func lostHTTP2Streams(message: String) throws {
        let lost = try #require(
            LibcurlConnectionLoss.networkConnectionLost(from: error(message), responseArrived: false))
        #expect(lost.code == .networkConnectionLost)
        #expect(lost.userInfo[NSLocalizedDescriptionKey] as? String == message)
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
        #expect(
            LibcurlConnectionLoss.networkConnectionLost(
                from: error("SSL certificate problem: certificate has expired"), responseArrived: false) == nil)
    }
}
