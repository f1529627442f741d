import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPClientRequest {
    /// The AsyncHTTPClient request for `request`: its URL, method, headers and body.
    ///
    /// `httpBody` is sent with a `Content-Length`; an `httpBodyStream` is read as it is uploaded,
    /// with the request's `Content-Length` when it has one and chunked otherwise.
    ///
    /// - Parameter request: The request to send.
    /// - Throws: `URLError(.badURL)` when the request has no URL.
    init(_ request: URLRequest) throws {
        guard let url = request.url else { throw URLError(.badURL) }
        self.init(url: url.absoluteString)
        method = HTTPMethod(rawValue: request.httpMethod ?? "GET")
        for (name, value) in request.allHTTPHeaderFields ?? [:] {
            headers.add(name: name, value: value)
        }
        if let data = request.httpBody {
            body = .bytes(ByteBuffer(bytes: data))
        } else if let stream = request.httpBodyStream {
            let length = request.value(forHTTPHeaderField: "Content-Length").flatMap { Int64($0) }
            body = .stream(InputStreamBytes(stream), length: length.map { .known($0) } ?? .unknown)
        }
    }
}
