/// Runs `operation` `total` times with `concurrency` calls in flight, each worker task calling it
/// in a loop; the first error ends the run.
func runConcurrently(
    total: Int, concurrency: Int, _ operation: @escaping @Sendable () async throws -> Void
) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
        for worker in 0..<concurrency {
            let share = total / concurrency + (worker < total % concurrency ? 1 : 0)
            group.addTask {
                for _ in 0..<share {
                    try await operation()
                }
            }
        }
        try await group.waitForAll()
    }
}
