import Foundation

/// How `Vary` (RFC 9111 §4.1) picks among the stored variants of one URL.
enum CacheVariant {
    /// The field names a response's `Vary` lists, lowercased, sorted, each once; `*` included.
    static func names(in headers: HTTPHeaders) -> [String] {
        let values = headers.values(for: "Vary")
        guard !values.isEmpty else { return [] }
        var names = Set<String>()
        for value in values {
            for name in value.split(separator: ",") {
                let trimmed = name.trimmingCharacters(in: .whitespaces).lowercased()
                if !trimmed.isEmpty { names.insert(trimmed) }
            }
        }
        return names.sorted()
    }

    /// The request headers of `request` that `names` lists, to store beside the response; a
    /// credential (`Authorization`, `Proxy-Authorization`, `Cookie`) as its digest, so that no
    /// store keeps one.
    static func requestHeaders(named names: [String], in request: URLRequest) -> HTTPHeaders {
        var headers = HTTPHeaders()
        for name in names where name != "*" {
            if let value = storedValue(of: name, in: request) { headers.add(value, for: name) }
        }
        return headers
    }

    /// The value of `name` in `request` as an entry keeps it: a credential as its digest.
    private static func storedValue(of name: String, in request: URLRequest) -> String? {
        guard let value = request.value(forHTTPHeaderField: name) else { return nil }
        guard credentialFields.contains(name) else { return value }
        return "sha256:" + SHA256.hexDigest(of: Data(value.utf8))
    }

    private static let credentialFields: Set<String> = ["authorization", "proxy-authorization", "cookie"]

    /// Whether `request` selects `entry`: it sends the same values of every header the entry's
    /// `Vary` names, normalised; `Vary: *` never matches.
    static func request(_ request: URLRequest, selects entry: CachedResponse) -> Bool {
        for name in names(in: entry.response.headers) {
            guard name != "*" else { return false }
            let sent = storedValue(of: name, in: request).map { [$0] } ?? []
            guard normalised(sent) == normalised(entry.varyingRequestHeaders.values(for: name)) else { return false }
        }
        return true
    }

    /// A header's values as one comparable string: joined with commas, with the whitespace
    /// around each comma-separated element removed (`gzip,  br` and `gzip, br` match); absent
    /// is not empty.
    static func normalised(_ values: [String]) -> String {
        guard !values.isEmpty else { return "\u{0}absent" }
        return values.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: ",")
    }
}
