import Foundation

/// The fault-injection server (Tests/Servers/fault_server.py), at `FAULT_SERVER_URL`, and its
/// twin over HTTPS with the TLS servers' test certificate, at `FAULT_HTTPS_SERVER_URL`. It
/// misbehaves where httpbin cannot: drops connections mid-body, fails a set number of times with
/// `Retry-After`, and accepts a token only after it was refreshed.
package enum FaultServer {
    /// The server's base URL, or `nil` when `FAULT_SERVER_URL` is unset.
    package static let url = TestEnvironment.url("FAULT_SERVER_URL")

    /// The same server over HTTPS, or `nil` when `FAULT_HTTPS_SERVER_URL` is unset.
    package static let tlsURL = TestEnvironment.url("FAULT_HTTPS_SERVER_URL")
}

extension TestServer {
    /// The fault server.
    package static let fault = TestServer(
        "the fault server", script: "fault-server.sh", variables: ["FAULT_SERVER_URL"])
    /// The fault server over HTTPS.
    package static let faultOverTLS = TestServer(
        "the fault server over TLS", script: "fault-server.sh", variables: ["FAULT_HTTPS_SERVER_URL"])
}
