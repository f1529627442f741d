import Foundation

extension JSONValue: ParameterValueConvertible {
    /// The value as a query parameter or a form field: a string as it is, a number in decimal, a
    /// Boolean as itself, an array as its elements (`null` ones left out), `null` left out; an
    /// object, which one parameter cannot hold member by member, as its JSON text (keys sorted).
    ///
    /// An object's members become parameters of their own through ``Parameters/init(_:)``:
    ///
    /// ```swift
    /// let value: JSONValue = .object(["Amount": .int(5), "Memo": .string("rent")])
    /// var fields = Parameters()
    /// if case .object(let members) = value {
    ///     fields.append(deepObject: Parameters(members), for: "Parameter")
    /// }
    /// // Parameter[Amount]=5&Parameter[Memo]=rent (brackets percent-encoded)
    /// ```
    public var parameterValue: ParameterValue? {
        switch self {
        case .null: return nil
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .string(String(number))
        case .double(let number): return .string(String(number))
        case .string(let text): return .string(text)
        case .array(let elements): return .array(elements.compactMap(\.parameterValue))
        case .object: return .string(jsonText)
        }
    }

    /// The value as compact JSON, keys sorted; a number that JSON cannot hold (infinity, NaN) as
    /// a string, since this text cannot fail.
    private var jsonText: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        // Every case of JSONValue encodes with these settings: strings, numbers, Booleans, null,
        // arrays and string-keyed objects of them.
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }
}
