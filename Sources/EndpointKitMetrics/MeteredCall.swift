#if Metrics
    import CoreMetrics
    import EndpointKit
    import Foundation

    /// The metrics of one call. A plain call is active while it runs; a stream from its first
    /// connection to its end.
    struct MeteredCall: CallObservation {
        private typealias Label = MetricsObserver.Label

        private let call: ObservedCall
        private let factory: any MetricsFactory
        private let endpoint: (String, String)
        private let method: (String, String)
        /// `server.address`, `server.port` and `url.scheme` of the call's URL, for its active
        /// requests; none without a URL.
        private let server: [(String, String)]

        init(call: ObservedCall, factory: any MetricsFactory) {
            self.call = call
            self.factory = factory
            endpoint = ("endpoint", call.name)
            method = ("http.request.method", call.call.method.rawValue)
            server = Self.server(of: call.call.url)
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
            defer { active.decrement() }
            return try await call()
        }

        func attempt(
            _ attempt: ObservedAttempt, sending send: (URLRequest) async throws(EndpointError) -> HTTPResponse
        ) async throws(EndpointError) -> HTTPResponse {
            let start = DispatchTime.now().uptimeNanoseconds
            // Where this request goes: its authenticator had the last word on its URL.
            var dimensions = [method, endpoint] + Self.server(of: attempt.request.url)
            defer {
                Timer(
                    label: Label.requestDuration, dimensions: dimensions, preferredDisplayUnit: .seconds,
                    factory: factory
                )
                .recordNanoseconds(DispatchTime.now().uptimeNanoseconds - start)
            }
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

        func didRevalidate(_ response: HTTPResponse) {
            count(Label.cacheHits, [endpoint])
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

        private func count(_ label: String, _ dimensions: [(String, String)], by amount: Int = 1) {
            Counter(label: label, dimensions: dimensions, factory: factory).increment(by: amount)
        }
    }
#endif
