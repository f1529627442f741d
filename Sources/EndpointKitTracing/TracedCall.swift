#if Tracing
    import EndpointKit
    import Foundation
    import Tracing

    /// The spans of one call: the call's own, started by ``run(_:)`` (or when a stream's
    /// observation is made), and a child for each attempt.
    final class TracedCall: CallObservation, Sendable {
        private let call: ObservedCall
        private let tracer: any Tracer
        private let instrument: any Instrument
        private let redaction: Redaction
        /// An attempt span's name: OpenTelemetry's for an HTTP client span, the method and the
        /// template when there is one (`GET /repos/{owner}/{repo}`).
        private let attemptName: String

        /// The call's span, once it started.
        private let span = Locked<(any Span)?>(nil)

        init(call: ObservedCall, tracer: any Tracer, instrument: any Instrument, redaction: Redaction) {
            self.call = call
            self.tracer = tracer
            self.instrument = instrument
            self.redaction = redaction
            attemptName = call.pathTemplate.map { "\(call.call.method.rawValue) \($0)" } ?? call.call.method.rawValue
            // A stream has no run(_:): its span starts now, in its reader's task, and ends with it.
            if call.isStream {
                let started = startCallSpan()
                span.withLock { $0 = started }
            }
        }

        func run(_ body: () async throws(EndpointError) -> HTTPResponse) async throws(EndpointError) -> HTTPResponse {
            let span = startCallSpan()
            if call.isBackgroundRevalidation { span.attributes[Attribute.cacheBackground] = true }
            self.span.withLock { $0 = span }
            defer { span.end() }
            do {
                let response = try await Self.run(body, in: span.context)
                span.attributes[Attribute.statusCode] = response.statusCode
                return response
            } catch {
                mark(span, failedWith: error, url: call.call.url)
                throw error
            }
        }

        func attempt(
            _ attempt: ObservedAttempt, sending send: (URLRequest) async throws(EndpointError) -> HTTPResponse
        ) async throws(EndpointError) -> HTTPResponse {
            let parent = span.withLock { $0 }
            let child = tracer.startSpan(
                attemptName, context: parent?.context ?? ServiceContext.current ?? .topLevel, ofKind: .client)
            defer { child.end() }
            describe(child, url: attempt.request.url)
            child.attributes[Attribute.attempt] = attempt.number
            if attempt.resendCount > 0 {
                child.attributes[Attribute.resendCount] = attempt.resendCount
                parent?.attributes[Attribute.resendCount] = attempt.resendCount
            }
            var request = attempt.request
            instrument.inject(child.context, into: &request, using: URLRequestInjector())
            do {
                let response = try await Self.run(
                    { () async throws(EndpointError) in try await send(request) }, in: child.context)
                child.attributes[Attribute.statusCode] = response.statusCode
                if response.statusCode >= 400 {
                    child.attributes[Attribute.errorType] = String(response.statusCode)
                    child.setStatus(SpanStatus(code: .error))
                }
                return response
            } catch {
                mark(child, failedWith: error, url: attempt.request.url)
                throw error
            }
        }

        /// `body`, with `context` as the current `ServiceContext`, keeping its typed error
        /// (`ServiceContext.withValue` rethrows an untyped one).
        private static func run(
            _ body: () async throws(EndpointError) -> HTTPResponse, in context: ServiceContext
        ) async throws(EndpointError) -> HTTPResponse {
            let result = await ServiceContext.withValue(context) { () async -> Result<HTTPResponse, EndpointError> in
                do throws(EndpointError) {
                    return .success(try await body())
                } catch {
                    return .failure(error)
                }
            }
            return try result.get()
        }

        func willRetry(after failure: EndpointError, delay: TimeInterval, attempt: Int) {
            addEvent(
                "retry",
                [
                    Attribute.errorType: .string(failure.errorType), Attribute.attempt: .int64(Int64(attempt)),
                    Attribute.delay: .double(delay),
                ])
        }

        func didRenewCredential(after response: HTTPResponse) {
            addEvent("credential renewed", [Attribute.statusCode: .int64(Int64(response.statusCode))])
        }

        func didRevalidate(_ response: HTTPResponse) {
            addEvent("cache revalidated", [Attribute.statusCode: .int64(304)])
        }

        func didWaitForRateLimit(_ wait: RateLimitWait) {
            var attributes: SpanAttributes = [
                Attribute.rateLimitDuration: .double(wait.duration),
                Attribute.rateLimitReason: .string(wait.reason.rawValue), Attribute.serverAddress: .string(wait.host),
            ]
            if let limit = wait.limitName { attributes[Attribute.rateLimitLimit] = limit }
            addEvent("rate_limit.wait", attributes)
        }

        func didConsultCache(_ outcome: CacheOutcome, age: Int?) {
            guard let span = span.withLock({ $0 }) else { return }
            span.attributes[Attribute.cacheStatus] = outcome.rawValue
            if let age { span.attributes[Attribute.cacheAge] = age }
        }

        func willReconnect(after failure: EndpointError, delay: TimeInterval, lastEventID: String?) {
            addEvent("reconnect", [Attribute.errorType: .string(failure.errorType), Attribute.delay: .double(delay)])
        }

        func didEndStream(receiving pieces: Int, failure: EndpointError?) {
            guard let span = self.span.withLock({ $0 }) else { return }
            span.attributes[Attribute.streamPieces] = pieces
            if let failure { mark(span, failedWith: failure, url: call.call.url) }
            span.end()
        }

        // MARK: Spans

        private func startCallSpan() -> any Span {
            let span = tracer.startSpan(call.name, context: ServiceContext.current ?? .topLevel, ofKind: .client)
            describe(span, url: call.call.url)
            return span
        }

        /// Sets the attributes that say where a request goes.
        private func describe(_ span: any Span, url: URL?) {
            span.attributes[Attribute.method] = call.call.method.rawValue
            if let template = call.pathTemplate { span.attributes[Attribute.urlTemplate] = template }
            guard let url else { return }
            span.attributes[Attribute.url] = redaction.redact(url)
            let origin = Origin(url)
            if let host = origin?.host { span.attributes[Attribute.serverAddress] = host }
            if let port = origin?.port { span.attributes[Attribute.serverPort] = port }
        }

        private func mark(_ span: any Span, failedWith failure: EndpointError, url: URL?) {
            span.attributes[Attribute.errorType] = failure.errorType
            if let status = failure.response?.statusCode { span.attributes[Attribute.statusCode] = status }
            // Without the response's body, which can carry personal data that a trace keeps.
            let description = failure.description(includingBody: false)
            span.setStatus(SpanStatus(code: .error, message: redaction.redact(description, mentioning: url)))
        }

        private func addEvent(_ name: String, _ attributes: SpanAttributes) {
            span.withLock { $0 }?.addEvent(SpanEvent(name: name, attributes: attributes))
        }
    }

    /// The attribute names: OpenTelemetry's HTTP client conventions, and EndpointKit's own.
    enum Attribute {
        static let method = "http.request.method"
        static let serverAddress = "server.address"
        static let serverPort = "server.port"
        static let url = "url.full"
        static let urlTemplate = "url.template"
        static let statusCode = "http.response.status_code"
        static let resendCount = "http.request.resend_count"
        static let errorType = "error.type"
        static let attempt = "endpointkit.attempt"
        static let delay = "endpointkit.retry.delay"
        static let rateLimitDuration = "endpointkit.rate_limit.duration"
        static let rateLimitReason = "endpointkit.rate_limit.reason"
        static let rateLimitLimit = "endpointkit.rate_limit.limit"
        static let streamPieces = "endpointkit.stream.pieces"
        static let cacheStatus = "endpointkit.cache.status"
        static let cacheAge = "endpointkit.cache.age"
        static let cacheBackground = "endpointkit.cache.background_revalidation"
    }
#endif
