import Foundation

/// Encodes parameters into the request URL's query, escaping every byte outside
/// `A-Z a-z 0-9 - . _ ~`.
///
/// `+`, `&`, `=`, `/`, `?`, spaces and non-ASCII therefore reach the server as sent: `"a+b c"`
/// is written `a%2Bb%20c`. Arrays repeat the name (`tag=a&tag=b`) and Booleans are
/// `true`/`false` unless configured otherwise. Parameters are appended to a query the URL
/// already has.
///
/// <!-- snippet needs: url -->
/// ```swift
/// let client = Client(baseURL: url) { $0.queryEncoder = URLQueryEncoder(arrayEncoding: .brackets) }
/// ```
public struct URLQueryEncoder: ParameterEncoder {
    /// How arrays are written.
    public var arrayEncoding: ArrayEncoding
    /// How Booleans are written.
    public var boolEncoding: BoolEncoding

    /// Creates a query encoder.
    ///
    /// - Parameters:
    ///   - arrayEncoding: How arrays are written; repeated names by default.
    ///   - boolEncoding: How Booleans are written; `true`/`false` by default.
    public init(arrayEncoding: ArrayEncoding = .repeatedKey, boolEncoding: BoolEncoding = .literal) {
        self.arrayEncoding = arrayEncoding
        self.boolEncoding = boolEncoding
    }

    /// Appends the encoded parameters to `request.url`'s query.
    ///
    /// - Parameters:
    ///   - parameters: The parameters; when empty the URL is left as it is.
    ///   - request: The request whose URL changes.
    /// - Throws: ``EndpointError/invalidRequest(_:call:)`` when the request has no URL or the result
    ///   is not a valid URL.
    public func encode(_ parameters: Parameters, into request: inout URLRequest) throws {
        guard !parameters.isEmpty else { return }
        guard let url = request.url else {
            throw EndpointError.invalidRequest(.invalidURL("(none)"))
        }
        let query = queryString(for: parameters)
        guard !query.isEmpty else { return }
        request.url = try EndpointURL.appending(query: query, to: url)
    }

    /// The encoded query for `parameters`, without `?`; empty for none. The client joins it to
    /// the endpoint's URL text, so that the URL is parsed once.
    func queryString(for parameters: Parameters) -> String {
        guard !parameters.isEmpty else { return "" }
        return FormSerializer(arrayEncoding: arrayEncoding, boolEncoding: boolEncoding).serialize(parameters)
    }
}
