import Foundation

/// Rewrites the object keys of a JSON document from `snake_case` to `camelCase` in one pass over
/// its bytes, exactly as `JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase` converts each key.
///
/// Only keys change: a string is a key when the next byte after it, past JSON whitespace, is `:`.
/// In valid JSON that holds for every key and for nothing else; in invalid JSON the decode that
/// follows fails whatever was rewritten. A key that Foundation's conversion would leave as it is
/// (no `_`, only leading or trailing underscores, one word) is not touched.
enum SnakeCaseKeys {
    /// What a document needs before it can be decoded with `.useDefaultKeys`.
    enum Rewrite {
        /// No key changes: decode the bytes as they are.
        case unchanged
        /// The document with its keys converted, and the keys the conversion produced.
        case rewritten(Data, ConvertedKeys)
        /// Foundation must decode this document with its own strategy: a key holds an escape, or
        /// non-ASCII bytes together with `_`; the document is not UTF-8; or a string is not closed.
        case unsupported
    }

    /// Converts the keys of `json`.
    ///
    /// - Parameter json: The body bytes.
    /// - Returns: The document to decode, or why Foundation has to decode it.
    static func rewrite(_ json: Data) -> Rewrite {
        json.withUnsafeBytes { rewrite($0) }
    }

    /// Converts the keys of the JSON document in `bytes`.
    static func rewrite(_ bytes: UnsafeRawBufferPointer) -> Rewrite {
        guard !bytes.isEmpty else { return .unchanged }
        let count = bytes.count
        // UTF-16 and UTF-32 (a BOM, or a zero byte among the first four) are Foundation's to convert.
        if bytes[0] == 0xFE || bytes[0] == 0xFF || bytes.prefix(4).contains(0) { return .unsupported }

        // Allocated at the first key that changes. A converted key is shorter than the original
        // (it loses an underscore at least), so the output fits in `count` bytes.
        var output: UnsafeMutableRawBufferPointer?
        var written = 0
        var copiedUpTo = 0
        var convertedKeys = ConvertedKeys()
        var memo = RewrittenKeyMemo()
        func giveUp() -> Rewrite {
            output?.deallocate()
            return .unsupported
        }

        var index = 0
        while let quote = nextQuote(in: bytes, from: index) {
            let start = quote + 1
            guard let end = closingQuote(in: bytes, from: start) else { return giveUp() }
            index = end + 1
            var next = end + 1
            while next < count, ASCII.isWhitespace(bytes[next]) { next += 1 }
            guard next < count, bytes[next] == ASCII.colon else { continue }

            let key = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
            let fingerprint = RewrittenKeyMemo.Fingerprint(of: key)
            let remembered = memo.entry(for: key, fingerprint: fingerprint, in: bytes)
            switch remembered?.conversion ?? classify(key) {
            case .unchanged:
                if remembered == nil, !key.isEmpty {
                    memo.remember(.init(fingerprint: fingerprint, keyOffset: start, conversion: .unchanged))
                }
            case .unsupported:
                return giveUp()
            case .converted:
                let buffer = output ?? UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
                output = buffer
                let gap = UnsafeRawBufferPointer(rebasing: bytes[copiedUpTo..<start])
                UnsafeMutableRawBufferPointer(rebasing: buffer[written...]).copyMemory(from: gap)
                written += gap.count
                let converted = UnsafeMutableRawBufferPointer(rebasing: buffer[written..<(written + key.count)])
                if let remembered {
                    let earlier = UnsafeRawBufferPointer(
                        rebasing: buffer[
                            remembered.convertedOffset..<(remembered.convertedOffset + remembered.convertedLength)])
                    converted.copyMemory(from: earlier)
                    written += remembered.convertedLength
                } else {
                    guard let length = convert(key, into: converted) else { return giveUp() }
                    convertedKeys.insert(UnsafeRawBufferPointer(rebasing: converted[..<length]))
                    memo.remember(
                        .init(
                            fingerprint: fingerprint, keyOffset: start, conversion: .converted,
                            convertedOffset: written, convertedLength: length))
                    written += length
                }
                copiedUpTo = end
            }
        }
        guard let output else { return .unchanged }
        let rest = UnsafeRawBufferPointer(rebasing: bytes[copiedUpTo...])
        UnsafeMutableRawBufferPointer(rebasing: output[written...]).copyMemory(from: rest)
        written += rest.count
        let json = Data(
            bytesNoCopy: output.baseAddress!, count: written,
            deallocator: .custom { pointer, _ in
                pointer.deallocate()
            })
        return .rewritten(json, convertedKeys)
    }

    /// The index of the `"` that closes the string starting at `start`, or `nil` if none does.
    private static func closingQuote(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        var from = start
        while let position = nextQuote(in: bytes, from: from) {
            // A quote after an odd run of backslashes is escaped. The run cannot reach past
            // `start`: the byte before it is the opening quote.
            var backslashes = 0
            while position - backslashes - 1 >= start, bytes[position - backslashes - 1] == ASCII.backslash {
                backslashes += 1
            }
            if backslashes.isMultiple(of: 2) { return position }
            from = position + 1
        }
        return nil
    }

    /// The index of the first `"` at or after `from`, or `nil` if there is none.
    ///
    /// Most quotes in JSON are a few bytes from the last one (`":"`, `","`, a short key): the
    /// first 32 bytes are searched here, eight at a time, and only a longer string costs a call to
    /// `memchr`.
    @inline(__always)
    private static func nextQuote(in bytes: UnsafeRawBufferPointer, from: Int) -> Int? {
        guard let base = bytes.baseAddress, from < bytes.count else { return nil }
        var index = from
        let lastWord = min(bytes.count - 8, from + 24)
        while index <= lastWord {
            // Bytes equal to `"` become zero; the lowest zero byte sets the lowest high bit.
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ ASCII.quotes
            let zeros = (word &- ASCII.ones) & ~word & ASCII.highBits
            if zeros != 0 { return index + zeros.trailingZeroBitCount / 8 }
            index += 8
        }
        guard let quote = memchr(base + index, Int32(ASCII.quote), bytes.count - index) else { return nil }
        return base.distance(to: UnsafeRawPointer(quote))
    }

    enum Conversion {
        case unchanged, converted, unsupported
    }

    /// Whether Foundation's `convertFromSnakeCase` changes `key`, the bytes between its quotes:
    /// it does when `_` separates two words. `.unsupported` for a key with an escape or a control
    /// character, or non-ASCII bytes together with `_`, which Foundation converts by `Character`.
    static func classify(_ key: UnsafeRawBufferPointer) -> Conversion {
        var isASCII = true
        var hasUnderscore = false
        // `_` between two other bytes: Foundation splits the key into words.
        var afterWord = false
        var underscoreAfterWord = false
        var splits = false
        for byte in key {
            if byte == ASCII.underscore {
                hasUnderscore = true
                underscoreAfterWord = underscoreAfterWord || afterWord
            } else {
                if byte == ASCII.backslash || byte < 0x20 { return .unsupported }
                isASCII = isASCII && byte < 0x80
                splits = splits || underscoreAfterWord
                afterWord = true
            }
        }
        guard hasUnderscore else { return .unchanged }
        guard isASCII else { return .unsupported }
        return splits ? .converted : .unchanged
    }

    /// Writes `key`, which ``classify(_:)`` found `.converted`, into `result` as Foundation's
    /// `convertFromSnakeCase` converts it: leading and trailing underscores stay; the rest is split
    /// at runs of `_`; the first word is lower-cased and each other one `capitalized`; they are
    /// joined.
    ///
    /// - Returns: The length written, or `nil` if `result` is too short (it is as long as `key`,
    ///   which is always enough for ASCII).
    static func convert(_ key: UnsafeRawBufferPointer, into result: UnsafeMutableRawBufferPointer) -> Int? {
        var first = 0
        while first < key.count, key[first] == ASCII.underscore { first += 1 }
        var last = key.count - 1
        while last > first, key[last] == ASCII.underscore { last -= 1 }
        guard first < key.count, key.count <= result.count else { return nil }

        var written = 0
        for index in 0..<first {
            result[written] = key[index]
            written += 1
        }
        var index = first
        while index <= last, key[index] != ASCII.underscore {
            result[written] = ASCII.lowercased(key[index])
            written += 1
            index += 1
        }
        while index <= last {
            while key[index] == ASCII.underscore { index += 1 }
            let wordStart = index
            var isLetters = true
            while index <= last, key[index] != ASCII.underscore {
                isLetters = isLetters && ASCII.isLetter(key[index])
                index += 1
            }
            let word = UnsafeRawBufferPointer(rebasing: key[wordStart..<index])
            if isLetters {
                guard written + word.count <= result.count else { return nil }
                // What `capitalized` makes of a word of letters.
                result[written] = ASCII.uppercased(word[0])
                for offset in 1..<word.count {
                    result[written + offset] = ASCII.lowercased(word[offset])
                }
                written += word.count
            } else {
                // Digits and punctuation: Foundation's (ICU's) word boundaries decide,
                // `"1st"` → `"1St"`, `"a'b"` → `"A'b"`.
                let capitalized = String(decoding: word, as: UTF8.self).capitalized.utf8
                guard written + capitalized.count <= result.count else { return nil }
                for byte in capitalized {
                    result[written] = byte
                    written += 1
                }
            }
        }
        for index in (last + 1)..<key.count {
            guard written < result.count else { return nil }
            result[written] = key[index]
            written += 1
        }
        return written
    }
}

/// The bytes the key rewriter looks at.
private enum ASCII {
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    static let colon = UInt8(ascii: ":")
    static let underscore = UInt8(ascii: "_")
    /// Eight `"`, eight 1s and eight high bits: the masks that find a `"` in eight bytes at once.
    static let quotes: UInt64 = 0x2222_2222_2222_2222
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highBits: UInt64 = 0x8080_8080_8080_8080

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    static func uppercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte & ~0x20 : byte
    }
}
