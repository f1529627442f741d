import Foundation

/// A token that authorizes requests, and when it stops working if the server said so.
///
/// Its description never shows the token itself, so printing, logging or interpolating one is safe:
///
/// ```swift
/// let token = AccessToken("gho_16C7e42F292c6912E7710c838347Ae178B4a", expiresIn: 3600, from: .now)
/// print(token)   // AccessToken(<redacted>, expires 2026-11-29T05:41:00Z)
/// ```
public struct AccessToken: Sendable, Hashable, Codable {
    /// The token, as it goes in the `Authorization` header.
    public var value: String
    /// When it expires; `nil` when the server did not say (it is then renewed only after a `401`).
    public var expiresAt: Date?

    /// Creates a token that expires at `expiresAt`, or whose expiry is unknown.
    ///
    /// - Parameters:
    ///   - value: The token.
    ///   - expiresAt: When it expires; `nil` when unknown.
    public init(_ value: String, expiresAt: Date? = nil) {
        self.value = value
        self.expiresAt = expiresAt
    }

    /// Creates a token that expires `expiresIn` seconds after `receivedAt`, as OAuth's `expires_in`
    /// says.
    ///
    /// - Parameters:
    ///   - value: The token.
    ///   - expiresIn: Its lifetime in seconds, counted from when it was received.
    ///   - receivedAt: When the response that carried it arrived.
    public init(_ value: String, expiresIn: TimeInterval, from receivedAt: Date) {
        self.init(value, expiresAt: receivedAt.addingTimeInterval(expiresIn))
    }

    /// Whether the token expires within `leadTime` seconds of `now` (or has expired). A token whose
    /// expiry is unknown never does.
    ///
    /// - Parameters:
    ///   - leadTime: How long before its expiry a token counts as expiring.
    ///   - now: The current time.
    public func expires(within leadTime: TimeInterval, of now: Date) -> Bool {
        guard let expiresAt else { return false }
        return expiresAt.timeIntervalSince(now) <= leadTime
    }

    /// Whether the token has expired at `now`.
    public func hasExpired(at now: Date) -> Bool {
        expires(within: 0, of: now)
    }
}

extension AccessToken: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `AccessToken(<redacted>, expires …)`: never the token.
    public var description: String {
        let expiry = expiresAt.map { "expires " + $0.ISO8601Format() } ?? "expiry unknown"
        return "AccessToken(\(Redaction.placeholder), \(expiry))"
    }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// A mirror without the token, so `dump(_:)` and the debugger do not show it either.
    public var customMirror: Mirror {
        Mirror(self, children: ["value": Redaction.placeholder, "expiresAt": expiresAt as Any], displayStyle: .struct)
    }
}
