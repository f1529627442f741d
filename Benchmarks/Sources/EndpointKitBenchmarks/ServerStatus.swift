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
        try await counters().accepts
    }

    /// nginx's `accepts` and `requests` counters: connections accepted and requests read since it
    /// started (the `requests` counter includes these reads of its own).
    func counters() async throws -> (accepts: Int, requests: Int) {
        let (data, _) = try await session.data(for: URLRequest(url: url))
        // Active connections: 1
        // server accepts handled requests
        //  5 5 10
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        let numbers = lines.count > 2 ? lines[2].split(separator: " ").compactMap { Int($0) } : []
        guard numbers.count == 3 else {
            throw UsageError(message: "unexpected stub_status page from \(url)")
        }
        return (numbers[0], numbers[2])
    }
}
