import AllocationCounter
import Foundation

/// Monotonic time in nanoseconds.
func now() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds
}

/// The process's peak resident set size so far, in KiB (`getrusage`).
func peakResidentKiB() -> Int {
    var usage = rusage()
    #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return usage.ru_maxrss
    #else
        getrusage(RUSAGE_SELF, &usage)
        return usage.ru_maxrss / 1024
    #endif
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
