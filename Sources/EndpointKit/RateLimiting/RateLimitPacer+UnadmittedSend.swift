import Foundation

extension RateLimitPacer {
    /// A request sent without an admission, to a host the pacer knew nothing about yet: counted
    /// until its answer is judged, so that the first budget an answer announces counts it as
    /// spent (the server may not have seen it yet), as it counts the admitted calls in flight.
    ///
    /// End it once, when its answer is judged or none came; a send released unended ends then.
    final class UnadmittedSend: Sendable {
        private let host: String
        private let pacer: RateLimitPacer
        private let isEnded = Locked(false)

        init(host: String, pacer: RateLimitPacer) {
            self.host = host
            self.pacer = pacer
        }

        /// Stops counting the request. Only the first call counts.
        func end() {
            let isFirst = isEnded.withLock { isEnded in
                defer { isEnded = true }
                return !isEnded
            }
            if isFirst { pacer.endUnadmittedSend(to: host) }
        }

        deinit { end() }
    }
}
