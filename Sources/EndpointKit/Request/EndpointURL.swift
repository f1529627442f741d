import Foundation

/// Joins a base URL and an endpoint path without losing the base URL's path.
///
/// `URL(string: "/user/repos", relativeTo: URL(string: "https://host/api/v3"))` resolves to
/// `https://host/user/repos`: the base path is dropped. Here the path is appended instead, so
/// it goes to `https://host/api/v3/user/repos`.
enum EndpointURL {
    /// The absolute URL for `path` under `baseURL`.
    ///
    /// A `path` that is itself an absolute URL (a pagination link, say) is used as it is when it
    /// is on the base URL's origin; on another origin only if `allowsOtherOrigins`.
    ///
    /// - Throws: ``InvalidRequest/invalidBaseURL(_:)`` when the base URL is not an absolute
    ///   `http(s)` URL with a host and without query or fragment; ``InvalidRequest/invalidPath(_:reason:)``
    ///   when the path holds `?` or `#`, a bad `%` escape, or is an absolute URL it may not use.
    static func make(baseURL: URL, path: String, allowsOtherOrigins: Bool = false) throws(EndpointError) -> URL {
        try make(base: Base(baseURL), path: path, allowsOtherOrigins: allowsOtherOrigins)
    }

    /// Joins a base checked once (see ``Base``) and `path`, then appends `query` (already
    /// encoded, without `?`; empty for none) to the URL's query; what a client does per request.
    static func make(
        base: Base, path: String, allowsOtherOrigins: Bool = false, query: String = ""
    ) throws(EndpointError) -> URL {
        let baseText = try base.text.get()
        if isAbsolute(path) {
            return try appending(
                query: query, to: try absoluteURL(path, base: base.url, allowsOtherOrigins: allowsOtherOrigins))
        }
        let encodedPath = try encode(path)
        let text = joined(baseText, encodedPath, query: query)
        guard let url = URL(string: text) else {
            throw .invalidRequest(.invalidURL(text))
        }
        return url
    }

    /// `base`, then `path` after a `/` unless it starts with one, then `?` and `query` unless it
    /// is empty: in one allocation (joining with `+` allocated once for each part appended).
    private static func joined(_ base: String, _ path: String, query: String) -> String {
        if path.isEmpty && query.isEmpty { return base }
        let separator = path.isEmpty || path.utf8.first == UInt8(ascii: "/") ? "" : "/"
        var text = ""
        text.reserveCapacity(
            base.utf8.count + separator.utf8.count + path.utf8.count + (query.isEmpty ? 0 : 1 + query.utf8.count))
        text += base
        text += separator
        text += path
        if !query.isEmpty {
            text += "?"
            text += query
        }
        return text
    }

    /// `url` with `query` (encoded, without `?`) appended to its query, after `&` when it already
    /// has one; `url` itself when `query` is empty.
    static func appending(query: String, to url: URL) throws(EndpointError) -> URL {
        guard !query.isEmpty else { return url }
        let text = url.absoluteString + (url.query == nil ? "?" : "&") + query
        guard let result = URL(string: text) else {
            throw .invalidRequest(.invalidURL(text))
        }
        return result
    }

    /// A base URL checked once, as its text without trailing slashes, or the error every call
    /// with it reports.
    struct Base: Sendable {
        let url: URL
        let text: Result<String, EndpointError>

        init(_ url: URL) {
            self.url = url
            do throws(EndpointError) {
                text = .success(try EndpointURL.validatedBase(url))
            } catch {
                text = .failure(error)
            }
        }
    }

    fileprivate static func validatedBase(_ baseURL: URL) throws(EndpointError) -> String {
        let scheme = baseURL.scheme?.lowercased()
        guard scheme == "http" || scheme == "https", let host = baseURL.host, !host.isEmpty,
            baseURL.query == nil, baseURL.fragment == nil
        else {
            throw .invalidRequest(.invalidBaseURL(baseURL.absoluteString))
        }
        var text = baseURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// Whether `path` starts with a scheme and `://`.
    private static func isAbsolute(_ path: String) -> Bool {
        // A scheme (letters, digits, "+", "-", "."), then "://"; scanned as bytes, as this runs
        // for every request.
        var utf8 = path.utf8.makeIterator()
        var schemeLength = 0
        while let byte = utf8.next() {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                schemeLength += 1
            case UInt8(ascii: ":"):
                return schemeLength > 0 && utf8.next() == UInt8(ascii: "/") && utf8.next() == UInt8(ascii: "/")
            default:
                return false
            }
        }
        return false
    }

    private static func absoluteURL(_ path: String, base: URL, allowsOtherOrigins: Bool) throws(EndpointError) -> URL {
        guard let url = URL(string: path), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host?.isEmpty == false, url.fragment == nil
        else {
            throw .invalidRequest(.invalidPath(path, reason: "is not a valid absolute http(s) URL"))
        }
        guard allowsOtherOrigins || RedirectPolicy.isSameOrigin(url, base) else {
            throw .invalidRequest(
                .invalidPath(
                    path,
                    reason: "points to another origin than the base URL; the endpoint must set allowsOtherOrigins"))
        }
        return url
    }

    /// Percent-encodes what a path may not hold raw (spaces, non-ASCII, quotes…), keeps `/` and
    /// existing `%XX` escapes, and refuses what would change the URL's meaning.
    private static func encode(_ path: String) throws(EndpointError) -> String {
        // Most paths need no escaping: one scan, and the path itself, without a copy.
        if isEncoded(path) { return path }
        if path.utf8.contains(UInt8(ascii: "?")) {
            throw .invalidRequest(
                .invalidPath(path, reason: "contains \"?\"; put query parameters in the endpoint's query"))
        }
        if path.utf8.contains(UInt8(ascii: "#")) {
            throw .invalidRequest(.invalidPath(path, reason: "contains \"#\"; a fragment is never sent to the server"))
        }
        let bytes = Array(path.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, PercentEncoding.isHexDigit(bytes[index + 1]),
                    PercentEncoding.isHexDigit(bytes[index + 2])
                else {
                    throw .invalidRequest(
                        .invalidPath(path, reason: "contains a \"%\" that does not start a %XX escape"))
                }
                output.append(byte)  // an existing escape is kept as it is
            } else {
                PercentEncoding.append(byte, allowing: PercentEncoding.path, to: &output)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether `path` holds only bytes a path may hold raw and well-formed `%XX` escapes, so that
    /// ``encode(_:)`` would return it unchanged.
    private static func isEncoded(_ path: String) -> Bool {
        var utf8 = path.utf8.makeIterator()
        while let byte = utf8.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = utf8.next(), PercentEncoding.isHexDigit(high), let low = utf8.next(),
                    PercentEncoding.isHexDigit(low)
                else { return false }
            } else if !PercentEncoding.path.contains(byte) {
                return false
            }
        }
        return true
    }
}
