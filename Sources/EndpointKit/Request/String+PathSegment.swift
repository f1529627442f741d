extension String.StringInterpolation {
    /// Appends `value` as exactly one path segment: every character but `A-Z a-z 0-9 - . _ ~` is
    /// percent-encoded, and a value of `.` or `..` is encoded too, so no value can add segments,
    /// climb up the path, or start a query or fragment.
    ///
    /// ```swift
    /// struct Repository: GET {
    ///     typealias ResponseType = Data
    ///     let owner: String, name: String
    ///     var path: String { "/repos/\(segment: owner)/\(segment: name)" }
    ///     // owner "a/../b?x#y" → /repos/a%2F..%2Fb%3Fx%23y/…
    /// }
    /// ```
    ///
    /// - Parameter value: The value, as its `description`.
    public mutating func appendInterpolation(segment value: some CustomStringConvertible) {
        let text = value.description
        if text == "." || text == ".." {
            appendLiteral(String(repeating: "%2E", count: text.count))
        } else {
            appendLiteral(PercentEncoding.encode(text, allowing: PercentEncoding.unreserved))
        }
    }
}
