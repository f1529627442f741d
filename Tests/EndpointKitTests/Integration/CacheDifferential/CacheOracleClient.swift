import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Asks the cache oracle (`POST /decide`, Tests/Servers/cache_oracle_server.py) what hishel
/// decides at each step of a scenario: one request per scenario, for the oracle takes one.
struct CacheOracleClient {
    /// Why the oracle gave no decisions.
    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    private struct Answer: Decodable {
        let steps: [CacheStepDecision]
    }

    private struct Unmodeled: Decodable {
        struct Feature: Decodable {
            let step: Int?
            let feature: String
        }
        let unmodeled: [Feature]
    }

    let url: URL
    private let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration)
    }()

    /// hishel's decision for each step of `scenario`; throws ``Refusal`` for a 4xx (a 422 names
    /// what the generator used that hishel does not model).
    func decide(_ scenario: CacheScenario) async throws -> [CacheStepDecision] {
        var request = URLRequest(url: url.appendingPathComponent("decide"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(scenario.json.utf8)
        let (data, response) = try await session.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        if status == 422, let refusal = try? JSONDecoder().decode(Unmodeled.self, from: data) {
            let features = refusal.unmodeled.map { "\($0.feature) (step \($0.step.map(String.init) ?? "-"))" }
            throw Refusal(
                description: "the generator strayed outside what the oracle models: "
                    + features.joined(separator: "; "))
        }
        guard status == 200 else {
            throw Refusal(description: "the oracle answered \(status): \(String(decoding: data, as: UTF8.self))")
        }
        return try JSONDecoder().decode(Answer.self, from: data).steps
    }
}
