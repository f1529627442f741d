import Foundation

/// Decodes a validated response into a response type: a pure function of the bytes.
enum ResponseDecoding {
    /// Decodes `response.body` as `type`, reporting any failure as
    /// ``EndpointError/decodingFailed(_:)`` with the coding path and the response.
    static func decode<T: JSONObject>(
        _ type: T.Type, from response: HTTPResponse, using decoder: any ResponseDecoder
    ) throws(EndpointError) -> T {
        do {
            return try T.decode(from: response.body, using: decoder)
        } catch {
            throw .decodingFailed(DecodingFailure(decoding: T.self, error: error, response: response))
        }
    }
}
