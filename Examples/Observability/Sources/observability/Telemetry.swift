import Foundation
import Logging
import OTel
import ServiceLifecycle

/// swift-otel, bootstrapped as the process's tracing, metrics and logging system, and run beside
/// the work it observes until it has exported all of it.
struct Telemetry {
    private let services: ServiceGroup

    /// Bootstraps swift-otel to export to an OTLP/HTTP receiver; call it once, first.
    ///
    /// - Parameters:
    ///   - receiver: The receiver's base URL.
    ///   - serviceName: The `service.name` of everything exported.
    /// - Throws: swift-otel's error for a configuration it cannot use.
    init(exportingTo receiver: URL, serviceName: String) throws {
        let observability = try OTel.bootstrap(configuration: .exporting(to: receiver, serviceName: serviceName))
        // A group of its own, which answers no signal, so that `run(_:)` can shut it down. Its
        // logger writes nowhere: the logging system now exports to the receiver.
        let quiet = Logger(label: "telemetry", factory: { label in SwiftLogNoOpLogHandler(label) })
        services = ServiceGroup(services: [observability], logger: quiet)
    }

    /// Runs `body` while swift-otel runs beside it, then shuts swift-otel down gracefully, which
    /// exports everything before it returns: the span and log batches are flushed, the metrics
    /// are read and exported once more. No timer decides what the receiver gets.
    ///
    /// - Parameter body: The work to observe.
    /// - Returns: What `body` returned.
    /// - Throws: What `body` threw, once everything was exported; or swift-otel's error.
    func run<Value>(_ body: () async throws -> Value) async throws -> Value {
        let services = services
        return try await withThrowingTaskGroup { group in
            group.addTask { try await services.run() }
            let outcome: Result<Value, any Error>
            do {
                outcome = .success(try await body())
            } catch {
                outcome = .failure(error)
            }
            await services.triggerGracefulShutdown()
            try await group.waitForAll()
            return try outcome.get()
        }
    }
}
