/// The pieces a ``StreamReader`` parsed from one chunk and has not handed out yet, in order.
///
/// ``take()`` moves a piece out of the queue: the reader gets it without a retain, and the queue
/// has no release to make for it later. (An `Array` read copies each element, and its
/// `removeAll` then releases the copy it kept, through the generic `swift_arrayDestroy`: for
/// 100-byte Server-Sent Events that was 6 % of the time.)
///
/// ```swift
/// var queue = PieceQueue<String>()
/// queue.append("a")
/// queue.append("b")
/// while let piece = queue.take() { print(piece) }  // a, b
/// ```
@usableFromInline struct PieceQueue<Piece>: ~Copyable {
    /// The pieces: `taken..<count` are initialized, the ones before `taken` were moved out.
    @usableFromInline var storage: UnsafeMutablePointer<Piece>
    @usableFromInline var capacity: Int
    @usableFromInline var count = 0
    @usableFromInline var taken = 0

    init() {
        capacity = 16
        storage = .allocate(capacity: capacity)
    }

    // Inlinable: a property of this type in a class has a setter that may inline it (without,
    // Swift 6.3.1's optimizer stops on an assertion: "inlining a resilient function into a
    // fragile function").
    @inlinable deinit {
        (storage + taken).deinitialize(count: count - taken)
        storage.deallocate()
    }

    /// Whether every piece was taken (or none was appended).
    @inlinable var isEmpty: Bool { taken == count }

    /// Adds `piece` at the end.
    mutating func append(_ piece: consuming Piece) {
        if count == capacity { grow() }
        (storage + count).initialize(to: piece)
        count += 1
    }

    /// Moves the first piece not taken yet out of the queue; `nil` when there is none.
    @inlinable @inline(__always)
    mutating func take() -> Piece? {
        guard taken < count else { return nil }
        taken += 1
        return (storage + taken - 1).move()
    }

    /// Drops the pieces not taken yet and starts again at the front, keeping the capacity.
    mutating func removeAll() {
        (storage + taken).deinitialize(count: count - taken)
        count = 0
        taken = 0
    }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<Piece>.allocate(capacity: capacity * 2)
        (larger + taken).moveInitialize(from: storage + taken, count: count - taken)
        storage.deallocate()
        storage = larger
        capacity *= 2
    }
}
