import EndpointKitTesting
import Foundation
import Testing

@testable import EndpointKit

@Suite("Encoding parameters")
struct ParameterEncodingTests {
    private func query(_ parameters: Parameters, encoder: URLQueryEncoder = URLQueryEncoder()) throws -> String? {
        var request = URLRequest(url: URL(string: "https://api.example.com/search")!)
        try encoder.encode(parameters, into: &request)
        return request.url?.query
    }

    @Test(
        "Every byte outside A-Z a-z 0-9 - . _ ~ is percent-encoded in names and values",
        arguments: [
            ("a+b", "a%2Bb"),
            ("a b", "a%20b"),
            ("a&b=c", "a%26b%3Dc"),
            ("a/b?c#d;e", "a%2Fb%3Fc%23d%3Be"),
            ("100%", "100%25"),
            ("café ☕", "caf%C3%A9%20%E2%98%95"),
            ("-._~", "-._~"),
            ("", ""),
        ])
    func percentEncodesValues(value: String, encoded: String) throws {
        #expect(try query(["k": value]) == "k=\(encoded)")
        #expect(try query([value: "v"]) == "\(encoded)=v")
    }

    @Test("Arrays repeat the name by default")
    func repeatsArrayNames() throws {
        #expect(try query(["tag": ["a b", "c"]]) == "tag=a%20b&tag=c")
    }

    @Test(
        "Arrays can use brackets or commas",
        arguments: [
            (ArrayEncoding.brackets, "tag%5B%5D=a&tag%5B%5D=b%2Cc"),
            (ArrayEncoding.commaSeparated, "tag=a,b%2Cc"),
            (ArrayEncoding.repeatedKey, "tag=a&tag=b%2Cc"),
        ])
    func encodesArrays(encoding: ArrayEncoding, expected: String) throws {
        #expect(try query(["tag": ["a", "b,c"]], encoder: URLQueryEncoder(arrayEncoding: encoding)) == expected)
    }

    @Test("Booleans are true/false by default and 1/0 when numeric")
    func encodesBooleans() throws {
        #expect(try query(["on": true, "off": false]) == "on=true&off=false")
        #expect(
            try query(["on": true, "off": false], encoder: URLQueryEncoder(boolEncoding: .numeric)) == "on=1&off=0")
    }

    @Test("Numbers, dates, UUIDs and string enums have readable encodings")
    func encodesScalars() throws {
        enum Sort: String, ParameterValueConvertible { case updated }
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        let encoded = try query(["n": 42, "x": 1.5, "since": date, "id": uuid, "sort": Sort.updated])
        #expect(
            encoded == "n=42&x=1.5&since=2023-11-14T22%3A13%3A20Z&id=E621E1F8-C36C-495A-93FC-0C247A3E6E5F&sort=updated")
    }

    @Test("A nil optional leaves the parameter out; order and repeated names are kept")
    func dropsNilAndKeepsOrder() throws {
        let missing: String? = nil
        let present: String? = "yes"
        #expect(try query(["b": 1, "missing": missing, "a": present, "b": 2]) == "b=1&a=yes&b=2")
    }

    @Test("No parameters leave the URL without a question mark")
    func leavesURLAlone() throws {
        #expect(try query([:]) == nil)
    }

    @Test("Parameters are appended to a query the URL already has")
    func appendsToExistingQuery() throws {
        var request = URLRequest(url: URL(string: "https://api.example.com/search?fixed=1")!)
        try URLQueryEncoder().encode(["q": "x"], into: &request)
        #expect(request.url?.absoluteString == "https://api.example.com/search?fixed=1&q=x")
    }

    @Test("The form encoder writes the same escaping into the body")
    func encodesForm() throws {
        var request = URLRequest(url: URL(string: "https://api.example.com")!)
        try FormBodyEncoder().encode(["name": "Ada Lovelace", "tags": ["x", "y"], "ok": true], into: &request)
        #expect(request.bodyText == "name=Ada%20Lovelace&tags=x&tags=y&ok=true")
    }

    @Test("A client can plug in its own query encoder")
    func usesCustomQueryEncoder() async throws {
        struct UppercaseKeys: ParameterEncoder {
            func encode(_ parameters: Parameters, into request: inout URLRequest) throws {
                let query = parameters.items.map { "\($0.name.uppercased())=1" }.joined(separator: "&")
                request.url = URL(string: request.url!.absoluteString + "?" + query)
            }
        }
        let client = Client(baseURL: URL(string: "https://api.example.com")!) {
            $0.queryEncoder = UppercaseKeys()
            $0.transport = StubTransport()
        }
        let request = try await client.request(for: GetValue<NoContent>(query: ["page": 2]))
        #expect(request.url?.query == "PAGE=1")
    }

    @Test("Parameters read back by name")
    func readsBack() {
        let parameters: Parameters = ["a": 1, "b": "two"]
        #expect(parameters["b"] == .string("two"))
        #expect(parameters["c"] == nil)
        #expect(!parameters.isEmpty)
    }

    @Test("A form body writes spaces as %20 by default, and as + with spaces: .plus (RFC 6749 appendix B)")
    func formSpaces() throws {
        let parameters: Parameters = ["scope": "read write", "note": "a+b c"]
        var request = URLRequest(url: URL(string: "https://api.example.com/token")!)
        try FormBodyEncoder().encode(parameters, into: &request)
        #expect(String(decoding: request.httpBody ?? Data(), as: UTF8.self) == "scope=read%20write&note=a%2Bb%20c")
        try FormBodyEncoder(spaces: .plus).encode(parameters, into: &request)
        #expect(String(decoding: request.httpBody ?? Data(), as: UTF8.self) == "scope=read+write&note=a%2Bb+c")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded; charset=utf-8")
    }

    @Test(
        "PercentEncoding.decode reads what Foundation's removingPercentEncoding reads, and refuses what it refuses",
        arguments: ["a%20b", "a+b", "%e2%82%AC", "caf%C3%A9", "%", "%2", "%zz", "%FF", "100%", "plain", "", "é%2B"])
    func percentDecoding(_ text: String) {
        #expect(PercentEncoding.decode(text) == text.removingPercentEncoding)
        #expect(
            PercentEncoding.decode(text, spaces: .plus)
                == text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding)
    }
}
