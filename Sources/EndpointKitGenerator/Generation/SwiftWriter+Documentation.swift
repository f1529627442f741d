#if OpenAPIGenerator
    import Foundation

    /// Doc comments: the description's text wrapped to fit 120 columns, as Markdown reads it.
    extension SwiftWriter {
        /// A doc comment, its paragraphs wrapped to fit 120 columns; `fallback` when there are no lines.
        mutating func documentation(_ lines: [String], fallback: @autoclosure () -> String? = nil) {
            let lines = lines.isEmpty ? fallback().map { [$0] } ?? [] : lines
            let width = max(40, 120 - 4 * level - 4)
            var inCodeBlock = false
            for line in Self.joiningWrappedLines(lines, width: width) {
                if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inCodeBlock.toggle() }
                let keepsAsIs = inCodeBlock || line.hasPrefix("    ") || line.hasPrefix("|") || line.hasPrefix("\t")
                for part in keepsAsIs ? [line] : Self.wrapped(line, width: width) {
                    self.line(part.isEmpty ? "///" : "/// " + part)
                }
            }
        }

        /// The lines, with a line longer than `width` joined to the plain text that follows it: a
        /// description wrapped at its own width would otherwise leave a word or two on a line of its
        /// own once indented. Markdown reads a paragraph's lines as one, so it renders the same.
        static func joiningWrappedLines(_ lines: [String], width: Int) -> [String] {
            var result: [String] = []
            var inCodeBlock = false
            var joinable = false  // whether the last line in `result` may take the next one
            for line in lines {
                let isFence = line.trimmingCharacters(in: .whitespaces).hasPrefix("```")
                if isFence { inCodeBlock.toggle() }
                if joinable, !isFence, !inCodeBlock, continuesParagraph(line), let last = result.popLast() {
                    result.append(last + " " + line)
                } else {
                    result.append(line)
                }
                let current = result[result.count - 1]
                joinable =
                    !inCodeBlock && !isFence && current.count > width && !current.hasSuffix("\\")
                    && !current.hasPrefix("    ") && !current.hasPrefix("\t") && !current.hasPrefix("|")
                    && !current.hasPrefix("#")
            }
            return result
        }

        /// Whether `line` is plain text that Markdown would join to the line before: not blank, not
        /// a list item, heading, quote, table row, indented code or HTML.
        private static func continuesParagraph(_ line: String) -> Bool {
            guard let first = line.first, first != " ", first != "\t" else { return false }
            if ["#", ">", "|", "<", "=", "\\"].contains(first) { return false }
            if ["- ", "* ", "+ "].contains(String(line.prefix(2))) || line == "-" || line == "*" { return false }
            // A thematic break, or the underline of a heading.
            if ["---", "***", "___"].contains(String(line.prefix(3))) { return false }
            let digits = line.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, [".", ")"].contains(line.dropFirst(digits.count).first) { return false }
            return true
        }

        /// A paragraph cut into lines of at most `width` characters, at spaces; a word longer than
        /// `width` (a URL) gets a line of its own. A list item's continuation lines are indented.
        static func wrapped(_ text: String, width: Int) -> [String] {
            guard text.count > width else { return [text] }
            let leading = String(text.prefix { $0 == " " })
            let marker = text.dropFirst(leading.count).prefix(2)
            let continuation = leading + (["- ", "* ", "+ "].contains(String(marker)) ? "  " : "")
            var lines: [String] = []
            var current = leading
            for word in text.dropFirst(leading.count).split(separator: " ", omittingEmptySubsequences: true) {
                let prefix = lines.isEmpty ? leading : continuation
                if current.count > prefix.count, current.count + 1 + word.count > width {
                    lines.append(current)
                    current = continuation + word
                } else {
                    current += (current.count > prefix.count ? " " : "") + word
                }
            }
            lines.append(current)
            return lines
        }
    }
#endif
