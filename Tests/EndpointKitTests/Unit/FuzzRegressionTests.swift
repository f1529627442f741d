import EndpointKit
import EndpointKitTesting
import Foundation
import Testing

/// Inputs that the libFuzzer targets in `Fuzz/` found to crash EndpointKit (see `Fuzz/README.md`).
///
/// Each runs in a child process (an exit test), so a crash fails one test instead of killing the
/// whole run.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    // Found by `scripts/fuzz decoding` on 2026-11-21 within seconds: the 3-byte body
    // 74 D6 A9 ("t" followed by U+05A9, a combining mark) used as a `Retry-After` value.
    // `RetryAfter` hands any value that is not a whole number to Foundation's `DateFormatter`,
    // which on Linux traps ("Fatal error: Incorrect range CFRange(location: 0, length: 1)") when
    // it parses up to a UTF-16 offset inside a character made of several scalars. HTTP dates are
    // ASCII, so a value with a non-ASCII character is now refused before it reaches the formatter.

    @Test("A Retry-After value with a combining mark is not a date, and does not crash")
    func retryAfterWithCombiningMark() async {
        await #expect(processExitsWith: .success) {
            precondition(RetryAfter("W\u{301}") == nil)
        }
    }

    @Test("The fuzzer's input, t + U+05A9, does not crash Retry-After parsing")
    func retryAfterFuzzerInput() async {
        await #expect(processExitsWith: .success) {
            let value = String(decoding: [0x74, 0xD6, 0xA9] as [UInt8], as: UTF8.self)
            precondition(RetryAfter(value, now: Date(timeIntervalSince1970: 1_800_000_000)) == nil)
        }
    }

    @Test("An HTTP date followed by a combining mark does not crash Retry-After parsing")
    func retryAfterDateWithCombiningMark() async {
        await #expect(processExitsWith: .success) {
            _ = RetryAfter("Wed, 21 Oct 2026 07:28:00 GMT\u{301}")
        }
    }

    @Test("A 429 with such a Retry-After fails the call instead of crashing the client")
    func rateLimitedResponseWithCombiningMark() async {
        await #expect(processExitsWith: .success) {
            let transport = StubTransport(status: 429, headers: ["Retry-After": "W\u{301}"], body: "{}")
            do {
                _ = try await Client.stubbed(transport).get(GetValue<JSONValue>())
                preconditionFailure("a 429 was accepted")
            } catch {
                // Any EndpointError is fine; only a crash is not.
            }
        }
    }
}
