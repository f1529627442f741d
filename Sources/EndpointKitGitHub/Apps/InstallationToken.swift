#if GitHubApps
    import EndpointKit
    import Foundation

    /// An installation access token (`ghs_…`), as `POST /app/installations/{id}/access_tokens`
    /// returns it: the token with its expiry, and what it may do.
    ///
    /// Its description and `dump` never show the token:
    ///
    /// <!-- snippet needs: pem -->
    /// ```swift
    /// let app = try GitHubApp(issuer: "Iv23liExample", privateKeyPEM: pem)
    /// let token = try await app.installationToken(for: 42, permissions: ["issues": "write"])
    /// print(token)   // InstallationToken(AccessToken(<redacted>, expires 2026-…Z), permissions: ["issues": "write"])
    /// ```
    public struct InstallationToken: JSONObject, Hashable, CustomStringConvertible, CustomReflectable {
        /// The token and when it expires (`expires_at`).
        public var accessToken: AccessToken
        /// What the token may do, such as `["issues": "write", "metadata": "read"]`.
        public var permissions: [String: String]
        /// The names of the repositories it is limited to, when it is.
        public var repositories: [String]?

        /// Creates a token.
        ///
        /// - Parameters:
        ///   - accessToken: The token and its expiry.
        ///   - permissions: What it may do.
        ///   - repositories: The repositories it is limited to.
        public init(accessToken: AccessToken, permissions: [String: String] = [:], repositories: [String]? = nil) {
            self.accessToken = accessToken
            self.permissions = permissions
            self.repositories = repositories
        }

        /// Reads `{"token", "expires_at", "permissions", "repositories": [{"name", …}]}`.
        ///
        /// - Parameter json: The response body.
        public init(json: JSON) throws {
            let token: String = try json["token"].decode()
            let expiresAt: Date = try json["expires_at"].decode()
            let permissions = try json["permissions"].decode([String: String]?.self) ?? [:]
            let repositories =
                try json["repositories"].isNullOrMissing
                ? nil : json["repositories"].elements().map { try $0["name"].decode(String.self) }
            self.init(
                accessToken: AccessToken(token, expiresAt: expiresAt), permissions: permissions,
                repositories: repositories)
        }

        /// `InstallationToken(AccessToken(<redacted>, expires …), permissions: …)`: never the token.
        public var description: String {
            var text = "InstallationToken(\(accessToken), permissions: \(permissions.sorted { $0.key < $1.key })"
            if let repositories { text += ", repositories: \(repositories)" }
            return text + ")"
        }

        /// A mirror whose token is redacted, for `dump(_:)` and the debugger.
        public var customMirror: Mirror {
            Mirror(
                self,
                children: [
                    "accessToken": accessToken, "permissions": permissions, "repositories": repositories as Any,
                ],
                displayStyle: .struct)
        }
    }

    /// `POST /app/installations/{installation_id}/access_tokens`, authenticated as the app, with
    /// the narrowing as its JSON body when there is any.
    struct CreateInstallationAccessToken: POST {
        typealias ResponseType = InstallationToken

        let request: InstallationTokenRequest

        static var pathTemplate: String? { "/app/installations/{installation_id}/access_tokens" }
        var path: String { "/app/installations/\(request.installationID)/access_tokens" }

        var body: RequestBody {
            request.narrows ? .json(request.narrowing, encoder: JSONBodyEncoder(outputFormatting: .sortedKeys)) : .empty
        }
    }

    /// Which installation a token is for, and what it is narrowed to: the key of a
    /// ``GitHubApp``'s token cache.
    struct InstallationTokenRequest: Hashable, Sendable {
        struct Narrowing: Hashable, Sendable, Encodable {
            var repositories: [String]?
            var repositoryIDs: [Int]?
            var permissions: [String: String]?

            enum CodingKeys: String, CodingKey {
                case repositories
                case repositoryIDs = "repository_ids"
                case permissions
            }
        }

        var installationID: Int
        var narrowing: Narrowing

        var narrows: Bool {
            narrowing.repositories != nil || narrowing.repositoryIDs != nil || narrowing.permissions != nil
        }
    }
#endif
