import Foundation

// Structured Field values written as text (RFC 9651 §4.1), for the values a parser made or a
// test wrote: the text parses back to the same value.

extension StructuredField.BareItem {
    /// The item as §4.1.3 writes it: `42`, `1.5`, `"text"`, `token`, `:AQI=:`, `?1`, `@1700000000`,
    /// `%"caf%c3%a9"`.
    package var serialized: String {
        switch self {
        case .integer(let value): String(value)
        case .decimal(let value): Self.serialized(decimal: value)
        case .string(let value):
            "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                + "\""
        case .token(let value): value
        case .byteSequence(let value): ":" + value.base64EncodedString() + ":"
        case .boolean(let value): value ? "?1" : "?0"
        case .date(let value): "@\(value)"
        case .displayString(let value): "%\"" + Self.percentEncoded(displayString: value) + "\""
        }
    }

    /// §4.1.5: rounded to three fractional digits (half to even), at least one written.
    private static func serialized(decimal: Double) -> String {
        let thousandths = (decimal * 1000).rounded(.toNearestOrEven)
        let sign = thousandths < 0 ? "-" : ""
        let magnitude = Int64(abs(thousandths))
        var fraction = String(magnitude % 1000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.count > 1, fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(sign)\(magnitude / 1000).\(fraction)"
    }

    /// §4.1.11: `%`, `"` and everything outside printable ASCII as lowercase `%xx` of its UTF-8.
    private static func percentEncoded(displayString: String) -> String {
        var text = ""
        for byte in displayString.utf8 {
            if byte == UInt8(ascii: "%") || byte == UInt8(ascii: "\"") || byte < 0x20 || byte > 0x7E {
                text += "%" + String(byte >> 4, radix: 16) + String(byte & 0x0F, radix: 16)
            } else {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return text
    }
}

extension StructuredField.Parameters {
    /// The parameters as §4.1.1.2 writes them: `;key=value`, and `;key` for a true boolean.
    package var serialized: String {
        entries.map { key, value in value == .boolean(true) ? ";\(key)" : ";\(key)=\(value.serialized)" }.joined()
    }
}

extension StructuredField.Item {
    /// The item and its parameters (§4.1.3).
    package var serialized: String { value.serialized + parameters.serialized }
}

extension StructuredField.Member {
    /// The item, or the inner list in parentheses with its parameters (§4.1.1.1).
    package var serialized: String {
        switch self {
        case .item(let item): item.serialized
        case .innerList(let items, let parameters):
            "(" + items.map(\.serialized).joined(separator: " ") + ")" + parameters.serialized
        }
    }

    /// A list (§4.1.1): its members, separated by `", "`.
    package static func serialized(list: [Self]) -> String {
        list.map(\.serialized).joined(separator: ", ")
    }
}

extension StructuredField.Dictionary {
    /// The dictionary as §4.1.2 writes it: `key=member`, and `key` with its parameters for a true
    /// boolean, separated by `", "`.
    package var serialized: String {
        entries.map { key, member in
            if case .item(let item) = member, item.value == .boolean(true) { return key + item.parameters.serialized }
            return "\(key)=\(member.serialized)"
        }
        .joined(separator: ", ")
    }
}
