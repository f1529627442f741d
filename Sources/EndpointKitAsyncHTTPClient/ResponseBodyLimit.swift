#if AsyncHTTPClient
    import NIOCore
    import NIOHTTP1

    // The size limit, as both ways of sending (the delegate API's `ResponseCollector` and
    // `execute`'s `ResponseBodyReader`) apply it.

    extension NIOHTTP1.HTTPHeaders {
        /// Whether a response with these header fields announces a body larger than `limit` bytes
        /// in its `Content-Length`; never for the answer to a `HEAD`, which has no body.
        func announcesBody(largerThan limit: Int, answeringHead: Bool) -> Bool {
            guard !answeringHead, let declared = first(name: "Content-Length").flatMap({ Int($0) }) else {
                return false
            }
            return declared > limit
        }
    }

    extension ByteBuffer {
        /// Appends `part` unless the body would then be larger than `limit` bytes; whether it did.
        /// Most bodies come in one part: the first is kept as it is, not copied.
        mutating func appendBodyPart(_ part: ByteBuffer, upTo limit: Int) -> Bool {
            guard part.readableBytes <= limit - readableBytes else { return false }
            if readableBytes == 0 {
                self = part
            } else {
                var part = part
                writeBuffer(&part)
            }
            return true
        }
    }
#endif
