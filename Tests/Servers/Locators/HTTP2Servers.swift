import Foundation

/// The HTTP/2 test servers (Tests/Servers/h2_server.py, started by Tests/Servers/h2-server.sh with
/// the TLS servers' test PKI): hypercorn with ALPN `h2` and `http/1.1`, and a server that sends
/// `GOAWAY` in the middle of a call. Each URL is a closed port when its variable is unset.
package enum HTTP2Servers {
    /// hypercorn (H2_SERVER_URL).
    package static let url = TestEnvironment.url("H2_SERVER_URL") ?? URL(string: "https://127.0.0.1:1")!
    /// The GOAWAY server (H2_GOAWAY_URL).
    package static let goAwayURL = TestEnvironment.url("H2_GOAWAY_URL") ?? URL(string: "https://127.0.0.1:1")!
    /// hypercorn that ends every connection with `GOAWAY` after 10 requests (H2_RECYCLING_URL).
    package static let recyclingURL =
        TestEnvironment.url("H2_RECYCLING_URL") ?? URL(string: "https://127.0.0.1:1")!

    /// Whether the HTTP/2 servers run, and the TLS servers' PKI that they serve with is there.
    package static var isAvailable: Bool { TestServer.http2.isRunning }
}

extension TestServer {
    /// The HTTP/2 servers, which need the TLS servers' PKI.
    package static let http2 = TestServer(
        "the HTTP/2 servers", script: "h2-server.sh",
        variables: ["H2_SERVER_URL", "H2_GOAWAY_URL", "H2_RECYCLING_URL", "TLS_PKI_DIR"])
}
