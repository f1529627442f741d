// Uses of APIs newer than macOS 12, iOS 15, tvOS 15 and watchOS 8 (each marked `expect:` with the
// name the check must report), and uses it must not report: older overloads, guarded code, Linux
// branches, comments and strings, our own names. ContinuousClock in a comment is not a use.
import Foundation
import Synchronization

#if canImport(os)
    import os
#endif

func newer(url: URL, text: String) async throws {
    let started = ContinuousClock.now  // expect: ContinuousClock
    try await Task.sleep(for: .seconds(1))  // expect: sleep(for:)  (not seconds(_:): DispatchTimeInterval has one)
    _ = URL(filePath: "/tmp")  // expect: URL(filePath:)
    _ = url.appending(component: "x")  // expect: appending(component:)
    _ = url.appending(path: "x")  // expect: appending(path:)
    _ = url.path()  // expect: path()
    let box = Mutex<Int>(0)  // expect: Mutex
    _ = TimeZone.gmt  // expect: gmt
    _ = "\(SuspendingClock.now)"  // expect: SuspendingClock
    await withDiscardingTaskGroup { _ in }  // expect: withDiscardingTaskGroup
    _ = (started, box)
}

func older(url: URL, text: String, date: Date) async throws {
    try await Task.sleep(nanoseconds: 1_000)
    _ = text.contains("x")
    _ = url.appendingPathComponent("x")
    _ = url.path
    _ = date.formatted()
    _ = "ContinuousClock.now"
    _ = DispatchTime.now().uptimeNanoseconds
    _ = ProcessInfo.processInfo.systemUptime
    let clock = ownClock()
    _ = clock.now
    _ = clock.appending(1)
}

func guarded() async throws {
    if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
        _ = ContinuousClock.now
    } else {
        _ = Date()
    }
    if #available(macOS 13, *) {
        _ = ContinuousClock.now  // expect: ContinuousClock
    }
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) else { return }
    _ = Mutex<Int>(0)
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
func annotated(clock: ContinuousClock) -> ContinuousClock.Instant {
    clock.now
}

#if os(Linux)
    let linuxOnly = ContinuousClock.now
#elseif canImport(Darwin)
    let appleOnly = ContinuousClock.now  // expect: ContinuousClock
#endif

#if canImport(os)
    let lock = OSAllocatedUnfairLock()  // expect: OSAllocatedUnfairLock
#endif

struct OwnClock {
    var now: Int { 0 }
    func appending(_ value: Int) -> Int { value }
}

func ownClock() -> OwnClock { OwnClock() }
