#if Tracing && Metrics
    import CoreMetrics
    @testable import EndpointKit
    import EndpointKitMetrics
    import EndpointKitTracing
    import Foundation
    import Testing
    import Tracing

    @Suite("Observers without a backend")
    struct NoBackendTests {
        private let call = ObservedCall(
            name: "UserRepositories", call: CallContext(method: .get, url: URL(string: "https://api.example.com")))

        @Test("The no-op tracer and metrics that go nowhere leave a call unobserved: it takes no observation step")
        func noBackendNoObservation() {
            let observers: [any CallObserver] = [
                .tracing(tracer: NoOpTracer()), .metrics(factory: NOOPMetricsHandler.instance),
            ]
            #expect(observers.allSatisfy { !$0.isObserving })
            #expect(ObservationChain.observe(call, by: observers) == nil)
            #expect(ObservationChain.observe(call, by: [.tracing(tracer: NoOpTracer())]) == nil)
            // Nothing bootstrapped in the test process: the systems' defaults are the no-op ones.
            #expect(ObservationChain.observe(call, by: [.tracing(), .metrics()]) == nil)
        }

        @Test("An observer with a backend still observes beside them, alone and not in a chain")
        func othersStillObserve() {
            let log = ObservationLog()
            let observers: [any CallObserver] = [
                .tracing(tracer: NoOpTracer()), RecordingObserver(label: "o", log: log),
                .metrics(factory: NOOPMetricsHandler.instance),
            ]
            let observation = ObservationChain.observe(call, by: observers)
            #expect(observation is RecordingObserver.Observation)
        }
    }
#endif
