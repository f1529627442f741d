import Foundation

extension EndpointError: CustomStringConvertible, LocalizedError {
    /// A one-line account of what went wrong and where, fit for a log: the call's method and its
    /// URL, redacted, once the client filled them in (see ``call``) and the URL was built. It
    /// never contains header values or credentials; bodies are cut to 200 characters.
    public var description: String {
        switch self {
        case .invalidRequest(let reason, let call?) where call.url != nil:
            return "Invalid request for \(call): \(reason)"
        case .invalidRequest(let reason, let call?):
            return "Invalid \(call.method) request: \(reason)"
        case .invalidRequest(let reason, nil):
            return "Invalid request: \(reason)"
        case .authenticationFailed(let underlying, let call):
            return "The authenticator failed\(Self.for(call)): \(underlying)"
        case .transportFailed(let failure):
            let url = Redaction.standard.redact(failure.url, missing: "(no URL)")
            return "\(failure.method) \(url) failed: \(failure.reason)"
        case .unacceptableStatus(let failure):
            return failure.description
        case .rateLimited(let failure):
            return failure.description
        case .invalidResponse(let reason, let call):
            return "Invalid response\(Self.to(call)): \(reason)"
        case .decodingFailed(let failure):
            return failure.description
        case .timedOut(let seconds, let call):
            return "\(call?.description ?? "The call") did not finish within its deadline of \(seconds.formatted()) s."
        case .cancelled(let call):
            return call.map { "\($0) was cancelled." } ?? "The request was cancelled."
        }
    }

    /// ``description``, or without any text of a response's body: a status failure then says
    /// its body's `Content-Type` and size instead of its first 200 characters, and so does a
    /// response whose `Content-Type` a stream does not read. What observers write to logs and
    /// spans, where bodies, which may carry personal data, do not belong.
    ///
    /// A decoding failure's reason says where and why decoding stopped, as in ``description``.
    ///
    /// - Parameter includingBody: Whether to show a response body's first 200 characters, as
    ///   ``description`` does.
    /// - Returns: The description.
    package func description(includingBody: Bool) -> String {
        guard !includingBody else { return description }
        switch self {
        case .unacceptableStatus(let failure):
            return failure.description(includingBody: false)
        case .invalidResponse(let reason, let call):
            return "Invalid response\(Self.to(call)): \(reason.description(includingBody: false))"
        case .authenticationFailed(let underlying as EndpointError, let call):
            // A renewal's own call failed: its response's body stays out too.
            return "The authenticator failed\(Self.for(call)): \(underlying.description(includingBody: false))"
        default:
            return description
        }
    }

    /// `" for GET https://…"`, or `""` without a call.
    private static func `for`(_ call: CallContext?) -> String {
        call.map { " for \($0)" } ?? ""
    }

    /// `" to GET https://…"`, or `""` without a call.
    private static func to(_ call: CallContext?) -> String {
        call.map { " to \($0)" } ?? ""
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }
}

extension InvalidRequest: CustomStringConvertible {
    /// What is wrong with the request, in one sentence.
    public var description: String {
        switch self {
        case .invalidBaseURL(let url):
            let shown = Redaction.standard.redact(urlText: url)
            return "the base URL \"\(shown)\" is not an absolute http(s) URL with a host and without query or fragment"
        case .invalidPath(let path, let reason):
            return "the path \"\(Redaction.standard.redact(urlText: path))\" \(reason)"
        case .invalidURL(let url):
            return "\"\(Redaction.standard.redact(urlText: url))\" is not a valid URL"
        case .invalidHeaderName(let name):
            return "the header name \"\(name.debugDescription.dropFirst().dropLast())\" is not a valid HTTP token"
        case .invalidHeaderValue(let name):
            return "the value of header \"\(name)\" contains CR, LF, NUL or another control character"
        case .invalidCredentials(let reason):
            return "the credentials cannot be sent: \(reason)"
        case .bodyNotAllowed(let method):
            return "a \(method) request cannot carry a body"
        case .encodingFailed(let description):
            return "encoding failed: \(description)"
        case .unreadableFile(let path, let reason):
            return "the file \"\(path)\" cannot be sent: \(reason)"
        }
    }
}

extension HTTPResponse {
    /// `" (Content-Type …): <first 200 characters of the body>"`, or `" and an empty body"`.
    var bodySummary: String {
        guard !body.isEmpty else { return " and an empty body" }
        let contentType = headers["Content-Type"].map { " (\($0))" } ?? ""
        let text = String(decoding: body.prefix(200), as: UTF8.self)
            .replacingOccurrences(of: "\n", with: " ")
        let ellipsis = body.count > 200 ? "…" : ""
        return "\(contentType): \(text)\(ellipsis)"
    }

    /// `" (Content-Type, N bytes)"`, or `" and an empty body"`: what ``bodySummary`` says, without
    /// the body's text.
    var bodySize: String {
        guard !body.isEmpty else { return " and an empty body" }
        let contentType = headers["Content-Type"].map { "\($0), " } ?? ""
        return " (\(contentType)\(byteCount))"
    }

    /// `"1 byte"`, `"2 bytes"`: the body's size.
    var byteCount: String {
        body.count == 1 ? "1 byte" : "\(body.count) bytes"
    }
}
