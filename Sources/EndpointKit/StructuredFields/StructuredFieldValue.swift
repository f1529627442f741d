import Foundation

/// A value of an HTTP Structured Field (RFC 9651 §3): the lists, dictionaries and items that
/// fields such as IETF's `RateLimit` and `RateLimit-Policy` are written in.
///
/// ``StructuredFieldParser`` makes them from a field's text; `serialized` writes one back as
/// §4.1 serializes it.
package enum StructuredField {
    /// A bare item (§3.3): the value of an item or of a parameter.
    package enum BareItem: Hashable, Sendable {
        /// An integer of at most 15 digits (§3.3.1).
        case integer(Int64)
        /// A decimal of at most 12 integer and 3 fractional digits (§3.3.2).
        case decimal(Double)
        /// A string of printable ASCII (§3.3.3).
        case string(String)
        /// A token: a short name such as `gzip` or `*` (§3.3.4).
        case token(String)
        /// A byte sequence, written in base 64 between colons (§3.3.5).
        case byteSequence(Data)
        /// A boolean, `?1` or `?0` (§3.3.6).
        case boolean(Bool)
        /// A date, in whole seconds since 1970 (§3.3.7).
        case date(Int64)
        /// A display string: Unicode text, percent-encoded UTF-8 on the wire (§3.3.8).
        case displayString(String)

        /// The integer, if it is one.
        package var integer: Int64? {
            if case .integer(let value) = self { return value }
            return nil
        }

        /// The number, integer or decimal, if it is one.
        package var number: Double? {
            switch self {
            case .integer(let value): Double(value)
            case .decimal(let value): value
            default: nil
            }
        }

        /// The text of a string or a token, if it is one.
        package var text: String? {
            switch self {
            case .string(let value), .token(let value): value
            default: nil
            }
        }
    }

    /// Keys in the order they first came, each with its last value: parameters (§3.1.2) and
    /// dictionaries (§3.2).
    package struct OrderedMap<Value: Hashable & Sendable>: Hashable, Sendable {
        /// The keys and values, in order.
        package private(set) var entries: [(key: String, value: Value)] = []

        package init(_ entries: [(key: String, value: Value)] = []) {
            for (key, value) in entries { self[key] = value }
        }

        /// The value of `key`; setting a key that is there already replaces its value in place.
        package subscript(key: String) -> Value? {
            get { entries.first { $0.key == key }?.value }
            set {
                if let index = entries.firstIndex(where: { $0.key == key }) {
                    if let newValue { entries[index].value = newValue } else { entries.remove(at: index) }
                } else if let newValue {
                    entries.append((key, newValue))
                }
            }
        }

        /// Whether there are none.
        package var isEmpty: Bool { entries.isEmpty }

        package static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.entries.elementsEqual(rhs.entries) { $0.key == $1.key && $0.value == $1.value }
        }

        package func hash(into hasher: inout Hasher) {
            for (key, value) in entries {
                hasher.combine(key)
                hasher.combine(value)
            }
        }
    }

    /// An item's or an inner list's parameters (§3.1.2).
    package typealias Parameters = OrderedMap<BareItem>

    /// A dictionary (§3.2).
    package typealias Dictionary = OrderedMap<Member>

    /// An item (§3.3): a bare item and its parameters.
    package struct Item: Hashable, Sendable {
        package var value: BareItem
        package var parameters: Parameters

        package init(_ value: BareItem, parameters: Parameters = Parameters()) {
            self.value = value
            self.parameters = parameters
        }
    }

    /// A member of a list or of a dictionary (§3.1, §3.2): an item, or an inner list of items
    /// with parameters of its own.
    package enum Member: Hashable, Sendable {
        case item(Item)
        case innerList([Item], parameters: Parameters)

        /// The member's item, unless it is an inner list.
        package var item: Item? {
            if case .item(let item) = self { return item }
            return nil
        }

        /// The member's parameters: the item's, or the inner list's.
        package var parameters: Parameters {
            switch self {
            case .item(let item): item.parameters
            case .innerList(_, let parameters): parameters
            }
        }
    }
}
