/// The error a transport throws when a response body is larger than it accepts.
public struct ResponseTooLargeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The limit in bytes.
    public var limit: Int

    /// Creates the error.
    ///
    /// - Parameter limit: The limit in bytes.
    public init(limit: Int) {
        self.limit = limit
    }

    /// "the response is larger than the limit of N bytes".
    public var description: String {
        "the response is larger than the limit of \(limit) bytes"
    }
}
