import Foundation

/// What a ``TransferringTransport`` does with one request beyond sending it: report the progress
/// of its upload and download, and write a successful response's body to a file instead of
/// memory.
///
/// The client passes these for ``Client/upload(_:progress:)`` and
/// ``Client/download(_:to:progress:)``.
package struct TransferOptions: Sendable {
    /// Called as the request body goes out.
    package var uploadProgress: TransferProgressHandler?
    /// Called as the response body comes in.
    package var downloadProgress: TransferProgressHandler?
    /// Where the body of a `2xx` response goes. When set, the transport writes the body there
    /// (replacing the file) and returns the response with an empty ``HTTPResponse/body``. Other
    /// responses keep their body in memory, so that the client can report them as errors.
    package var responseBodyFile: URL?

    /// Creates options.
    package init(
        uploadProgress: TransferProgressHandler? = nil, downloadProgress: TransferProgressHandler? = nil,
        responseBodyFile: URL? = nil
    ) {
        self.uploadProgress = uploadProgress
        self.downloadProgress = downloadProgress
        self.responseBodyFile = responseBodyFile
    }
}
