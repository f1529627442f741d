#if AsyncHTTPClient
    import AsyncHTTPClient
    import Foundation
    import NIOCore
    import NIOHTTP1

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    extension HTTPHeaders {
        /// The header fields of `request`, for AsyncHTTPClient.
        init(fieldsOf request: URLRequest) {
            let fields = request.allHTTPHeaderFields ?? [:]
            self.init()
            reserveCapacity(fields.count)
            for (name, value) in fields {
                add(name: name, value: value)
            }
        }
    }

    extension HTTPClient.Request {
        /// The AsyncHTTPClient request for `request`: its URL, method, headers and body.
        ///
        /// `httpBody` is sent with a `Content-Length`; an `httpBodyStream` is read as it is uploaded,
        /// in a task of its own, with the request's `Content-Length` when it has one and chunked
        /// otherwise.
        ///
        /// - Parameters:
        ///   - request: The request to send.
        ///   - eventLoopGroup: Where the upload of a body stream reports its end.
        /// - Throws: `URLError(.badURL)` when the request has no URL; `HTTPClientError` when
        ///   AsyncHTTPClient cannot send to it.
        init(_ request: URLRequest, eventLoopGroup: any EventLoopGroup) throws {
            guard let url = request.url else { throw URLError(.badURL) }
            let headers = HTTPHeaders(fieldsOf: request)
            var body: HTTPClient.Body?
            if let data = request.httpBody {
                body = .bytes(data)
            } else if let stream = request.httpBodyStream {
                let bytes = InputStreamBytes(stream)
                let length = request.value(forHTTPHeaderField: "Content-Length").flatMap { Int64($0) }
                body = .stream(contentLength: length) { writer in
                    let uploaded = eventLoopGroup.any().makePromise(of: Void.self)
                    uploaded.completeWithTask {
                        for try await chunk in bytes {
                            try await writer.write(.byteBuffer(chunk)).get()
                        }
                    }
                    return uploaded.futureResult
                }
            }
            try self.init(
                url: url, method: HTTPMethod(rawValue: request.httpMethod ?? "GET"), headers: headers, body: body)
        }
    }
#endif
