import Foundation

/// A digest of what was added to a request or changed in it on its way out (an authenticator's
/// credential, say): the identity of a credential without the credential, for the cache's keys
/// and the rate-limit pacer's budgets.
enum CredentialDigest {
    /// The SHA-256 of the header fields of `after` that `before` lacks or has otherwise (as
    /// `name: value` lines, names lowercased, sorted), then of a change of URL, then of `extra`;
    /// `nil` when there is none of them.
    ///
    /// - Parameters:
    ///   - before: The request as it was.
    ///   - after: The request as it goes out.
    ///   - ignoring: Header names that do not count.
    ///   - extra: More lines to digest after the changes.
    static func ofChanges(
        from before: URLRequest, to after: URLRequest, ignoring: (String) -> Bool = { _ in false },
        extra: [String] = []
    ) -> String? {
        let fields = before.allHTTPHeaderFields ?? [:]
        var lines = (after.allHTTPHeaderFields ?? [:]).filter { fields[$0.key] != $0.value && !ignoring($0.key) }
            .map { "\($0.key.lowercased()): \($0.value)" }.sorted()
        if after.url != before.url { lines.append("url: \(after.url?.absoluteString ?? "")") }
        lines += extra
        guard !lines.isEmpty else { return nil }
        return SHA256.hexDigest(of: Data(lines.joined(separator: "\n").utf8))
    }
}
