#if AsyncHTTPClient
    import AsyncHTTPClient
    import NIOCore
    import Testing

    @testable import EndpointKitAsyncHTTPClient

    /// Which of AsyncHTTPClient's errors before a response the transport sends again at once.
    struct UnprocessedRequestTests {
        @Test(
            "A request handed to a connection that had just closed (I/O on closed channel) is sent again at once for an idempotent method only"
        )
        func ioOnClosedChannelIsUnprocessedForIdempotentMethods() {
            for method in ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE"] {
                #expect(UnprocessedRequest(ChannelError.ioOnClosedChannel, method: method) != nil, "\(method)")
            }
            for method in ["POST", "PATCH"] {
                #expect(UnprocessedRequest(ChannelError.ioOnClosedChannel, method: method) == nil, "\(method)")
            }
        }

        @Test("A connection closed under a request that was written is not sent again at once")
        func remoteConnectionClosedIsNotUnprocessed() {
            #expect(UnprocessedRequest(HTTPClientError.remoteConnectionClosed, method: "GET") == nil)
            #expect(UnprocessedRequest(ChannelError.eof, method: "GET") == nil)
        }
    }
#endif
