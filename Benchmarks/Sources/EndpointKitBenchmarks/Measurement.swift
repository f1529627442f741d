import AllocationCounter
import Foundation

/// Monotonic time in nanoseconds.
func now() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds
}

/// The process's resource usage so far (`getrusage`).
private func processUsage() -> rusage {
    var usage = rusage()
    #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
        getrusage(RUSAGE_SELF, &usage)
    #endif
    return usage
}

/// The process's peak resident set size so far, in KiB.
func peakResidentKiB() -> Int {
    #if os(Linux)
        processUsage().ru_maxrss
    #else
        processUsage().ru_maxrss / 1024
    #endif
}

/// The times the process's threads have given up the CPU so far, waiting (voluntary) or
/// pre-empted (involuntary).
func contextSwitchesSoFar() -> Int {
    let usage = processUsage()
    return Int(usage.ru_nvcsw) + Int(usage.ru_nivcsw)
}

/// The CPU time the process has used so far, user and system, in microseconds: on a machine
/// whose cores the server shares, a steadier figure of a client's cost than its throughput.
func cpuMicrosecondsSoFar() -> Int {
    let usage = processUsage()
    let user = Int(usage.ru_utime.tv_sec) * 1_000_000 + Int(usage.ru_utime.tv_usec)
    let system = Int(usage.ru_stime.tv_sec) * 1_000_000 + Int(usage.ru_stime.tv_usec)
    return user + system
}

/// Heap allocations made by the process so far (0 where the allocator is not interposed).
func allocationsSoFar() -> UInt64 {
    allocation_counter_total()
}

/// One scenario's outcome, printed as a single `RESULT key=value …` line that `run` parses.
struct ScenarioResult {
    var scenario: String
    var fields: [(String, String)] = []

    mutating func set(_ key: String, _ value: some CustomStringConvertible) {
        fields.append((key, value.description))
    }

    mutating func set(_ key: String, _ value: Double) {
        fields.append((key, String(format: "%.3f", value)))
    }

    func printLine() {
        var line = "RESULT scenario=\(scenario)"
        for (key, value) in fields {
            line += " \(key)=\(value)"
        }
        line += " peak_rss_kib=\(peakResidentKiB())"
        print(line)
    }
}

/// The median of `values` (which must not be empty).
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
