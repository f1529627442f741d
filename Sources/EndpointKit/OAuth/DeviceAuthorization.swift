import Foundation

/// A started device authorization (RFC 8628): what to show the user, and what polling needs.
///
/// Show ``userCode`` and ``verificationURI`` (or ``verificationURIComplete`` as a link or QR
/// code); then ``OAuthClient/tokens(for:)`` polls until the user approves. The device code itself
/// is a secret and is never shown, in the description either.
public struct DeviceAuthorization: Sendable, Hashable {
    /// The code the user types at ``verificationURI``: meant for a person, so safe to show.
    public let userCode: String
    /// Where the user goes to approve.
    public let verificationURI: String
    /// The same page with the user code in it, if the server gave one.
    public let verificationURIComplete: String?
    /// When the device code expires.
    public let expiresAt: Date
    /// The seconds to wait between polls, as the server asked (5 when it did not say).
    public let interval: TimeInterval
    /// The device code: sent when polling, never shown.
    let deviceCode: String

    init(
        userCode: String, verificationURI: String, verificationURIComplete: String?, expiresAt: Date,
        interval: TimeInterval, deviceCode: String
    ) {
        self.userCode = userCode
        self.verificationURI = verificationURI
        self.verificationURIComplete = verificationURIComplete
        self.expiresAt = expiresAt
        self.interval = interval
        self.deviceCode = deviceCode
    }
}

extension DeviceAuthorization: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The user code, the page and the expiry; never the device code.
    public var description: String {
        "DeviceAuthorization(user code \(userCode) at \(verificationURI), expires \(expiresAt.ISO8601Format()))"
    }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// A mirror without the device code.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "userCode": userCode, "verificationURI": verificationURI,
                "verificationURIComplete": verificationURIComplete as Any, "expiresAt": expiresAt,
                "interval": interval,
            ], displayStyle: .struct)
    }
}
