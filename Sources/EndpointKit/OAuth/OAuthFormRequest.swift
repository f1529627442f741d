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
        // Encoded here, not with `.form(Parameters)` and the client's form encoder, which its user
        // may have changed: the fields in order, spaces as `+` (RFC 6749 appendix B).
        var parameters = Parameters()
        for (name, value) in fields { parameters.append(value, for: name) }
        let text = FormSerializer(arrayEncoding: .repeatedKey, boolEncoding: .literal, spaceEncoding: .plus)
            .serialize(parameters)
        return .data(Data(text.utf8), contentType: "application/x-www-form-urlencoded")
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
    /// Sends `fields` (with the client's authentication) to `path` and reads the answer.
    ///
    /// - Parameters:
    ///   - fields: The form fields, in order, without the client's credentials.
    ///   - path: The endpoint.
    ///   - name: The endpoint's name for errors, such as `token endpoint`.
    /// - Throws: ``OAuthError``: the server's error response, an answer that is not OAuth, or the
    ///   request's failure.
    func post(_ fields: [(String, String)], to path: String, named name: String) async throws(OAuthError)
        -> OAuthResponse
    {
        var fields = fields
        var headers: HTTPHeaders = [:]
        authentication.apply(clientID: clientID, to: &fields, headers: &headers)
        let request = OAuthFormRequest(path: path, fields: fields, extraHeaders: headers)
        let url = try? EndpointURL.make(baseURL: client.baseURL, path: path)
        let endpoint = name + " " + (url.map { Redaction.standard.redact($0) } ?? path)
        let response: Response<Data>
        do throws(EndpointError) {
            response = try await client.send(request)
        } catch {
            var failure = OAuthError(requestFailure: error)
            failure.endpoint = endpoint
            throw failure
        }
        let answer = try OAuthResponse(response, endpoint: endpoint, receivedAt: clock.now())
        if let error = answer.oauthError { throw error }
        guard (200...299).contains(response.statusCode) else {
            var error = OAuthError(.notOAuthResponse, answeredBy: endpoint, status: response.statusCode)
            error.contentType = answer.contentType
            throw error
        }
        return answer
    }
}
