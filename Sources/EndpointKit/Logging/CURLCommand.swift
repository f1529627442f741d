import Foundation

/// A `curl` command line that sends the same request as a `URLRequest`, with its credentials
/// redacted: paste it into a shell to see what the server does with the request.
///
/// <!-- snippet needs: NewIssue, client, CreateIssue -->
/// ```swift
/// let issue = NewIssue(title: "Crash")
/// let request = try await client.request(for: CreateIssue(owner: "o", repo: "r", issue: issue))
/// print(CURLCommand(request))
/// // curl -X POST 'https://api.github.com/repos/o/r/issues' -H 'Accept: application/json'
/// //     -H 'Authorization: <redacted>' -H 'Content-Type: application/json'
/// //     --data-binary '{"title":"Crash"}'   (on one line)
/// ```
///
/// How the request is written, for any POSIX shell (`sh`, `bash`, `zsh`):
///
/// - Every argument that comes from the request is in single quotes, and a single quote inside
///   it is written `'\''`, so nothing in a URL, header or body is ever run by the shell.
/// - `-X METHOD` is written for every method but `GET`, and for a `GET` with a body; `HEAD` is
///   `--head`, because `curl -X HEAD` waits for a body that never comes. `--globoff` is added
///   when the URL holds `[`, `]`, `{` or `}` (an IPv6 host), which curl would otherwise expand.
/// - Headers are sorted by name. The values of ``sensitiveHeaders`` and of the headers you name
///   are `<redacted>`, compared without case; so is the user-info of a URL such as
///   `https://user:password@host`, and the values of ``sensitiveQueryItems`` and of the query
///   parameters you name. A header with an empty value is written `-H 'Name;'`, as curl wants.
/// - A body that is UTF-8 text, without control characters other than tab and newline and not
///   starting with `@`, is `--data-binary '…'`, newlines kept inside the quotes. In a form body
///   (`application/x-www-form-urlencoded`), the values of ``sensitiveQueryItems``,
///   ``sensitiveFormFields`` and the query parameters you name are `<redacted>`: an OAuth token
///   request's secrets never reach a log. Any other body
///   (binary data, NUL, a carriage return) is written as `printf` octal escapes piped into curl,
///   `printf '\211PNG\015\012' | curl … --data-binary @-`, so exactly the same bytes are sent. Octal,
///   because the `printf` of `dash` (`/bin/sh` on Debian and Ubuntu) has no `\x` escapes.
/// - A request without a URL gives `curl '<no URL>'`; a body stream is not read, and a shell
///   comment says so.
///
/// The command holds the request's own headers only. Sent through a ``Client``, the request also
/// carries what URLSession adds (`Accept-Encoding`, `Accept-Language`, `Connection` and its
/// `User-Agent`); curl adds its own `User-Agent`, `Accept: */*`, and for a body without a
/// `Content-Type`, `Content-Type: application/x-www-form-urlencoded`, unless the request sets them.
public struct CURLCommand: CustomStringConvertible, Sendable {
    /// The headers whose values are always redacted: `Authorization`, `Proxy-Authorization`,
    /// `Cookie` and `Set-Cookie`.
    public static let sensitiveHeaders: Set<String> = ["Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie"]

    /// The query parameters whose values are always redacted, compared without case:
    /// `access_token`, `refresh_token`, `id_token`, `token`, `key`, `api_key`, `apikey`,
    /// `password`, `secret` and `client_secret`.
    public static let sensitiveQueryItems: Set<String> = [
        "access_token", "refresh_token", "id_token", "token", "key", "api_key", "apikey", "password", "secret",
        "client_secret",
    ]

    /// Form fields whose values are always redacted in a form body
    /// (`application/x-www-form-urlencoded`), besides ``sensitiveQueryItems``: what an OAuth
    /// token request sends, `code`, `code_verifier`, `device_code`, `assertion`,
    /// `client_assertion`, `subject_token` and `actor_token`.
    public static let sensitiveFormFields: Set<String> = [
        "code", "code_verifier", "device_code", "assertion", "client_assertion", "subject_token", "actor_token",
    ]

    /// The command line; it spans several lines only when the body has newlines.
    public let description: String

    /// Writes the command for `request`.
    ///
    /// <!-- snippet needs: apiKey -->
    /// ```swift
    /// var request = URLRequest(url: URL(string: "https://api.example.com/items")!)
    /// request.setValue(apiKey, forHTTPHeaderField: "X-API-Key")
    /// let command = CURLCommand(request, redactingHeaders: ["X-API-Key"])
    /// print(command)   // curl 'https://api.example.com/items' -H 'X-API-Key: <redacted>'
    /// ```
    ///
    /// - Parameters:
    ///   - request: The request, for example from ``Client/request(for:)``.
    ///   - headers: Headers to redact besides ``sensitiveHeaders``, in any case.
    ///   - queryItems: Query parameters to redact besides ``sensitiveQueryItems``, in any case.
    public init(
        _ request: URLRequest, redactingHeaders headers: Set<String> = [],
        redactingQueryItems queryItems: Set<String> = []
    ) {
        self.init(request, redaction: Redaction(headers: headers, queryItems: queryItems))
    }

    init(_ request: URLRequest, redaction: Redaction) {
        let method = request.httpMethod ?? "GET"
        let body = request.httpBody
        var arguments = ["curl"]
        if method == "HEAD" {
            arguments.append("--head")
        } else if method != "GET" || body != nil {
            arguments += ["-X", Self.quotedIfNeeded(method)]
        }
        let url = redaction.redact(request.url, missing: "<no URL>")
        if url.contains(where: { "[]{}".contains($0) }) { arguments.append("--globoff") }
        arguments.append(Self.quoted(url))
        let headers = (request.allHTTPHeaderFields ?? [:]).sorted {
            ($0.key.lowercased(), $0.key) < ($1.key.lowercased(), $1.key)
        }
        for (name, value) in headers {
            let shown = redaction.redactsHeader(name) ? Redaction.placeholder : value
            arguments += ["-H", Self.quoted(shown.isEmpty ? "\(name);" : "\(name): \(shown)")]
        }
        var pipe = ""
        if let body {
            if var text = Self.shellSafeText(body) {
                if Self.isForm(request) { text = redaction.redact(formBody: text) }
                arguments += ["--data-binary", Self.quoted(text)]
            } else {
                pipe = "printf \(Self.printfFormat(body)) | "
                arguments += ["--data-binary", "@-"]
            }
        } else if request.httpBodyStream != nil {
            arguments.append("# the body is a stream and is not shown")
        }
        description = pipe + arguments.joined(separator: " ")
    }

    /// Whether `request`'s body is a form (`application/x-www-form-urlencoded`), whose secret
    /// fields are redacted.
    private static func isForm(_ request: URLRequest) -> Bool {
        let type = request.value(forHTTPHeaderField: "Content-Type")?.lowercased() ?? ""
        return type.hasPrefix("application/x-www-form-urlencoded")
    }

    /// `text` in single quotes, each single quote in it written `'\''`.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// `text` as it is when it is a plain token (letters, digits, `-`, `_`), quoted otherwise.
    private static func quotedIfNeeded(_ text: String) -> String {
        let isToken =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
            }
        return isToken ? text : quoted(text)
    }

    /// The body as text when it can sit in single quotes and survive a paste into a terminal:
    /// valid UTF-8, no control characters but tab and newline, and no leading `@` (which
    /// `--data-binary` would read as a file name).
    private static func shellSafeText(_ body: Data) -> String? {
        guard body.first != UInt8(ascii: "@") else { return nil }
        let isPlain = body.allSatisfy { byte in
            byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || (byte >= 0x20 && byte != 0x7F)
        }
        guard isPlain else { return nil }
        let text = String(decoding: body, as: UTF8.self)
        return Data(text.utf8) == body ? text : nil
    }

    /// A single-quoted `printf` format that prints exactly `body`: printable ASCII as it is
    /// (but `'`, `\`, `%` and a leading `-`), every other byte as a three-digit octal escape.
    private static func printfFormat(_ body: Data) -> String {
        var format = "'"
        for (offset, byte) in body.enumerated() {
            let isPlain =
                (0x20...0x7E).contains(byte) && !"'\\%".utf8.contains(byte)
                && !(offset == 0 && byte == UInt8(ascii: "-"))
            if isPlain {
                format.append(Character(Unicode.Scalar(byte)))
            } else {
                let octal = String(byte, radix: 8)
                format += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            }
        }
        return format + "'"
    }
}

extension URLRequest {
    /// A `curl` command line that sends this request, with its credentials redacted: see
    /// ``CURLCommand``.
    ///
    /// <!-- snippet needs: client, UserRepositories -->
    /// ```swift
    /// let request = try await client.request(for: UserRepositories())
    /// print(request.curlCommand())
    /// // curl 'https://api.github.com/user/repos?per_page=100' -H 'Accept: application/json'
    /// ```
    ///
    /// - Parameters:
    ///   - headers: Headers to redact besides ``CURLCommand/sensitiveHeaders``, in any case.
    ///   - queryItems: Query parameters to redact besides ``CURLCommand/sensitiveQueryItems``.
    /// - Returns: The command line.
    public func curlCommand(
        redactingHeaders headers: Set<String> = [], redactingQueryItems queryItems: Set<String> = []
    ) -> String {
        CURLCommand(self, redactingHeaders: headers, redactingQueryItems: queryItems).description
    }
}
