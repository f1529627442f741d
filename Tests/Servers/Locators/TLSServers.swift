import EndpointKit
import Foundation

/// The TLS test servers (Tests/Servers/tls_server.py, started by Tests/Servers/tls-servers.sh with
/// a test PKI made afresh for the run), at `TLS_GOOD_URL`, `TLS_EXPIRED_URL`… and their control
/// server at `TLS_CONTROL_URL`; the PKI's PEM files are in `TLS_PKI_DIR`.
package enum TLSServers {
    /// The folder of PEM files: ca.pem, other-ca.pem, client.pem/.key, other-client.pem/.key…
    package static let pki: URL? = TestEnvironment.value("TLS_PKI_DIR").map { URL(fileURLWithPath: $0) }

    /// The control server (`GET /stats`, `POST /speak`), or `nil` when `TLS_CONTROL_URL` is unset.
    package static let controlURL = TestEnvironment.url("TLS_CONTROL_URL")

    /// The server named `name`: `good`, `expired`, `wrong-host`, `self-signed`, `other-ca`,
    /// `mutual`, `tls12`, `goes-silent`, `stall`, `cutoff` (TLS_GOOD_URL, …); a closed port when
    /// its variable is unset.
    package static func url(_ name: String) -> URL {
        let variable = "TLS_\(name.uppercased().replacingOccurrences(of: "-", with: "_"))_URL"
        return URL(string: ProcessInfo.processInfo.environment[variable] ?? "https://127.0.0.1:1")!
    }

    /// A PEM file of the test PKI.
    package static func file(_ name: String) -> URL {
        pki!.appendingPathComponent(name)
    }

    /// The test CA (ca.pem), which issued the good, expired and wrong-host certificates, the
    /// HTTPS twins' and client.pem; `nil` without the PKI or when it cannot be read.
    package static let caCertificate: TLSCertificate? = pki.flatMap {
        try? TLSCertificate(pemFile: $0.appendingPathComponent("ca.pem"))
    }

    /// The test CA, read from ca.pem.
    package static func ca() throws -> TLSCertificate {
        try TLSCertificate(pemFile: file("ca.pem"))
    }

    /// Whether the TLS servers run: their PKI and their control server are there.
    package static var isAvailable: Bool { TestServer.tls.isRunning }
}

extension TestServer {
    /// The TLS servers and their test PKI.
    package static let tls = TestServer(
        "the TLS servers", script: "tls-servers.sh", variables: ["TLS_PKI_DIR", "TLS_CONTROL_URL"])
}
