import Foundation

/// The one redactor for everything EndpointKit shows a person: error descriptions, the
/// ``LoggingMiddleware`` line, ``CURLCommand``, and any trace or metric that names a URL. Every
/// such place calls it; none redacts by itself.
///
/// What it hides, each written `<redacted>`:
/// - the user-info of a URL (`https://user:password@host` → `https://<redacted>@host`);
/// - the values of ``CURLCommand/sensitiveQueryItems`` and of the query parameters it is given,
///   compared without case (`?access_token=<redacted>&page=2`);
/// - for the cURL command, the values of ``CURLCommand/sensitiveHeaders`` and of the headers it is
///   given, and in a form body the values of those query parameters and of
///   ``CURLCommand/sensitiveFormFields``.
///
/// The rest of a URL is kept as it is, percent-encoding included. An error's description uses
/// ``standard``; a ``LoggingMiddleware`` adds the names it was given.
package struct Redaction: Sendable {
    /// What a hidden value is replaced with.
    package static let placeholder = "<redacted>"

    /// The built-in names only: what error descriptions use.
    package static let standard = Redaction(headers: [], queryItems: [])

    /// Lower-cased header names: ``CURLCommand/sensitiveHeaders`` and the given ones.
    let headers: Set<String>
    /// Lower-cased query parameter names: ``CURLCommand/sensitiveQueryItems`` and the given ones.
    let queryItems: Set<String>

    /// A redactor for the built-in names and the given ones, in any case.
    package init(headers: Set<String>, queryItems: Set<String>) {
        self.headers = Set(CURLCommand.sensitiveHeaders.union(headers).map { $0.lowercased() })
        self.queryItems = Set(CURLCommand.sensitiveQueryItems.union(queryItems).map { $0.lowercased() })
    }

    /// Whether the value of header `name` is hidden.
    package func redactsHeader(_ name: String) -> Bool {
        headers.contains(name.lowercased())
    }

    /// `url` as text with its user-info and the values of redacted query parameters replaced;
    /// everything else is kept as it is, percent-encoding included.
    package func redact(_ url: URL) -> String {
        redact(urlText: url.absoluteString)
    }

    /// `url`, redacted, or `missing` when there is none.
    package func redact(_ url: URL?, missing: String) -> String {
        url.map(redact) ?? missing
    }

    /// A URL, or a path with a query, given as text (perhaps not a valid URL), redacted as
    /// ``redact(_:)`` does.
    package func redact(urlText: String) -> String {
        var text = urlText
        if let user = Self.userInfoRange(in: text) {
            text.replaceSubrange(user, with: Self.placeholder)
        }
        let queryEnd = text.firstIndex(of: "#") ?? text.endIndex
        guard let queryStart = text[..<queryEnd].firstIndex(of: "?") else { return text }
        let query = text[text.index(after: queryStart)..<queryEnd].split(
            separator: "&", omittingEmptySubsequences: false
        )
        .map { item -> String in
            guard let equals = item.firstIndex(of: "=") else { return String(item) }
            let name = String(item[..<equals])
            return redactsQueryItem(name) ? "\(name)=\(Self.placeholder)" : String(item)
        }
        text.replaceSubrange(text.index(after: queryStart)..<queryEnd, with: query.joined(separator: "&"))
        return text
    }

    /// `text`, another component's account of a failure (an underlying transport error, say),
    /// with what would be redacted in `url` hidden wherever it appears: the whole URL, its
    /// user-info and password, and the values of its redacted query parameters, as written in the
    /// URL and percent-decoded.
    package func redact(_ text: String, mentioning url: URL?) -> String {
        guard let url else { return text }
        let full = url.absoluteString
        var result = text.replacingOccurrences(of: full, with: redact(urlText: full))
        var secrets: [String] = []
        if let user = Self.userInfoRange(in: full) { secrets.append(String(full[user])) }
        let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        if let password = components?.percentEncodedPassword { secrets.append(password) }
        let query = components?.percentEncodedQuery ?? ""
        for item in query.split(separator: "&") {
            guard let equals = item.firstIndex(of: "="), redactsQueryItem(String(item[..<equals])) else { continue }
            secrets.append(String(item[item.index(after: equals)...]))
        }
        secrets += secrets.compactMap { PercentEncoding.decode($0) }
        for secret in Set(secrets).filter({ !$0.isEmpty }).sorted(by: { $0.count > $1.count }) {
            result = result.replacingOccurrences(of: secret, with: Self.placeholder)
        }
        return result
    }

    /// A form body (`application/x-www-form-urlencoded`) with the values of redacted fields
    /// replaced: those of ``CURLCommand/sensitiveQueryItems``, of the query parameters it is
    /// given, and of ``CURLCommand/sensitiveFormFields`` (an OAuth token request's `code`,
    /// `code_verifier`, `device_code`, …).
    package func redact(formBody text: String) -> String {
        text.split(separator: "&", omittingEmptySubsequences: false)
            .map { item -> String in
                guard let equals = item.firstIndex(of: "=") else { return String(item) }
                let name = String(item[..<equals])
                let decoded = (PercentEncoding.decode(name, spaces: .plus) ?? name).lowercased()
                let hidden = queryItems.contains(decoded) || CURLCommand.sensitiveFormFields.contains(decoded)
                return hidden ? "\(name)=\(Self.placeholder)" : String(item)
            }
            .joined(separator: "&")
    }

    /// Whether the value of query parameter `name` (as written in a URL) is hidden.
    private func redactsQueryItem(_ name: String) -> Bool {
        queryItems.contains((PercentEncoding.decode(name) ?? name).lowercased())
    }

    /// The user-info of the URL in `text` (between `://` and the authority's last `@`), if any.
    private static func userInfoRange(in text: String) -> Range<String.Index>? {
        guard let schemeEnd = text.range(of: "://") else { return nil }
        let authorityEnd = text[schemeEnd.upperBound...].firstIndex { "/?#".contains($0) } ?? text.endIndex
        guard let at = text[schemeEnd.upperBound..<authorityEnd].lastIndex(of: "@") else { return nil }
        return schemeEnd.upperBound..<at
    }
}
