import Foundation

/// One link of an RFC 8288 `Link` header, such as GitHub's pagination links.
///
/// <!-- snippet needs: client, UserRepositories -->
/// ```swift
/// let response = try await client.send(UserRepositories())
/// // Link: <https://api.github.com/user/repos?page=2>; rel="next", <…?page=5>; rel="last"
/// let links = try WebLink.parse(response.headers["Link"] ?? "")
/// let next = links.first { $0.has(relation: "next") }?.target   // "https://api.github.com/user/repos?page=2"
/// ```
public struct WebLink: Sendable, Hashable {
    /// The link target as written between `<` and `>`: a URI reference, possibly relative.
    public var target: String
    /// The relation types of `rel`, lower-cased (`rel="next last"` gives `["next", "last"]`).
    public var relations: [String]
    /// Every parameter, names lower-cased, values unquoted and unescaped; `rel` included. For a
    /// repeated name, the first occurrence wins (RFC 8288 §3).
    public var parameters: [String: String]

    /// Creates a link.
    ///
    /// - Parameters:
    ///   - target: The URI reference.
    ///   - relations: The relation types, lower-cased.
    ///   - parameters: The parameters, names lower-cased.
    public init(target: String, relations: [String], parameters: [String: String] = [:]) {
        self.target = target
        self.relations = relations
        self.parameters = parameters
    }

    /// Whether the link has this relation type (compared case-insensitively).
    ///
    /// - Parameter relation: A relation type such as `"next"`.
    /// - Returns: `true` when `rel` lists it.
    public func has(relation: String) -> Bool {
        relations.contains(relation.lowercased())
    }

    /// The target resolved against `base` (the URL of the response that carried the header).
    ///
    /// - Parameter base: The URL the target is relative to.
    /// - Returns: The absolute URL, or `nil` when the target is not a valid URI reference.
    public func url(relativeTo base: URL?) -> URL? {
        URL(string: target, relativeTo: base)?.absoluteURL
    }
}
