#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Bionic)
    import Bionic
#elseif canImport(WinSDK)
    import WinSDK
#else
    #error("Locked: no lock for this platform's C library")
#endif

/// A value that is only read and written while holding a lock: the state that a transport's
/// callbacks, a body's writer and its reader, or an observer's attempts share across threads.
///
/// `Synchronization.Mutex` does this from macOS 15 and iOS 18; EndpointKit supports macOS 12 and
/// iOS 15, so this is the same idea on the C library's lock: `os_unfair_lock` on Apple
/// platforms, `pthread_mutex_t` elsewhere (`SRWLOCK` on Windows). The value and the lock share
/// one allocation, made by ``init(_:)`` (an `NSLock` beside the value was two on Linux: the
/// object and its mutex); taking the lock allocates nothing.
///
/// A `Locked` is a reference: its copies share one value and one lock. Keep one in a `let` of
/// the type that owns the state. It is `Sendable` when its value is, so that owner needs no
/// `@unchecked`.
///
/// ```swift
/// final class Counter: Sendable {
///     private let count = Locked(0)
///
///     func increment() -> Int {
///         count.withLock { count in
///             count += 1
///             return count
///         }
///     }
/// }
/// ```
///
/// Do in `body` only what needs the lock. It cannot await; it must not take the same lock again
/// (the lock is not recursive: that deadlocks). Resume continuations and call other code after
/// ``withLock(_:)`` returns, from what `body` returned, unless calling it under the lock is the
/// point (`ProgressReporter` hands its reports over that way, one at a time, in order).
///
/// Not `@inlinable`: Swift 6.3 serializes no function of a `package` type for other modules
/// without library evolution (swiftlang/swift#70100), so the attribute would change nothing. The
/// hot paths (the transports' delegates, the body buffer) are in EndpointKit, where an optimized
/// build (whole-module) specializes and inlines ``withLock(_:)``: 8–10 ns a lock and unlock
/// against 10–14 ns for `NSLock.withLock` in the same loop (10–11.5 ns for a second `NSLock`, the
/// noise), on Linux. Other modules of the package (the observers, EndpointKitTesting) call it as
/// a generic function, 19 ns against `NSLock`'s 9.5, a few times per call.
package struct Locked<Value> {
    private let storage: Storage

    /// A lock that protects `value`.
    ///
    /// - Parameter value: The value, from now on only reached through ``withLock(_:)``.
    package init(_ value: Value) {
        storage = Storage.make(value)
    }

    /// Runs `body` on the value while holding the lock.
    ///
    /// - Parameter body: Reads or changes the value; what it returns is returned.
    /// - Returns: What `body` returned.
    /// - Throws: What `body` threw, after the lock was released.
    package func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try storage.withUnsafeMutablePointers { (value, lock) throws(Failure) -> Result in
            Storage.lock(lock)
            defer { Storage.unlock(lock) }
            return try body(&value.pointee)
        }
    }

    /// The value (the buffer's header) and its lock (the buffer's one element), in one
    /// allocation: the lock's address never changes, as the C library's locks require.
    private final class Storage: ManagedBuffer<Value, LockPrimitive> {
        static func make(_ value: Value) -> Storage {
            let buffer = create(minimumCapacity: 1) { buffer in
                buffer.withUnsafeMutablePointerToElements { lock in
                    #if canImport(Darwin)
                        lock.initialize(to: os_unfair_lock())
                    #elseif canImport(WinSDK)
                        InitializeSRWLock(lock)
                    #else
                        let status = pthread_mutex_init(lock, nil)
                        precondition(status == 0, "pthread_mutex_init failed with \(status)")
                    #endif
                }
                return value
            }
            // `create` is declared to return a ManagedBuffer; it made an instance of this class.
            // A checked cast, as SwiftNIO's `LockStorage` makes (`unsafeDowncast` was
            // miscompiled by Swift 5.10); the optimizer removes it.
            return buffer as! Storage
        }

        static func lock(_ lock: UnsafeMutablePointer<LockPrimitive>) {
            #if canImport(Darwin)
                os_unfair_lock_lock(lock)
            #elseif canImport(WinSDK)
                AcquireSRWLockExclusive(lock)
            #else
                let status = pthread_mutex_lock(lock)
                precondition(status == 0, "pthread_mutex_lock failed with \(status)")
            #endif
        }

        static func unlock(_ lock: UnsafeMutablePointer<LockPrimitive>) {
            #if canImport(Darwin)
                os_unfair_lock_unlock(lock)
            #elseif canImport(WinSDK)
                ReleaseSRWLockExclusive(lock)
            #else
                let status = pthread_mutex_unlock(lock)
                precondition(status == 0, "pthread_mutex_unlock failed with \(status)")
            #endif
        }

        /// Destroys the lock; `ManagedBuffer` destroys the value (its header) itself.
        deinit {
            withUnsafeMutablePointerToElements { lock in
                #if !canImport(Darwin) && !canImport(WinSDK)
                    pthread_mutex_destroy(lock)
                #endif
                lock.deinitialize(count: 1)
            }
        }
    }
}

extension Locked: @unchecked Sendable where Value: Sendable {}

/// The C library's lock that ``Locked`` takes.
#if canImport(Darwin)
    private typealias LockPrimitive = os_unfair_lock
#elseif canImport(WinSDK)
    private typealias LockPrimitive = SRWLOCK
#else
    private typealias LockPrimitive = pthread_mutex_t
#endif
