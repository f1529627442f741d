#if Tracing
    import Foundation
    import InMemoryTracing
    import Tracing

    /// The finished spans of an in-memory tracer as an indented tree, one line per span and per
    /// event, children in the order they started:
    ///
    ///     UserRepositories client status=200 resend=2
    ///       event retry error.type=503 attempt=1
    ///       GET client attempt=1 status=503 error.type=503 error
    enum SpanTree {
        /// The attributes shown, by their short names.
        static let shown: [(key: String, name: String)] = [
            ("endpointkit.attempt", "attempt"), ("http.response.status_code", "status"),
            ("http.request.resend_count", "resend"), ("error.type", "error.type"),
            ("endpointkit.stream.pieces", "pieces"), ("endpointkit.cache.status", "cache"),
            ("endpointkit.cache.background_revalidation", "background"),
        ]

        /// The attributes shown on events only: `server.address` is on every span.
        static let eventOnly: [(key: String, name: String)] = [
            ("endpointkit.retry.delay", "delay"), ("endpointkit.rate_limit.duration", "wait"),
            ("endpointkit.rate_limit.reason", "reason"), ("endpointkit.rate_limit.limit", "limit"),
            ("server.address", "host"),
        ]

        static func lines(_ spans: [FinishedInMemorySpan]) -> [String] {
            let ids = Set(spans.map(\.spanID))
            let roots = spans.filter { $0.parentSpanID.map { !ids.contains($0) } ?? true }
            return sorted(roots).flatMap { lines(of: $0, in: spans, depth: 0) }
        }

        private static func lines(of span: FinishedInMemorySpan, in spans: [FinishedInMemorySpan], depth: Int)
            -> [String]
        {
            let indent = String(repeating: "  ", count: depth)
            var line = "\(indent)\(span.operationName) \(span.kind)"
            for (key, name) in shown {
                if let value = span.attributes.get(key) { line += " \(name)=\(text(value))" }
            }
            if span.status?.code == .error { line += " error" }
            var result = [line]
            for event in span.events {
                var eventLine = "\(indent)  event \(event.name)"
                for (key, name) in shown + eventOnly {
                    if let value = event.attributes.get(key) { eventLine += " \(name)=\(text(value))" }
                }
                result.append(eventLine)
            }
            let children = spans.filter { $0.parentSpanID == span.spanID }
            for child in sorted(children) { result += lines(of: child, in: spans, depth: depth + 1) }
            return result
        }

        /// In the order they started: the incrementing generator numbers spans as they start.
        private static func sorted(_ spans: [FinishedInMemorySpan]) -> [FinishedInMemorySpan] {
            spans.sorted { number($0.spanID) < number($1.spanID) }
        }

        /// `span-12` → 12.
        private static func number(_ id: String) -> Int {
            Int(id.split(separator: "-").last ?? "") ?? 0
        }

        static func text(_ value: SpanAttribute) -> String {
            switch value {
            case .int64(let number): "\(number)"
            case .int32(let number): "\(number)"
            case .double(let number): "\(number)"
            case .bool(let flag): "\(flag)"
            case .string(let text): text
            default: "\(value)"
            }
        }
    }
#endif
