/// Why a `Link` header value could not be parsed.
public struct LinkHeaderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, for example `expected "<" at offset 0`.
    public var reason: String
    /// The header value, cut to 200 characters.
    public var header: String

    /// The reason and the header.
    public var description: String {
        "Invalid Link header (\(reason)): \(header)"
    }
}

extension WebLink {
    /// Parses an RFC 8288 `Link` header value into its links, in order.
    ///
    /// Commas and semicolons inside `<…>` and quoted strings do not split; whitespace around
    /// separators is ignored; parameter values may be quoted (with `\` escapes) or bare tokens;
    /// names are case-insensitive. An empty value gives no links.
    ///
    /// - Parameter header: The header's value; several `Link` headers may be joined with commas.
    /// - Returns: The links.
    /// - Throws: ``LinkHeaderError`` for malformed input (a missing `<` or `>`, an unterminated
    ///   quoted string, a parameter without a name).
    public static func parse(_ header: String) throws(LinkHeaderError) -> [WebLink] {
        var scanner = LinkScanner(header)
        var links: [WebLink] = []
        scanner.skipSeparators(",")
        while !scanner.isAtEnd {
            links.append(try scanner.scanLink())
            scanner.skipWhitespace()
            guard scanner.isAtEnd || scanner.consume(",") else {
                throw scanner.error("expected \",\" between links")
            }
            scanner.skipSeparators(",")
        }
        return links
    }
}

/// A cursor over the header's Unicode scalars.
private struct LinkScanner {
    private let scalars: [Unicode.Scalar]
    private let header: String
    private var position = 0

    init(_ header: String) {
        self.header = header
        scalars = Array(header.unicodeScalars)
    }

    var isAtEnd: Bool { position >= scalars.count }

    func error(_ reason: String) -> LinkHeaderError {
        LinkHeaderError(reason: "\(reason) at offset \(position)", header: String(header.prefix(200)))
    }

    mutating func skipWhitespace() {
        while !isAtEnd, scalars[position] == " " || scalars[position] == "\t" { position += 1 }
    }

    /// Skips whitespace and empty list elements (`, ,`).
    mutating func skipSeparators(_ separator: Unicode.Scalar) {
        skipWhitespace()
        while !isAtEnd, scalars[position] == separator {
            position += 1
            skipWhitespace()
        }
    }

    mutating func consume(_ scalar: Unicode.Scalar) -> Bool {
        guard !isAtEnd, scalars[position] == scalar else { return false }
        position += 1
        return true
    }

    mutating func scanLink() throws(LinkHeaderError) -> WebLink {
        guard consume("<") else { throw error("expected \"<\"") }
        let start = position
        while !isAtEnd, scalars[position] != ">" { position += 1 }
        guard !isAtEnd else { throw error("missing \">\"") }
        let target = String(String.UnicodeScalarView(scalars[start..<position])).trimmingSpaces()
        position += 1
        var parameters: [String: String] = [:]
        skipWhitespace()
        while consume(";") {
            skipWhitespace()
            if isAtEnd || scalars[position] == "," || scalars[position] == ";" { continue }
            let (name, value) = try scanParameter()
            if parameters[name] == nil { parameters[name] = value }
            skipWhitespace()
        }
        let relations = (parameters["rel"] ?? "").lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" })
        return WebLink(target: target, relations: relations.map(String.init), parameters: parameters)
    }

    private mutating func scanParameter() throws(LinkHeaderError) -> (String, String) {
        let name = scanToken().lowercased()
        guard !name.isEmpty else { throw error("expected a parameter name") }
        skipWhitespace()
        guard consume("=") else { return (name, "") }
        skipWhitespace()
        if consume("\"") {
            return (name, try scanQuotedString())
        }
        return (name, scanToken())
    }

    /// Characters up to whitespace or a separator.
    private mutating func scanToken() -> String {
        let start = position
        while !isAtEnd, !" \t;,=\"".unicodeScalars.contains(scalars[position]) { position += 1 }
        return String(String.UnicodeScalarView(scalars[start..<position]))
    }

    /// The rest of a quoted string whose opening quote is consumed; `\x` stands for `x`.
    private mutating func scanQuotedString() throws(LinkHeaderError) -> String {
        var value = String.UnicodeScalarView()
        while !isAtEnd {
            let scalar = scalars[position]
            position += 1
            if scalar == "\"" { return String(value) }
            if scalar == "\\" {
                guard !isAtEnd else { break }
                value.append(scalars[position])
                position += 1
            } else {
                value.append(scalar)
            }
        }
        throw error("unterminated quoted string")
    }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        var view = Substring(self)
        while view.first == " " || view.first == "\t" { view.removeFirst() }
        while view.last == " " || view.last == "\t" { view.removeLast() }
        return String(view)
    }
}
