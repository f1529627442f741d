import Foundation

extension String: JSONObject {
    /// A JSON string.
    ///
    /// - Parameter json: The JSON value.
    public init(json: JSON) throws {
        self = try json.scalar(String.self) { if case .string(let text) = $0 { text } else { nil } }
    }

    /// At the top of a response, the whole body as UTF-8 text.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when the body is not valid UTF-8.
    public static func decode(from body: Data, using decoder: any ResponseDecoder) throws -> String {
        guard let text = String(data: body, encoding: .utf8) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "The body is not valid UTF-8 text."))
        }
        return text
    }

    /// `text/plain` first, anything else after it.
    public static var acceptedMediaType: String { "text/plain, */*;q=0.5" }
}

extension Data: JSONObject {
    /// A JSON string holding Base64.
    ///
    /// - Parameter json: The JSON value.
    public init(json: JSON) throws {
        let text = try String(json: json)
        guard let data = Data(base64Encoded: text) else {
            throw json.mismatch(expected: Data.self, detail: "expected Base64 text")
        }
        self = data
    }

    /// At the top of a response, the body's bytes as they are.
    public static func decode(from body: Data, using decoder: any ResponseDecoder) throws -> Data {
        body
    }

    /// Anything.
    public static var acceptedMediaType: String { "*/*" }
}

extension Bool: JSONObject {
    /// `true` or `false`.
    ///
    /// - Parameter json: The JSON value.
    public init(json: JSON) throws {
        self = try json.scalar(Bool.self) { if case .bool(let flag) = $0 { flag } else { nil } }
    }
}

extension Int: JSONObject {
    /// A JSON number without a fraction that fits in `Int`.
    ///
    /// - Parameter json: The JSON value.
    public init(json: JSON) throws {
        self = try json.scalar(Int.self) {
            switch $0 {
            case .int(let integer): integer
            case .double(let number): Int(exactly: number)
            default: nil
            }
        }
    }
}

extension Int64: JSONObject {
    /// A JSON number without a fraction that fits in `Int64`.
    ///
    /// - Parameter json: The JSON value.
    public init(json: JSON) throws {
        self = try json.scalar(Int64.self) {
            switch $0 {
            case .int(let integer): Int64(integer)
            case .double(let number): Int64(exactly: number)
            default: nil
            }
        }
    }
}

extension Double: JSONObject {
    /// Any JSON number.
    ///
    /// - Parameter json: The JSON value.
    public init(json: JSON) throws {
        self = try json.scalar(Double.self) {
            switch $0 {
            case .int(let integer): Double(integer)
            case .double(let number): number
            default: nil
            }
        }
    }
}

extension Date: JSONObject {
    /// A JSON string with an ISO 8601 date and time, such as `2026-11-21T05:14:00Z`, with or
    /// without fractional seconds.
    ///
    /// - Parameter json: The JSON value.
    public init(json: JSON) throws {
        let text = try String(json: json)
        let plain = Date.ISO8601FormatStyle()
        let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        guard let date = (try? plain.parse(text)) ?? (try? fractional.parse(text)) else {
            throw json.mismatch(expected: Date.self, detail: "expected an ISO 8601 date, found \"\(text.prefix(40))\"")
        }
        self = date
    }
}

extension URL: JSONObject {
    /// A JSON string holding a URL.
    ///
    /// - Parameter json: The JSON value.
    public init(json: JSON) throws {
        let text = try String(json: json)
        guard let url = URL(string: text) else {
            throw json.mismatch(expected: URL.self, detail: "expected a URL, found \"\(text.prefix(80))\"")
        }
        self = url
    }
}
