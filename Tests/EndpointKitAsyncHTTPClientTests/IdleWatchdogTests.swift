#if AsyncHTTPClient
    @testable import EndpointKitAsyncHTTPClient
    import NIOConcurrencyHelpers
    import NIOCore
    import NIOEmbedded
    import Testing

    /// The watchdog on an event loop with virtual time: what it fails, and exactly when.
    @Suite("The AsyncHTTPClient transport's idle watchdog")
    struct IdleWatchdogTests {
        /// An exchange that records when it was failed; `progress(at:)` stands for a body part.
        final class Exchange: IdleWatched {
            let idleTimeout: TimeAmount
            private let state: NIOLockedValueBox<(lastActivity: NIODeadline, failedAt: NIODeadline?, isPaused: Bool)>

            init(idleTimeout: TimeAmount, startedAt start: NIODeadline) {
                self.idleTimeout = idleTimeout
                state = NIOLockedValueBox((start, nil, false))
            }

            var failedAt: NIODeadline? { state.withLockedValue { $0.failedAt } }

            func progress(at time: NIODeadline) {
                state.withLockedValue { $0.lastActivity = time }
            }

            func failIfIdle(at now: NIODeadline) -> NIODeadline? {
                state.withLockedValue { state in
                    guard state.failedAt == nil else { return nil }
                    let deadline = state.lastActivity + idleTimeout
                    guard now >= deadline else { return deadline }
                    state.failedAt = now
                    return nil
                }
            }
        }

        let loop = EmbeddedEventLoop()

        private func milliseconds(since start: NIODeadline, _ time: NIODeadline?) -> Int64? {
            time.map { ($0 - start).nanoseconds / 1_000_000 }
        }

        @Test("An idle exchange fails at its timeout exactly, not at the next poll (310 ms, not 325 ms)")
        func failsAtTheDeadline() {
            let start = loop.now
            let watchdog = IdleWatchdog(eventLoop: loop)
            let exchange = Exchange(idleTimeout: .milliseconds(310), startedAt: start)

            watchdog.watch(exchange)
            loop.advanceTime(by: .milliseconds(309))
            let beforeTimeout = exchange.failedAt
            loop.advanceTime(by: .milliseconds(1))

            #expect(beforeTimeout == nil)
            #expect(milliseconds(since: start, exchange.failedAt) == 310)
        }

        @Test("Progress moves the deadline: the exchange fails a timeout after its last progress")
        func progressMovesTheDeadline() {
            let start = loop.now
            let watchdog = IdleWatchdog(eventLoop: loop)
            let exchange = Exchange(idleTimeout: .milliseconds(300), startedAt: start)

            watchdog.watch(exchange)
            loop.advanceTime(by: .milliseconds(200))
            exchange.progress(at: loop.now)
            loop.advanceTime(by: .milliseconds(299))
            let beforeTimeout = exchange.failedAt
            loop.advanceTime(by: .milliseconds(1))

            #expect(beforeTimeout == nil)
            #expect(milliseconds(since: start, exchange.failedAt) == 500)
        }

        @Test("A shorter timeout watched later fires first; the longer one still fires at its own deadline")
        func shorterTimeoutFiresFirst() {
            let start = loop.now
            let watchdog = IdleWatchdog(eventLoop: loop)
            let long = Exchange(idleTimeout: .seconds(2), startedAt: start)
            watchdog.watch(long)
            loop.advanceTime(by: .milliseconds(100))
            let short = Exchange(idleTimeout: .milliseconds(50), startedAt: loop.now)
            watchdog.watch(short)

            loop.advanceTime(by: .seconds(3))

            #expect(milliseconds(since: start, short.failedAt) == 150)
            #expect(milliseconds(since: start, long.failedAt) == 2_000)
        }

        @Test("An exchange no longer watched is never failed")
        func stoppedExchangeIsLeftAlone() {
            let start = loop.now
            let watchdog = IdleWatchdog(eventLoop: loop)
            let exchange = Exchange(idleTimeout: .milliseconds(100), startedAt: start)

            watchdog.watch(exchange)
            watchdog.stopWatching(exchange)
            loop.advanceTime(by: .seconds(1))

            #expect(exchange.failedAt == nil)
        }
    }
#endif
