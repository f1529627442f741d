import EndpointKit
import Foundation
import Testing

@Suite("Splitting JSON lines")
struct JSONLinesParserTests {
    struct Line: Equatable, CustomStringConvertible {
        let number: Int
        let text: String
        var description: String { "\(number): \(text.debugDescription)" }
    }

    /// The lines of `chunks`, parsed in that split.
    private static func lines(of chunks: [ArraySlice<UInt8>]) -> [Line] {
        var parser = JSONLinesParser()
        var lines: [Line] = []
        let collect = { (number: Int, bytes: UnsafeRawBufferPointer) in
            lines.append(Line(number: number, text: String(decoding: bytes, as: UTF8.self)))
        }
        for chunk in chunks {
            Array(chunk).withUnsafeBytes { parser.parse($0, onLine: collect) }
        }
        parser.finish(onLine: collect)
        return lines
    }

    static let corpus: [(String, [Line])] = [
        ("{\"a\":1}\n{\"a\":2}\n", [Line(number: 1, text: #"{"a":1}"#), Line(number: 2, text: #"{"a":2}"#)]),
        ("{\"a\":1}\r\n\r\n  \t\n{\"a\":2}", [Line(number: 1, text: #"{"a":1}"#), Line(number: 4, text: #"{"a":2}"#)]),
        ("\n\n[1, 2]\n\n", [Line(number: 3, text: "[1, 2]")]),
        ("{\"text\":\"a\\nb ü\"}\n", [Line(number: 1, text: #"{"text":"a\nb ü"}"#)]),
        ("", []),
        ("   ", []),
    ]

    @Test(
        "Lines keep their numbers, blank ones are skipped, CR LF and a last line without LF work, in every split",
        arguments: corpus.indices)
    func splitsLines(_ index: Int) {
        let (stream, expected) = Self.corpus[index]
        let bytes = Array(stream.utf8)[...]
        #expect(Self.lines(of: [bytes]) == expected)
        for split in bytes.indices.dropFirst() {
            #expect(Self.lines(of: [bytes[..<split], bytes[split...]]) == expected, "split at byte \(split)")
        }
        #expect(Self.lines(of: bytes.indices.map { bytes[$0...$0] }) == expected, "one byte at a time")
    }
}
