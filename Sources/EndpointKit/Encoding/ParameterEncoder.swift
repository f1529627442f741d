import Foundation

/// Encodes ``Parameters`` into a request: into its URL's query, or into its body.
///
/// The client uses one for query parameters (``URLQueryEncoder`` by default) and one for form
/// bodies (``FormBodyEncoder`` by default). Conform to plug in your own:
///
/// ```swift
/// struct SemicolonQueryEncoder: ParameterEncoder {
///     func encode(_ parameters: Parameters, into request: inout URLRequest) throws {
///         // write "a=1;b=2" into request.url
///     }
/// }
/// ```
public protocol ParameterEncoder: Sendable {
    /// Writes `parameters` into `request`.
    ///
    /// - Parameters:
    ///   - parameters: The parameters to encode; may be empty.
    ///   - request: The request to change.
    /// - Throws: Any error; the client reports it as ``EndpointError/invalidRequest(_:call:)``.
    func encode(_ parameters: Parameters, into request: inout URLRequest) throws
}

extension ParameterEncoder where Self == URLQueryEncoder {
    /// Percent-encodes parameters into the URL's query: repeated names for arrays,
    /// `true`/`false` for Booleans.
    public static var urlQuery: URLQueryEncoder { URLQueryEncoder() }
}

extension ParameterEncoder where Self == FormBodyEncoder {
    /// Encodes parameters as an `application/x-www-form-urlencoded` body.
    public static var formURLEncoded: FormBodyEncoder { FormBodyEncoder() }
}

/// How a parameter whose value is an array is written.
public enum ArrayEncoding: Sendable, Hashable {
    /// `tag=a&tag=b`, the default; what most servers (and GitHub) read.
    case repeatedKey
    /// `tag[]=a&tag[]=b`, what Rails and PHP read.
    case brackets
    /// `tag=a,b`, one parameter with comma-separated values (each value escaped, the comma not).
    case commaSeparated
}

/// How a parameter whose value is a Boolean is written.
public enum BoolEncoding: Sendable, Hashable {
    /// `true` and `false`, the default.
    case literal
    /// `1` and `0`.
    case numeric
}

/// How a form body writes a space.
public enum SpaceEncoding: Sendable, Hashable {
    /// `%20`, the default: what ``URLQueryEncoder`` writes, and what every form parser reads as a
    /// space.
    case percentEncoded
    /// `+`, as HTML forms write it and as `application/x-www-form-urlencoded` defines it: what
    /// RFC 6749 (appendix B) asks of an OAuth token request.
    case plus
}

/// Writes parameters as `name=value&name=value` with every reserved byte escaped, shared by the
/// query and form encoders.
struct FormSerializer: Sendable {
    var arrayEncoding: ArrayEncoding
    var boolEncoding: BoolEncoding
    var spaceEncoding: SpaceEncoding = .percentEncoded

    func serialize(_ parameters: Parameters) -> String {
        var pairs: [String] = []
        for item in parameters {
            append(item.value, named: item.name, to: &pairs)
        }
        return pairs.joined(separator: "&")
    }

    private func append(_ value: ParameterValue, named name: String, to pairs: inout [String]) {
        let encodedName = PercentEncoding.encode(name, allowing: PercentEncoding.unreserved, spaces: spaceEncoding)
        switch value {
        case .string, .bool:
            pairs.append(encodedName + "=" + encodedScalar(value))
        case .array(let elements):
            let scalars = flatten(elements)
            switch arrayEncoding {
            case .repeatedKey:
                pairs += scalars.map { encodedName + "=" + encodedScalar($0) }
            case .brackets:
                pairs += scalars.map { encodedName + "%5B%5D=" + encodedScalar($0) }
            case .commaSeparated:
                pairs.append(encodedName + "=" + scalars.map(encodedScalar).joined(separator: ","))
            }
        }
    }

    private func flatten(_ elements: [ParameterValue]) -> [ParameterValue] {
        elements.flatMap { element -> [ParameterValue] in
            if case .array(let nested) = element { return flatten(nested) }
            return [element]
        }
    }

    private func encodedScalar(_ value: ParameterValue) -> String {
        switch value {
        case .string(let text):
            return PercentEncoding.encode(text, allowing: PercentEncoding.unreserved, spaces: spaceEncoding)
        case .bool(let flag):
            switch boolEncoding {
            case .literal: return flag ? "true" : "false"
            case .numeric: return flag ? "1" : "0"
            }
        case .array:
            preconditionFailure("arrays are flattened before their elements are encoded")
        }
    }
}
