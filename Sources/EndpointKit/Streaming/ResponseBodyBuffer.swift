import Foundation

/// Carries a response body from a transport to the code that reads it, chunk by chunk, holding at
/// most about `capacity` bytes: when the buffer is full, the transport is told to wait
/// (backpressure), and told again when the reader has made room. So a reader slower than the
/// server does not make memory grow with the body.
///
/// A transport (``Transport/stream(_:bufferSize:)``) writes into it; the client reads from it. A
/// transport written with async/await calls ``write(_:)``, which waits while the buffer is full
/// (``StreamedResponse/init(head:bufferSize:writingBody:)`` makes the buffer and the task). A
/// transport driven by callbacks calls ``append(_:)``, ``whenRoom(_:)`` and
/// ``finish(throwing:)``. The reader iterates ``chunks``. When the reader goes away first (its
/// task is cancelled, or it stops iterating), `onCancel` runs once, so that the transport closes
/// the connection.
///
/// ```swift
/// /// A connection as a transport sees it.
/// final class Connection: Sendable {
///     func close() {}
///     func pauseReading() {}
///     func resumeReading() {}
/// }
/// let connection = Connection()
/// let piece = Data("data: 1\n\n".utf8)
///
/// let buffer = ResponseBodyBuffer(capacity: 65_536) { connection.close() }
/// // in the transport, for each piece of the body:
/// switch buffer.append(piece) {
/// case .more: break
/// case .wait: connection.pauseReading(); buffer.whenRoom { connection.resumeReading() }
/// case .stop: connection.close()
/// }
/// // at the end of the body, or when the connection fails:
/// buffer.finish()  // buffer.finish(throwing: error)
/// ```
public final class ResponseBodyBuffer: Sendable {
    /// What the transport should do after appending a chunk.
    public enum Demand: Sendable, Equatable {
        /// Send more.
        case more
        /// The buffer is full: wait for ``ResponseBodyBuffer/whenRoom(_:)``.
        case wait
        /// The reader is gone: stop, the body is not wanted.
        case stop
    }

    private struct State {
        var chunks: [Data] = []
        /// The index of the first chunk not yet read: reading does not shift the array.
        var head = 0
        var buffered = 0
        var end: Result<Void, any Error>?
        var waitingReader: CheckedContinuation<Data?, any Error>?
        var roomWaiters: [@Sendable () -> Void] = []
        var isCancelled = false
        /// Where chunks go while the buffer is full, for a transport that cannot wait.
        var spill: SpillFile?

        /// Takes the waiting reader and the transports waiting for room, to be woken once the
        /// lock is released.
        mutating func takeWaiters() -> Waiters {
            defer {
                waitingReader = nil
                roomWaiters = []
            }
            return Waiters(reader: waitingReader, room: roomWaiters)
        }
    }

    /// Who a change of state lets go on: woken after the lock is released, since either may
    /// call back into the buffer at once.
    private struct Waiters {
        var reader: CheckedContinuation<Data?, any Error>?
        var room: [@Sendable () -> Void]
    }

    /// The most bytes held before the transport is told to wait; a chunk that arrives while there
    /// is room is taken whole, so the buffer holds at most `capacity` plus one chunk.
    public let capacity: Int
    /// For a transport that cannot wait: the most bytes held on disk beyond `capacity`; `nil`
    /// for a transport that waits.
    private let spillLimit: Int?
    private let onCancel: @Sendable () -> Void
    private let state = Locked(State())

    /// Creates an empty buffer.
    ///
    /// - Parameters:
    ///   - capacity: The most bytes held before the transport is told to wait.
    ///   - onCancel: Runs once if the reader goes away before the body ended.
    public init(capacity: Int, onCancel: @escaping @Sendable () -> Void = {}) {
        self.capacity = capacity
        self.spillLimit = nil
        self.onCancel = onCancel
    }

    /// Creates an empty buffer for a transport that cannot wait (``URLSessionTransport`` on
    /// Linux): beyond `capacity` bytes in memory, chunks go to a temporary file (``SpillFile``)
    /// until the reader catches up, so memory stays flat however far the reader falls behind, up
    /// to `spillLimit` bytes on disk; ``append(_:)`` then says `.wait`, which such a transport
    /// cannot do: it fails the body.
    ///
    /// - Parameters:
    ///   - capacity: The most bytes held in memory.
    ///   - spillLimit: The most bytes held on disk.
    ///   - onCancel: Runs once if the reader goes away before the body ended.
    package init(capacity: Int, spillingUpTo spillLimit: Int, onCancel: @escaping @Sendable () -> Void = {}) {
        self.capacity = capacity
        self.spillLimit = spillLimit
        self.onCancel = onCancel
    }

    /// The bytes on disk that the reader has not read yet: for tests and measurements.
    package var spilledBytes: Int {
        state.withLock { $0.spill?.unread ?? 0 }
    }

    /// The bytes held now, read or not yet: for tests and measurements.
    package var bufferedBytes: Int {
        state.withLock { $0.buffered }
    }

    // MARK: - The transport's side

    /// Adds the next chunk of the body.
    ///
    /// - Parameter chunk: The bytes, in order.
    /// - Returns: Whether the transport may send more now.
    public func append(_ chunk: Data) -> Demand {
        let (demand, reader) = state.withLock { state -> (Demand, CheckedContinuation<Data?, any Error>?) in
            if state.isCancelled || state.end != nil {
                return (.stop, nil)
            }
            if let reader = state.waitingReader {
                state.waitingReader = nil
                return (.more, reader)
            }
            if let spillLimit, state.buffered >= capacity || (state.spill?.unread ?? 0) > 0 {
                // Full, or older chunks are on disk: this one goes after them, in order.
                return (Self.spill(chunk, limit: spillLimit, into: &state), nil)
            }
            state.chunks.append(chunk)
            state.buffered += chunk.count
            return (state.buffered < capacity || spillLimit != nil ? .more : .wait, nil)
        }
        reader?.resume(returning: chunk)
        return demand
    }

    /// Adds the next chunk of the body, then waits while the buffer is full (the reader is behind):
    /// for a transport written with async/await.
    ///
    /// ```swift
    /// let buffer = ResponseBodyBuffer(capacity: 65_536)
    /// let body = AsyncStream<Data> { pieces in
    ///     pieces.yield(Data("data: 1\n\n".utf8))
    ///     pieces.finish()
    /// }
    /// for await piece in body {
    ///     try await buffer.write(piece)
    /// }
    /// buffer.finish()
    /// ```
    ///
    /// - Parameter chunk: The bytes, in order.
    /// - Throws: `CancellationError` when the reader went away (or the body had ended): stop, and
    ///   close the connection.
    public func write(_ chunk: Data) async throws {
        switch append(chunk) {
        case .more:
            return
        case .stop:
            throw CancellationError()
        case .wait:
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                whenRoom { continuation.resume() }
            }
            if state.withLock({ $0.isCancelled }) { throw CancellationError() }
        }
    }

    /// Writes `chunk` to the spill file, which it opens if there is none; `.wait` when it would
    /// go over `limit` or the disk fails. Called while holding the lock.
    private static func spill(_ chunk: Data, limit: Int, into state: inout State) -> Demand {
        do {
            if state.spill == nil { state.spill = try SpillFile() }
            guard let unread = state.spill?.unread, unread + chunk.count <= limit else { return .wait }
            try state.spill?.append(chunk)
            return .more
        } catch {
            return .wait
        }
    }

    /// Calls `resume` once the reader has taken the buffer down to half its capacity (at once if
    /// there is room now), or once the reader is gone. Waiting for half, not for the first byte
    /// of room, lets the transport send several chunks per wake-up instead of one: a chunk per
    /// wake-up cost a thread switch per chunk, 15 % of the time of a fast stream (measured with
    /// `perf` on the streaming benchmark).
    ///
    /// - Parameter resume: What lets the transport read again.
    public func whenRoom(_ resume: @escaping @Sendable () -> Void) {
        let hasRoom = state.withLock { state in
            guard state.buffered >= capacity, !state.isCancelled, state.end == nil else { return true }
            state.roomWaiters.append(resume)
            return false
        }
        if hasRoom { resume() }
    }

    /// Ends the body: the reader gets the chunks still held, then the end, or `error`.
    ///
    /// - Parameter error: Why the body ended early, or `nil` when it is complete.
    public func finish(throwing error: (any Error)? = nil) {
        let waiters = state.withLock { state -> Waiters? in
            guard state.end == nil, !state.isCancelled else { return nil }
            state.end = error.map { .failure($0) } ?? .success(())
            return state.takeWaiters()
        }
        guard let waiters else { return }
        if let error { waiters.reader?.resume(throwing: error) } else { waiters.reader?.resume(returning: nil) }
        for resume in waiters.room { resume() }
    }

    // MARK: - The reader's side

    /// The body's chunks, in order; the sequence throws the transport's error, or
    /// `CancellationError` when the reading task is cancelled.
    public var chunks: Chunks { Chunks(buffer: self) }

    /// What a read finds: a chunk, or the end of the body.
    private enum Ready {
        case chunk(Data)
        case end

        var chunk: Data? {
            if case .chunk(let chunk) = self { return chunk }
            return nil
        }
    }

    /// The next chunk, or `nil` at the end of the body.
    fileprivate func next(isolation actor: isolated (any Actor)? = #isolation) async throws -> Data? {
        if let ready = try read(orWaitWith: nil) { return ready.chunk }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation(isolation: actor) { continuation in
                do {
                    if let ready = try read(orWaitWith: continuation) { continuation.resume(returning: ready.chunk) }
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        } onCancel: {
            cancel()
        }
    }

    /// Takes a chunk, or the end, if either is there. Otherwise returns `nil`, after storing
    /// `continuation` (if any) as the waiting reader. A read that makes room lets a waiting
    /// transport go on, after the lock is released (it may append at once).
    private func read(orWaitWith continuation: CheckedContinuation<Data?, any Error>?) throws -> Ready? {
        let (ready, waiters) = try state.withLock { state throws -> (Ready?, [@Sendable () -> Void]) in
            if state.isCancelled {
                throw CancellationError()
            }
            if state.head == state.chunks.count, let unread = state.spill?.unread, unread > 0 {
                // Memory is read; the chunks that came after it are on disk. Read in pieces of
                // 64 KiB, below malloc's threshold for a fresh mapping: pieces of 256 KiB each took
                // 64 page faults, 55,000 for a million 100-byte events (`perf stat`; 8,000 with
                // 64 KiB).
                return (.chunk(try state.spill!.read(upTo: 64 << 10)), [])
            }
            guard state.head < state.chunks.count else {
                switch state.end {
                case .success?: return (.end, [])
                case .failure(let error)?: throw error
                case nil:
                    if let continuation { state.waitingReader = continuation }
                    return (nil, [])
                }
            }
            let chunk = state.chunks[state.head]
            state.chunks[state.head] = Data()
            state.head += 1
            if state.head == state.chunks.count {
                state.chunks.removeAll(keepingCapacity: true)
                state.head = 0
            }
            state.buffered -= chunk.count
            var waiters: [@Sendable () -> Void] = []
            if state.buffered <= capacity / 2 {
                swap(&waiters, &state.roomWaiters)
            }
            return (.chunk(chunk), waiters)
        }
        for resume in waiters { resume() }
        return ready
    }

    /// The reader is gone: drops what is held, fails a waiting read, lets a waiting transport go
    /// on (its next append says `.stop`), and runs `onCancel` unless the body had ended.
    public func cancel() {
        let cancelled = state.withLock { state -> (waiters: Waiters, hadEnded: Bool)? in
            guard !state.isCancelled else { return nil }
            state.isCancelled = true
            state.spill = nil
            state.chunks = []
            state.head = 0
            state.buffered = 0
            return (state.takeWaiters(), state.end != nil)
        }
        guard let cancelled else { return }
        cancelled.waiters.reader?.resume(throwing: CancellationError())
        for resume in cancelled.waiters.room { resume() }
        if !cancelled.hadEnded { onCancel() }
    }

    /// The chunks of a ``ResponseBodyBuffer``. Iterate it once; an iterator that is dropped
    /// before the end (a `break` out of the loop) cancels the buffer.
    public struct Chunks: AsyncSequence, Sendable {
        /// A chunk of the body.
        public typealias Element = Data
        /// The transport's error, or `CancellationError`.
        public typealias Failure = any Error
        fileprivate let buffer: ResponseBodyBuffer

        /// An iterator over the chunks.
        public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(reading: Reading(buffer: buffer))
        }

        /// Reads chunks without a thread hop when the loop runs on an actor (SE-0421).
        public struct AsyncIterator: AsyncIteratorProtocol {
            fileprivate let reading: Reading

            /// The next chunk, or `nil` at the end of the body.
            public mutating func next() async throws -> Data? {
                try await reading.buffer.next(isolation: nil)
            }

            /// The next chunk, or `nil` at the end of the body, read on the caller's actor.
            public mutating func next(isolation actor: isolated (any Actor)?) async throws(any Error) -> Data? {
                try await reading.buffer.next(isolation: actor)
            }
        }
    }

    /// Cancels the buffer when the last copy of an iterator goes away.
    fileprivate final class Reading: Sendable {
        let buffer: ResponseBodyBuffer
        init(buffer: ResponseBodyBuffer) { self.buffer = buffer }
        deinit { buffer.cancel() }
    }
}
