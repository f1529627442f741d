#if GitHubApps
    import EndpointKit
    @testable import EndpointKitGitHub
    import EndpointKitTesting
    import Foundation
    import TestGates
    import Testing

    @Suite("Installation tokens of a GitHub App")
    struct GitHubInstallationTokenTests {
        private static func successes(ofConcurrentCalls count: Int, to client: Client) async -> Int {
            await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<count {
                    group.addTask { (try? await client.get(InstallationRepositories())) != nil }
                }
                return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
        }

        @Test("32 calls in flight for one installation send one token POST, and all go out with its token")
        func concurrentCallsShareOneTokenRequest() async throws {
            let (_, github, transport, app) = try AppFixture.make()
            let installation = CountingAuthenticator(app.installation(1))
            let client = Client.gitHub(installation, transport: transport)
            github.holdTokenRequests(until: installation.authentications, reach: 32)  // all 32 wait for it

            #expect(await Self.successes(ofConcurrentCalls: 32, to: client) == 32)

            #expect(github.tokenRequests == [1: 1])
            let calls = await transport.requests.filter { $0.path == "/installation/repositories" }
            #expect(calls.count == 32)
            #expect(calls.allSatisfy { $0.headers["Authorization"] == "Bearer ghs_1_1" })
            let tokenRequest = try #require(await transport.requests.first { $0.path.hasSuffix("/access_tokens") })
            #expect(tokenRequest.method == .post)
            #expect(tokenRequest.path == "/app/installations/1/access_tokens")
            #expect(tokenRequest.headers["Accept"] == "application/vnd.github+json")
            #expect(tokenRequest.body == nil || tokenRequest.body?.isEmpty == true, "no narrowing, no body")
        }

        @Test("A token is renewed once it expires within the lead time (5 minutes by default), not before")
        func renewsBeforeExpiresAt() async throws {
            let (clock, github, transport, app) = try AppFixture.make()
            let installation = CountingAuthenticator(app.installation(1))
            let client = Client.gitHub(installation, transport: transport)

            _ = try await client.get(InstallationRepositories())
            clock.advance(by: 3600 - 301)  // 301 s left
            _ = try await client.get(InstallationRepositories())
            #expect(github.tokenRequests == [1: 1])

            clock.advance(by: 2)  // 299 s left
            github.holdTokenRequests(until: installation.authentications, reach: 10)  // the 8 calls wait for it
            #expect(await Self.successes(ofConcurrentCalls: 8, to: client) == 8)
            #expect(github.tokenRequests == [1: 2])
            let last = await transport.requests.last { $0.path == "/installation/repositories" }
            #expect(last?.headers["Authorization"] == "Bearer ghs_1_2")
            let unauthorized = await transport.requests.count { $0.path == "/installation/repositories" }
            #expect(unauthorized == 10, "no call was sent twice after a 401")
        }

        @Test("The lead time can be set")
        func leadTimeIsSettable() async throws {
            let (clock, github, transport, app) = try AppFixture.make()
            let client = Client.gitHub(app.installation(1, renewalLeadTime: 1200), transport: transport)

            _ = try await client.get(InstallationRepositories())
            clock.advance(by: 3600 - 1199)
            _ = try await client.get(InstallationRepositories())
            #expect(github.tokenRequests == [1: 2])
        }

        @Test("A 401 renews the token once, the call is sent once more, and a second 401 fails it without looping")
        func renewsOnceOn401() async throws {
            let (_, github, transport, app) = try AppFixture.make()
            let client = Client.gitHub(app.installation(1), transport: transport)
            _ = try await client.get(InstallationRepositories())

            github.refuseEveryToken()
            await #expect {
                _ = try await client.get(InstallationRepositories())
            } throws: { error in
                guard case .unacceptableStatus(let failure) = error as? EndpointError else { return false }
                return failure.statusCode == 401
                    && failure.errorBody(as: GitHubAPIError.self)?.message == "Bad credentials"
            }
            #expect(github.tokenRequests == [1: 2])
            let calls = await transport.requests.filter { $0.path == "/installation/repositories" }
            #expect(
                calls.map { $0.headers["Authorization"] } == ["Bearer ghs_1_1", "Bearer ghs_1_1", "Bearer ghs_1_2"])
        }

        @Test("Two installations get two tokens; one installation asked for twice shares one")
        func tokensPerInstallation() async throws {
            let (_, github, transport, app) = try AppFixture.make()

            _ = try await Client.gitHub(app.installation(1), transport: transport).get(InstallationRepositories())
            _ = try await Client.gitHub(app.installation(2), transport: transport).get(InstallationRepositories())
            _ = try await Client.gitHub(app.installation(1), transport: transport).get(InstallationRepositories())
            _ = try await Client.gitHub(app.installation(2), transport: transport).get(InstallationRepositories())

            #expect(github.tokenRequests == [1: 1, 2: 1])
            let sent = await transport.requests.filter { $0.path == "/installation/repositories" }
                .map { $0.headers["Authorization"] }
            #expect(sent == ["Bearer ghs_1_1", "Bearer ghs_2_1", "Bearer ghs_1_1", "Bearer ghs_2_1"])
        }

        @Test(
            "A narrowed token is asked for with its repositories, repository IDs and permissions as JSON, and cached apart"
        )
        func narrowingIsSentAsJSON() async throws {
            let (_, _, transport, app) = try AppFixture.make()
            let narrowed = app.installation(
                1, repositories: ["hello-world"], repositoryIDs: [1296269], permissions: ["issues": "write"])

            _ = try await Client.gitHub(narrowed, transport: transport).get(InstallationRepositories())
            _ = try await Client.gitHub(app.installation(1), transport: transport).get(InstallationRepositories())

            let posts = await transport.requests.filter { $0.path.hasSuffix("/access_tokens") }
            #expect(posts.count == 2, "a narrowed token and a full one are different tokens")
            #expect(posts[0].headers["Content-Type"] == "application/json")
            let body = try #require(posts[0].body.map { String(decoding: $0, as: UTF8.self) })
            #expect(
                body == #"{"permissions":{"issues":"write"},"repositories":["hello-world"],"repository_ids":[1296269]}"#
            )
        }

        @Test("installationToken(for:) returns the token, its expiry, permissions and repositories")
        func installationTokenResponse() async throws {
            let (clock, _, _, app) = try AppFixture.make()

            let token = try await app.installationToken(for: 2, permissions: ["issues": "write"])

            #expect(token.accessToken.value == "ghs_2_1")
            #expect(token.accessToken.expiresAt == clock.now.addingTimeInterval(3600))
            #expect(token.permissions == ["issues": "write"])
            #expect(token.repositories == ["hello-world"])
        }

        @Test(
            "An unknown installation fails the call, before it is sent, with authenticationFailed carrying the token request's 404 and GitHub's message"
        )
        func unknownInstallationIsTypedError() async throws {
            let (_, _, transport, app) = try AppFixture.make()
            let client = Client.gitHub(app.installation(999), transport: transport)

            do {
                _ = try await client.get(InstallationRepositories())
                Issue.record("the call succeeded")
            } catch {
                guard case .authenticationFailed(let tokenRequest as EndpointError, let call) = error,
                    case .unacceptableStatus(let failure) = tokenRequest
                else {
                    Issue.record("unexpected error: \(error)")
                    return
                }
                #expect(call?.url?.path == "/installation/repositories", "the failed call is the one made")
                #expect(failure.statusCode == 404)
                #expect(failure.method == .post)
                #expect(failure.errorBody(as: GitHubAPIError.self)?.message == "Not Found")
                #expect(failure.response.url?.path == "/app/installations/999/access_tokens")
                let texts = [String(describing: error), String(reflecting: error)]
                #expect(texts.allSatisfy { !$0.contains("eyJ") }, "the JWT never shows in the error")
            }
            #expect(await transport.requests.allSatisfy { $0.path != "/installation/repositories" }, "nothing was sent")
        }

        @Test(
            "A token with CR/LF is refused with a typed invalidCredentials by the app's and the installation's authenticators, before anything is sent"
        )
        func tokenWithLineBreakIsRefused() async throws {
            let clock = ManualClock()
            let injected = "ghs_1\r\nX-Injected: yes"
            let api = StubTransport { request in
                guard request.url?.path.hasSuffix("/access_tokens") == true else {
                    return HTTPResponse(statusCode: 200, body: Data("{}".utf8), url: request.url)
                }
                let json = #"{"token":"ghs_1\r\nX-Injected: yes","expires_at":"2030-01-01T00:00:00Z"}"#
                return HTTPResponse(
                    statusCode: 201, headers: ["Content-Type": "application/json"], body: Data(json.utf8),
                    url: request.url)
            }
            let app = try GitHubApp.test(clock: clock, transport: api)
            let appAuthenticator = GitHubAppAuthenticator(
                issuer: "Iv23liTestApp", clock: clock.clock, renewalLeadTime: 60
            ) { AccessToken(injected) }
            let authenticators: [any Authenticator] = [appAuthenticator, app.installation(1)]

            for authenticator in authenticators {
                let transport = StubTransport { HTTPResponse(statusCode: 200, body: Data("{}".utf8), url: $0.url) }
                await #expect {
                    _ = try await Client.gitHub(authenticator, transport: transport).get(InstallationRepositories())
                } throws: { error in
                    guard case .invalidRequest(.invalidCredentials(let reason), _) = error as? EndpointError else {
                        return false
                    }
                    return reason == "the token contains whitespace or control characters"
                }
                #expect(await transport.requests.isEmpty, "\(authenticator) sent nothing")
                #expect(authenticator is any SetsOnlyValidHeaders, "\(authenticator) takes the fast path")
            }
        }
    }
#endif
