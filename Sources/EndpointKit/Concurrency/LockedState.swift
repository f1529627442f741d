import Foundation

/// A value that many tasks share, each access under one lock: the one way EndpointKit keeps
/// mutable state `Sendable` (`Synchronization.Mutex` needs macOS 15; the floor is macOS 12).
package final class LockedState<Value>: @unchecked Sendable {
    // `@unchecked`: `value` is only touched while holding `lock`.
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
