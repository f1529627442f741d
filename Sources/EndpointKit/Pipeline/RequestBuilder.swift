import Foundation

/// The first step of every call, after its options: turns an endpoint into a `URLRequest`, a
/// pure function of the endpoint and the client's settings, with no network and no credentials.
struct RequestBuilder: Sendable {
    let base: EndpointURL.Base
    /// The API's headers with the client's on top.
    let headers: HTTPHeaders
    let queryEncoder: any ParameterEncoder
    let formEncoder: any ParameterEncoder
    let bodyEncoder: any BodyEncoder
    /// The query encoder when it is the built-in one, whose query goes into the URL text before
    /// the URL is parsed (once, instead of again after encoding); found once, not per request.
    private let builtInQueryEncoder: URLQueryEncoder?
    /// The body encoder when it is the built-in JSON one, whose `Content-Type` is known.
    private let builtInBodyEncoder: JSONBodyEncoder?
    /// The headers of a request for JSON with no body and no headers of its own (most `GET`s):
    /// `Accept: application/json` and the client's, merged and validated once; `nil` when the
    /// client's are invalid, which each request then reports.
    private let jsonRequestHeaders: [String: String]?

    init(
        baseURL: URL, headers: HTTPHeaders, queryEncoder: any ParameterEncoder, formEncoder: any ParameterEncoder,
        bodyEncoder: any BodyEncoder
    ) {
        self.base = EndpointURL.Base(baseURL)  // checked once, not per request
        self.headers = headers
        self.queryEncoder = queryEncoder
        self.formEncoder = formEncoder
        self.bodyEncoder = bodyEncoder
        self.builtInQueryEncoder = queryEncoder as? URLQueryEncoder
        self.builtInBodyEncoder = bodyEncoder as? JSONBodyEncoder
        let jsonFields = HTTPHeaders([HTTPHeaders.Field(name: "Accept", value: Self.jsonMediaType)]).merging(headers)
        jsonRequestHeaders = (try? HeaderValidation.validate(jsonFields)).map { Self.dictionary(of: jsonFields) }
    }

    /// The media type a ``JSONObject`` accepts by default.
    private static let jsonMediaType = "application/json"

    /// A builder with a client's settings: the API's headers with the client's on top, and its
    /// encoders.
    init(baseURL: URL, configuration: Client.Configuration) {
        self.init(
            baseURL: baseURL, headers: configuration.api.headers.merging(configuration.headers),
            queryEncoder: configuration.queryEncoder, formEncoder: configuration.formEncoder,
            bodyEncoder: configuration.bodyEncoder)
    }

    /// Builds the request: URL from base URL, path and query; method; `Accept`; body and its
    /// `Content-Type`; then the client's and the endpoint's headers, validated.
    ///
    /// Its errors name the call: the method, and the URL once it is built.
    func makeRequest<E: Endpoint>(for endpoint: E, policy: CallPolicy) throws(EndpointError) -> URLRequest {
        let query = builtInQueryEncoder?.queryString(for: endpoint.query) ?? ""
        let url: URL
        do {
            url = try EndpointURL.make(
                base: base, path: endpoint.path, allowsOtherOrigins: policy.allowsOtherOrigins, query: query)
        } catch {
            throw error.attributed(to: CallContext(method: E.method, url: nil))
        }
        do {
            return try makeRequest(for: endpoint, at: url, policy: policy)
        } catch {
            throw error.attributed(to: CallContext(method: E.method, url: url))
        }
    }

    /// The request for `endpoint` at `url`, the rest of ``makeRequest(for:policy:)``.
    private func makeRequest<E: Endpoint>(
        for endpoint: E, at url: URL, policy: CallPolicy
    ) throws(EndpointError) -> URLRequest {
        let idleTimeout = policy.timeouts.idle
        var request = URLRequest(url: url)
        // Setters are skipped for URLRequest's defaults: each one costs on Linux.
        if request.timeoutInterval != idleTimeout {
            request.timeoutInterval = idleTimeout
        }
        if E.method != .get {
            request.httpMethod = E.method.rawValue
        }
        if builtInQueryEncoder == nil {
            try encoding { try queryEncoder.encode(endpoint.query, into: &request) }
        }

        let bodyEndpoint = endpoint as? any EndpointWithBody
        let endpointHeaders = endpoint.headers
        if bodyEndpoint == nil, endpointHeaders.isEmpty, let jsonRequestHeaders,
            E.ResponseType.acceptedMediaType == Self.jsonMediaType
        {
            request.allHTTPHeaderFields = jsonRequestHeaders
            return request
        }
        var fields: HTTPHeaders = ["Accept": E.ResponseType.acceptedMediaType]
        fields = fields.merging(headers)
        if let bodyEndpoint {
            fields = fields.merging(try encode(bodyEndpoint.body, method: E.method, into: &request))
        }
        fields = fields.merging(endpointHeaders)
        try HeaderValidation.validate(fields)
        request.allHTTPHeaderFields = Self.dictionary(of: fields)
        return request
    }

    /// The headers as one dictionary, set in one assignment instead of a setter per header:
    /// repeated names are joined with ", ", as `addValue` would, under the first spelling of the
    /// name.
    private static func dictionary(of fields: HTTPHeaders) -> [String: String] {
        var values: [String: String] = [:]
        values.reserveCapacity(fields.fields.count)
        if !Self.repeatsAName(fields) {
            // The usual case: a name per field, no lower-casing and no second dictionary.
            for field in fields { values[field.name] = field.value }
            return values
        }
        var spelling: [String: String] = [:]
        for field in fields {
            let key = field.name.lowercased()
            let name = spelling[key] ?? field.name
            spelling[key] = name
            values[name] = values[name].map { "\($0), \(field.value)" } ?? field.value
        }
        return values
    }

    /// Whether two fields have the same name, in any case (compared pairwise: a request has a
    /// handful of headers).
    private static func repeatsAName(_ headers: HTTPHeaders) -> Bool {
        let fields = headers.fields
        for (index, field) in fields.enumerated() {
            for other in fields[(index + 1)...] where other.name.equalsIgnoringASCIICase(field.name) {
                return true
            }
        }
        return false
    }

    /// Puts `body` into `request` and returns the headers that describe it (`Content-Type`,
    /// and `Content-Length` for a stream), which the caller sets with the others.
    private func encode(
        _ body: RequestBody, method: HTTPMethod, into request: inout URLRequest
    ) throws(EndpointError) -> HTTPHeaders {
        if case .empty = body.content { return [:] }
        guard method.allowsRequestBody else {
            throw .invalidRequest(.bodyNotAllowed(method))
        }
        switch body.content {
        case .empty:
            return [:]
        case .encodable(let value, let encoder):
            if encoder == nil, let json = builtInBodyEncoder {
                // The built-in encoder's body and header, without a setter to read back.
                try encoding { request.httpBody = try json.encodedBody(value) }
                return ["Content-Type": JSONBodyEncoder.contentType]
            }
            let encoder = encoder ?? bodyEncoder
            try encoding { try encoder.encode(value, into: &request) }
            return Self.bodyHeaders(of: request)
        case .form(let fields):
            try encoding { try formEncoder.encode(fields, into: &request) }
            return Self.bodyHeaders(of: request)
        case .formBuilt(let makeFields):
            try encoding { try formEncoder.encode(try makeFields(), into: &request) }
            return Self.bodyHeaders(of: request)
        case .data(let data, let contentType):
            request.httpBody = data
            return ["Content-Type": contentType]
        case .multipart(let parts, let boundary):
            let encoding = try MultipartEncoding(parts: parts, boundary: boundary)
            if encoding.hasFiles {
                request.httpBodyStream = MultipartStream(encoding.segments)
                return ["Content-Type": encoding.contentType, "Content-Length": String(encoding.length)]
            }
            request.httpBody = encoding.data()
            return ["Content-Type": encoding.contentType]
        }
    }

    /// The `Content-Type` and `Content-Length` a body encoder set on `request`.
    private static func bodyHeaders(of request: URLRequest) -> HTTPHeaders {
        var headers: HTTPHeaders = [:]
        for name in ["Content-Type", "Content-Length"] {
            if let value = request.value(forHTTPHeaderField: name) {
                headers.add(value, for: name)
            }
        }
        return headers
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
