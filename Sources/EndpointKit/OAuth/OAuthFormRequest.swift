import Foundation

/// A form-encoded `POST` to a token or device authorization endpoint, whose answer, JSON or form
/// (GitHub's), success or OAuth error, is read by ``OAuthResponse``: so every status is
/// acceptable here, and nothing is retried (a refresh token may have been rotated by an attempt
/// whose answer was lost).
struct OAuthFormRequest: POST {
    typealias ResponseType = Data

    let path: String
    let fields: [(String, String)]
    let extraHeaders: HTTPHeaders

    var body: RequestBody {
        // Encoded here, not with `.form(Parameters)`, to keep the fields' order and spelling exact.
        let text = fields.map { ClientAuthentication.formEncoded($0) + "=" + ClientAuthentication.formEncoded($1) }
        return .data(Data(text.joined(separator: "&").utf8), contentType: "application/x-www-form-urlencoded")
    }

    var headers: HTTPHeaders {
        var headers: HTTPHeaders = ["Accept": "application/json"]
        for field in extraHeaders.fields { headers[field.name] = field.value }
        return headers
    }

    var options: CallOptions {
        CallOptions(acceptableStatusCodes: [100...599], retryPolicy: .never, allowsOtherOrigins: false)
    }
}

extension OAuthClient {
    /// Sends `fields` (with the client's authentication) to `path` and reads the answer; an OAuth
    /// error in it is thrown as ``OAuthError``.
    ///
    /// - Parameters:
    ///   - fields: The form fields, in order, without the client's credentials.
    ///   - path: The endpoint.
    ///   - name: The endpoint's name for errors, such as `token endpoint`.
    func post(_ fields: [(String, String)], to path: String, named name: String) async throws -> OAuthResponse {
        var fields = fields
        var headers: HTTPHeaders = [:]
        authentication.apply(clientID: clientID, to: &fields, headers: &headers)
        let request = OAuthFormRequest(path: path, fields: fields, extraHeaders: headers)
        let response = try await client.send(request)
        let url = try? EndpointURL.make(baseURL: client.baseURL, path: path)
        let endpoint = name + " " + (url.map { Redaction.standard.redact($0) } ?? path)
        let answer = try OAuthResponse(response, endpoint: endpoint, receivedAt: clock.now())
        if let error = answer.oauthError { throw error }
        guard (200...299).contains(response.statusCode) else {
            throw UnexpectedOAuthResponse(
                endpoint: endpoint, statusCode: response.statusCode, problem: .notOAuth(answer.contentType))
        }
        return answer
    }
}
