import EndpointKit
import Testing

@Suite("HTTP headers")
struct HTTPHeadersTests {
    @Test("Names compare case-insensitively and setting replaces every field of that name")
    func caseInsensitive() {
        var headers: HTTPHeaders = ["Content-Type": "text/plain", "X-A": "1"]
        headers.add("2", for: "x-a")
        #expect(headers["content-type"] == "text/plain")
        #expect(headers.values(for: "X-A") == ["1", "2"])
        headers["X-a"] = "3"
        #expect(headers.values(for: "x-a") == ["3"])
        headers["CONTENT-TYPE"] = nil
        #expect(headers["Content-Type"] == nil)
    }

    @Test("Merging lets the other list's names win and keeps the rest in order")
    func merging() {
        let base: HTTPHeaders = ["A": "1", "B": "2"]
        let merged = base.merging(["b": "3", "C": "4"])
        #expect(merged.fields.map(\.name) == ["A", "b", "C"])
        #expect(merged["B"] == "3")
    }
}
