import Foundation
import Testing

// The comparison that the round-trip tests rely on: it must tell a missing member from null, and
// must not tell 10 from 10.0 or one order of members from another.
@Suite("Comparing JSON texts as trees")
struct JSONTreeTests {
    @Test("A member that is null on one side and missing on the other is a difference")
    func tellsMissingFromNull() throws {
        let left = try JSONTree(parsing: Data(#"{"a": 1, "b": null, "c": [true]}"#.utf8))
        let right = try JSONTree(parsing: Data(#"{"a": 1, "c": [1]}"#.utf8))
        #expect(left.differences(from: right) == ["$.b: null on the left, missing on the right", "$.c[0]: true ≠ 1.0"])
    }

    @Test("The order of members and the spelling of a number are not differences")
    func ignoresOrderAndNumberSpelling() throws {
        let left = try JSONTree(parsing: Data(#"{"width": 10, "name": "x"}"#.utf8))
        let right = try JSONTree(parsing: Data(#"{"name": "x", "width": 10.0}"#.utf8))
        #expect(left.differences(from: right).isEmpty)
    }
}
