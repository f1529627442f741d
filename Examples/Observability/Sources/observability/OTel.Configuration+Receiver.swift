import Foundation
import OTel

extension OTel.Configuration {
    /// The example's configuration of swift-otel: traces, metrics and logs all go over OTLP/HTTP
    /// (protobuf, the default protocol) to `receiver`'s `/v1/traces`, `/v1/metrics` and `/v1/logs`.
    ///
    /// - Parameters:
    ///   - receiver: The OTLP/HTTP receiver's base URL.
    ///   - serviceName: The `service.name` of everything exported.
    /// - Returns: The configuration to bootstrap swift-otel with.
    static func exporting(to receiver: URL, serviceName: String) -> Self {
        var configuration = Self.default
        configuration.serviceName = serviceName
        // No "Bootstrapping…" lines on the console; a failed export still says so.
        configuration.diagnosticLogLevel = .warning
        configuration.traces.sampler = .alwaysOn
        configuration.traces.otlpExporter.endpoint = receiver.appendingPathComponent("v1/traces").absoluteString
        configuration.metrics.otlpExporter.endpoint = receiver.appendingPathComponent("v1/metrics").absoluteString
        configuration.logs.otlpExporter.endpoint = receiver.appendingPathComponent("v1/logs").absoluteString
        // Every attempt's line, the accepted ones (logged at debug) too.
        configuration.logs.level = .debug
        return configuration
    }
}
