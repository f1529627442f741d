#if OpenAPIGenerator
    /// The line and column that a syntax error's reason starts with, moved out of it so that they
    /// can lead the diagnostic: Yams writes `3:1: error: parser: …`, the generator's JSON reader
    /// `JSON, line 3, column 1: …`.
    struct SyntaxErrorPlace {
        var line: Int
        var column: Int
        /// `not valid JSON` for the JSON reader's reasons, `not valid YAML or JSON` for Yams'.
        var language: String
        var problem: Substring

        init?(_ reason: String) {
            let parts = reason.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
            if parts.count == 4, let line = Int(parts[0]), let column = Int(parts[1]), parts[2] == " error" {
                (self.line, self.column, language) = (line, column, "not valid YAML or JSON")
                problem = parts[3].drop { $0 == " " }
                return
            }
            // `JSON, line 3, column 1: problem`
            guard reason.hasPrefix("JSON, line "), let colon = reason.firstIndex(of: ":") else { return nil }
            let numbers = reason[..<colon].split(separator: " ").compactMap { Int($0.filter(\.isNumber)) }
            guard numbers.count == 2 else { return nil }
            (line, column, language) = (numbers[0], numbers[1], "not valid JSON")
            problem = reason[reason.index(after: colon)...].drop { $0 == " " }
        }
    }
#endif
