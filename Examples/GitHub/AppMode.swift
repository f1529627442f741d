#if GitHubApps
    import EndpointKit
    import EndpointKitGitHub
    import Foundation

    /// `GET /installation/repositories`: what an installation token can reach.
    struct InstallationRepositories: GET {
        struct Page: JSONObject {
            let totalCount: Int
            let fullNames: [String]
            init(json: JSON) throws {
                totalCount = try json["total_count"].decode()
                fullNames = try json["repositories"].elements().map { try $0["full_name"].decode(String.self) }
            }
        }
        typealias ResponseType = Page
        let path = "/installation/repositories"
        var query: Parameters { ["per_page": 100] }
    }

    /// `github app`: as the app's installation, lists the repositories it can reach.
    ///
    /// - Returns: The exit status: 0, 1 after an API error, 2 for a key that cannot sign.
    func listInstallationRepositories(
        baseURL: URL, appID: String, privateKeyPath: String, installationID: Int
    ) async -> Int32 {
        let app: GitHubApp
        do {
            let pem = try String(contentsOfFile: privateKeyPath, encoding: .utf8)
            app = try GitHubApp(issuer: appID, privateKeyPEM: pem, baseURL: baseURL)
        } catch {
            printError("github: \(error)")
            return 2
        }
        let client = Client(baseURL: baseURL, authenticator: app.installation(installationID)) { $0.api = .gitHub }
        do {
            let page = try await client.get(InstallationRepositories())
            for name in page.fullNames { print(name) }
            print("(\(page.totalCount) repositories reachable by installation \(installationID) of app \(app.issuer))")
            return 0
        } catch {
            if let apiError = error.errorBody(as: GitHubAPIError.self) {
                printError("github: \(apiError) (status \(error.response?.statusCode ?? 0))")
            } else {
                printError("github: \(error)")
            }
            return 1
        }
    }
#endif
