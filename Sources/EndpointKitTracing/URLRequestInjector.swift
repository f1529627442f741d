#if Tracing
    import EndpointKit
    import Foundation
    import Instrumentation

    /// Writes a trace context's values (`traceparent`, `tracestate`…) into a request's headers,
    /// replacing any header of the same name.
    struct URLRequestInjector: Injector {
        func inject(_ value: String, forKey key: String, into request: inout URLRequest) {
            request.setValue(value, forHTTPHeaderField: key)
        }
    }
#endif
