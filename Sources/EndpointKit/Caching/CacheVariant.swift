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
        return digest(of: value)
    }

    private static func digest(of credential: String) -> String {
        "sha256:" + SHA256.hexDigest(of: Data(credential.utf8))
    }

    /// `headers`, an entry's ``CachedResponse/varyingRequestHeaders``, with every credential
    /// field's value that is not a digest yet as its digest: for a store that writes entries made
    /// elsewhere, so that it never keeps a credential. A request's own value is always digested
    /// before it is compared, so a request that sends a digest never matches it.
    static func digestingCredentials(in headers: HTTPHeaders) -> HTTPHeaders {
        HTTPHeaders(
            headers.fields.map { field in
                guard credentialFields.contains(field.name.lowercased()), !isDigest(field.value) else { return field }
                return .init(name: field.name, value: digest(of: field.value))
            })
    }

    private static func isDigest(_ value: String) -> Bool {
        value.hasPrefix("sha256:") && value.utf8.count == 71
            && value.utf8.dropFirst(7).allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
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
