#if OpenAPIGenerator
    import Foundation

    /// Doc comment lines from a description's `title`, `summary` and `description`.
    enum Documentation {
        /// The lines of a doc comment, without the `///`: a title, a blank line, then the text.
        static func lines(title: String?, summary: String?, deprecated: Bool) -> [String] {
            var lines: [String] = []
            if let title = cleaned(title) {
                lines.append(contentsOf: title)
            }
            if let summary = cleaned(summary), summary != cleaned(title) {
                if !lines.isEmpty { lines.append("") }
                lines.append(contentsOf: summary)
            }
            if deprecated {
                if !lines.isEmpty { lines.append("") }
                lines.append("- Important: Deprecated in the API description.")
            }
            return lines
        }

        /// The text's lines, trimmed at the end, with blank runs collapsed; `nil` when it is empty.
        static func cleaned(_ original: String?) -> [String]? {
            guard let original else { return nil }
            // A carriage return ends a `///` comment line in Swift source, so it becomes a line break.
            let text = original.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            var lines: [String] = []
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                var line = String(line)
                while let last = line.last, last.isWhitespace { line.removeLast() }
                if line.isEmpty && (lines.isEmpty || lines.last!.isEmpty) { continue }
                lines.append(line)
            }
            while lines.last?.isEmpty == true { lines.removeLast() }
            return lines.isEmpty ? nil : lines
        }
    }
#endif
