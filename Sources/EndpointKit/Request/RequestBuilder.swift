import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Turns an endpoint into a `URLRequest`: a pure function of the endpoint and the client's
/// settings, with no network and no credentials.
struct RequestBuilder: Sendable {
    let base: EndpointURL.Base
    let headers: HTTPHeaders
    let queryEncoder: any ParameterEncoder
    let formEncoder: any ParameterEncoder
    let bodyEncoder: any BodyEncoder

    init(
        baseURL: URL, headers: HTTPHeaders, queryEncoder: any ParameterEncoder, formEncoder: any ParameterEncoder,
        bodyEncoder: any BodyEncoder
    ) {
        self.base = EndpointURL.Base(baseURL)  // checked once, not per request
        self.headers = headers
        self.queryEncoder = queryEncoder
        self.formEncoder = formEncoder
        self.bodyEncoder = bodyEncoder
    }

    /// Builds the request: URL from base URL, path and query; method; `Accept`; body and its
    /// `Content-Type`; then the client's and the endpoint's headers, validated.
    func makeRequest<E: Endpoint>(for endpoint: E, idleTimeout: TimeInterval) throws(EndpointError) -> URLRequest {
        let url = try EndpointURL.make(base: base, path: endpoint.path, allowsOtherOrigins: endpoint.allowsOtherOrigins)
        var request = URLRequest(url: url)
        request.timeoutInterval = idleTimeout
        if E.method != .get {  // URLRequest's default; each setter copies the request on Linux
            request.httpMethod = E.method.rawValue
        }
        try encoding { try queryEncoder.encode(endpoint.query, into: &request) }

        var fields: HTTPHeaders = ["Accept": E.ResponseType.acceptedMediaType]
        fields = fields.merging(headers)
        if let bodyEndpoint = endpoint as? any EndpointWithBody {
            try encode(bodyEndpoint.body, method: E.method, into: &request)
            for name in ["Content-Type", "Content-Length"] {  // what the body encoding set
                if let value = request.value(forHTTPHeaderField: name) {
                    fields = fields.merging([name: value])
                }
            }
        }
        fields = fields.merging(endpoint.headers)
        try HeaderValidation.validate(fields)
        // One assignment instead of a setter per header: repeated names are joined with ", ",
        // as `addValue` would, under the first spelling of the name.
        var spelling: [String: String] = [:]
        var values: [String: String] = [:]
        for field in fields {
            let key = field.name.lowercased()
            let name = spelling[key] ?? field.name
            spelling[key] = name
            values[name] = values[name].map { "\($0), \(field.value)" } ?? field.value
        }
        request.allHTTPHeaderFields = values
        return request
    }

    private func encode(_ body: RequestBody, method: HTTPMethod, into request: inout URLRequest) throws(EndpointError) {
        if case .empty = body.content { return }
        guard method.allowsRequestBody else {
            throw .invalidRequest(.bodyNotAllowed(method))
        }
        switch body.content {
        case .empty:
            break
        case .encodable(let value, let encoder):
            let encoder = encoder ?? bodyEncoder
            try encoding { try encoder.encode(value, into: &request) }
        case .form(let fields):
            try encoding { try formEncoder.encode(fields, into: &request) }
        case .data(let data, let contentType):
            try HeaderValidation.validate(value: contentType, named: "Content-Type")
            request.httpBody = data
            request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        case .multipart(let parts, let boundary):
            let encoding = try MultipartEncoding(parts: parts, boundary: boundary)
            if encoding.hasFiles {
                request.httpBodyStream = MultipartStream(encoding.segments)
                request.setValue(String(encoding.length), forHTTPHeaderField: "Content-Length")
            } else {
                request.httpBody = encoding.data()
            }
            request.setValue(encoding.contentType, forHTTPHeaderField: "Content-Type")
        }
    }

    /// Runs an encoder, reporting its failure as ``InvalidRequest/encodingFailed(description:)``.
    private func encoding(_ work: () throws -> Void) throws(EndpointError) {
        do {
            try work()
        } catch let error as EndpointError {
            throw error
        } catch {
            throw .invalidRequest(.encodingFailed(description: String(describing: error)))
        }
    }
}
