#if AsyncHTTPClient
    import AsyncHTTPClient
    import EndpointKit
    import EndpointKitAsyncHTTPClient
    import Foundation
    import Testing

    /// The README's "Faster on Linux servers" example, against httpbin, so that it keeps compiling
    /// and working.
    @Suite("The README's AsyncHTTPClient example", .requiresHTTPBin)
    struct ReadmeExampleTests {
        /// `GET /anything/user/repos`, standing in for GitHub's list of the user's repositories.
        struct UserRepositories: GET {
            typealias ResponseType = Echo
            let path = "/anything/user/repos"
        }

        @Test("The README example creates the HTTPClient, makes a call with a token and shuts the client down")
        func readmeExample() async throws {
            let apiURL = HTTPBin.url!
            let token = "secret-token"

            // One HTTPClient for the whole app: it holds the connection pool.
            let httpClient = HTTPClient(configuration: AsyncHTTPClientTransport.makeDefaultConfiguration())
            let client = Client(baseURL: apiURL, authenticator: .bearer(token)) {
                $0.transport = AsyncHTTPClientTransport(client: httpClient)
            }

            let repos: Echo
            do {
                repos = try await client.get(UserRepositories())
            } catch {
                // An HTTPClient that is never shut down stops a debug build: shut it down on failure too.
                try await httpClient.shutdown()
                throw error
            }

            // When the app stops, after its last call:
            try await httpClient.shutdown()

            #expect(repos.header("Authorization") == "Bearer secret-token")
            #expect(repos.url == HTTPBin.urlString("/anything/user/repos"))
        }
    }
#endif
