/// An upload or download running in its own task, with its progress as an `AsyncSequence`.
///
/// ``progress`` yields growing figures and finishes when the transfer ends, however it ends;
/// ``value`` waits for the result. Cancelling the task cancels the transfer.
///
/// <!-- snippet needs: client, ReleaseAsset, destination -->
/// ```swift
/// let download = client.downloadTask(ReleaseAsset(id: 42), to: destination)
/// for await progress in download.progress {
///     print(progress)
/// }
/// let file = try await download.value.value
/// ```
public final class TransferTask<Value: Sendable>: Sendable {
    /// The transfer's progress, finishing when the transfer ends.
    public let progress: AsyncStream<TransferProgress>
    private let task: Task<Result<Value, EndpointError>, Never>

    init(_ operation: @escaping @Sendable (@escaping TransferProgressHandler) async throws(EndpointError) -> Value) {
        let (progress, continuation) = AsyncStream.makeStream(of: TransferProgress.self, bufferingPolicy: .unbounded)
        self.progress = progress
        task = Task { () async -> Result<Value, EndpointError> in
            defer { continuation.finish() }
            do throws(EndpointError) {
                return .success(try await operation { continuation.yield($0) })
            } catch {
                return .failure(error)
            }
        }
    }

    /// The transfer's result, once it ends.
    ///
    /// - Throws: ``EndpointError``, ``EndpointError/cancelled`` after ``cancel()``.
    public var value: Value {
        get async throws(EndpointError) {
            try await task.value.get()
        }
    }

    /// Cancels the transfer; ``value`` then throws ``EndpointError/cancelled``.
    public func cancel() {
        task.cancel()
    }
}
