#if AsyncHTTPClient
    import NIOConcurrencyHelpers
    import NIOCore

    /// Something whose idle timeout an ``IdleWatchdog`` enforces: one exchange in flight.
    protocol IdleWatched: AnyObject, Sendable {
        /// The longest time the exchange may go without progress.
        var idleTimeout: TimeAmount { get }

        /// Fails the exchange with a timeout when it made no progress for its idle timeout by `now`.
        ///
        /// - Returns: The earliest time it can be idle for its timeout, if it made no progress from
        ///   now on (later than `now`); `nil` when the exchange is over (it had finished, or it has
        ///   just been failed), so that the watchdog stops watching it.
        func failIfIdle(at now: NIODeadline) -> NIODeadline?
    }

    /// Enforces the idle timeouts of a transport's exchanges with one timer on an event loop, set
    /// for the earliest moment any of them can time out, instead of a timer per request.
    ///
    /// A SwiftNIO timer per request cost about 4 µs of CPU per request (measured with the benchmark's
    /// `ahc` scenarios, 2 KB bodies, 32 in flight: 4 % of the throughput): scheduling it from outside
    /// the event loop allocates a promise and a task, takes the loop's locks and may wake the loop,
    /// and cancelling it fails the promise. Watching costs a dictionary insertion and removal under an
    /// uncontended lock, and a timer only when the new exchange can time out before every other.
    ///
    /// Progress only moves an exchange's deadline later, so the timer never fires after a deadline:
    /// it fires at the earliest deadline known, fails the exchanges that are idle, learns the later
    /// deadlines of those that made progress, and is set again for the earliest of those, as
    /// `URLSessionTransport`'s `IdleDeadlines` does. (In 0.1.0 it polled every eighth of the
    /// timeout: a 0.3 s idle timeout then fired up to 62 ms late.) With nothing to watch, no timer
    /// is set.
    final class IdleWatchdog: Sendable {
        private struct Watched {
            let exchange: any IdleWatched
            /// No earlier than the moment the exchange can time out.
            var deadline: NIODeadline
        }

        private struct State {
            var watched: [ObjectIdentifier: Watched] = [:]
            /// The pending check, when it fires, and its number: a check that is no longer the
            /// pending one (it was replaced by an earlier one) does nothing.
            var nextCheck: (scheduled: Scheduled<Void>, deadline: NIODeadline, number: Int)?
            var checksScheduled = 0
        }

        private let eventLoop: any EventLoop
        private let state = NIOLockedValueBox(State())

        /// Creates a watchdog whose timer runs on `eventLoop`.
        init(eventLoop: any EventLoop) {
            self.eventLoop = eventLoop
        }

        /// Starts enforcing `exchange`'s idle timeout, from now, until ``stopWatching(_:)`` or its end.
        func watch(_ exchange: any IdleWatched) {
            let deadline = eventLoop.now + exchange.idleTimeout
            state.withLockedValue { state in
                state.watched[ObjectIdentifier(exchange)] = Watched(exchange: exchange, deadline: deadline)
                if let nextCheck = state.nextCheck {
                    guard deadline < nextCheck.deadline else { return }
                    nextCheck.scheduled.cancel()
                }
                scheduleCheck(at: deadline, state: &state)
            }
        }

        /// Stops enforcing `exchange`'s idle timeout: it is over.
        func stopWatching(_ exchange: any IdleWatched) {
            _ = state.withLockedValue { state in
                state.watched.removeValue(forKey: ObjectIdentifier(exchange))
            }
        }

        private func scheduleCheck(at deadline: NIODeadline, state: inout State) {
            state.checksScheduled += 1
            let number = state.checksScheduled
            let scheduled = eventLoop.scheduleTask(deadline: deadline) { [self] in
                check(number: number)
            }
            state.nextCheck = (scheduled, deadline, number)
        }

        /// Fails the exchanges that have been idle too long, forgets those that are over, and sets
        /// the timer for the earliest deadline left.
        private func check(number: Int) {
            let watched = state.withLockedValue { state -> [Watched]? in
                guard state.nextCheck?.number == number else { return nil }  // replaced by another check
                guard !state.watched.isEmpty else {
                    state.nextCheck = nil
                    return nil
                }
                return Array(state.watched.values)
            }
            guard let watched else { return }
            let now = eventLoop.now
            let deadlines = watched.map { ($0.exchange, $0.exchange.failIfIdle(at: now)) }
            state.withLockedValue { state in
                guard state.nextCheck?.number == number else { return }
                for (exchange, deadline) in deadlines {
                    let key = ObjectIdentifier(exchange)
                    if let deadline {
                        state.watched[key]?.deadline = deadline
                    } else {
                        state.watched.removeValue(forKey: key)
                    }
                }
                // Exchanges watched since this check began are in `watched` with their own deadlines.
                guard let earliest = state.watched.values.lazy.map(\.deadline).min() else {
                    state.nextCheck = nil
                    return
                }
                scheduleCheck(at: earliest, state: &state)
            }
        }
    }
#endif
