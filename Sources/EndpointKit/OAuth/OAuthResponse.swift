import Foundation

/// The fields of a token or device authorization endpoint's answer: a JSON object, or a
/// form-encoded body (GitHub's unless asked for JSON).
struct OAuthResponse: Sendable {
    let statusCode: Int
    let contentType: String?
    let endpoint: String
    /// When the answer arrived: what `expires_in` counts from.
    let receivedAt: Date
    private let fields: [String: String]

    /// Reads `response`'s body.
    ///
    /// - Throws: ``OAuthError/Reason/notOAuthResponse`` for a 2xx body that is neither a JSON
    ///   object nor a form; any other status without an OAuth error gives empty fields (the caller
    ///   reports it).
    init(_ response: Response<Data>, endpoint: String, receivedAt: Date) throws(OAuthError) {
        statusCode = response.statusCode
        contentType = response.headers["Content-Type"]
        self.endpoint = endpoint
        self.receivedAt = receivedAt
        let body = response.value
        let isSuccess = (200...299).contains(response.statusCode)
        if let object = Self.jsonObject(body) {
            fields = object
        } else if contentType?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true
            || (isSuccess && Self.looksLikeForm(body))
        {
            fields = Self.formFields(body)
        } else if isSuccess {
            var error = OAuthError(.notOAuthResponse, answeredBy: endpoint, status: statusCode)
            error.contentType = contentType
            throw error
        } else {
            fields = [:]
        }
    }

    /// The OAuth error the answer carries, whatever its status (GitHub's device flow answers 200).
    var oauthError: OAuthError? {
        guard let code = fields["error"], !code.isEmpty else { return nil }
        var error = OAuthError(
            code: OAuthError.Code(rawValue: code), errorDescription: fields["error_description"],
            errorURI: fields["error_uri"], statusCode: statusCode, endpoint: endpoint)
        error.slowDownInterval = fields["interval"].flatMap(TimeInterval.init)
        return error
    }

    /// A field that must be there.
    func required(_ name: String) throws(OAuthError) -> String {
        guard let value = fields[name], !value.isEmpty else { throw problem(.missingField, field: name) }
        return value
    }

    /// A field that may be missing.
    func optional(_ name: String) -> String? {
        fields[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A number of seconds that may be missing; a field that is there but not a number is an error.
    func seconds(_ name: String) throws(OAuthError) -> TimeInterval? {
        guard let text = optional(name) else { return nil }
        guard let value = TimeInterval(text), value.isFinite, value >= 0 else {
            throw problem(.invalidField, field: name)
        }
        return value
    }

    /// The tokens of a token endpoint's success.
    func tokens() throws(OAuthError) -> OAuthTokens {
        let value = try required("access_token")
        if let type = optional("token_type"), type.lowercased() != "bearer" {
            var error = OAuthError(.unsupportedTokenType, answeredBy: endpoint, status: statusCode)
            error.tokenType = type
            throw error
        }
        let expiresIn = try seconds("expires_in")
        let accessToken = expiresIn.map { AccessToken(value, expiresIn: $0, from: receivedAt) } ?? AccessToken(value)
        return OAuthTokens(accessToken: accessToken, refreshToken: optional("refresh_token"), scope: optional("scope"))
    }

    /// `reason` about `field` of this answer.
    private func problem(_ reason: OAuthError.Reason, field: String) -> OAuthError {
        var error = OAuthError(reason, answeredBy: endpoint, status: statusCode)
        error.field = field
        return error
    }

    /// The top-level fields of a JSON object, each string or number as text; `nil` when the body
    /// is not a JSON object.
    private static func jsonObject(_ body: Data) -> [String: String]? {
        guard case .object(let object)? = try? JSONParser.parse(body) else { return nil }
        return object.compactMapValues { value in
            switch value {
            case .string(let text): text
            case .int(let number): String(number)
            case .double(let number): String(number)
            case .null, .bool, .array, .object: nil
            }
        }
    }

    private static func looksLikeForm(_ body: Data) -> Bool {
        guard let text = String(data: body, encoding: .utf8), !text.isEmpty else { return false }
        return text.contains("=") && !text.contains("<") && !text.contains(where: \.isNewline)
    }

    private static func formFields(_ body: Data) -> [String: String] {
        let text = String(decoding: body, as: UTF8.self)
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decoded(parts[0])
            guard !name.isEmpty, fields[name] == nil else { continue }
            fields[name] = parts.count > 1 ? decoded(parts[1]) : ""
        }
        return fields
    }

    /// A form's name or value, `+` as a space (RFC 6749 appendix B); as written when its
    /// percent-encoding is not valid.
    private static func decoded(_ text: Substring) -> String {
        PercentEncoding.decode(text, spaces: .plus) ?? text.replacingOccurrences(of: "+", with: " ")
    }
}
