/// How far an upload or a download has got: bytes done, and bytes expected when known.
///
/// <!-- snippet needs: client, ReleaseAsset, destination -->
/// ```swift
/// let file = try await client.download(ReleaseAsset(id: 42), to: destination) { progress in
///     print("\(progress.completedBytes) of \(progress.expectedBytes.map(String.init) ?? "?") bytes")
/// }
/// ```
public struct TransferProgress: Sendable, Equatable, CustomStringConvertible {
    /// Bytes sent (upload) or received (download) so far.
    public var completedBytes: Int64
    /// The total the transfer expects, from the body's length or the response's
    /// `Content-Length`; `nil` when unknown.
    public var expectedBytes: Int64?

    /// Creates a progress value.
    ///
    /// - Parameters:
    ///   - completedBytes: Bytes done so far.
    ///   - expectedBytes: The expected total, or `nil` when unknown.
    public init(completedBytes: Int64, expectedBytes: Int64?) {
        self.completedBytes = completedBytes
        self.expectedBytes = expectedBytes
    }

    /// `completedBytes / expectedBytes` between 0 and 1, or `nil` when the total is unknown.
    public var fractionCompleted: Double? {
        guard let expectedBytes else { return nil }
        guard expectedBytes > 0 else { return 1 }
        return min(1, max(0, Double(completedBytes) / Double(expectedBytes)))
    }

    /// Whether every expected byte is done.
    public var isComplete: Bool {
        expectedBytes.map { completedBytes >= $0 } ?? false
    }

    /// "1,048,576 of 4,194,304 bytes (25 %)", or "1,048,576 bytes" when the total is unknown.
    public var description: String {
        guard let expectedBytes, let fraction = fractionCompleted else { return "\(completedBytes) bytes" }
        return "\(completedBytes) of \(expectedBytes) bytes (\(Int(fraction * 100)) %)"
    }
}

/// Receives ``TransferProgress`` values, on any thread.
public typealias TransferProgressHandler = @Sendable (TransferProgress) -> Void
