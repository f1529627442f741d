#if OpenAPIGenerator
    import Foundation

    /// Members of a type, spaced the way a person would: a blank line around a member that takes
    /// several lines, none between one-line members (`path`, `pathTemplate`, `options`).
    extension SwiftWriter {
        /// One member, or a group of them that stays apart from the rest (the stored properties).
        struct Member {
            var standsApart = false
            var write: (inout SwiftWriter) -> Void
        }

        /// Writes each member in turn, with a blank line between two of them unless both are one
        /// declaration on one line; a member that writes nothing is left out.
        mutating func members(_ members: [Member]) {
            var previousIsOneLine: Bool?
            for member in members {
                var writer = SwiftWriter(accessModifier: accessModifier)
                writer.level = level
                member.write(&writer)
                var lines = writer.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                while lines.first?.isEmpty == true { lines.removeFirst() }
                while lines.last?.isEmpty == true { lines.removeLast() }
                guard !lines.isEmpty else { continue }
                let declarationLines = lines.filter {
                    let code = $0.trimmingCharacters(in: .whitespaces)
                    return !code.hasPrefix("///") && !code.hasPrefix("@")
                }
                let isOneLine = !member.standsApart && declarationLines.count == 1
                if let previousIsOneLine, !(previousIsOneLine && isOneLine) { line() }
                let indentation = String(repeating: " ", count: 4 * level)
                for content in lines {
                    line(content.hasPrefix(indentation) ? String(content.dropFirst(indentation.count)) : content)
                }
                previousIsOneLine = isOneLine
            }
        }
    }
#endif
