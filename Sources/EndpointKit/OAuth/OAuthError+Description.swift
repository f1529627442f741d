extension OAuthError {
    /// What went wrong, in a sentence that names the endpoint and the status: `The token endpoint
    /// https://host/token refused the request: invalid_grant (The refresh token was revoked.)
    /// (HTTP 400)`. Never a body, a token or a secret.
    public var description: String {
        let endpoint = self.endpoint ?? "authorization server"
        let answered = "The \(endpoint) answered" + (statusCode.map { " HTTP \($0)" } ?? "")
        switch reason {
        case .errorResponse:
            return refusal(by: endpoint)
        case .signInRequired:
            guard code != nil else { return "Sign-in required: there are no tokens that can be used or refreshed" }
            return "Sign-in required: " + refusal(by: endpoint)
        case .deviceCodeExpired:
            return "The device code of the \(endpoint) expired before the user approved it"
        case .notOAuthResponse:
            return "\(answered) with \(contentType ?? "no Content-Type"), not an OAuth response"
        case .missingField:
            return "\(answered) without `\(field ?? "")`"
        case .invalidField:
            return "\(answered) with an invalid `\(field ?? "")`"
        case .unsupportedTokenType:
            return "\(answered) with token type `\(tokenType ?? "")`; only `Bearer` is supported"
        case .callbackStateMismatch:
            return "The authorization callback's state does not match the request's; it was not used"
        case .callbackWithoutCode:
            return "The authorization callback carries neither a code nor an error"
        case .callbackAtWrongRedirectURI:
            return "The authorization callback is not at the request's redirect URI"
        case .endpointNotConfigured:
            return "The OAuth client has no endpoint for this flow: set \(endpoint)"
        case .requestFailed:
            return "The request to the \(endpoint) failed: " + (requestFailure.map { "\($0)" } ?? "no answer")
        case .cancelled:
            return "The OAuth request to the \(endpoint) was cancelled"
        default:
            return "The OAuth flow failed (\(reason)) at the \(endpoint)"
        }
    }

    /// `The <endpoint> refused the request: <code> (<description>) (HTTP <status>); see <URI>`.
    private func refusal(by endpoint: String) -> String {
        var text = "The \(endpoint) refused the request: \(code?.rawValue ?? "")"
        if let errorDescription, !errorDescription.isEmpty { text += " (\(errorDescription))" }
        if let statusCode { text += " (HTTP \(statusCode))" }
        if let errorURI { text += "; see \(errorURI)" }
        return text
    }
}
