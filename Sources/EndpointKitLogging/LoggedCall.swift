#if Logging
    import EndpointKit
    import Foundation
    import Logging

    /// The logging of one call: each attempt is held until what follows it is known (a retry, a
    /// renewal, the call's end), and written then, at the level that says it. The call's last
    /// line has how the cache served it (`cache`, `age`); a call the cache answered without a
    /// request has that line alone. An attempt the rate-limit pacer held back has its wait on its
    /// own line (`rate_limit.wait`, `rate_limit.reason`, `rate_limit.limit`).
    final class LoggedCall: CallObservation, Sendable {
        private let call: ObservedCall
        private let logger: Logger
        private let redaction: Redaction
        private let includesResponseBodies: Bool

        /// The last attempt, until it is written, and what the cache said of the call.
        private let state = Locked(State())

        private struct State {
            var pending: LoggedAttempt?
            /// The rate-limit pacer's wait, heard before the attempt it held back starts.
            var rateLimitWait: RateLimitWait?
            /// How the cache served the call, once it said.
            var cache: Cache?
            /// Whether a `304` confirmed the stored response: the last line is written at info.
            var isRevalidated = false
        }

        private typealias Cache = (outcome: CacheOutcome, age: Int?)

        init(call: ObservedCall, logger: Logger, redaction: Redaction, includesResponseBodies: Bool) {
            self.call = call
            self.logger = logger
            self.redaction = redaction
            self.includesResponseBodies = includesResponseBodies
        }

        func run(_ call: () async throws(EndpointError) -> HTTPResponse) async throws(EndpointError) -> HTTPResponse {
            do {
                let response = try await call()
                writeEnd(answering: response)
                return response
            } catch {
                writeFailure(error)
                throw error
            }
        }

        func attempt(
            _ attempt: ObservedAttempt, sending send: (URLRequest) async throws(EndpointError) -> HTTPResponse
        ) async throws(EndpointError) -> HTTPResponse {
            var logged = LoggedAttempt(attempt)
            logged.rateLimitWait = state.withLock { state in
                defer { state.rateLimitWait = nil }
                return state.rateLimitWait
            }
            do {
                let response = try await send(attempt.request)
                logged.finish(with: response)
                hold(logged)
                return response
            } catch {
                logged.finish(with: error)
                hold(logged)
                throw error
            }
        }

        func willRetry(after failure: EndpointError, delay: TimeInterval, attempt: Int) {
            guard var logged = takePending() else { return }
            logged.failure = failure
            write(logged, level: .notice, note: "retrying in \(Self.seconds(delay)) s", retryDelay: delay)
        }

        func didRenewCredential(after response: HTTPResponse) {
            write(takePending(), level: .info, note: "renewing the credential")
        }

        func didRevalidate(_ response: HTTPResponse) {
            // Written when the call ends, with the cache's outcome.
            state.withLock { $0.isRevalidated = true }
        }

        func didWaitForRateLimit(_ wait: RateLimitWait) {
            // Written with the attempt it held back, which starts next.
            state.withLock { $0.rateLimitWait = wait }
        }

        func didConsultCache(_ outcome: CacheOutcome, age: Int?) {
            state.withLock { $0.cache = (outcome, age) }
        }

        func willReconnect(after failure: EndpointError, delay: TimeInterval, lastEventID: String?) {
            var logged = takePending() ?? LoggedAttempt(url: call.call.url)
            logged.failure = failure
            write(logged, level: .notice, note: "reconnecting in \(Self.seconds(delay)) s", retryDelay: delay)
        }

        func didReceiveStreamPieces(_ count: Int) {
            // The first pieces on a connection: it was accepted.
            write(takePending(), level: .debug)
        }

        func didEndStream(receiving pieces: Int, failure: EndpointError?) {
            if let failure {
                writeFailure(failure, pieces: pieces)
            } else {
                write(takePending(), level: .debug)
                let url = redaction.redact(call.call.url, missing: "(no URL)")
                logger.debug(
                    "\(call.name): the stream from \(call.call.method) \(url) ended after \(pieces) pieces",
                    metadata: common(url: call.call.url).merging(["pieces": "\(pieces)"]) { $1 })
            }
        }

        // MARK: Writing

        private func hold(_ attempt: LoggedAttempt) {
            state.withLock { $0.pending = attempt }
        }

        private func takePending() -> LoggedAttempt? {
            state.withLock { state in
                defer { state.pending = nil }
                return state.pending
            }
        }

        /// The last attempt, and what the cache said, for the call's last line.
        private func takeEnd() -> (pending: LoggedAttempt?, cache: Cache?, isRevalidated: Bool) {
            state.withLock { state in
                defer { state.pending = nil }
                return (state.pending, state.cache, state.isRevalidated)
            }
        }

        /// Writes the call's success: its last attempt, at info when a `304` confirmed the stored
        /// response, at notice when a stale one stood in for its failure; or, when the cache
        /// answered without a request, a line for that.
        private func writeEnd(answering response: HTTPResponse) {
            let (pending, cache, isRevalidated) = takeEnd()
            let servedStored = cache?.outcome.isHit ?? false
            if isRevalidated {
                write(pending, level: .info, note: "the cached response is still valid", cache: cache)
            } else if let pending {
                let note = servedStored ? "the stored response is served instead" : nil
                write(pending, level: servedStored ? .notice : .debug, note: note, cache: cache)
            } else if servedStored {
                var answered = LoggedAttempt(url: call.call.url)
                answered.status = response.statusCode
                answered.bytes = response.body.count
                write(answered, level: .debug, note: "from the cache", cache: cache)
            }
        }

        /// Writes the call's failure: with its last attempt when one is waiting, alone otherwise
        /// (the request could not be built, or the deadline passed between attempts).
        private func writeFailure(_ failure: EndpointError, pieces: Int? = nil) {
            let (pending, cache, _) = takeEnd()
            var logged = pending ?? LoggedAttempt(url: failure.call?.url ?? call.call.url)
            logged.failure = failure
            write(logged, level: Self.level(of: failure), pieces: pieces, cache: cache)
        }

        private func write(
            _ attempt: LoggedAttempt?, level: Logger.Level, note: String? = nil, retryDelay: TimeInterval? = nil,
            pieces: Int? = nil, cache: Cache? = nil
        ) {
            guard let attempt, logger.logLevel <= level else { return }
            var metadata = common(url: attempt.url)
            if let cache {
                metadata["cache"] = "\(cache.outcome)"
                if let age = cache.age { metadata["age"] = "\(age)" }
            }
            if let number = attempt.number { metadata["attempt"] = "\(number)" }
            if let status = attempt.status { metadata["status"] = "\(status)" }
            if let duration = attempt.duration { metadata["duration"] = "\(Self.seconds(duration))" }
            if let bytes = attempt.bytes { metadata["bytes"] = "\(bytes)" }
            if let wait = attempt.rateLimitWait {
                metadata["rate_limit.wait"] = "\(Self.seconds(wait.duration))"
                metadata["rate_limit.reason"] = "\(wait.reason)"
                if let limit = wait.limitName { metadata["rate_limit.limit"] = "\(limit)" }
            }
            if let retryDelay { metadata["retry.delay"] = "\(Self.seconds(retryDelay))" }
            if let pieces { metadata["pieces"] = "\(pieces)" }
            var message = "\(call.name): \(call.call.method) \(redaction.redact(attempt.url, missing: "(no URL)"))"
            if let failure = attempt.failure {
                let description = redaction.redact(
                    failure.description(includingBody: includesResponseBodies), mentioning: attempt.url)
                metadata["error"] = "\(description)"
                metadata["error.type"] = "\(failure.errorType)"
                message += attempt.status.map { " answered \($0)" } ?? " failed"
                // A status says it all (the description, in the metadata, adds the body's type
                // and size, or the body itself when asked); other failures say why.
                if failure.isCancellation {
                    message += " (cancelled)"
                } else if !failure.isStatusFailure {
                    message += ": \(description)"
                }
            } else if let status = attempt.status {
                message += " answered \(status)"
            }
            if call.isBackgroundRevalidation { message += " (background revalidation)" }
            if let note { message += "; \(note)" }
            logger.log(level: level, "\(message)", metadata: metadata)
        }

        private func common(url: URL?) -> Logger.Metadata {
            [
                "endpoint": "\(call.name)",
                "method": "\(call.call.method)",
                "url": "\(redaction.redact(url, missing: "(no URL)"))",
            ]
        }

        /// `debug` for a cancelled call, `warning` for a `4xx` or a rate limit (the caller's
        /// request), `error` for the rest.
        private static func level(of failure: EndpointError) -> Logger.Level {
            switch failure {
            case .cancelled: .debug
            case .rateLimited: .warning
            case .unacceptableStatus(let status) where (400..<500).contains(status.statusCode): .warning
            default: .error
            }
        }

        /// Seconds, to the millisecond: `0.084`.
        private static func seconds(_ value: TimeInterval) -> Double {
            (value * 1000).rounded() / 1000
        }
    }

    extension EndpointError {
        fileprivate var isCancellation: Bool {
            if case .cancelled = self { true } else { false }
        }

        fileprivate var isStatusFailure: Bool {
            switch self {
            case .unacceptableStatus, .rateLimited: true
            default: false
            }
        }
    }
#endif
