#if Metrics
    import CoreMetrics
    import EndpointKit
    import Foundation

    /// The metrics of one call. A plain call is active while it runs; a stream from its first
    /// connection to its end. A plain call's attempt durations are recorded when it ends, once
    /// the cache's outcome (their `cache` dimension) is known; a stream's as each attempt ends.
    struct MeteredCall: CallObservation {
        private typealias Label = MetricsObserver.Label

        private let call: ObservedCall
        private let factory: any MetricsFactory
        private let endpoint: (String, String)
        private let method: (String, String)
        /// `server.address`, `server.port` and `url.scheme` of the call's URL, for its active
        /// requests; none without a URL.
        private let server: [(String, String)]
        /// A plain call's attempts, until it ends, and how the cache served it.
        private let held: Locked<Held>?

        private struct Held {
            /// Each attempt's dimensions and duration in nanoseconds.
            var durations: [([(String, String)], UInt64)] = []
            var cache: CacheOutcome?
        }

        init(call: ObservedCall, factory: any MetricsFactory) {
            self.call = call
            self.factory = factory
            endpoint = ("endpoint", call.name)
            method = ("http.request.method", call.call.method.rawValue)
            server = Self.server(of: call.call.url)
            held = call.isStream ? nil : Locked(Held())
            if call.isStream { activeRequests.increment() }
        }

        private var activeRequests: Meter {
            Meter(label: Label.activeRequests, dimensions: [method, endpoint] + server, factory: factory)
        }

        /// Where `url` goes, as OpenTelemetry's HTTP client metrics say it: its host, its port
        /// (80 or 443 when the URL names none) and its scheme. No path, no query: each has as
        /// few values as the servers a client calls.
        private static func server(of url: URL?) -> [(String, String)] {
            guard let url, let origin = Origin(url) else { return [] }
            var dimensions: [(String, String)] = []
            if let host = origin.host { dimensions.append(("server.address", host)) }
            if let port = origin.port { dimensions.append(("server.port", String(port))) }
            dimensions.append(("url.scheme", origin.scheme))
            return dimensions
        }

        func run(_ call: () async throws(EndpointError) -> HTTPResponse) async throws(EndpointError) -> HTTPResponse {
            let active = activeRequests
            active.increment()
            defer {
                active.decrement()
                recordHeldDurations()
            }
            return try await call()
        }

        func attempt(
            _ attempt: ObservedAttempt, sending send: (URLRequest) async throws(EndpointError) -> HTTPResponse
        ) async throws(EndpointError) -> HTTPResponse {
            let start = DispatchTime.now().uptimeNanoseconds
            // Where this request goes: its authenticator had the last word on its URL.
            var dimensions = [method, endpoint] + Self.server(of: attempt.request.url)
            defer { record(dimensions, nanoseconds: DispatchTime.now().uptimeNanoseconds - start) }
            do {
                let response = try await send(attempt.request)
                dimensions.append(("http.response.status_code", String(response.statusCode)))
                if response.statusCode >= 400 { dimensions.append(("error.type", String(response.statusCode))) }
                return response
            } catch {
                if let status = error.response?.statusCode {
                    dimensions.append(("http.response.status_code", String(status)))
                }
                dimensions.append(("error.type", error.errorType))
                throw error
            }
        }

        func willRetry(after failure: EndpointError, delay: TimeInterval, attempt: Int) {
            count(Label.retries, [endpoint, ("error.type", failure.errorType)])
        }

        func didRenewCredential(after response: HTTPResponse) {
            count(Label.credentialRenewals, [endpoint])
        }

        func didWaitForRateLimit(_ wait: RateLimitWait) {
            let dimensions = [method, endpoint, ("server.address", wait.host), ("reason", wait.reason.rawValue)]
            Timer(
                label: Label.rateLimitWaitDuration, dimensions: dimensions, preferredDisplayUnit: .seconds,
                factory: factory
            ).recordNanoseconds(Int64((max(wait.duration, 0) * 1e9).rounded()))
            count(Label.rateLimitWaits, dimensions)
        }

        func didConsultCache(_ outcome: CacheOutcome, age: Int?) {
            held?.withLock { $0.cache = outcome }
            let label: String
            switch outcome {
            case .miss: label = Label.cacheMisses
            case .fresh, .stale: label = Label.cacheHits
            case .revalidated, .replaced: label = Label.cacheRevalidations
            default: return
            }
            count(label, [endpoint, ("cache", outcome.rawValue)])
        }

        func willReconnect(after failure: EndpointError, delay: TimeInterval, lastEventID: String?) {
            count(Label.streamReconnects, [endpoint, ("error.type", failure.errorType)])
        }

        func didReceiveStreamPieces(_ count: Int) {
            self.count(Label.streamEvents, [endpoint], by: count)
        }

        func didEndStream(receiving pieces: Int, failure: EndpointError?) {
            activeRequests.decrement()
        }

        /// Records an attempt's duration: a stream's now, a plain call's when it ends.
        private func record(_ dimensions: [(String, String)], nanoseconds: UInt64) {
            if let held {
                held.withLock { $0.durations.append((dimensions, nanoseconds)) }
            } else {
                timer(dimensions).recordNanoseconds(nanoseconds)
            }
        }

        /// Records the call's attempts, each with the `cache` dimension when a cache took part.
        private func recordHeldDurations() {
            guard
                let (durations, cache) = held?.withLock({ held in
                    defer { held.durations = [] }
                    return (held.durations, held.cache)
                })
            else { return }
            for (dimensions, nanoseconds) in durations {
                timer(dimensions + (cache.map { [("cache", $0.rawValue)] } ?? [])).recordNanoseconds(nanoseconds)
            }
        }

        private func timer(_ dimensions: [(String, String)]) -> CoreMetrics.Timer {
            Timer(
                label: Label.requestDuration, dimensions: dimensions, preferredDisplayUnit: .seconds, factory: factory)
        }

        private func count(_ label: String, _ dimensions: [(String, String)], by amount: Int = 1) {
            Counter(label: label, dimensions: dimensions, factory: factory).increment(by: amount)
        }
    }
#endif
