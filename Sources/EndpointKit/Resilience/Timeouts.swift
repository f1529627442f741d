import Foundation

/// How long a call may take.
///
/// The idle timeout limits the wait for each piece of the response (URLSession's
/// `timeoutInterval`; a server that keeps sending slowly never trips it). The total deadline
/// limits the whole call, retries and backoff included, and is enforced by EndpointKit itself,
/// because URLSession on Linux ignores `timeoutIntervalForResource`
/// (the Linux Notes article, `LinuxNotes.md`). A call past its deadline throws ``EndpointError/timedOut(after:call:)``.
///
/// <!-- snippet needs: url -->
/// ```swift
/// let client = Client(baseURL: url) { $0.timeouts = Timeouts(idle: 10, total: 30) }
///
/// struct Export: GET {
///     typealias ResponseType = Data
///     let path = "/exports/latest"
///     var options: CallOptions { CallOptions(timeouts: Timeouts(idle: 60, total: 600)) }
/// }
/// ```
public struct Timeouts: Sendable, Equatable {
    /// Seconds to wait for the next bytes of a response before giving up with
    /// ``EndpointError/transportFailed(_:)`` (`URLError.timedOut`).
    public var idle: TimeInterval
    /// Seconds the whole call may take, or `nil` for no deadline.
    public var total: TimeInterval?

    /// Creates timeouts.
    ///
    /// - Parameters:
    ///   - idle: Seconds to wait for the next bytes; 60 by default.
    ///   - total: Seconds the whole call may take, retries included; none by default.
    public init(idle: TimeInterval = 60, total: TimeInterval? = nil) {
        self.idle = idle
        self.total = total
    }

    /// A 60-second idle timeout and no total deadline.
    public static let `default` = Timeouts()
}
