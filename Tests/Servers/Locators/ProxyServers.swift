import Foundation

/// The four mitmproxy instances (Tests/Servers/proxy-servers.sh): an open HTTP proxy, one that asks
/// for Basic credentials, an open SOCKS5 proxy and one that accepts only a user name and password;
/// what all four saw is in the file at `PROXY_RECORD_FILE`, one JSON object per line.
package enum ProxyServers {
    /// The open HTTP proxy (`PROXY_URL`).
    package static let url = TestEnvironment.url("PROXY_URL")
    /// The HTTP proxy that asks for credentials, with them in its URL (`PROXY_AUTH_URL`).
    package static let authURL = TestEnvironment.url("PROXY_AUTH_URL")
    /// The open SOCKS5 proxy, as a proxy variable gives it (`SOCKS_PROXY_URL`, `socks5h://…`).
    package static let socksURL = TestEnvironment.value("SOCKS_PROXY_URL")
    /// The SOCKS5 proxy that asks for credentials, with them (`SOCKS_PROXY_AUTH_URL`).
    package static let socksAuthURL = TestEnvironment.value("SOCKS_PROXY_AUTH_URL")
    /// The record of what the proxies saw (`PROXY_RECORD_FILE`).
    package static let recordFile = TestEnvironment.value("PROXY_RECORD_FILE").map { URL(fileURLWithPath: $0) }
}

extension TestServer {
    /// The mitmproxy instances and their record.
    package static let proxies = TestServer(
        "mitmproxy", script: "proxy-servers.sh",
        variables: ["PROXY_URL", "PROXY_AUTH_URL", "SOCKS_PROXY_URL", "SOCKS_PROXY_AUTH_URL", "PROXY_RECORD_FILE"])
}
