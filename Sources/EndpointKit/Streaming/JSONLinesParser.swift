/// Splits a JSON lines body (`application/x-ndjson`, `application/jsonl`) into its lines, with
/// their numbers, whatever the bytes' split into chunks.
///
/// A line ends at LF; a CR before the LF is dropped. Blank lines (empty, or only spaces, tabs and
/// CRs) are skipped but counted, so that a line's number is the one an editor shows. A last line
/// without an LF is a line too, handed over by ``finish(onLine:)``.
///
/// ```swift
/// let chunks = [Data("{\"a\": 1}\n{\"a\"".utf8), Data(": 2}".utf8)]
/// var parser = JSONLinesParser()
/// for chunk in chunks {
///     chunk.withUnsafeBytes { bytes in
///         parser.parse(bytes) { number, line in print(number, String(decoding: line, as: UTF8.self)) }
///     }
/// }
/// parser.finish { number, line in print(number, String(decoding: line, as: UTF8.self)) }   // 2 {"a": 2}
/// ```
package struct JSONLinesParser: Sendable {
    /// The bytes of a line that has not ended yet.
    private var partialLine: [UInt8] = []
    /// How many lines have ended so far, blank ones included.
    package private(set) var linesEnded = 0
    /// Whether blank lines are skipped (JSON lines) or handed over (text lines).
    private let skipsBlankLines: Bool

    /// Creates a parser at the start of a body.
    ///
    /// - Parameter skipsBlankLines: Whether blank lines are skipped; `true` by default.
    package init(skipsBlankLines: Bool = true) {
        self.skipsBlankLines = skipsBlankLines
    }

    /// Parses the next bytes and hands each non-blank line they complete to `onLine`, with its
    /// number (the first line is 1), without its line end.
    ///
    /// - Parameters:
    ///   - bytes: The next chunk, of any size.
    ///   - onLine: Called with each line's number and bytes; the bytes are only valid during the
    ///     call.
    /// - Throws: What `onLine` throws.
    package mutating func parse(
        _ bytes: UnsafeRawBufferPointer, onLine: (Int, UnsafeRawBufferPointer) throws -> Void
    ) rethrows {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            guard let newline = bytes[index...].firstIndex(of: Self.lineFeed) else {
                partialLine.append(contentsOf: bytes[index...])
                return
            }
            linesEnded += 1
            if partialLine.isEmpty {
                try hand(UnsafeRawBufferPointer(rebasing: bytes[index..<newline]), to: onLine)
            } else {
                partialLine.append(contentsOf: bytes[index..<newline])
                let line = partialLine
                partialLine.removeAll(keepingCapacity: true)
                try line.withUnsafeBytes { try hand($0, to: onLine) }
            }
            index = newline + 1
        }
    }

    /// Ends the body: a last line without a line end is handed to `onLine`.
    ///
    /// - Parameter onLine: Called with the last line's number and bytes, if it is not blank.
    /// - Throws: What `onLine` throws.
    package mutating func finish(onLine: (Int, UnsafeRawBufferPointer) throws -> Void) rethrows {
        guard !partialLine.isEmpty else { return }
        let line = partialLine
        partialLine = []
        linesEnded += 1
        try line.withUnsafeBytes { try hand($0, to: onLine) }
    }

    private static let lineFeed = UInt8(ascii: "\n")

    /// Hands `line` over without a trailing CR, unless it is blank.
    private func hand(_ line: UnsafeRawBufferPointer, to onLine: (Int, UnsafeRawBufferPointer) throws -> Void) rethrows
    {
        var line = line[...]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        let isBlank =
            skipsBlankLines
            && line.allSatisfy {
                $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r")
            }
        guard !isBlank else { return }
        try onLine(linesEnded, UnsafeRawBufferPointer(rebasing: line))
    }
}
