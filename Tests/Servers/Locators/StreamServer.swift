import Foundation

/// The streaming server (Tests/Servers/stream_server.py), at `STREAM_SERVER_URL`, and its twin
/// over HTTPS with the TLS servers' test certificate, at `STREAM_HTTPS_SERVER_URL`: Server-Sent
/// Events that drop, reconnect with `Last-Event-ID`, answer 204 or the wrong type, need a renewed
/// token, or never end; JSON lines; an LLM-style chat. It logs each connection per key, with when
/// the client hung up.
package enum StreamServer {
    /// The server's base URL, or `nil` when `STREAM_SERVER_URL` is unset.
    package static let url = TestEnvironment.url("STREAM_SERVER_URL")

    /// The same server over HTTPS, or `nil` when `STREAM_HTTPS_SERVER_URL` is unset.
    package static let tlsURL = TestEnvironment.url("STREAM_HTTPS_SERVER_URL")
}

extension TestServer {
    /// The stream server.
    package static let stream = TestServer(
        "the stream server", script: "stream-server.sh", variables: ["STREAM_SERVER_URL"])
    /// The stream server over HTTPS.
    package static let streamOverTLS = TestServer(
        "the stream server over TLS", script: "stream-server.sh", variables: ["STREAM_HTTPS_SERVER_URL"])
}
