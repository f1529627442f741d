import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking

    /// The delegate queue of ``URLSessionTransport`` on Linux: it runs each delegate call at once,
    /// on the thread URLSession makes it from, instead of queueing it.
    ///
    /// swift-corelibs-foundation 6.3.1 hands every delegate call (the response, each chunk of the
    /// body, the completion) to the session's `delegateQueue` with `addOperation(_:)`; an
    /// `OperationQueue` turns each into a `BlockOperation` run on another thread. Measured
    /// against a local nginx (`Benchmarks/run`, and a probe comparing the two queues on one
    /// session), that hop cost about 1 ms of CPU per 1 MB body (about 64 chunks) and 10–20 µs per
    /// small response, and made EndpointKit 6–12 % slower than `URLSession.data(for:)`, which
    /// collects bodies inside URLSession and completes without a hop. Run inline, the
    /// delegate costs what `data(for:)` costs.
    ///
    /// What this asks of ``URLSessionTransportDelegate``, which is the only code run here: every
    /// call returns quickly, takes no lock that URLSession holds, and never calls back into
    /// URLSession synchronously from a delegate call. Answering an authentication challenge
    /// cancels the task, which waits for URLSession's own queue, so that answer is given from
    /// another thread; progress handlers (user code) run on a serial queue of their own.
    final class InlineDelegateQueue: OperationQueue, @unchecked Sendable {
        // `@unchecked`: no state of its own; `OperationQueue` is thread-safe.

        override init() {
            super.init()
            name = "EndpointKit.URLSessionTransport.delegate"
        }

        override func addOperation(_ block: @escaping @Sendable () -> Void) {
            block()
        }
    }
#endif
