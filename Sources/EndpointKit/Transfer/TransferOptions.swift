import Foundation

/// What a ``Transport`` does with one request beyond sending it: report the progress of its
/// upload and download, and write a successful response's body to a file instead of memory.
///
/// The client passes these to ``Transport/send(_:options:)`` for ``Client/upload(_:progress:)``
/// and ``Client/download(_:to:progress:)``. A transport that knows nothing of them still works:
/// the default implementation sends the request with ``Transport/send(_:)`` and then reports
/// the whole body as done and writes it to the file.
public struct TransferOptions: Sendable {
    /// Called as the request body goes out.
    public var uploadProgress: TransferProgressHandler?
    /// Called as the response body comes in.
    public var downloadProgress: TransferProgressHandler?
    /// Where the body of a `2xx` response goes. When set, the transport writes the body there
    /// (replacing the file), returns the response with an empty ``HTTPResponse/body`` and sets
    /// ``HTTPResponse/bodyFile``. Other responses keep their body in memory, so that the client
    /// can report them as errors.
    public var responseBodyFile: URL?

    /// Creates options.
    ///
    /// - Parameters:
    ///   - uploadProgress: Called as the request body goes out.
    ///   - downloadProgress: Called as the response body comes in.
    ///   - responseBodyFile: Where a `2xx` response's body goes instead of memory.
    public init(
        uploadProgress: TransferProgressHandler? = nil, downloadProgress: TransferProgressHandler? = nil,
        responseBodyFile: URL? = nil
    ) {
        self.uploadProgress = uploadProgress
        self.downloadProgress = downloadProgress
        self.responseBodyFile = responseBodyFile
    }
}
