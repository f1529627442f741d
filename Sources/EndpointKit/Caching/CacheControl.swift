import Foundation

/// The directives of a `Cache-Control` header (RFC 9111 §5.2), of a request or a response.
///
/// Names are matched case-insensitively; a directive given twice keeps its first value; a
/// delta-seconds value that is no number makes the directive count as present with no value,
/// which the rules below read as the strictest meaning (RFC 9111 §4.2.1: an invalid `max-age`
/// is stale). Unknown directives are kept, and ignored.
struct CacheControl: Sendable, Equatable {
    private var directives: [String: String?] = [:]

    /// The directives of every `Cache-Control` value in `headers` (several are joined with commas).
    init(_ headers: HTTPHeaders) {
        self.init(headers.values(for: "Cache-Control").joined(separator: ","))
    }

    init(_ value: String) {
        // Byte by byte: every delimiter is ASCII, and a stored response's header is parsed on
        // each hit, where Substring and Foundation's trimming cost more than the rest of the hit.
        let bytes = Array(value.utf8)
        var index = 0
        while index < bytes.count {
            let (name, argument, next) = Self.nextDirective(in: bytes, from: index)
            index = next
            if !name.isEmpty, directives[name] == nil { directives[name] = argument }
        }
    }

    /// Whether the directive is present, with or without a value.
    func contains(_ name: String) -> Bool { directives[name] != nil }

    /// The directive's delta-seconds, `nil` when it is absent; `0` when it has no valid number.
    func seconds(_ name: String) -> TimeInterval? {
        guard let argument = directives[name] else { return nil }
        guard let text = argument, !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) }) else { return 0 }
        // A value too large to hold means "a very long time" (RFC 9111 §1.2.2): 2^31 seconds.
        let digits = text.drop { $0 == "0" }
        return digits.count > 10 ? TimeInterval(Int32.max) : TimeInterval(min(Int(digits) ?? 0, Int(Int32.max)))
    }

    /// `max-stale`'s allowance: `nil` when absent, `.infinity` when it has no value.
    var maxStale: TimeInterval? {
        guard let argument = directives["max-stale"] else { return nil }
        guard argument != nil else { return .infinity }
        return seconds("max-stale")
    }

    /// `no-cache` with no field names, or with some: either way the stored response is validated
    /// before each use (the qualified form is read as the unqualified one, which RFC 9111 §5.2.2.4
    /// allows).
    var noCache: Bool { contains("no-cache") }
    var noStore: Bool { contains("no-store") }
    var isPrivate: Bool { contains("private") }
    var isPublic: Bool { contains("public") }
    var mustRevalidate: Bool { contains("must-revalidate") }
    var proxyRevalidate: Bool { contains("proxy-revalidate") }
    var isImmutable: Bool { contains("immutable") }
    var onlyIfCached: Bool { contains("only-if-cached") }
    var maxAge: TimeInterval? { seconds("max-age") }
    var sharedMaxAge: TimeInterval? { seconds("s-maxage") }
    var minFresh: TimeInterval? { seconds("min-fresh") }
    var staleWhileRevalidate: TimeInterval? { seconds("stale-while-revalidate") }
    var staleIfError: TimeInterval? { seconds("stale-if-error") }

    /// One `name[=value]` from `start` in `bytes`, its value unquoted, and the index after its
    /// comma (or past the end).
    private static func nextDirective(in bytes: [UInt8], from start: Int) -> (String, String?, Int) {
        var index = start
        while index < bytes.count, bytes[index] != UInt8(ascii: "="), bytes[index] != UInt8(ascii: ",") { index += 1 }
        let name = text(bytes[start..<index], lowercased: true)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return (name, nil, index + 1) }
        var valueStart = index + 1
        while valueStart < bytes.count, bytes[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
        if valueStart < bytes.count, bytes[valueStart] == UInt8(ascii: "\"") {
            // A quoted string, with `\` escapes; the comma after it ends the directive.
            var value: [UInt8] = []
            var cursor = valueStart + 1
            while cursor < bytes.count, bytes[cursor] != UInt8(ascii: "\"") {
                if bytes[cursor] == UInt8(ascii: "\\"), cursor + 1 < bytes.count { cursor += 1 }
                value.append(bytes[cursor])
                cursor += 1
            }
            var after = min(cursor + 1, bytes.count)
            while after < bytes.count, bytes[after] != UInt8(ascii: ",") { after += 1 }
            return (name, String(decoding: value, as: UTF8.self), after + 1)
        }
        var end = valueStart
        while end < bytes.count, bytes[end] != UInt8(ascii: ",") { end += 1 }
        return (name, text(bytes[valueStart..<end], lowercased: false), end + 1)
    }

    /// `bytes` without the spaces and tabs around them (RFC 9110's OWS), as a string; ASCII
    /// letters lowercased when asked (directive names are tokens).
    private static func text(_ bytes: ArraySlice<UInt8>, lowercased: Bool) -> String {
        var slice = bytes
        while let first = slice.first, first == 0x20 || first == 0x09 { slice.removeFirst() }
        while let last = slice.last, last == 0x20 || last == 0x09 { slice.removeLast() }
        guard lowercased else { return String(decoding: slice, as: UTF8.self) }
        return String(decoding: slice.lazy.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }
}
