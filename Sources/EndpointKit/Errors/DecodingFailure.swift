import Foundation

/// Why a response body did not decode into the endpoint's response type, and where.
///
/// Its description reads, for example:
/// `Decoding Array<Repository> from GET https://api.github.com/user/repos (status 200) failed at
/// [3].owner.login: expected String, found null`.
public struct DecodingFailure: Error, Sendable, CustomStringConvertible {
    /// The type that was being decoded, for example `Array<Repository>`.
    public var typeName: String
    /// Where in the body decoding stopped, for example `[3].owner.login`; empty for the body as
    /// a whole.
    public var codingPath: String
    /// What was wrong there, for example `expected String, found null`.
    public var reason: String
    /// The method of the request whose response did not decode.
    public var method: HTTPMethod
    /// The response whose body did not decode.
    public var response: HTTPResponse
    /// The error the decoder threw.
    public var underlying: any Error
    /// The number of the line that failed (from 1), when a JSON lines stream was decoded.
    public var line: Int?
    /// The last event ID when a Server-Sent Event's data failed, if the stream set one.
    public var eventID: String?

    /// Creates a failure from the error a decoder threw.
    ///
    /// - Parameters:
    ///   - type: The type that was being decoded.
    ///   - error: The decoder's error; a `DecodingError` gives the path and reason.
    ///   - method: The method of the request.
    ///   - response: The response whose body did not decode.
    public init(decoding type: Any.Type, error: any Error, method: HTTPMethod, response: HTTPResponse) {
        self.typeName = String(describing: type)
        self.method = method
        self.response = response
        self.underlying = error
        guard let decodingError = error as? DecodingError else {
            codingPath = ""
            reason = String(describing: error)
            return
        }
        switch decodingError {
        case .keyNotFound(let key, let context):
            codingPath = JSONCodingKey.render(context.codingPath + [key])
            reason = "the key \"\(key.stringValue)\" is missing"
        case .valueNotFound(let type, let context):
            codingPath = JSONCodingKey.render(context.codingPath)
            reason = "expected \(type), found null"
        case .typeMismatch(let type, let context):
            codingPath = JSONCodingKey.render(context.codingPath)
            reason = Self.mismatchReason(expected: type, detail: context.debugDescription)
        case .dataCorrupted(let context):
            codingPath = JSONCodingKey.render(context.codingPath)
            reason =
                context.codingPath.isEmpty
                ? Self.describeUnreadableBody(response, context: context)
                : context.debugDescription
        @unknown default:
            codingPath = ""
            reason = String(describing: decodingError)
        }
    }

    /// A one-line account, fit for a log, the URL's credentials redacted.
    public var description: String {
        let place = " from \(method) \(Redaction.standard.redact(response.url, missing: "(unknown URL)"))"
        var location = codingPath.isEmpty ? "" : " at \(codingPath)"
        if let line { location = " in line \(line)" + location }
        if let eventID { location = " in the event with ID \(eventID.debugDescription)" + location }
        return "Decoding \(typeName)\(place) (status \(response.statusCode)) failed\(location): \(reason)"
    }

    /// Our own `JSON` says "found a string"; Foundation says "Expected to decode Int but found a
    /// string instead." Either way the reason reads "expected Int, found a string".
    private static func mismatchReason(expected type: Any.Type, detail: String) -> String {
        if detail.hasPrefix("expected") { return detail }
        if detail.hasPrefix("found") { return "expected \(type), \(detail)" }
        if detail.hasPrefix("Expected"), let found = detail.range(of: " but found ") {
            let what = detail[found.upperBound...].replacingOccurrences(of: " instead.", with: "")
            return "expected \(type), found \(what)"
        }
        return "expected \(type): \(detail)"
    }

    /// Says what the body is when it is not JSON at all: empty, an HTML page, or broken.
    private static func describeUnreadableBody(_ response: HTTPResponse, context: DecodingError.Context) -> String {
        let contentType = response.headers["Content-Type"] ?? "no Content-Type"
        let start = response.body.prefix(64).drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        if response.body.isEmpty {
            return "the body is empty, but a value was expected"
        }
        if start.first == UInt8(ascii: "<") {
            return "the body is not JSON but looks like HTML or XML (\(contentType))"
        }
        let underlying = context.underlyingError.map { " (\($0))" } ?? ""
        return "\(context.debugDescription)\(underlying) (\(contentType), \(response.body.count) bytes)"
    }
}
