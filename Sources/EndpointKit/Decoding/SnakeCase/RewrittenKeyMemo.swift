import Foundation

/// The keys ``SnakeCaseKeys`` has already looked at in one document, with what became of each.
///
/// An API response repeats a few dozen keys in every object (a page of 100 GitHub repositories
/// holds 8,000 keys but fewer than 100 different ones): each is classified and converted once, and
/// every later occurrence is found here and copied.
///
/// A direct-mapped table: a key whose slot holds another key replaces it. The bytes themselves stay
/// where they are, in the document and in the rewritten output, which both outlive the memo.
struct RewrittenKeyMemo {
    /// One remembered key.
    struct Entry {
        /// The key's length and its first and last eight bytes, which settle most comparisons.
        var fingerprint: Fingerprint
        /// Where an occurrence of the key starts in the document.
        var keyOffset: Int
        /// What the key became; for `.converted`, its bytes in the output.
        var conversion: SnakeCaseKeys.Conversion
        var convertedOffset = 0
        var convertedLength = 0
    }

    /// The length of a key and its first and last eight bytes (zero-padded when it is shorter).
    struct Fingerprint: Equatable {
        var count: Int
        var head: UInt64
        var tail: UInt64

        /// An empty slot's: no key is remembered with a length of zero.
        init() {
            count = 0
            head = 0
            tail = 0
        }

        init(of key: UnsafeRawBufferPointer) {
            count = key.count
            head = 0
            tail = 0
            if key.count >= 8 {
                head = key.loadUnaligned(as: UInt64.self)
                tail = key.loadUnaligned(fromByteOffset: key.count - 8, as: UInt64.self)
            } else {
                for byte in key.reversed() {
                    head = head << 8 | UInt64(byte)
                }
            }
        }

        /// Where the key's search starts in the table.
        var slot: Int {
            var hash = (head ^ UInt64(truncatingIfNeeded: count)) &* 0x9E37_79B9_7F4A_7C15
            hash ^= tail &* 0xBF58_476D_1CE4_E5B9
            return Int(truncatingIfNeeded: hash >> 54)
        }
    }

    /// 1,024 slots, a key looked for in four: 100 keys almost never push each other out.
    private static let slotCount = 1024
    private static let probes = 4
    private var entries = [Entry](
        repeating: Entry(fingerprint: Fingerprint(), keyOffset: 0, conversion: .unchanged),
        count: RewrittenKeyMemo.slotCount + RewrittenKeyMemo.probes)

    /// The entry for `key`, if it was remembered.
    func entry(
        for key: UnsafeRawBufferPointer, fingerprint: Fingerprint, in document: UnsafeRawBufferPointer
    ) -> Entry? {
        entries.withUnsafeBufferPointer { entries in
            let first = fingerprint.slot
            for slot in first..<(first + Self.probes) {
                let entry = entries[slot]
                guard entry.fingerprint == fingerprint else { continue }
                // Up to 16 bytes the fingerprint holds the whole key; a longer one is compared in full.
                if key.count > 16, memcmp(key.baseAddress!, document.baseAddress! + entry.keyOffset, key.count) != 0 {
                    continue
                }
                return entry
            }
            return nil
        }
    }

    /// Remembers `entry` in the first free slot of its four, or else in place of the first key there.
    mutating func remember(_ entry: Entry) {
        let first = entry.fingerprint.slot
        entries.withUnsafeMutableBufferPointer { entries in
            let free = (first..<(first + Self.probes)).first { entries[$0].fingerprint.count == 0 } ?? first
            entries[free] = entry
        }
    }
}
