/// The error that ends a stream through ``URLSessionTransport`` on Linux when its reader fell
/// more than the transport's ``URLSessionTransport/maximumStreamBacklog`` behind the server.
///
/// On Linux, URLSession cannot pause a response: suspending its task starts the request again
/// from the beginning, and a delegate that waits stalls every URLSession of the process
/// (both measured with swift-corelibs-foundation 6.3.1). So the bytes that the reader has not
/// read yet wait in a temporary file, up to this limit, and the stream then fails instead of
/// filling the disk. A Server-Sent Events stream reconnects and goes on from the last event read. On Apple platforms
/// the task is suspended instead, and `AsyncHTTPClientTransport` stops reading the socket: there
/// a slow reader slows the server down.
public struct StreamReaderTooSlowError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The most bytes held for the reader.
    public var limit: Int

    /// Creates the error.
    ///
    /// - Parameter limit: The most bytes held for the reader.
    public init(limit: Int) {
        self.limit = limit
    }

    /// "the stream's reader fell more than N bytes behind".
    public var description: String {
        "the stream's reader fell more than \(limit) bytes behind the server"
    }
}
