/// The choices the cache's scenario generator makes with the tests' seeded generator: the same
/// seed gives the same numbers on every platform and run, so that a seed names a scenario.
extension SeededGenerator {
    /// Whether an event of probability `probability` happens.
    mutating func chance(_ probability: Double) -> Bool {
        Double(next() >> 11) / Double(1 << 53) < probability
    }

    /// One of `choices`, each as likely.
    mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int(next() % UInt64(choices.count))]
    }

    /// A number in `range`, each as likely.
    mutating func number(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
}
