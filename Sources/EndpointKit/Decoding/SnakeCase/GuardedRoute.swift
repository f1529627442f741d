import Foundation

/// How ``DictionaryKeyGuard`` decodes a value of some type.
enum GuardedRoute {
    /// A type Foundation decodes itself (`Date`, `URL`, `Data` and `Decimal` by its strategies, and
    /// scalars), or an array or optional of one: no dictionary can hide inside it.
    case foundation
    /// A `[String: T]`.
    case dictionary(any StringKeyedDictionary.Type)
    /// Any other type: its `init(from:)` gets a guarded decoder.
    case guarded

    init(for type: Any.Type) {
        if type == String.self || type == Int.self || type == Bool.self || type == Double.self
            || type is any HoldsNoDictionary.Type
        {
            self = .foundation
        } else if let dictionary = type as? any StringKeyedDictionary.Type {
            self = .dictionary(dictionary)
        } else {
            self = .guarded
        }
    }
}

/// A type whose values hold no `[String: T]`, which Foundation can decode without a guard: a
/// GitHub repository's `topics: [String]` then costs no nested decoder.
protocol HoldsNoDictionary {}

extension String: HoldsNoDictionary {}
extension Bool: HoldsNoDictionary {}
extension Double: HoldsNoDictionary {}
extension Float: HoldsNoDictionary {}
extension Int: HoldsNoDictionary {}
extension Int8: HoldsNoDictionary {}
extension Int16: HoldsNoDictionary {}
extension Int32: HoldsNoDictionary {}
extension Int64: HoldsNoDictionary {}
extension UInt: HoldsNoDictionary {}
extension UInt8: HoldsNoDictionary {}
extension UInt16: HoldsNoDictionary {}
extension UInt32: HoldsNoDictionary {}
extension UInt64: HoldsNoDictionary {}
extension Date: HoldsNoDictionary {}
extension URL: HoldsNoDictionary {}
extension Data: HoldsNoDictionary {}
extension Decimal: HoldsNoDictionary {}
extension Array: HoldsNoDictionary where Element: HoldsNoDictionary {}
extension Optional: HoldsNoDictionary where Wrapped: HoldsNoDictionary {}
