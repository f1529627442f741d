import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Reads nginx's `stub_status` page to count the TCP connections a scenario opened.
///
/// It has its own session with one connection, opened by the first read and reused by the next,
/// so the reads themselves add nothing between the first and the last.
final class ServerStatus: Sendable {
    private let url: URL
    private let session: URLSession

    init(url: URL) {
        self.url = url
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 1
        configuration.urlCache = nil
        session = URLSession(configuration: configuration)
    }

    /// nginx's `accepts` counter: connections accepted since it started.
    func acceptedConnections() async throws -> Int {
        let (data, _) = try await session.data(for: URLRequest(url: url))
        // Active connections: 1
        // server accepts handled requests
        //  5 5 10
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        guard lines.count > 2, let accepts = lines[2].split(separator: " ").first.flatMap({ Int($0) }) else {
            throw UsageError(message: "unexpected stub_status page from \(url)")
        }
        return accepts
    }
}
