import EndpointKit
import Foundation
import Testing

@Suite("Buffering a streamed body with backpressure")
struct ResponseBodyBufferTests {
    struct Broken: Error {}

    private static func chunk(_ text: String) -> Data { Data(text.utf8) }

    @Test("Chunks arrive in order, then the end")
    func deliversInOrder() async throws {
        let buffer = ResponseBodyBuffer(capacity: 1024)
        let reader = Task {
            var texts: [String] = []
            for try await chunk in buffer.chunks { texts.append(String(decoding: chunk, as: UTF8.self)) }
            return texts
        }
        for text in ["a", "bc", "", "def"] { _ = buffer.append(Self.chunk(text)) }
        buffer.finish()
        #expect(try await reader.value == ["a", "bc", "", "def"])
    }

    @Test("A full buffer tells the transport to wait, until reads take it down to half")
    func appliesBackpressure() async throws {
        let buffer = ResponseBodyBuffer(capacity: 10)
        #expect(buffer.append(Self.chunk("1234")) == .more)
        #expect(buffer.append(Self.chunk("567")) == .more)
        #expect(buffer.append(Self.chunk("890")) == .wait)
        let resumed = CallCounter()
        buffer.whenRoom { resumed.increment() }
        #expect(resumed.count == 0)

        var iterator = buffer.chunks.makeAsyncIterator()
        _ = try await iterator.next()  // 6 bytes left: room, but more than half
        #expect(resumed.count == 0)
        _ = try await iterator.next()  // 3 bytes left: half or less
        #expect(resumed.count == 1)
        #expect(buffer.bufferedBytes == 3)
        buffer.whenRoom { resumed.increment() }  // room already: at once
        #expect(resumed.count == 2)
    }

    @Test("For a transport that cannot wait, chunks beyond the capacity go to disk and come back in order")
    func spillsToDisk() async throws {
        let buffer = ResponseBodyBuffer(capacity: 1000, spillingUpTo: 1 << 20)
        var sent = Data()
        for index in 0..<100 {
            let chunk = Data(repeating: UInt8(index), count: 100 + index)
            #expect(buffer.append(chunk) == .more)
            sent.append(chunk)
            #expect(buffer.bufferedBytes <= 1000 + 199)  // at most the capacity and one chunk in memory
        }
        #expect(buffer.spilledBytes > 10_000)
        var received = Data()
        var iterator = buffer.chunks.makeAsyncIterator()
        // Half read, then more chunks: they queue behind the ones on disk.
        while received.count < sent.count / 2, let chunk = try await iterator.next() { received.append(chunk) }
        for index in 0..<10 {
            let chunk = Data(repeating: UInt8(200 + index), count: 300)
            #expect(buffer.append(chunk) == .more)
            sent.append(chunk)
        }
        buffer.finish()
        while let chunk = try await iterator.next() { received.append(chunk) }
        #expect(received == sent)
        #expect(buffer.spilledBytes == 0)
    }

    @Test("A spilling buffer says wait beyond its limit on disk")
    func spillLimit() {
        let buffer = ResponseBodyBuffer(capacity: 100, spillingUpTo: 1000)
        #expect(buffer.append(Data(count: 100)) == .more)  // memory
        #expect(buffer.append(Data(count: 600)) == .more)  // disk
        #expect(buffer.append(Data(count: 401)) == .wait)  // 1001 bytes on disk: over the limit
        #expect(buffer.spilledBytes == 600)
    }

    @Test("The transport's error comes after the chunks it sent")
    func failsAfterTheChunks() async throws {
        let buffer = ResponseBodyBuffer(capacity: 1024)
        _ = buffer.append(Self.chunk("partial"))
        buffer.finish(throwing: Broken())
        var iterator = buffer.chunks.makeAsyncIterator()
        #expect(try await iterator.next() == Self.chunk("partial"))
        await #expect(throws: Broken.self) { _ = try await iterator.next() }
    }

    @Test("Cancelling the reading task fails the read, runs onCancel once, and stops the transport")
    func cancellationReachesTheTransport() async throws {
        let closed = CallCounter()
        let buffer = ResponseBodyBuffer(capacity: 1024) { closed.increment() }
        let reader = Task {
            for try await _ in buffer.chunks {}
        }
        try await Task.sleep(nanoseconds: 20_000_000)  // the reader waits for a chunk
        reader.cancel()
        await #expect(throws: CancellationError.self) { try await reader.value }
        #expect(closed.count == 1)
        #expect(buffer.append(Self.chunk("late")) == .stop)
        buffer.cancel()
        #expect(closed.count == 1)
    }

    @Test("Breaking out of the loop before the end cancels the body; after the end it does not")
    func breakingOutCancels() async throws {
        let closed = CallCounter()
        let open = ResponseBodyBuffer(capacity: 1024) { closed.increment() }
        _ = open.append(Self.chunk("first"))
        for try await _ in open.chunks { break }
        #expect(closed.count == 1)
        #expect(open.append(Self.chunk("more")) == .stop)

        let ended = ResponseBodyBuffer(capacity: 1024) { closed.increment() }
        _ = ended.append(Self.chunk("all"))
        ended.finish()
        for try await _ in ended.chunks { break }
        #expect(closed.count == 1)  // the body was complete: nothing to close
    }

    @Test("A fast transport and a slow reader: the buffer never holds more than capacity plus one chunk")
    func staysBounded() async throws {
        let capacity = 64 << 10
        let chunkSize = 16 << 10
        let buffer = ResponseBodyBuffer(capacity: capacity)
        let peak = PeakCounter()
        let transport = Task {
            for index in 0..<500 {
                let demand = buffer.append(Data(repeating: UInt8(index % 256), count: chunkSize))
                peak.record(buffer.bufferedBytes)
                if demand == .wait {
                    await withCheckedContinuation { continuation in buffer.whenRoom { continuation.resume() } }
                }
            }
            buffer.finish()
        }
        var received = 0
        var index = 0
        for try await chunk in buffer.chunks {
            #expect(chunk.first == UInt8(index % 256))
            received += chunk.count
            index += 1
            if index % 50 == 0 { try await Task.sleep(nanoseconds: 1_000_000) }  // a slow reader
        }
        await transport.value
        #expect(received == 500 * chunkSize)
        #expect(peak.value <= capacity + chunkSize, "peak \(peak.value) bytes")
    }
}

/// The largest value recorded, from any thread.
final class PeakCounter: @unchecked Sendable {
    // `@unchecked`: `peak` is only touched while holding `lock`.
    private let lock = NSLock()
    private var peak = 0

    func record(_ value: Int) {
        lock.lock()
        peak = max(peak, value)
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return peak
    }
}
