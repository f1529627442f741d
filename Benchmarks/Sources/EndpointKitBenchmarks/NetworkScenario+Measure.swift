extension NetworkScenario {
    /// What one contender's calls cost, summed over its blocks.
    private struct Tally {
        var seconds = 0.0
        var cpuMicroseconds = 0
        var switches = 0
        var allocations: UInt64 = 0
        var opened = 0
        var openedInAll = 0
        var httpVersion = "-"
        var serverRequests = 0
    }

    /// Warms each contender up, then times `requests` calls of each, in ``blocks`` blocks that
    /// alternate between the contenders (the order turned around every other block), and counts
    /// the connections each opened. Also counts each one's connections over its whole run, warm-up
    /// included (over HTTPS, each is one TLS handshake), and records the HTTP version nginx saw
    /// (`protocol`), from a call of its own before the rest.
    func measure(_ contenders: [Contender]) async throws -> [ScenarioResult] {
        var tallies = Array(repeating: Tally(), count: contenders.count)
        // What one read of the status page adds to nginx's request counter, taken off each block's
        // count, so that a block's count is the requests its calls made.
        let requestsBefore = try await status.counters().requests
        let statusRead = try await status.counters().requests - requestsBefore
        let warmUp = max(concurrency * 4, 100)
        for (index, contender) in contenders.enumerated() {
            let accepted = try await status.acceptedConnections()
            tallies[index].httpVersion = try await contender.probe()
            let first = try await contender.fetch()
            guard first == expectedCount else {
                throw UsageError(message: "\(contender.name) decoded \(first) repositories, expected \(expectedCount)")
            }
            try await runConcurrently(total: warmUp, concurrency: concurrency) { _ = try await contender.fetch() }
            tallies[index].openedInAll += try await status.acceptedConnections() - accepted
        }
        for block in 0..<blocks {
            let order = block % 2 == 0 ? Array(contenders.indices) : contenders.indices.reversed()
            for index in order {
                let calls = requests / blocks + (block < requests % blocks ? 1 : 0)
                let fetch = contenders[index].fetch
                let before = try await status.counters()
                let allocations = allocationsSoFar()
                let cpu = cpuMicrosecondsSoFar()
                let switches = contextSwitchesSoFar()
                let start = now()
                try await runConcurrently(total: calls, concurrency: concurrency) { _ = try await fetch() }
                tallies[index].seconds += Double(now() - start) / 1e9
                tallies[index].cpuMicroseconds += cpuMicrosecondsSoFar() - cpu
                tallies[index].switches += contextSwitchesSoFar() - switches
                tallies[index].allocations += allocationsSoFar() - allocations
                let after = try await status.counters()
                let opened = after.accepts - before.accepts
                tallies[index].serverRequests += after.requests - before.requests - statusRead
                tallies[index].opened += opened
                tallies[index].openedInAll += opened
            }
        }
        // A fresh hit that reached the server is not a hit: no figure for it.
        for (contender, tally) in zip(contenders, tallies) where contender.sendsNoRequests {
            guard tally.serverRequests == 0 else {
                let counted = tally.serverRequests
                throw UsageError(message: "\(contender.name): nginx counted \(counted) requests, expected 0")
            }
        }
        return zip(contenders, tallies).map { contender, tally in
            var result = ScenarioResult(scenario: contender.name)
            result.set("requests", requests)
            result.set("concurrency", concurrency)
            result.set("blocks", blocks)
            result.set("seconds", tally.seconds)
            result.set("rps", Double(requests) / tally.seconds)
            result.set("connections", tally.opened)
            result.set("connections_per_10k", Double(tally.opened) * 10_000 / Double(requests))
            result.set("calls_in_all", 2 + warmUp + requests)
            result.set("connections_in_all", tally.openedInAll)
            result.set("protocol", tally.httpVersion)
            result.set("server_requests", tally.serverRequests)
            result.set("allocs_per_op", Double(tally.allocations) / Double(requests))
            result.set("cpu_us_per_op", Double(tally.cpuMicroseconds) / Double(requests))
            result.set("context_switches_per_op", Double(tally.switches) / Double(requests))
            return result
        }
    }
}
