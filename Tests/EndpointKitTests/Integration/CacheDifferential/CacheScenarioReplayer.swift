import EndpointKit
import EndpointKitTesting
import Foundation

/// Runs a differential scenario against EndpointKit's HTTP cache: a client with a fresh
/// ``InMemoryResponseCache`` (shared or private as the scenario says), a ``ManualClock`` at the
/// oracle's epoch moved to each step's time, and a ``ScenarioOrigin`` holding the step's
/// representation; each step's decision in the oracle's terms.
struct CacheScenarioReplayer {
    let scenario: CacheScenario

    func replay() async -> [CacheStepDecision] {
        let clock = ManualClock()
        let origin = ScenarioOrigin(clock: clock)
        let cache = InMemoryResponseCache()
        let client = Client(baseURL: URL(string: CacheScenarioGenerator.origin)!) {
            $0.cache = cache
            $0.cacheSharing = scenario.shared ? .shared : .private
            $0.transport = origin.transport
            $0.clock = clock.clock
        }
        var elapsed = 0
        var decisions: [CacheStepDecision] = []
        for step in scenario.steps {
            clock.advance(by: TimeInterval(step.at - elapsed))
            elapsed = step.at
            origin.hold(step.origin)
            decisions.append(await run(step, client: client, cache: cache, origin: origin, now: clock.now))
        }
        return decisions
    }

    private func run(
        _ step: CacheScenario.Step, client: Client, cache: InMemoryResponseCache, origin: ScenarioOrigin, now: Date
    ) async -> CacheStepDecision {
        let request = step.request
        let path = String(request.url.dropFirst(CacheScenarioGenerator.origin.count))
        let headers = HTTPHeaders(request.headers.map { HTTPHeaders.Field(name: $0[0], value: $0[1]) })
        let mode: CacheMode = step.allowStale ? .preferStored : .standard
        let key = CacheKey(method: HTTPMethod(rawValue: request.method), url: request.url, credentialIdentity: "")
        let before = await cache.cachedResponses(for: key)
        let response: Response<Data>?
        do {
            switch request.method {
            case "GET":
                response = try await client.send(ScenarioCall<ScenarioGET>(path: path, headers: headers, mode: mode))
            case "HEAD":
                response = try await client.send(ScenarioCall<ScenarioHEAD>(path: path, headers: headers, mode: mode))
            case "POST":
                response = try await client.send(ScenarioCall<ScenarioPOST>(path: path, headers: headers, mode: mode))
            case "PUT":
                response = try await client.send(ScenarioCall<ScenarioPUT>(path: path, headers: headers, mode: mode))
            default:
                response = try await client.send(ScenarioCall<ScenarioDELETE>(path: path, headers: headers, mode: mode))
            }
        } catch {
            response = nil
        }
        let received = origin.received
        let stored = await cache.cachedResponses(for: key).first { $0.responseTime == now }
        let outcome: String =
            switch response?.source {
            case nil: "error"
            case .network?: stored != nil ? "miss" : "uncacheable"
            case let source?: source.rawValue
            }
        var decision = CacheStepDecision(
            outcome: outcome, sentToOrigin: !received.isEmpty, conditional: received.first?.conditional ?? false,
            originRequestCount: received.count, status: response?.statusCode,
            body: response.map { String(decoding: $0.value, as: UTF8.self) },
            age: response?.source.isCache == true ? response?.age : nil)
        decision.matched = received.first?.matched ?? false
        if outcome == "miss", let stored, let replaced = before.first(where: { $0.variant == stored.variant }) {
            decision.replacedBody = String(decoding: replaced.response.body, as: UTF8.self)
        }
        return decision
    }
}
