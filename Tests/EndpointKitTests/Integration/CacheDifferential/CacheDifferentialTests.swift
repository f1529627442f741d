import Foundation
import Testing

/// The HTTP cache against hishel (issue 47 §5): seeded, generated scenarios run through the cache
/// oracle (hishel 2.0, Tests/Servers/cache_oracle_server.py) and through EndpointKit's cache, step
/// by step; any disagreement that ``CacheDeviation/all`` does not explain fails, with the seed,
/// the scenario and both sides' decisions.
///
/// `CACHE_DIFF_SEED=N` replays seed N alone.
@Suite("The HTTP cache decides as hishel does, but for its documented deviations", .requiresCacheOracle)
struct CacheDifferentialTests {
    /// The seeds a run checks by default.
    static let defaultSeeds: ClosedRange<UInt64> = 1...400
    /// Scenarios in flight at once: the oracle takes one per request, and each waits mostly on
    /// the loopback connection, not on hishel.
    static let parallelScenarios = 8

    static var seeds: [UInt64] {
        if let value = ProcessInfo.processInfo.environment["CACHE_DIFF_SEED"], let seed = UInt64(value) {
            return [seed]
        }
        return Array(defaultSeeds)
    }

    /// One seed's run: its scenario, both sides' decisions (or why the oracle gave none), the verdict.
    struct Run: Sendable {
        let seed: UInt64
        let scenario: CacheScenario
        let hishel: Result<[CacheStepDecision], CacheOracleClient.Refusal>
        let endpointKit: [CacheStepDecision]
    }

    static func run(seed: UInt64, oracle: CacheOracleClient) async -> Run {
        var generator = CacheScenarioGenerator(seed: seed)
        let scenario = generator.scenario()
        let hishel: Result<[CacheStepDecision], CacheOracleClient.Refusal>
        do {
            hishel = .success(try await oracle.decide(scenario))
        } catch let refusal as CacheOracleClient.Refusal {
            hishel = .failure(refusal)
        } catch {
            hishel = .failure(CacheOracleClient.Refusal(description: "the oracle could not be asked: \(error)"))
        }
        let endpointKit = await CacheScenarioReplayer(scenario: scenario).replay()
        return Run(seed: seed, scenario: scenario, hishel: hishel, endpointKit: endpointKit)
    }

    @Test("Every generated scenario gets the same decisions from EndpointKit as from hishel, but for deviations")
    func scenariosAgreeWithHishel() async throws {
        let oracle = CacheOracleClient(url: try #require(CacheOracle.url))
        var runs: [Run] = []
        await withTaskGroup(of: Run.self) { group in
            var seeds = Self.seeds.makeIterator()
            for _ in 0..<Self.parallelScenarios {
                if let seed = seeds.next() { group.addTask { await Self.run(seed: seed, oracle: oracle) } }
            }
            for await run in group {
                runs.append(run)
                if let seed = seeds.next() { group.addTask { await Self.run(seed: seed, oracle: oracle) } }
            }
        }
        var deviations: [String: Int] = [:]
        var outcomes: [String: Int] = [:]
        var unjudged = 0
        var failures = 0
        for run in runs.sorted(by: { $0.seed < $1.seed }) {
            let seed = run.seed
            let scenario = run.scenario
            let hishel: [CacheStepDecision]
            switch run.hishel {
            case .success(let decisions): hishel = decisions
            case .failure(let refusal):
                failures += 1
                Issue.record("seed \(seed): \(refusal)\nscenario: \(scenario.json)\n\(Self.replay(seed))")
                continue
            }
            let endpointKit = run.endpointKit
            let verdict = CacheStepComparison(scenario: scenario, hishel: hishel, endpointKit: endpointKit).verdict()
            for decision in hishel { outcomes[decision.outcome, default: 0] += 1 }
            for name in verdict.deviations { deviations[name, default: 0] += 1 }
            unjudged += verdict.unjudgedSteps
            if let disagreement = verdict.disagreement {
                failures += 1
                Issue.record(
                    Comment(
                        rawValue: Self.report(
                            seed: seed, scenario: scenario, step: disagreement.step, fields: disagreement.fields,
                            hishel: hishel, endpointKit: endpointKit, explanation: "no deviation explains it")))
            }
        }
        let list = { (counts: [String: Int]) in
            counts.isEmpty
                ? "none" : counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        }
        print(
            "CacheDifferentialTests: \(runs.count) seeds, \(failures) failed; hishel's outcomes: \(list(outcomes));"
                + " deviations: \(list(deviations));"
                + " \(unjudged) steps unjudged after a deviation")
    }

    static func replay(_ seed: UInt64) -> String {
        "Replay: CACHE_DIFF_SEED=\(seed) .build/debug/EndpointKitPackageTests.xctest --testing-library swift-testing"
            + " --filter CacheDifferentialTests (with CACHE_ORACLE_URL set)"
    }

    /// A failure's text: the seed, the step and fields, the scenario, both sides step by step,
    /// and how to replay it.
    static func report(
        seed: UInt64, scenario: CacheScenario, step: Int, fields: [String], hishel: [CacheStepDecision],
        endpointKit: [CacheStepDecision], explanation: String
    ) -> String {
        var lines = ["seed \(seed): step \(step) disagrees in \(fields.joined(separator: ", ")), and \(explanation)"]
        lines.append("scenario: \(scenario.json)")
        for (index, step) in scenario.steps.enumerated() {
            let request = step.request
            let headers = request.headers.map { "\($0[0]): \($0[1])" }.joined(separator: "; ")
            lines.append(
                "step \(index) at \(step.at): \(request.method) \(request.url) [\(headers)]"
                    + (step.allowStale ? " allowStale" : ""))
            lines.append("  hishel:      \(hishel[index].summary)")
            lines.append("  EndpointKit: \(endpointKit[index].summary)")
        }
        lines.append(replay(seed))
        return lines.joined(separator: "\n")
    }
}
