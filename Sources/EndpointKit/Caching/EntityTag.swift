import Foundation

/// Entity-tag comparison (RFC 9110 §8.8.3.2), as `If-None-Match` and a `304`'s update use it.
enum EntityTag {
    /// Whether two entity tags name the same entity, weak or strong alike: their opaque tags
    /// match once any `W/` is removed.
    static func weaklyMatch(_ first: String, _ second: String) -> Bool {
        opaqueTag(first) == opaqueTag(second)
    }

    /// Whether `tag` is a strong entity tag: not marked `W/`.
    static func isStrong(_ tag: String) -> Bool {
        !tag.trimmingCharacters(in: .whitespaces).hasPrefix("W/")
    }

    /// Whether an `If-None-Match` value (`*`, or a list of entity tags) names `tag`.
    static func list(_ condition: String, matches tag: String) -> Bool {
        let condition = condition.trimmingCharacters(in: .whitespaces)
        if condition == "*" { return true }
        return elements(of: condition).contains { weaklyMatch($0, tag) }
    }

    private static func opaqueTag(_ tag: String) -> Substring {
        let trimmed = Substring(tag.trimmingCharacters(in: .whitespaces))
        return trimmed.hasPrefix("W/") ? trimmed.dropFirst(2) : trimmed
    }

    /// The entity tags of a list: commas inside a quoted tag do not split it.
    private static func elements(of list: String) -> [String] {
        var elements: [String] = []
        var current = ""
        var isQuoted = false
        for character in list {
            if character == "\"" { isQuoted.toggle() }
            if character == ",", !isQuoted {
                elements.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        elements.append(current)
        return elements.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
