import AsyncHTTPClient
import EndpointKit
import Foundation
import NIOCore

extension HTTPResponse {
    /// Collects `response`'s body, up to `limit` bytes, into an EndpointKit response.
    ///
    /// A `Content-Length` over the limit fails before any of the body is read; otherwise the
    /// bytes are counted as they arrive, and the first chunk past the limit stops the transfer
    /// (AsyncHTTPClient closes the connection when the body is not read to its end).
    ///
    /// - Parameters:
    ///   - response: AsyncHTTPClient's response, whose body has not been read yet.
    ///   - url: The URL that answered.
    ///   - isHead: Whether the request was a `HEAD`, whose `Content-Length` describes no body.
    ///   - limit: The largest body accepted, in bytes.
    ///   - activity: Told about every chunk, for the idle timeout.
    /// - Throws: `ResponseTooLargeError` for a body over `limit`; the body stream's error.
    init(
        collecting response: HTTPClientResponse, from url: URL?, isHead: Bool, upTo limit: Int,
        activity: ActivityClock
    ) async throws {
        let declaredLength = isHead ? nil : response.headers.first(name: "Content-Length").flatMap { Int($0) }
        if let declaredLength, declaredLength > limit {
            throw ResponseTooLargeError(limit: limit)
        }
        var body = Data()
        if let declaredLength { body.reserveCapacity(declaredLength) }
        for try await chunk in response.body {
            activity.record()
            guard chunk.readableBytes <= limit - body.count else { throw ResponseTooLargeError(limit: limit) }
            chunk.withUnsafeReadableBytes { body.append(contentsOf: $0) }
        }
        var headers = HTTPHeaders()
        for field in response.headers {
            headers.add(field.value, for: field.name)
        }
        self.init(statusCode: Int(response.status.code), headers: headers, body: body, url: url)
    }
}
