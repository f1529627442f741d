import EndpointKit
import Foundation
import Testing

/// OpenAPI's styles for objects and delimited values, which generated endpoints use.
@Suite("Encoding parameters in OpenAPI's styles")
struct ParameterStyleEncodingTests {
    private func query(_ parameters: Parameters) throws -> String? {
        var request = URLRequest(url: URL(string: "https://api.example.com/search")!)
        try URLQueryEncoder().encode(parameters, into: &request)
        return request.url?.query
    }

    @Test("deepObject writes name[member]=value for each member, in order, leaving nil members out")
    func writesDeepObjects() throws {
        var parameters: Parameters = ["q": "x"]
        let missing: Int? = nil
        parameters.append(deepObject: ["color": "red", "size": 3, "none": missing, "on": true], for: "filter")
        #expect(try query(parameters) == "q=x&filter%5Bcolor%5D=red&filter%5Bsize%5D=3&filter%5Bon%5D=true")
    }

    @Test("form exploded writes each member as a parameter; not exploded, one parameter of names and values")
    func writesFormObjects() throws {
        var exploded = Parameters()
        exploded.append(formObject: ["from": 1, "to": "a,b"], explode: true, for: "range")
        #expect(try query(exploded) == "from=1&to=a%2Cb")

        var joined = Parameters()
        joined.append(formObject: ["from": 1, "to": 9, "open": false], explode: false, for: "range")
        #expect(joined.items == [Parameters.Item(name: "range", value: .string("from,1,to,9,open,false"))])
    }

    @Test("An object with no members adds nothing, in either style")
    func addsNothingForEmptyObjects() {
        var parameters = Parameters()
        let missing: String? = nil
        parameters.append(deepObject: ["a": missing], for: "filter")
        parameters.append(formObject: ["a": missing], explode: false, for: "filter")
        parameters.append(formObject: [:], explode: true, for: "filter")
        #expect(parameters.isEmpty)
    }

    @Test("A dictionary's members are sorted by name, so the query is the same every time")
    func sortsDictionaryMembers() {
        let members = Parameters(["zeta": 1, "alpha": 2, "mid": 3])
        #expect(members.items.map(\.name) == ["alpha", "mid", "zeta"])
    }

    @Test("Parameter text: strings as they are, Booleans as words, arrays joined, dates in RFC 3339")
    func writesParameterText() {
        let dates = [Date(timeIntervalSince1970: 1_704_067_200), Date(timeIntervalSince1970: 1_704_067_290)]
        #expect(dates.parameterValue?.text() == "2024-01-01T00:00:00Z,2024-01-01T00:01:30Z")
        #expect(["a", "b c"].parameterValue?.text(separator: "|") == "a|b c")
        #expect(true.parameterValue?.text() == "true")
        #expect(ParameterValue.array([.string("a"), .array([.bool(false)])]).text(separator: " ") == "a false")
    }

    @Test("A JSON value as a parameter: scalars as text, arrays as their elements, null left out, objects as JSON")
    func writesJSONValues() {
        #expect(JSONValue.string("a b").parameterValue == .string("a b"))
        #expect(JSONValue.int(5).parameterValue == .string("5"))
        #expect(JSONValue.double(2.5).parameterValue == .string("2.5"))
        #expect(JSONValue.bool(false).parameterValue == .bool(false))
        #expect(JSONValue.null.parameterValue == nil)
        #expect(
            JSONValue.array([.int(1), .null, .string("x")]).parameterValue == .array([.string("1"), .string("x")]))
        #expect(
            JSONValue.object(["b": .array([.int(1)]), "a": .string("x/y")]).parameterValue
                == .string(#"{"a":"x/y","b":[1]}"#))

        var fields = Parameters()
        fields.append(deepObject: Parameters(["Memo": JSONValue.string("rent"), "Skip": .null]), for: "Parameter")
        #expect(fields.items == [Parameters.Item(name: "Parameter[Memo]", value: .string("rent"))])
    }

    @Test("A value appended as JSON is its JSON text with ISO 8601 dates; nil adds nothing; NaN throws")
    func appendsJSONText() throws {
        var fields = Parameters()
        try fields.append(json: ["at": Date(timeIntervalSince1970: 0)], for: "metadata")
        let missing: [String: Int]? = nil
        try fields.append(json: missing, for: "none")
        #expect(fields.items == [Parameters.Item(name: "metadata", value: .string(#"{"at":"1970-01-01T00:00:00Z"}"#))])
        #expect(throws: EncodingError.self) { try fields.append(json: Double.nan, for: "ratio") }
    }

    @Test("A form body made when the request is built: its fields form-encoded, or its error as an encoding failure")
    func buildsFormBodiesWhenSent() async throws {
        struct Pay: POST {
            typealias ResponseType = JSONValue
            let path = "/pay"
            var ratio: Double
            var body: RequestBody {
                .form {
                    var fields: Parameters = ["amount": 5]
                    try fields.append(json: ["ratio": ratio], for: "stats")
                    return fields
                }
            }
        }
        let client = Client(baseURL: URL(string: "https://api.example.com")!)
        let request = try await client.request(for: Pay(ratio: 0.5))
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded; charset=utf-8")
        #expect(request.httpBody == Data("amount=5&stats=%7B%22ratio%22%3A0.5%7D".utf8))
        do {
            _ = try await client.request(for: Pay(ratio: .nan))
            Issue.record("expected an encoding failure")
        } catch {
            guard case .invalidRequest(.encodingFailed, _) = error else {
                Issue.record("expected an encoding failure, got \(error)")
                return
            }
        }
    }
}
