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
    ///     print(error.code == .privateKeyNotPEM)   // true
    /// }
    /// ```
    ///
    /// A struct with a ``Code``, so that new kinds of failure are additions.
    public struct GitHubAppError: Error, Sendable, Equatable, CustomStringConvertible {
        /// What kind of failure this is.
        public struct Code: Hashable, Sendable, CustomStringConvertible {
            private let name: String
            private init(_ name: String) { self.name = name }

            /// The text has no PEM block (`-----BEGIN … PRIVATE KEY-----` … `-----END …-----`).
            public static let privateKeyNotPEM = Code("privateKeyNotPEM")
            /// The PEM block holds something other than an RSA private key (an EC key, a public
            /// key, a certificate, or damaged data).
            public static let privateKeyNotRSA = Code("privateKeyNotRSA")
            /// The RSA key has fewer than 2048 bits, which RS256 must not use.
            public static let privateKeyTooShort = Code("privateKeyTooShort")
            /// The key parsed but could not sign.
            public static let signingFailed = Code("signingFailed")

            /// The code's name, such as `privateKeyNotRSA`.
            public var description: String { name }
        }

        /// What kind of failure this is.
        public var code: Code
        /// The key's size in bits, for ``Code/privateKeyTooShort``.
        public var keySizeInBits: Int?
        /// What the key's PEM block said it was (such as `EC PRIVATE KEY`), when it was not RSA and
        /// the label says so (a PKCS #8 `PRIVATE KEY` does not).
        public var pemLabel: String?

        init(_ code: Code, keySizeInBits: Int? = nil, pemLabel: String? = nil) {
            self.code = code
            self.keySizeInBits = keySizeInBits
            self.pemLabel = pemLabel
        }

        /// What went wrong, for a log line; never the key.
        public var description: String {
            switch code {
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
