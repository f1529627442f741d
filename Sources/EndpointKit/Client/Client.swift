import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends endpoints to one server and decodes their responses.
///
/// A client holds everything that is the same for every call: the base URL, default headers,
/// encoders, the authenticator, the decoder, the acceptable status codes and the transport.
/// Make one per server and keep it; it is `Sendable` and its calls can run concurrently.
///
/// ```swift
/// let client = Client(baseURL: URL(string: "https://api.github.com")!, authenticator: .token(token))
/// let repos = try await client.get(UserRepositories())
/// ```
///
/// Every call goes through ``send(_:)``: build the request (pure) → authenticate → transport →
/// validate the status → decode (pure).
public final class Client: Sendable {
    /// The URL that endpoint paths are appended to; its own path is kept.
    public let baseURL: URL
    /// Headers sent with every request; an endpoint's headers override them.
    public let headers: HTTPHeaders
    /// Changes each request just before it is sent.
    public let authenticator: any Authenticator
    /// Encodes endpoints' query parameters.
    public let queryEncoder: any ParameterEncoder
    /// Encodes form bodies.
    public let formEncoder: any ParameterEncoder
    /// Encodes `Encodable` bodies.
    public let bodyEncoder: any BodyEncoder
    /// Decodes `Decodable` response types unless an endpoint has its own decoder.
    public let decoder: any ResponseDecoder
    /// Status codes that count as success unless an endpoint says otherwise.
    public let acceptableStatusCodes: AcceptableStatusCodes
    /// Sends requests.
    public let transport: any Transport

    private let requestBuilder: RequestBuilder

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - baseURL: An absolute `http` or `https` URL; a path such as `/api/v3` is kept. An
    ///     invalid base URL is reported by each call as ``InvalidRequest/invalidBaseURL(_:)``.
    ///   - authenticator: Adds credentials to each request; none by default.
    ///   - headers: Headers for every request.
    ///   - queryEncoder: Encodes query parameters; ``URLQueryEncoder`` by default.
    ///   - formEncoder: Encodes form bodies; ``FormBodyEncoder`` by default.
    ///   - bodyEncoder: Encodes `Encodable` bodies; JSON by default.
    ///   - decoder: Decodes `Decodable` responses; JSON with default keys and ISO 8601 dates by
    ///     default.
    ///   - acceptableStatusCodes: Status codes that count as success; `200...299` by default.
    ///   - transport: Sends requests; a new ``URLSessionTransport`` by default.
    public init(
        baseURL: URL,
        authenticator: some Authenticator = NoAuthenticator(),
        headers: HTTPHeaders = [:],
        queryEncoder: some ParameterEncoder = URLQueryEncoder(),
        formEncoder: some ParameterEncoder = FormBodyEncoder(),
        bodyEncoder: some BodyEncoder = JSONBodyEncoder(),
        decoder: some ResponseDecoder = JSONResponseDecoder(),
        acceptableStatusCodes: AcceptableStatusCodes = .successful,
        transport: some Transport = URLSessionTransport()
    ) {
        self.baseURL = baseURL
        self.headers = headers
        self.authenticator = authenticator
        self.queryEncoder = queryEncoder
        self.formEncoder = formEncoder
        self.bodyEncoder = bodyEncoder
        self.decoder = decoder
        self.acceptableStatusCodes = acceptableStatusCodes
        self.transport = transport
        self.requestBuilder = RequestBuilder(
            baseURL: baseURL, headers: headers, queryEncoder: queryEncoder, formEncoder: formEncoder,
            bodyEncoder: bodyEncoder)
    }

    /// Builds the request for `endpoint` without authenticating or sending it: what
    /// ``send(_:)`` sends, before the authenticator runs.
    ///
    /// - Parameter endpoint: The endpoint.
    /// - Returns: The request.
    /// - Throws: ``EndpointError/invalidRequest(_:)`` when the URL, a header or the body is invalid.
    public func makeRequest<E: Endpoint>(for endpoint: E) throws(EndpointError) -> URLRequest {
        try requestBuilder.makeRequest(for: endpoint)
    }

    /// Sends `endpoint` and returns its decoded response with the status code and headers.
    ///
    /// This is the one path every call takes; ``get(_:)``, ``post(_:)`` and the rest return
    /// its ``Response/value``.
    ///
    /// ```swift
    /// let response = try await client.send(UserRepositories())
    /// print(response.statusCode, response.headers["ETag"] ?? "-", response.value.count)
    /// ```
    ///
    /// - Parameter endpoint: The endpoint to call.
    /// - Returns: The decoded value and the response's metadata.
    /// - Throws: ``EndpointError``.
    public func send<E: Endpoint>(_ endpoint: E) async throws(EndpointError) -> Response<E.ResponseType> {
        var request = try makeRequest(for: endpoint)
        try await authenticate(&request)
        let response = try await transmit(request, method: E.method)
        let acceptable = endpoint.acceptableStatusCodes ?? acceptableStatusCodes
        guard acceptable.contains(response.statusCode) else {
            throw .unacceptableStatus(response)
        }
        let value = try ResponseDecoding.decode(E.ResponseType.self, from: response, using: endpoint.decoder ?? decoder)
        return Response(value: value, statusCode: response.statusCode, headers: response.headers, url: response.url)
    }

    private func authenticate(_ request: inout URLRequest) async throws(EndpointError) {
        do {
            try await authenticator.authenticate(&request)
        } catch let error as EndpointError {
            throw error
        } catch is CancellationError {
            throw .cancelled
        } catch {
            throw .authenticationFailed(underlying: error)
        }
        for (name, value) in request.allHTTPHeaderFields ?? [:] {
            try HeaderValidation.validate(name: name)
            try HeaderValidation.validate(value: value, named: name)
        }
    }

    private func transmit(_ request: URLRequest, method: HTTPMethod) async throws(EndpointError) -> HTTPResponse {
        guard !Task.isCancelled else { throw .cancelled }
        do {
            let response = try await transport.send(request)
            guard !Task.isCancelled else { throw EndpointError.cancelled }
            return response
        } catch let error as EndpointError {
            throw error
        } catch is CancellationError {
            throw .cancelled
        } catch let error as URLError where error.code == .cancelled {
            throw .cancelled
        } catch {
            throw .transportFailed(TransportFailure(method: method, url: request.url, underlying: error))
        }
    }
}
