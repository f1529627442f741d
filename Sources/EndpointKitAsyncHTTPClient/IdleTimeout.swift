#if AsyncHTTPClient
    import Foundation
    import NIOCore

    /// A request's idle timeout (`URLRequest.timeoutInterval`), or none for zero, a negative or
    /// an unbounded interval.
    struct IdleTimeout: Sendable {
        /// The longest a request may wait for a byte, or `nil` when it may wait forever.
        let amount: TimeAmount?

        init(_ interval: TimeInterval) {
            amount = interval > 0 && interval < 1e9 ? .nanoseconds(Int64(interval * 1e9)) : nil
        }

        /// The point `amount` after `start`; the distant future without a timeout.
        func deadline(after start: NIODeadline) -> NIODeadline {
            amount.map { start + $0 } ?? .distantFuture
        }
    }
#endif
