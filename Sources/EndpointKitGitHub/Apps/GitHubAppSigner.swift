#if GitHubApps
    import _CryptoExtras
    import Crypto
    import EndpointKit
    import Foundation

    /// Makes a GitHub App's JWTs: RS256 over `{"alg":"RS256","typ":"JWT"}` and the claims `iat`
    /// (60 seconds ago, for clock drift), `exp` (in 9 minutes; GitHub refuses more than 10) and
    /// `iss`.
    struct GitHubAppSigner: Sendable {
        /// How long before now `iat` is, for a server clock that runs behind.
        static let issuedAtDrift: TimeInterval = 60
        /// How long after now `exp` is; with the drift, 10 minutes after `iat`, GitHub's limit.
        static let lifetime: TimeInterval = 540

        let issuer: String
        let clock: ClientClock
        private let key: _RSA.Signing.PrivateKey

        init(issuer: String, privateKeyPEM pem: String, clock: ClientClock) throws(GitHubAppError) {
            self.issuer = issuer
            self.clock = clock
            key = try Self.parse(pem)
        }

        /// Parses an RSA private key, saying which of "not PEM", "not RSA" or "too short" it is.
        static func parse(_ pem: String) throws(GitHubAppError) -> _RSA.Signing.PrivateKey {
            // EndpointKit's PEM reader, the one TLS uses; its errors mean "not PEM" here.
            guard let label = (try? PEM(pem, source: "the GitHub App's private key"))?.blocks.first?.label else {
                throw GitHubAppError(reason: .privateKeyNotPEM)
            }
            guard label == "RSA PRIVATE KEY" || label == "PRIVATE KEY" else {
                throw GitHubAppError(reason: .privateKeyNotRSA, pemLabel: label)
            }
            // Parsed down to 1024 bits only to say how short a short key is.
            guard let key = try? _RSA.Signing.PrivateKey(unsafePEMRepresentation: pem) else {
                // PKCS #8 says which algorithm inside, so its label does not tell.
                throw GitHubAppError(reason: .privateKeyNotRSA, pemLabel: label == "PRIVATE KEY" ? nil : label)
            }
            guard key.keySizeInBits >= 2048 else {
                throw GitHubAppError(reason: .privateKeyTooShort, keySizeInBits: key.keySizeInBits)
            }
            return key
        }

        /// A JWT valid from a minute ago for nine minutes from now, by `clock`, as an
        /// ``/EndpointKit/AccessToken`` that expires with it.
        func makeJWT() throws(GitHubAppError) -> AccessToken {
            let now = clock.now().timeIntervalSince1970.rounded(.down)
            let issuedAt = Int(now - Self.issuedAtDrift)
            let expiresAt = Int(now + Self.lifetime)
            let issuerJSON = (try? JSONEncoder().encode(issuer)).flatMap { String(data: $0, encoding: .utf8) } ?? "\"\""
            let header = Data(#"{"alg":"RS256","typ":"JWT"}"#.utf8).base64URLEncodedString()
            let claims = Data(#"{"iat":\#(issuedAt),"exp":\#(expiresAt),"iss":\#(issuerJSON)}"#.utf8)
                .base64URLEncodedString()
            let signingInput = header + "." + claims
            let signature: _RSA.Signing.RSASignature
            do {
                signature = try key.signature(
                    for: SHA256.hash(data: Data(signingInput.utf8)), padding: .insecurePKCS1v1_5)
            } catch {
                throw GitHubAppError(reason: .signingFailed)
            }
            let jwt = signingInput + "." + signature.rawRepresentation.base64URLEncodedString()
            return AccessToken(jwt, expiresAt: Date(timeIntervalSince1970: TimeInterval(expiresAt)))
        }
    }
#endif
