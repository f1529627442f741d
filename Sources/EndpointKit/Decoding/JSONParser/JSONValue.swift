import Foundation

/// A parsed JSON value.
///
/// ``JSON`` wraps one with the path that leads to it; use ``JSON/decode(_:)`` to read typed
/// values. `JSONValue` is itself a ``JSONObject``, for responses whose shape is not known.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written without fraction or exponent that fits in `Int`.
    case int(Int)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    /// Parses JSON bytes (any value at the top level, not only objects and arrays).
    ///
    /// - Parameter data: UTF-8 JSON.
    /// - Throws: `DecodingError.dataCorrupted` when `data` is empty, truncated, or not JSON.
    public init(parsing data: Data) throws {
        guard !data.isEmpty else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "The body is empty."))
        }
        guard JSONParser.canParse(data) else {
            self = try JSONValue(serializing: data)
            return
        }
        do {
            self = try JSONParser.parse(data)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: [], debugDescription: "The body is not valid JSON: \(error).", underlyingError: error))
        }
    }

    /// Parses UTF-16 or UTF-32 JSON with `JSONSerialization`, which detects the encoding.
    init(serializing data: Data) throws {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "The body is not valid JSON.", underlyingError: error))
        }
        self = JSONValue(serialized: object)
    }

    /// Converts what `JSONSerialization` returns.
    private init(serialized object: Any) {
        switch object {
        case let string as String:
            self = .string(string)
        case let number as NSNumber:
            self = JSONValue(number: number)
        case let array as [Any]:
            self = .array(array.map(JSONValue.init(serialized:)))
        case let dictionary as [String: Any]:
            self = .object(dictionary.mapValues(JSONValue.init(serialized:)))
        default:
            self = .null
        }
    }

    /// Booleans come back as `NSNumber`s whose `objCType` is `c` on both Apple platforms and
    /// Linux; integers as `q` (or `Q` above `Int64.max`); other numbers as `d`.
    private init(number: NSNumber) {
        switch String(cString: number.objCType) {
        case "c", "B":
            self = .bool(number.boolValue)
        case "d", "f":
            self = .double(number.doubleValue)
        default:
            if let exact = Int(exactly: number.int64Value), number.stringValue == String(exact) {
                self = .int(exact)
            } else {
                self = .double(number.doubleValue)
            }
        }
    }

    /// A short description of the value's kind for error messages: "null", "a string", …
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a Boolean"
        case .int, .double: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

extension JSONValue: Codable {
    /// Decodes any JSON value.
    ///
    /// - Parameter decoder: The decoder to read from.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let integer = try? container.decode(Int.self) {
            self = .int(integer)
        } else if let number = try? container.decode(Double.self) {
            self = .double(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Encodes the value as JSON.
    ///
    /// - Parameter encoder: The encoder to write to.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .int(let integer): try container.encode(integer)
        case .double(let number): try container.encode(number)
        case .string(let text): try container.encode(text)
        case .array(let array): try container.encode(array)
        case .object(let object): try container.encode(object)
        }
    }
}

extension JSONValue: JSONObject {
    /// The value itself; a missing key throws.
    ///
    /// - Parameter json: The JSON value.
    public init(json: JSON) throws {
        self = try json.requireValue(of: JSONValue.self)
    }

    /// Parses the body.
    public static func decode(from body: Data, using decoder: any ResponseDecoder) throws -> JSONValue {
        try JSONValue(parsing: body)
    }
}
