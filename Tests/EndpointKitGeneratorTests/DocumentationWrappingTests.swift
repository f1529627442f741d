#if OpenAPIGenerator
    import Foundation
    import Testing

    @testable import EndpointKitGenerator

    /// How a description's text becomes a doc comment: a line that must be wrapped takes the plain
    /// text after it, so that no word is left on a line of its own; anything Markdown would not
    /// join to it stays on its own line.
    @Suite("Doc comment wrapping")
    struct DocumentationWrappingTests {
        private func comment(_ lines: [String], level: Int = 0) -> [String] {
            var writer = SwiftWriter()
            writer.level = level
            writer.documentation(lines)
            return writer.text.split(separator: "\n").map { String($0.dropFirst(4 * level)) }
        }

        private let long = String(repeating: "word ", count: 22) + "end of the author's line, which"

        @Test("A line too long to fit takes the next line's text, leaving no word on a line of its own")
        func joinsTheLineAfterALongLine() {
            let lines = comment([long, "ends here."])
            #expect(lines.allSatisfy { $0.count <= 120 })
            #expect(lines.count == 2)
            #expect(lines.last?.hasSuffix("line, which ends here.") == true)
        }

        @Test("A line that fits keeps the author's line break")
        func keepsShortLines() {
            #expect(comment(["A first line.", "A second line."]) == ["/// A first line.", "/// A second line."])
        }

        @Test(
            "A list item, heading, quote, table row, code, numbered item, rule or blank line is not joined",
            arguments: [
                "- item", "* item", "# Heading", "> quote", "| a | b |", "```", "    code", "2. item", "---", "",
            ])
        func keepsBlocksApart(next: String) {
            let lines = comment([long, next])
            #expect(lines.last == (next.isEmpty ? "///" : "/// " + next))
        }

        @Test("Lines inside a fenced code block are never joined, however long")
        func leavesCodeBlocksAlone() {
            let lines = comment(["```", long, "ends here.", "```"])
            #expect(lines == ["/// ```", "/// " + long, "/// ends here.", "/// ```"])
        }

        @Test("The width is what is left at the comment's level, and the text stays the same words")
        func wrapsAtTheLevelsWidth() {
            let text = [long, "ends here.", "And more text that goes on."]
            let lines = comment(text, level: 3)
            #expect(lines.allSatisfy { 12 + $0.count <= 120 })
            let words = lines.map { $0.dropFirst(4) }.joined(separator: " ").split(separator: " ")
            #expect(words == text.joined(separator: " ").split(separator: " "))
        }
    }
#endif
