import Foundation

/// A proxy that refused to carry a request: it asked for credentials it did not get (`407`), or
/// answered its `CONNECT` with something other than `200`.
///
/// Transports throw it, and the client reports it as ``EndpointError/transportFailed(_:)`` with
/// this error as the failure's `underlying` error. It is not retried: the next attempt would
/// meet the same proxy.
public struct ProxyFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What the proxy did.
    ///
    /// An open set, not an enum, so that a later release can add a reason without breaking a
    /// `switch` that lists them: compare with `==`, or `switch` with a `default`.
    public struct Reason: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The reason's name, such as `authenticationRequired`.
        public let rawValue: String

        /// The reason named `rawValue`.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The reason's name.
        public var description: String { rawValue }

        /// `407 Proxy Authentication Required`: no credentials, or wrong ones.
        public static let authenticationRequired = Reason(rawValue: "authenticationRequired")
        /// An answer to `CONNECT` that was not `200`, or not HTTP.
        public static let tunnelRefused = Reason(rawValue: "tunnelRefused")
        /// No answer to `CONNECT` in time.
        public static let timedOut = Reason(rawValue: "timedOut")
    }

    /// What the proxy did.
    public var reason: Reason
    /// The proxy, as ``HTTPProxy/description`` names it (never its password), when known.
    public var proxy: String?

    /// Creates a failure.
    public init(reason: Reason, proxy: String? = nil) {
        self.reason = reason
        self.proxy = proxy
    }

    /// `the proxy 127.0.0.1:3128 (as alice) asked for credentials it did not accept (407)`.
    public var description: String {
        let name = proxy.map { "the \($0)" } ?? "the proxy"
        switch reason {
        case .authenticationRequired: return "\(name) asked for credentials it did not get or accept (407)"
        case .tunnelRefused: return "\(name) refused to open a tunnel to the server"
        case .timedOut: return "\(name) did not answer in time"
        default: return "\(name) failed (\(reason))"
        }
    }
}
