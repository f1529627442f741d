import Foundation

/// Stage 7, the last of a call: decodes an accepted response into the response type, a pure
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
}
