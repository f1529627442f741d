/// A call started with a completion handler; cancel it to stop the request in flight.
///
/// <!-- snippet needs: client, UserRepositories -->
/// ```swift
/// let task = client.get(UserRepositories()) { result in print(result) }
/// task.cancel()   // the handler receives .failure(.cancelled)
/// ```
public final class RequestTask: Sendable {
    private let task: Task<Void, Never>

    init(_ task: Task<Void, Never>) {
        self.task = task
    }

    /// Cancels the call. The completion handler is still called, once, with
    /// ``EndpointError/cancelled`` unless the call had already finished.
    public func cancel() {
        task.cancel()
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool {
        task.isCancelled
    }

    /// Waits until the completion handler has returned.
    public func waitUntilFinished() async {
        await task.value
    }
}
