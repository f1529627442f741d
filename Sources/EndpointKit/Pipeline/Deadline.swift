/// Runs a call's attempts within its total deadline, on the client's clock.
///
/// URLSession on Linux ignores `timeoutIntervalForResource`, so the deadline is a race between
/// the call and a sleep on the clock in a task group: whichever finishes first wins and the
/// other is cancelled. Cancelling the calling task cancels both, and the call ends with
/// `.cancelled`.
enum Deadline {
    static func run<Value: Sendable>(
        within seconds: Double, clock: ClientClock,
        _ operation: @escaping @Sendable () async throws(EndpointError) -> Value
    ) async throws(EndpointError) -> Value {
        let result = await withTaskGroup(of: Result<Value, EndpointError>?.self) { group in
            group.addTask {
                do throws(EndpointError) {
                    return .success(try await operation())
                } catch {
                    return .failure(error)
                }
            }
            group.addTask {
                do {
                    try await clock.sleep(max(0, seconds))
                    return .failure(.timedOut(after: seconds))
                } catch {
                    return nil  // cancelled: the call finished first, or the caller cancelled
                }
            }
            defer { group.cancelAll() }
            while let next = await group.next() {
                if let result = next { return result }
            }
            return .failure(.cancelled)
        }
        return try result.get()
    }
}
