#if GitHubApps
    import _CryptoExtras
    import Crypto
    import EndpointKit
    import EndpointKitGitHub
    import EndpointKitTesting
    import Foundation
    import Testing

    @Suite("A GitHub App's JWT")
    struct GitHubAppJWTTests {
        @Test(
            "The JWT is RS256 with iat a minute ago, exp in 9 minutes, the issuer, and a signature the public key verifies"
        )
        func jwtHeaderClaimsAndSignature() throws {
            let clock = ManualClock()
            let app = try GitHubApp.test(clock: clock, transport: StubTransport())
            let jwt = try app.makeJWT()
            let decoded = try DecodedJWT(jwt.value)
            let now = Int(clock.now.timeIntervalSince1970)

            #expect(decoded.header["alg"] as? String == "RS256")
            #expect(decoded.header["typ"] as? String == "JWT")
            #expect(decoded.header.count == 2)
            let issuedAt = try #require(decoded.claims["iat"] as? Int)
            let expiresAt = try #require(decoded.claims["exp"] as? Int)
            #expect(issuedAt == now - 60)
            #expect(expiresAt == now + 540)
            #expect(expiresAt - issuedAt <= 600, "GitHub refuses a JWT that lasts more than 10 minutes")
            #expect(decoded.claims["iss"] as? String == "Iv23liTestApp")
            #expect(jwt.expiresAt == Date(timeIntervalSince1970: TimeInterval(expiresAt)))
            #expect(decoded.isSigned(by: TestKeys.appKey.publicKey))
            #expect(!decoded.isSigned(by: TestKeys.otherKey.publicKey))
        }

        @Test("An app ID as the issuer goes in iss as a string")
        func appIDIssuer() throws {
            let app = try GitHubApp.test(issuer: "12345", clock: ManualClock(), transport: StubTransport())
            #expect(try DecodedJWT(app.makeJWT().value).claims["iss"] as? String == "12345")
        }

        @Test("The app authenticator reuses its JWT until it is within a minute of exp, then makes a new one")
        func appAuthenticatorReusesJWT() async throws {
            let clock = ManualClock()
            let transport = StubTransport { FakeGitHubApps.json(200, #"{"id":1,"slug":"test-app"}"#, $0) }
            let app = try GitHubApp.test(clock: clock, transport: transport)
            let client = Client.gitHub(app.authenticator, transport: transport)

            _ = try await client.get(AuthenticatedApp())
            clock.advance(by: 540 - 61)  // 61 s left: still reused
            _ = try await client.get(AuthenticatedApp())
            clock.advance(by: 2)  // 59 s left: a new one
            _ = try await client.get(AuthenticatedApp())

            let sent = await transport.requests.map { $0.headers["Authorization"] ?? "" }
            #expect(sent.count == 3)
            #expect(sent.allSatisfy { $0.hasPrefix("Bearer eyJ") })
            #expect(sent[0] == sent[1])
            #expect(sent[2] != sent[1])
            let renewed = try DecodedJWT(String(sent[2].dropFirst("Bearer ".count)))
            #expect(renewed.claims["iat"] as? Int == Int(clock.now.timeIntervalSince1970) - 60)
        }

        @Test("Every copy of the app's authenticator shares one JWT")
        func appAuthenticatorCopiesShareJWT() async throws {
            let clock = ManualClock()
            let transport = StubTransport { FakeGitHubApps.json(200, #"{"id":1,"slug":"test-app"}"#, $0) }
            let app = try GitHubApp.test(clock: clock, transport: transport)
            _ = try await Client.gitHub(app.authenticator, transport: transport).get(AuthenticatedApp())
            clock.advance(by: 10)
            _ = try await Client.gitHub(app.authenticator, transport: transport).get(AuthenticatedApp())
            let sent = await transport.requests.map { $0.headers["Authorization"] }
            #expect(sent[0] == sent[1])
        }

        enum BadKey: String, CaseIterable, CustomTestStringConvertible {
            case notPEM, ecKey, sec1ECKey, publicKey, damagedRSA, rsa1024
            var testDescription: String { rawValue }

            var pem: String {
                switch self {
                case .notPEM: "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC"
                case .ecKey: P256.Signing.PrivateKey().pemRepresentation
                case .sec1ECKey:
                    "-----BEGIN EC PRIVATE KEY-----\n"
                        + P256.Signing.PrivateKey().derRepresentation.base64EncodedString()
                        + "\n-----END EC PRIVATE KEY-----\n"
                case .publicKey: TestKeys.appKey.publicKey.pemRepresentation
                case .damagedRSA: "-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----\n"
                case .rsa1024: try! _RSA.Signing.PrivateKey(unsafeKeySize: .init(bitCount: 1024)).pemRepresentation
                }
            }

            var expected: (reason: GitHubAppError.Reason, description: String) {
                switch self {
                case .notPEM:
                    (
                        .privateKeyNotPEM,
                        #"The GitHub App's private key is not PEM: expected "-----BEGIN … PRIVATE KEY-----""#
                    )
                case .ecKey:
                    (.privateKeyNotRSA, "The GitHub App's private key is not an RSA private key")
                case .sec1ECKey:
                    (
                        .privateKeyNotRSA,
                        #"The GitHub App's private key is not an RSA private key (the PEM block is "EC PRIVATE KEY")"#
                    )
                case .publicKey:
                    (
                        .privateKeyNotRSA,
                        #"The GitHub App's private key is not an RSA private key (the PEM block is "PUBLIC KEY")"#
                    )
                case .damagedRSA:
                    (
                        .privateKeyNotRSA,
                        #"The GitHub App's private key is not an RSA private key (the PEM block is "RSA PRIVATE KEY")"#
                    )
                case .rsa1024:
                    (
                        .privateKeyTooShort,
                        "The GitHub App's private key is too short: 1024 bits, RS256 needs at least 2048"
                    )
                }
            }
        }

        @Test("A private key that cannot sign is refused at creation, saying why", arguments: BadKey.allCases)
        func badKeyIsRefused(_ key: BadKey) throws {
            let pem = key.pem
            do {
                _ = try GitHubApp(issuer: "Iv23liTestApp", privateKeyPEM: pem)
                Issue.record("the key was accepted")
            } catch {
                #expect(error.reason == key.expected.reason)
                #expect(error.description == key.expected.description)
                var dumped = ""
                dump(error, to: &dumped)
                let body = pem.split(separator: "\n").dropFirst().first.map(String.init) ?? pem
                for text in [error.description, String(reflecting: error), dumped] {
                    #expect(!text.contains(body), "the key shows in \(text)")
                }
            }
        }

        @Test("A key in PKCS #1 form (BEGIN RSA PRIVATE KEY, as GitHub downloads it) is accepted too")
        func pkcs1KeyIsAccepted() throws {
            let pkcs8 = TestKeys.appKey.pemRepresentation
            #expect(
                pkcs8.hasPrefix("-----BEGIN PRIVATE KEY-----") || pkcs8.hasPrefix("-----BEGIN RSA PRIVATE KEY-----"))
            let der = TestKeys.appKey.derRepresentation  // PKCS #1 RSAPrivateKey
            let pkcs1 =
                "-----BEGIN RSA PRIVATE KEY-----\n"
                + der.base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
                + "\n-----END RSA PRIVATE KEY-----\n"
            let app = try GitHubApp(issuer: "Iv23liTestApp", privateKeyPEM: pkcs1)
            #expect(try DecodedJWT(app.makeJWT().value).isSigned(by: TestKeys.appKey.publicKey))
        }
    }
#endif
