import AsyncHTTPClient
import EndpointKit
import EndpointKitAsyncHTTPClient
import Foundation

/// The HTTP cache's cells: `cache-hit-STORE-TRANSPORT` and `cache-miss-STORE-TRANSPORT`, where
/// STORE is `memory` (``InMemoryResponseCache``) or `disk` (``DiskResponseCache`` in a new folder
/// of the temporary directory, removed afterwards) and TRANSPORT is `urlsession` (the client's own
/// `URLSessionTransport`) or `ahc` (`AsyncHTTPClientTransport`, configured as `ahc-endpointkit`).
///
/// A hit needs `--location max-age` (nginx answers `Cache-Control: max-age=86400`): its first
/// call stores the response, every later one must come back `.fresh`, and the run fails if nginx
/// counted a request during the timed blocks. A miss needs `--location no-store` (nginx answers
/// `Cache-Control: no-store`): every call looks in the store, finds nothing, goes to the server and
/// stores nothing; every one must come back from `.network`. Measure either `--versus` the same
/// client without a cache (`urlsession-endpointkit`, `ahc-endpointkit`) on the same location.
extension NetworkScenario {
    /// The cache scenario `name`'s contender.
    func cacheContender(named name: String) async throws -> Contender {
        let parts = name.split(separator: "-").map(String.init)
        guard parts.count == 4, ["hit", "miss"].contains(parts[1]) else {
            throw UsageError(message: "unknown cache scenario \(name)")
        }
        let isHit = parts[1] == "hit"
        let required = isHit ? "max-age" : "no-store"
        guard location == required else {
            throw UsageError(message: "\(name) needs --location \(required)")
        }
        let (cache, removeFolder) = try Self.makeCache(parts[2])
        let expected: ResponseSource = isHit ? .fresh : .network
        var contender: Contender
        switch parts[3] {
        case "urlsession":
            let client = Client(baseURL: baseURL) { $0.cache = cache }
            contender = cached(name, client, expecting: expected)
            contender.shutdown = { removeFolder() }
        case "ahc":
            let httpClient = HTTPClient(configuration: try asyncHTTPClientConfiguration())
            let client = Client(baseURL: baseURL) {
                $0.transport = AsyncHTTPClientTransport(client: httpClient)
                $0.cache = cache
            }
            contender = cached(name, client, expecting: expected)
            contender.shutdown = {
                removeFolder()
                try await httpClient.shutdown()
            }
        default:
            throw UsageError(message: "a cache scenario's transport is urlsession or ahc, not \(parts[3])")
        }
        contender.sendsNoRequests = isHit
        return contender
    }

    /// A new, empty store of kind `store` (`memory` or `disk`), and what removes its folder.
    private static func makeCache(_ store: String) throws -> (any ResponseCache, @Sendable () -> Void) {
        switch store {
        case "memory":
            return (InMemoryResponseCache(), {})
        case "disk":
            let folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("endpointkit-bench-cache-\(UUID().uuidString)")
            return (DiskResponseCache(folder: folder), { try? FileManager.default.removeItem(at: folder) })
        default:
            throw UsageError(message: "a cache scenario's store is memory or disk, not \(store)")
        }
    }

    /// The fixture's call through `client`, which fails unless the response came from `source`;
    /// the probe goes through the same client, so that it stores the response a hit needs.
    private func cached(_ name: String, _ client: Client, expecting source: ResponseSource) -> Contender {
        let endpoint = Repositories(path: fixturePath)
        return Contender(
            name: name,
            fetch: {
                let response = try await client.send(endpoint)
                guard response.source == source else {
                    throw UsageError(message: "\(name): a response from \(response.source), expected \(source)")
                }
                return response.value.count
            },
            probe: { try await client.send(endpoint).headers["X-Protocol"] ?? "-" })
    }
}
