/// The keys that ``SnakeCaseKeys`` produced while rewriting a document, kept as a Bloom filter:
/// ``mightContain(_:)`` never answers `false` for an inserted key, and rarely `true` for another.
///
/// Decoding a `[String: T]` needs it: Foundation's `convertFromSnakeCase` leaves the keys of such a
/// dictionary as they are in the JSON, so a rewritten document can only serve a dictionary none of
/// whose keys was converted.
struct ConvertedKeys: Sendable {
    private static let wordCount = 1024  // 65 536 bits
    private var words = [UInt64](repeating: 0, count: ConvertedKeys.wordCount)

    /// Records a converted key.
    mutating func insert(_ key: UnsafeRawBufferPointer) {
        let (first, second) = Self.bits(of: key)
        words.withUnsafeMutableBufferPointer { words in
            words[first >> 6] |= 1 << UInt64(first & 63)
            words[second >> 6] |= 1 << UInt64(second & 63)
        }
    }

    /// Whether `key` may be one the rewriter produced; `false` means it certainly is not.
    func mightContain(_ key: String) -> Bool {
        var key = key
        let (first, second) = key.withUTF8 { Self.bits(of: UnsafeRawBufferPointer($0)) }
        return words[first >> 6] & (1 << UInt64(first & 63)) != 0
            && words[second >> 6] & (1 << UInt64(second & 63)) != 0
    }

    /// Two bit positions from a hash of the length and the first and last eight bytes: cheap, and
    /// a collision only costs a fallback to Foundation.
    private static func bits(of key: UnsafeRawBufferPointer) -> (Int, Int) {
        var head: UInt64 = 0
        var tail: UInt64 = 0
        if key.count >= 8 {
            head = key.loadUnaligned(as: UInt64.self)
            tail = key.loadUnaligned(fromByteOffset: key.count - 8, as: UInt64.self)
        } else {
            for byte in key {
                head = head << 8 | UInt64(byte)
            }
        }
        var hash = (head ^ UInt64(key.count) &* 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
        hash = (hash ^ (hash >> 31) ^ tail) &* 0x94D0_49BB_1331_11EB
        hash ^= hash >> 29
        return (Int(truncatingIfNeeded: hash & 0xFFFF), Int(truncatingIfNeeded: (hash >> 32) & 0xFFFF))
    }
}
