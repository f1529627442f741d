import Foundation

/// The last step of a call: decodes an accepted response into the response type, a pure
/// function of the bytes.
enum ResponseDecoding {
    /// Decodes `response.body` as `type`, reporting any failure as
    /// ``EndpointError/decodingFailed(_:)`` with the coding path, the method and the response.
    static func decode<T: JSONObject>(
        _ type: T.Type, from response: HTTPResponse, method: HTTPMethod, using decoder: any ResponseDecoder
    ) throws(EndpointError) -> T {
        do {
            return try T.decode(from: response.body, using: decoder)
        } catch {
            throw .decodingFailed(DecodingFailure(decoding: T.self, error: error, method: method, response: response))
        }
    }

    /// Decodes the accepted response of an `E` call into the ``Response`` the call returns, with
    /// its status code, headers, URL and whether it came from the cache.
    static func decode<E: Endpoint>(
        _ outcome: Attempts.Outcome, of _: E.Type, using decoder: any ResponseDecoder
    ) throws(EndpointError) -> Response<E.ResponseType> {
        let response = outcome.response
        let value = try decode(E.ResponseType.self, from: response, method: E.method, using: decoder)
        return Response(
            value: value, statusCode: response.statusCode, headers: response.headers, url: response.url,
            source: outcome.source)
    }
}
