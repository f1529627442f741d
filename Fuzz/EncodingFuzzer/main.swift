// libFuzzer target for the request side: query and form encoding, endpoint paths and headers.
//
// Built by `scripts/fuzz encoding` together with every file of Sources/EndpointKit into one
// module, so internal API (`EndpointURL`, `FormSerializer`) is reachable without `@testable`.
//
// Input layout (any bytes are valid input; seeds in Fuzz/Seeds/encoding follow it):
//
//     byte 0           options: bit 0 picks the query URL (with or without a query of its own),
//                      bits 1-2 the base URL, bit 3 whether header fields go to the client
//                      (even fields) as well as to the endpoint
//     then pieces separated by 0xFF (a byte that never occurs in UTF-8):
//     piece 0          the endpoint path
//     piece 1          header fields: name 0xFE value 0xFE name 0xFE value …
//     pieces 2, 3, …   parameter name, parameter value, name, value, …
//
// A parameter value piece starts with a tag byte: 0x01 true, 0x02 false, 0x03 an array whose
// elements are separated by 0xFE (each element tagged the same way, 0x03 nesting one level),
// 0x04 an integer and 0x05 a Double from the next 8 bytes, 0x06 a `String?` that is nil,
// 0x07 a Date from the next 8 bytes; anything else is a string (the whole piece).
//
// Invariants checked, beyond "never crash": the encoded query and form body hold only
// unreserved characters, `%`, `=`, `&` and (for comma-separated arrays) `,`, and equal an
// independent reference encoding; percent-decoding each encoded name and value gives back
// exactly the original UTF-8; a URL built from a relative path keeps the base URL's scheme,
// host, port and path prefix and never gains a query or fragment from the path; a relative path
// with `?`, `#` or a bad `%` escape is refused; an absolute URL given as the path stays on the
// base URL's origin (unless the endpoint allows others) and has no fragment; a header with CR, LF or NUL in its value (or a name that is not a token) is always refused,
// and a request that is built carries every header it was given.

import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// MARK: - Endpoints and transport

struct FuzzGet: GET {
    typealias ResponseType = JSONValue
    let path: String
    let query: Parameters
    let headers: HTTPHeaders
}

struct FuzzPostForm: POST {
    typealias ResponseType = NoContent
    let path: String
    let query: Parameters
    let headers: HTTPHeaders
    var body: RequestBody { .form(query) }
}

struct FuzzPostData: POST {
    typealias ResponseType = Data
    let path: String
    let contentType: String
    var body: RequestBody { .data(Data("payload".utf8), contentType: contentType) }
}

/// Builds requests as a client does (stage 2 of a call, `RequestBuilder`), without sending or
/// authenticating them: the fuzzer is compiled into one module with EndpointKit's sources, so
/// it calls the stage itself, synchronously.
struct RequestMaker {
    let builder: RequestBuilder
    let configuration: Client.Configuration

    init(baseURL: URL, configuration: Client.Configuration) {
        self.configuration = configuration
        builder = RequestBuilder(baseURL: baseURL, configuration: configuration)
    }

    func makeRequest<E: Endpoint>(for endpoint: E) throws(EndpointError) -> URLRequest {
        try builder.makeRequest(for: endpoint, policy: CallPolicy(endpoint.options, defaults: configuration))
    }
}

// MARK: - Reference model

let bases = [
    "https://api.example.com",
    "https://github.example.com/api/v3/",
    "http://127.0.0.1:8080/base%20path",
    "http://user@[::1]:9000/x/",
]
let queryURLs = ["https://api.example.com/search", "https://api.example.com/search?fixed=1"]
let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
let hex = Array("0123456789ABCDEF".utf8)

func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("invariant violated: \(message())") }
}

/// Percent-encodes every byte outside the unreserved set, written independently of the library.
func referenceEncode(_ text: String) -> String {
    var out: [UInt8] = []
    for byte in text.utf8 {
        if unreserved.contains(byte) {
            out.append(byte)
        } else {
            out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
        }
    }
    return String(decoding: out, as: UTF8.self)
}

/// Decodes `%XX` escapes into bytes; `nil` for a malformed escape.
func percentDecode(_ text: Substring) -> [UInt8]? {
    let bytes = Array(text.utf8)
    var out: [UInt8] = []
    var index = 0
    while index < bytes.count {
        if bytes[index] == UInt8(ascii: "%") {
            guard index + 2 < bytes.count,
                let value = UInt8(String(decoding: bytes[index + 1...index + 2], as: UTF8.self), radix: 16)
            else { return nil }
            out.append(value)
            index += 3
        } else {
            out.append(bytes[index])
            index += 1
        }
    }
    return out
}

func scalars(_ value: ParameterValue) -> [ParameterValue] {
    if case .array(let elements) = value { return elements.flatMap(scalars) }
    return [value]
}

func scalarText(_ value: ParameterValue, _ bools: BoolEncoding) -> String {
    switch value {
    case .string(let text): return text
    case .bool(let flag): return bools == .literal ? (flag ? "true" : "false") : (flag ? "1" : "0")
    case .array: fatalError("flattened")
    }
}

/// One `name=value` pair the encoders must write: the raw name, the raw values (several only
/// for a comma-separated array) and whether the name gets brackets.
struct Pair {
    var name: String
    var values: [String]
    var bracketed = false
}

/// The pairs the encoders must write, and the text they must produce.
func reference(_ parameters: Parameters, _ arrays: ArrayEncoding, _ bools: BoolEncoding)
    -> (pairs: [Pair], text: String)
{
    var pairs: [Pair] = []
    var parts: [String] = []
    for item in parameters {
        let name = referenceEncode(item.name)
        switch item.value {
        case .string, .bool:
            let value = scalarText(item.value, bools)
            pairs.append(Pair(name: item.name, values: [value]))
            parts.append(name + "=" + referenceEncode(value))
        case .array:
            let values = scalars(item.value).map { scalarText($0, bools) }
            switch arrays {
            case .repeatedKey, .brackets:
                for value in values {
                    pairs.append(Pair(name: item.name, values: [value], bracketed: arrays == .brackets))
                    parts.append(name + (arrays == .brackets ? "%5B%5D=" : "=") + referenceEncode(value))
                }
            case .commaSeparated:
                pairs.append(Pair(name: item.name, values: values))
                parts.append(name + "=" + values.map(referenceEncode).joined(separator: ","))
            }
        }
    }
    return (pairs, parts.joined(separator: "&"))
}

/// Checks an encoded query or form body against the parameters it came from.
func verify(_ encoded: String, _ parameters: Parameters, _ arrays: ArrayEncoding, _ bools: BoolEncoding) {
    let expected = reference(parameters, arrays, bools)
    check(encoded == expected.text, "encoded \(encoded.debugDescription), expected \(expected.text.debugDescription)")
    var allowed = unreserved
    allowed.formUnion("%=&".utf8)
    if arrays == .commaSeparated { allowed.insert(UInt8(ascii: ",")) }
    check(encoded.utf8.allSatisfy(allowed.contains), "a reserved character in \(encoded.debugDescription)")
    guard !encoded.isEmpty else {
        check(expected.pairs.isEmpty, "nothing encoded for \(parameters)")
        return
    }
    let written = encoded.split(separator: "&", omittingEmptySubsequences: false)
    check(written.count == expected.pairs.count, "\(written.count) pairs written, \(expected.pairs.count) expected")
    for (pair, expectedPair) in zip(written, expected.pairs) {
        let (name, values) = (expectedPair.name, expectedPair.values)
        let halves = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        check(halves.count == 2, "no = in \(pair)")
        var encodedName = halves[0]
        if expectedPair.bracketed {
            check(encodedName.hasSuffix("%5B%5D"), "no brackets in \(pair)")
            encodedName = encodedName.dropLast(6)
        }
        check(percentDecode(encodedName) == Array(name.utf8), "name \(encodedName) does not decode to \(name)")
        let encodedValues =
            arrays == .commaSeparated && values.count != 1
            ? halves[1].split(separator: ",", omittingEmptySubsequences: false) : [halves[1]]
        if values.isEmpty {
            check(halves[1].isEmpty, "an empty array wrote \(pair)")
            continue
        }
        check(encodedValues.count == values.count, "\(encodedValues.count) values in \(pair), \(values.count) expected")
        for (encodedValue, value) in zip(encodedValues, values) {
            check(percentDecode(encodedValue) == Array(value.utf8), "value \(encodedValue) does not decode to \(value)")
        }
    }
}

// MARK: - Input

struct Input {
    var options: UInt8 = 0
    var path = ""
    var headers: [HTTPHeaders.Field] = []
    var parameters = Parameters()
    var rawValues: [(String, ParameterValue?)] = []

    init(_ data: [UInt8]) {
        guard let first = data.first else { return }
        options = first
        let pieces = data.dropFirst().split(separator: 0xFF, omittingEmptySubsequences: false)
        path = pieces.first.map { String(decoding: $0, as: UTF8.self) } ?? ""
        if pieces.count > 1 {
            let parts = pieces[1].split(separator: 0xFE, omittingEmptySubsequences: false)
            for index in stride(from: 0, to: parts.count - 1, by: 2) {
                headers.append(
                    .init(
                        name: String(decoding: parts[index], as: UTF8.self),
                        value: String(decoding: parts[index + 1], as: UTF8.self)))
            }
        }
        if pieces.count > 2 {
            let rest = Array(pieces[2...])
            for index in stride(from: 0, to: rest.count - 1, by: 2) {
                let name = String(decoding: rest[index], as: UTF8.self)
                let piece = rest[index + 1]
                switch piece.first {
                case 0x03?:
                    let elements = piece.dropFirst().split(separator: 0xFE, omittingEmptySubsequences: false)
                    let values = elements.map { Self.element($0) }
                    parameters.append(values, for: name)
                    rawValues.append((name, .array(values)))
                case 0x04?:
                    let number = Self.int(piece.dropFirst())
                    parameters.append(number, for: name)
                    rawValues.append((name, .string(String(number))))
                case 0x05?:
                    let number = Double(bitPattern: UInt64(bitPattern: Int64(Self.int(piece.dropFirst()))))
                    parameters.append(number, for: name)
                    rawValues.append((name, .string(String(number))))
                case 0x06?:
                    parameters.append(String?.none, for: name)
                    rawValues.append((name, nil))
                case 0x07?:
                    let seconds = Double(bitPattern: UInt64(bitPattern: Int64(Self.int(piece.dropFirst()))))
                    let date = Date(timeIntervalSince1970: seconds)
                    parameters.append(date, for: name)
                    rawValues.append((name, date.parameterValue))
                default:
                    let value = Self.element(piece)
                    parameters.append(value, for: name)
                    rawValues.append((name, value))
                }
            }
        }
    }

    static func element(_ piece: ArraySlice<UInt8>) -> ParameterValue {
        switch piece.first {
        case 0x01?: return .bool(true)
        case 0x02?: return .bool(false)
        case 0x03?: return .array([.string(String(decoding: piece.dropFirst(), as: UTF8.self)), .array([])])
        default: return .string(String(decoding: piece, as: UTF8.self))
        }
    }

    static func int(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.prefix(8).reduce(0) { ($0 << 8) | Int($1) }
    }
}

/// Whether `path` starts with a URL scheme and `://`, so that it is taken as an absolute URL.
func isAbsoluteReference(_ path: String) -> Bool {
    guard let end = path.range(of: "://"), end.lowerBound > path.startIndex else { return false }
    return path[..<end.lowerBound].unicodeScalars.allSatisfy {
        $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "+-.".unicodeScalars.contains($0))
    }
}

/// Same scheme, host and port (80 and 443 filled in), compared without case.
func sameOrigin(_ first: URL, _ second: URL) -> Bool {
    func origin(_ url: URL) -> [String] {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
        return [scheme, url.host?.lowercased() ?? "", String(port)]
    }
    return origin(first) == origin(second)
}

func isToken(_ name: String) -> Bool {
    let tchar = Set("!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
    return !name.isEmpty && name.utf8.allSatisfy(tchar.contains)
}

func isValidValue(_ value: String) -> Bool {
    value.utf8.allSatisfy { $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }
}

func hasCRLFOrNUL(_ value: String) -> Bool {
    value.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }
}

/// The headers a request must carry: `Accept`, then the client's, then the endpoint's, later
/// lists replacing fields of the same name (compared without ASCII case).
func asciiLowercased(_ text: String) -> [UInt8] {
    text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
}

func merged(_ lists: [HTTPHeaders.Field]...) -> [HTTPHeaders.Field] {
    var result: [HTTPHeaders.Field] = []
    for list in lists {
        result.removeAll { field in list.contains { asciiLowercased($0.name) == asciiLowercased(field.name) } }
        result += list
    }
    return result
}

// MARK: - Harness

/// libFuzzer's entry point: runs one input; returns 0 (any failure traps instead).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = Input(Array(UnsafeRawBufferPointer(start: start, count: count)))

    // Parameters keep order, drop nils and hold exactly the values given.
    let kept = input.rawValues.filter { $0.1 != nil }
    check(
        input.parameters.items.count == kept.count, "Parameters kept \(input.parameters.items.count) of \(kept.count)")
    for (item, (name, value)) in zip(input.parameters.items, kept) {
        check(item.name == name && item.value == value, "Parameters changed \(name)")
    }

    // 1. The query encoder and the form encoder, with every array and Boolean encoding.
    let queryURL = URL(string: queryURLs[Int(input.options & 1)])!
    for arrays in [ArrayEncoding.repeatedKey, .brackets, .commaSeparated] {
        for bools in [BoolEncoding.literal, .numeric] {
            var request = URLRequest(url: queryURL)
            do {
                try URLQueryEncoder(arrayEncoding: arrays, boolEncoding: bools).encode(input.parameters, into: &request)
            } catch {
                check(false, "the query encoder refused \(input.parameters): \(error)")
            }
            let url = request.url!
            check(url.host == queryURL.host && url.path == queryURL.path, "the query changed the URL: \(url)")
            let before = queryURL.absoluteString
            let after = url.absoluteString
            if after == before {
                verify("", input.parameters, arrays, bools)
            } else {
                let separator = queryURL.query == nil ? "?" : "&"
                check(after.hasPrefix(before + separator), "\(after) does not extend \(before)")
                verify(String(after.dropFirst(before.count + 1)), input.parameters, arrays, bools)
            }

            var form = URLRequest(url: queryURL)
            do {
                try FormBodyEncoder(arrayEncoding: arrays, boolEncoding: bools).encode(input.parameters, into: &form)
            } catch {
                check(false, "the form encoder refused \(input.parameters): \(error)")
            }
            verify(String(decoding: form.httpBody ?? Data(), as: UTF8.self), input.parameters, arrays, bools)
            check(
                form.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded; charset=utf-8",
                "form Content-Type")
        }
    }

    // 2. Endpoint paths under a base URL. A path that is an absolute URL (a pagination link)
    // is used as it is, but only on the base URL's origin unless the endpoint allows others.
    let baseURL = URL(string: bases[Int(input.options >> 1) & 3])!
    let path = input.path
    let pathURL: URL?
    do {
        pathURL = try EndpointURL.make(baseURL: baseURL, path: path)
    } catch {
        pathURL = nil
        _ = error.description
    }
    if let url = try? EndpointURL.make(baseURL: baseURL, path: path, allowsOtherOrigins: true) {
        check(["http", "https"].contains(url.scheme?.lowercased()), "scheme of \(url)")
        check(url.host?.isEmpty == false && url.fragment == nil, "host or fragment of \(url)")
        if !isAbsoluteReference(path) { check(url == pathURL, "allowsOtherOrigins changed \(url)") }
    }
    if isAbsoluteReference(path) {
        if let url = pathURL {
            check(sameOrigin(url, baseURL), "the absolute path \(path.debugDescription) left \(baseURL): \(url)")
            check(url.fragment == nil, "the absolute path \(path.debugDescription) kept a fragment")
        }
    } else {
        let badEscape = path.utf8.enumerated().contains { index, byte in
            let bytes = Array(path.utf8)
            return byte == UInt8(ascii: "%")
                && !(index + 2 < bytes.count && PercentEncoding.isHexDigit(bytes[index + 1])
                    && PercentEncoding.isHexDigit(bytes[index + 2]))
        }
        // Character-wise, as the README says "a `?` or `#` in a path is refused"; a byte `?` inside
        // a larger character (`?` + U+0301) is escaped as %3F instead, which the URL checks cover.
        if path.contains("?") || path.contains("#") || badEscape {
            check(pathURL == nil, "the path \(path.debugDescription) was accepted: \(pathURL!)")
        }
        if let url = pathURL {
            check(url.scheme == baseURL.scheme, "scheme of \(url)")
            check(url.host == baseURL.host, "host of \(url) is \(url.host ?? "nil"), not \(baseURL.host!)")
            check(url.port == baseURL.port, "port of \(url)")
            check(url.user == baseURL.user && url.password == nil, "user of \(url)")
            check(url.query == nil, "the path \(path.debugDescription) gave the query \(url.query!)")
            check(url.fragment == nil, "the path \(path.debugDescription) gave a fragment")
            var baseText = baseURL.absoluteString
            while baseText.hasSuffix("/") { baseText.removeLast() }
            let text = url.absoluteString
            check(text.hasPrefix(baseText), "\(text) does not start with \(baseText)")
            if !path.utf8.contains(UInt8(ascii: "%")) {
                let suffix = text.dropFirst(baseText.count)
                let expected = path.isEmpty || path.utf8.first == UInt8(ascii: "/") ? path : "/" + path
                check(percentDecode(suffix) == Array(expected.utf8), "\(suffix) does not decode to \(expected)")
            }
        }
    }

    // 3. Whole requests through the client: path, query and headers together.
    let sharedHeaders = input.options & 8 != 0 ? input.headers.enumerated().filter { $0.0 % 2 == 0 }.map(\.1) : []
    let endpointHeaders =
        input.options & 8 != 0 ? input.headers.enumerated().filter { $0.0 % 2 == 1 }.map(\.1) : input.headers
    var configuration = Client.Configuration()
    configuration.headers = HTTPHeaders(sharedHeaders)
    configuration.queryEncoder = URLQueryEncoder(arrayEncoding: .commaSeparated)
    let client = RequestMaker(baseURL: baseURL, configuration: configuration)
    let endpoint = FuzzGet(path: path, query: input.parameters, headers: HTTPHeaders(endpointHeaders))
    let expectedHeaders = merged([.init(name: "Accept", value: "application/json")], sharedHeaders, endpointHeaders)
    let headersValid = expectedHeaders.allSatisfy { isToken($0.name) && isValidValue($0.value) }
    do {
        let request = try client.makeRequest(for: endpoint)
        check(pathURL != nil, "makeRequest accepted a path EndpointURL refused: \(path.debugDescription)")
        check(headersValid, "makeRequest accepted invalid headers \(expectedHeaders)")
        check(
            request.url.map { sameOrigin($0, baseURL) } == true, "request URL \(request.url?.absoluteString ?? "nil")")
        check(request.httpMethod == "GET", "method \(request.httpMethod ?? "nil")")
        let sent = request.allHTTPHeaderFields ?? [:]
        for (name, value) in sent {
            check(isToken(name) && !hasCRLFOrNUL(value), "a bad header was set: \(name.debugDescription)")
        }
        for field in expectedHeaders {
            let value = request.value(forHTTPHeaderField: field.name)
            check(
                value.map { field.value.isEmpty || $0.contains(field.value) } == true,
                "header \(field.name.debugDescription) sent as \(value.debugDescription), not \(field.value.debugDescription)"
            )
        }
    } catch {
        check(pathURL == nil || !headersValid, "makeRequest refused a valid request: \(error)")
        _ = error.description
    }
    if expectedHeaders.contains(where: { hasCRLFOrNUL($0.value) }) {
        check((try? client.makeRequest(for: endpoint)) == nil, "a CR/LF/NUL header value was accepted")
    }

    // 4. A form body and a raw body whose Content-Type comes from the input.
    let post = FuzzPostForm(path: path, query: input.parameters, headers: HTTPHeaders(endpointHeaders))
    if let request = try? client.makeRequest(for: post) {
        verify(
            String(decoding: request.httpBody ?? Data(), as: UTF8.self), input.parameters, .repeatedKey, .literal)
    }
    let contentType = input.headers.first?.value ?? ""
    let raw = FuzzPostData(path: path, contentType: contentType)
    if let request = try? client.makeRequest(for: raw) {
        check(isValidValue(contentType), "the Content-Type \(contentType.debugDescription) was accepted")
        check(
            request.value(forHTTPHeaderField: "Content-Type") == contentType,
            "Content-Type sent as \(request.value(forHTTPHeaderField: "Content-Type").debugDescription)")
    } else if pathURL != nil && sharedHeaders.allSatisfy({ isToken($0.name) && isValidValue($0.value) }) {
        check(!isValidValue(contentType), "a valid Content-Type was refused: \(contentType.debugDescription)")
    }
    return 0
}
