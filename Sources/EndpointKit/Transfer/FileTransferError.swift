import Foundation

/// A file an upload or download needed could not be read or written.
///
/// A download reports it as the underlying error of ``EndpointError/transportFailed(_:)``.
public struct FileTransferError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file.
    public var file: URL
    /// What went wrong, from the file system.
    public var reason: String

    /// Creates the error.
    ///
    /// - Parameters:
    ///   - file: The file.
    ///   - reason: What went wrong.
    public init(file: URL, reason: String) {
        self.file = file
        self.reason = reason
    }

    /// "could not write /path/to/file: reason".
    public var description: String {
        "could not write \(file.path): \(reason)"
    }
}
