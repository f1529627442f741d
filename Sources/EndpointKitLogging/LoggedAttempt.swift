#if Logging
    import EndpointKit
    import Foundation

    /// What one line of a ``LoggingObserver`` says about an attempt: filled in as the attempt
    /// goes, written once what follows it is known.
    struct LoggedAttempt {
        /// From 1; `nil` for a failure that came before any attempt.
        var number: Int?
        var url: URL?
        var status: Int?
        /// The response body's size; `nil` without a response or while a stream's body arrives.
        var bytes: Int?
        /// Seconds from sending to the response or the error.
        var duration: TimeInterval?
        var failure: EndpointError?
        /// What the client's rate-limit pacer made the attempt wait before it was sent; `nil`
        /// when it was sent at once.
        var rateLimitWait: RateLimitWait?
        private var start: UInt64 = 0

        /// An attempt that starts now.
        init(_ attempt: ObservedAttempt) {
            number = attempt.number
            url = attempt.request.url
            start = DispatchTime.now().uptimeNanoseconds
        }

        /// A failure with no attempt: the request was not sent.
        init(url: URL?) {
            self.url = url
        }

        mutating func finish(with response: HTTPResponse) {
            status = response.statusCode
            if !response.isStreamHead { bytes = response.body.count }
            stopClock()
        }

        mutating func finish(with error: EndpointError) {
            failure = error
            status = error.response?.statusCode
            stopClock()
        }

        private mutating func stopClock() {
            duration = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }
    }
#endif
