import Foundation
import Testing

@testable import EndpointKit

/// Generated documents, decoded by the fast path and by Foundation's strategy.
@Suite("Fast snake_case decoding against Foundation, on generated documents")
struct SnakeCaseDifferentialTests {
    /// Writes random JSON whose keys are rich in underscores, capitals, digits and punctuation.
    struct DocumentWriter {
        var random: SeededGenerator
        static let keyPieces = [
            "_", "_", "_", "__", "a", "b", "id", "url", "html", "HTML", "Url", "x1", "1st", "2", "'s", "-", ".", " ",
            "ü", "🚀", #"\""#, #"\u005f"#, #"\\"#, "$", "A", "Z", "q",
        ]
        static let stringPieces = [
            "plain", #"\"a_b\":"#, #"\"_x\": 1"#, "_", ":", "{", "}", "[", "]", #"\\"#, #"\""#, "é", "🚀", " ", ",",
            #"\n"#, #"\u00e9"#,
        ]

        mutating func pick(_ pieces: [String]) -> String {
            pieces[Int(random.next() % UInt64(pieces.count))]
        }

        mutating func key(asciiOnly: Bool) -> String {
            let pieces =
                asciiOnly ? Self.keyPieces.filter { $0.utf8.allSatisfy { $0 < 0x80 && $0 != 0x5C } } : Self.keyPieces
            return (0..<Int(random.next() % 5)).map { _ in pick(pieces) }.joined()
        }

        mutating func value(depth: Int, asciiKeys: Bool) -> String {
            switch random.next() % (depth > 3 ? 4 : 7) {
            case 0: return "null"
            case 1: return random.next() % 2 == 0 ? "true" : "false"
            case 2: return String(Int64(bitPattern: random.next()) % 100_000)
            case 3: return "\"" + (0..<Int(random.next() % 4)).map { _ in pick(Self.stringPieces) }.joined() + "\""
            case 4, 5:
                let members = (0..<Int(random.next() % 5)).map { _ in
                    let space = random.next() % 3 == 0 ? " \n\t" : ""
                    let name = key(asciiOnly: asciiKeys)
                    return "\"\(name)\"\(space):\(space)" + value(depth: depth + 1, asciiKeys: asciiKeys)
                }
                return "{" + members.joined(separator: ",") + "}"
            default:
                let elements = (0..<Int(random.next() % 4)).map { _ in value(depth: depth + 1, asciiKeys: asciiKeys) }
                return "[" + elements.joined(separator: ", ") + "]"
            }
        }

        /// An object at the top, a few times truncated or with a byte changed.
        mutating func document(asciiKeys: Bool) -> Data {
            var bytes = Array(("{\"top_level\": " + value(depth: 0, asciiKeys: asciiKeys) + "}").utf8)
            switch random.next() % 10 {
            case 0: bytes.removeLast(Int(random.next() % UInt64(bytes.count)))
            case 1: bytes[Int(random.next() % UInt64(bytes.count))] = Array(#"":,{}[]\_"#.utf8)[Int(random.next() % 9)]
            default: break
            }
            return Data(bytes)
        }
    }

    @Test("Three thousand documents decode to the same keys, values and errors as with Foundation")
    func matchesFoundation() {
        var writer = DocumentWriter(random: SeededGenerator(state: 0x5EED_0F_5AA4E))
        var rewritten = 0
        var failures = 0
        for index in 0..<3000 {
            let data = writer.document(asciiKeys: index % 4 != 0)
            let foundation = Result { try SnakeCase.foundation().decode(KeyTree.self, from: data) }
            switch (SnakeCase.fastPath(KeyTree.self, from: data), foundation) {
            case (.rewritten(let ours), .success(let theirs)):
                rewritten += 1
                #expect(ours == theirs, "\(String(decoding: data, as: UTF8.self))")
            case (.unchanged(let ours), .success(let theirs)):
                #expect(ours == theirs, "\(String(decoding: data, as: UTF8.self))")
            case (.rewritten, .failure), (.unchanged, .failure):
                Issue.record("the fast path decoded what Foundation refuses: \(String(decoding: data, as: UTF8.self))")
            case (.failed(let error), .success):
                Issue.record("the fast path threw \(error) for \(String(decoding: data, as: UTF8.self))")
            case (.failed, .failure):
                failures += 1
            case (.unsupported, _):
                break
            }
            // Whatever the path, the library's answer is Foundation's.
            SnakeCase.expectSameResult(KeyTree.self, from: data)
            SnakeCase.expectSameResult(JSONValue.self, from: data)
        }
        // The comparison above is only worth something if most documents took the fast path.
        #expect(rewritten > 1500)
        #expect(failures > 100)
    }
}
