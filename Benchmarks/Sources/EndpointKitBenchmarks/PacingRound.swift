import Foundation

/// One round of a ``RateLimitPacingScenario`` case: its times in seconds since just before the
/// first call, and what the server counted.
struct PacingRound {
    let calls: Int
    /// Until the last call ended.
    let elapsed: Double
    /// What the limits allow (``RateLimitPacingScenario``).
    var allowed: Double
    /// What the limits allow with this server's whole-second resets.
    var floor: Double
    /// Calls that failed (a refusal the retries did not get past, or any other error).
    let failed: Int
    let stats: RateLimitServerScenario.Stats

    var ratio: Double { elapsed / allowed }
    var floorRatio: Double { elapsed / floor }

    /// The round's `RESULT` line, scenario `ratelimit-CASE`.
    func result(round: Int, scenario: String) -> ScenarioResult {
        var result = ScenarioResult(scenario: scenario)
        result.set("repeat", round)
        result.set("calls", calls)
        result.set("elapsed_s", elapsed)
        result.set("allowed_s", allowed)
        result.set("ratio", ratio)
        result.set("floor_s", floor)
        result.set("ratio_floor", floorRatio)
        result.set("refused", stats.refused)
        result.set("after_wait", stats.afterWait)
        result.set("refused_by", Self.counts(stats.refusedBy))
        result.set("after_wait_by", Self.counts(stats.afterWaitBy))
        result.set("server_requests", stats.requests)
        result.set("max_in_flight", stats.maxInFlight)
        result.set("failed", failed)
        return result
    }

    /// The median and the spread (lowest–highest) of `rounds`' figures, and their counts summed.
    static func summary(of rounds: [PacingRound], scenario: String) -> ScenarioResult {
        var result = ScenarioResult(scenario: scenario)
        let ratios = rounds.map(\.ratio)
        let floorRatios = rounds.map(\.floorRatio)
        result.set("rounds", rounds.count)
        result.set("elapsed_s", median(rounds.map(\.elapsed)))
        result.set("allowed_s", median(rounds.map(\.allowed)))
        result.set("ratio", median(ratios))
        result.set("ratio_min", ratios.min() ?? 0)
        result.set("ratio_max", ratios.max() ?? 0)
        result.set("floor_s", median(rounds.map(\.floor)))
        result.set("ratio_floor", median(floorRatios))
        result.set("ratio_floor_min", floorRatios.min() ?? 0)
        result.set("ratio_floor_max", floorRatios.max() ?? 0)
        result.set("refused", rounds.map(\.stats.refused).reduce(0, +))
        result.set("after_wait", rounds.map(\.stats.afterWait).reduce(0, +))
        result.set("failed", rounds.map(\.failed).reduce(0, +))
        return result
    }

    /// `name:count,…` in name order, or `-` for none: one word of a `RESULT` line.
    static func counts(_ counts: [String: Int]) -> String {
        counts.isEmpty ? "-" : counts.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }.joined(separator: ",")
    }
}
