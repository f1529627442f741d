import EndpointKit
import EndpointKitGitHub
import Foundation

/// `ratelimit-pacing`: how close the client's rate-limit pacer comes to what the limits allow, on
/// the real clock, against the rate-limit server (`--server-url`; Tests/Servers/README.md). Every
/// attempt carries the wall clock (``SendsRealClock``), so the scenario's windows pass in real
/// time. Each case runs `--rounds` times, each round in a scenario of its own:
///
/// - `ietf`: `--requests` GETs from `--concurrency` tasks through a default `Client`, against one
///   IETF policy of `--quota` requests per `--window` seconds;
/// - `mutations`: `--mutations` POSTs from as many tasks at once through a `.gitHub` client, which
///   sends mutations one at a time, 1 s apart (GitHub's secondary limits configured as GitHub
///   documents them: 100 in flight, 900 points and 80 mutations a minute);
/// - `primary`: `--requests` GETs from `--concurrency` tasks through a `.gitHub` client, against a
///   `core` budget of `--quota` per `--window` seconds.
///
/// Allowed time (`allowed_s`): for `ietf` and `primary`, the last of `ceil(N/Q)` windows cannot
/// start before `(ceil(N/Q) - 1) * W` after the first request, and then takes as long as the
/// first window took (from the start to its `min(N, Q)`-th answer); for `mutations`, the last
/// starts `(K - 1) * 1 s` after the first, and then takes as long as the first took to be
/// answered. `floor_s` adds what this server's whole-second resets cost (a window's reset is
/// rounded up to a whole second, so one that starts just after the previous reset lasts W + 1):
/// the first reset as the server set it, then `W + 1` a window.
struct RateLimitPacingScenario {
    enum Case: String, CaseIterable {
        case ietf, mutations, primary
    }

    /// The `.gitHub` profile's spacing between the starts of two mutations.
    static let mutationSpacing = 1.0

    let serverURL: URL
    let cases: [Case]
    let rounds: Int
    let requests: Int
    let concurrency: Int
    let quota: Int
    let window: Int
    let mutations: Int
    /// With `--server-log DIR`, each round's counters and log as the server wrote them go to
    /// `DIR/CASE-ROUND.json`, to see when what was refused.
    let serverLog: URL?

    init(options: Options) throws {
        serverURL = try options.url("server-url")
        let name = options.string("case", default: "all")
        if name == "all" {
            cases = Case.allCases
        } else if let only = Case(rawValue: name) {
            cases = [only]
        } else {
            throw UsageError(message: "--case is ietf, mutations, primary or all")
        }
        rounds = try options.integer("rounds", default: 3)
        requests = try options.integer("requests", default: 300)
        concurrency = try options.integer("concurrency", default: 32)
        quota = try options.integer("quota", default: 50)
        window = try options.integer("window", default: 2)
        mutations = try options.integer("mutations", default: 15)
        let serverLog = options.string("server-log", default: "")
        self.serverLog = serverLog.isEmpty ? nil : URL(fileURLWithPath: serverLog, isDirectory: true)
    }

    /// A `RESULT` line per case and round, and with more than one round a line of each case's
    /// median and spread (`ratelimit-CASE-median`).
    func run() async throws -> [ScenarioResult] {
        var results: [ScenarioResult] = []
        for pacingCase in cases {
            var measured: [PacingRound] = []
            for round in 1...rounds {
                let progress = "ratelimit-\(pacingCase.rawValue): round \(round) of \(rounds)…\n"
                FileHandle.standardError.write(Data(progress.utf8))
                let outcome = try await measureRound(of: pacingCase, round: round)
                measured.append(outcome)
                results.append(outcome.result(round: round, scenario: "ratelimit-\(pacingCase.rawValue)"))
            }
            if rounds > 1 {
                results.append(PacingRound.summary(of: measured, scenario: "ratelimit-\(pacingCase.rawValue)-median"))
            }
        }
        return results
    }

    /// The server's configuration for `pacingCase`.
    func config(for pacingCase: Case) -> RateLimitServerScenario.Config {
        switch pacingCase {
        case .ietf:
            return .init(mode: "ietf", policies: [.init(quota: quota, window: window)])
        case .mutations:
            return .init(concurrency: 100, pointsPerMinute: 900, contentPerMinute: 80)
        case .primary:
            return .init(mode: "github", resources: ["core": .init(limit: quota, window: window)])
        }
    }

    /// Round `number` of `pacingCase`, in a new scenario that is removed afterwards.
    func measureRound(of pacingCase: Case, round number: Int) async throws -> PacingRound {
        let scenario = try await RateLimitServerScenario.make(config(for: pacingCase), server: serverURL)
        let client = Client(baseURL: scenario.url) {
            $0.middleware = [SendsRealClock()]
            if pacingCase != .ietf {
                $0.api = .gitHub
            }
        }
        let isMutation = pacingCase == .mutations
        let calls = isMutation ? mutations : requests
        let call: @Sendable () async -> Bool = {
            do {
                if isMutation {
                    _ = try await client.post(CreateIssue())
                } else {
                    _ = try await client.get(Repository())
                }
                return true
            } catch {
                return false
            }
        }
        let ends = await Self.callConcurrently(total: calls, tasks: isMutation ? calls : concurrency, call)
        let stats = try await scenario.stats()
        if let serverLog {
            try FileManager.default.createDirectory(at: serverLog, withIntermediateDirectories: true)
            let file = serverLog.appendingPathComponent("\(pacingCase.rawValue)-\(number).json")
            try await scenario.rawStats().write(to: file)
        }
        try await scenario.remove()

        let seconds = ends.map { Double($0.nanoseconds) / 1e9 }.sorted()
        var round = PacingRound(
            calls: calls, elapsed: seconds.last ?? 0, allowed: 0, floor: 0,
            failed: ends.filter { !$0.succeeded }.count, stats: stats)
        if isMutation {
            let first = seconds.first ?? 0
            round.allowed = Double(calls - 1) * Self.mutationSpacing + first
            round.floor = round.allowed
        } else {
            let windows = (calls + quota - 1) / quota
            let firstWindow = seconds[min(calls, quota) - 1]
            let length = Double(window)
            round.allowed = Double(windows - 1) * length + firstWindow
            if windows >= 2, let start = stats.firstArrival {
                let firstReset = (start + length).rounded(.up)
                round.floor = (firstReset - start) + Double(windows - 2) * (length + 1) + firstWindow
            } else {
                round.floor = firstWindow
            }
        }
        return round
    }

    /// When each call ended (since just before the first began) and whether it succeeded.
    struct CallEnd: Sendable {
        let nanoseconds: UInt64
        let succeeded: Bool
    }

    /// `total` calls of `call` from `tasks` tasks, each taking the next call as soon as its last one
    /// ended: when each ended.
    static func callConcurrently(
        total: Int, tasks: Int, _ call: @escaping @Sendable () async -> Bool
    ) async -> [CallEnd] {
        let unsent = CallBudget(total)
        let start = now()
        return await withTaskGroup(of: [CallEnd].self) { group in
            for _ in 0..<tasks {
                group.addTask {
                    var ends: [CallEnd] = []
                    while await unsent.take() {
                        let succeeded = await call()
                        ends.append(CallEnd(nanoseconds: now() - start, succeeded: succeeded))
                    }
                    return ends
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
    }

    /// The calls not yet taken by a task.
    actor CallBudget {
        private var left: Int

        init(_ total: Int) { left = total }

        /// Takes one call if any is left: whether it did.
        func take() -> Bool {
            guard left > 0 else { return false }
            left -= 1
            return true
        }
    }

    /// What the server answers to a metered request.
    struct Echo: Decodable, JSONObject {
        let method: String
        let path: String
    }

    /// A metered `core` read.
    struct Repository: GET {
        typealias ResponseType = Echo
        let path = "/repos/octo/hello"
    }

    /// A mutation: content creation, 5 points.
    struct CreateIssue: POST {
        typealias ResponseType = Echo
        let path = "/repos/octo/hello/issues"
        var body: RequestBody { .json(["title": "rate limits"]) }
    }
}
