import Foundation

/// How ``DictionaryKeyGuard`` decodes a value of some type.
enum GuardedRoute {
    /// A type Foundation decodes itself (`Date`, `URL`, `Data` and `Decimal` by its strategies, and
    /// scalars): no dictionary can hide inside it.
    case foundation
    /// A `[String: T]`.
    case dictionary(any StringKeyedDictionary.Type)
    /// Any other type: its `init(from:)` gets a guarded decoder.
    case guarded

    init(for type: Any.Type) {
        if type == String.self || type == Int.self || type == Bool.self || type == Double.self
            || type == Date.self || type == URL.self || type == Data.self || type == Decimal.self
            || type == Int64.self || type == Float.self || type == UInt64.self
        {
            self = .foundation
        } else if let dictionary = type as? any StringKeyedDictionary.Type {
            self = .dictionary(dictionary)
        } else {
            self = .guarded
        }
    }
}
