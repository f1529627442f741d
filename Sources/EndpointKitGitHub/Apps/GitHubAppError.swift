#if GitHubApps
    import Foundation

    /// Why a GitHub App's private key cannot sign its JWTs, or why signing failed.
    ///
    /// Its description says what is wrong with the key, never what the key is:
    ///
    /// ```swift
    /// do {
    ///     _ = try GitHubApp(issuer: "Iv23liExample", privateKeyPEM: "not a key")
    /// } catch {
    ///     print(error)   // The GitHub App's private key is not PEM: expected "-----BEGIN … PRIVATE KEY-----"
    ///     print(error.reason == .privateKeyNotPEM)   // true
    /// }
    /// ```
    ///
    /// A struct whose kind is a ``Reason``, an open set, so that new kinds of failure are
    /// additions.
    public struct GitHubAppError: Error, Sendable, Equatable, CustomStringConvertible {
        /// What kind of failure a ``GitHubAppError`` is.
        public struct Reason: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
            /// The reason's name, such as `privateKeyNotRSA`.
            public let rawValue: String

            /// Creates a reason.
            ///
            /// - Parameter rawValue: Its name.
            public init(rawValue: String) { self.rawValue = rawValue }

            /// The text has no PEM block (`-----BEGIN … PRIVATE KEY-----` … `-----END …-----`), or
            /// one that is not valid PEM (not closed, not base64).
            public static let privateKeyNotPEM = Reason(rawValue: "privateKeyNotPEM")
            /// The PEM block holds something other than an RSA private key (an EC key, a public
            /// key, a certificate, or damaged data).
            public static let privateKeyNotRSA = Reason(rawValue: "privateKeyNotRSA")
            /// The RSA key has fewer than 2048 bits, which RS256 must not use.
            public static let privateKeyTooShort = Reason(rawValue: "privateKeyTooShort")
            /// The key parsed but could not sign.
            public static let signingFailed = Reason(rawValue: "signingFailed")

            /// The reason's name, such as `privateKeyNotRSA`.
            public var description: String { rawValue }
        }

        /// What kind of failure this is.
        public var reason: Reason
        /// The key's size in bits, for ``Reason/privateKeyTooShort``.
        public var keySizeInBits: Int?
        /// What the key's PEM block said it was (such as `EC PRIVATE KEY`), when it was not RSA and
        /// the label says so (a PKCS #8 `PRIVATE KEY` does not).
        public var pemLabel: String?

        /// Creates an error.
        ///
        /// - Parameters:
        ///   - reason: What kind of failure it is.
        ///   - keySizeInBits: The key's size, for ``Reason/privateKeyTooShort``.
        ///   - pemLabel: The key's PEM label, for ``Reason/privateKeyNotRSA``.
        public init(reason: Reason, keySizeInBits: Int? = nil, pemLabel: String? = nil) {
            self.reason = reason
            self.keySizeInBits = keySizeInBits
            self.pemLabel = pemLabel
        }

        /// What went wrong, for a log line; never the key.
        public var description: String {
            switch reason {
            case .privateKeyNotPEM:
                return "The GitHub App's private key is not PEM: expected \"-----BEGIN … PRIVATE KEY-----\""
            case .privateKeyNotRSA:
                let label = pemLabel.map { " (the PEM block is \"\($0)\")" } ?? ""
                return "The GitHub App's private key is not an RSA private key\(label)"
            case .privateKeyTooShort:
                let bits = keySizeInBits.map { "\($0)" } ?? "fewer"
                return "The GitHub App's private key is too short: \(bits) bits, RS256 needs at least 2048"
            default:
                return "The GitHub App's JWT could not be signed"
            }
        }
    }
#endif
