import Foundation
import Testing

@testable import EndpointKit

@Suite("Fast snake_case key decoding")
struct SnakeCaseDecodingTests {
    /// Keys the rewriter converts itself; each must come out as Foundation's strategy makes it.
    static let convertedKeys = [
        "a_b", "full_name", "html_url", "a__b", "a___b_c", "_both_ends_", "__two_leading", "two_trailing__",
        "_a_b_", "HTML_url", "URL_Path", "ALL_CAPS_KEY", "a_B", "a_BC", "already_camelCase", "x_1st", "utf_8",
        "a_1b", "sha_256_hash", "x1y2_z3w4", "a_b'c", "it_it's", "x_y-z", "a_b.c", "a_b c", "a_$", "a_@b",
        "0_a", "a_0", "with space_x", "a_b_c_d_e", "mIxEd_CaSe_KeY", "a_b/c", "q_a:b",
    ]

    /// Keys Foundation leaves as they are, and so does the rewriter.
    static let unchangedKeys = [
        "", "_", "___", "a", "ab", "ABC", "camelCase", "_id", "__private", "trailing_", "__a", "a__", "_a_",
        "émoji🚀", "Ünïcode", "x-y", "1",
    ]

    @Test("Each converted key comes out as Foundation's convertFromSnakeCase makes it", arguments: convertedKeys)
    func convertsLikeFoundation(key: String) throws {
        let json = Data(#"{"\#(key)": 1, "plain": 2}"#.utf8)
        let expected = try SnakeCase.foundation().decode(KeyTree.self, from: json)
        guard case .rewritten(let ours) = SnakeCase.fastPath(KeyTree.self, from: json) else {
            Issue.record("\(key) did not take the rewriting path")
            return
        }
        #expect(ours == expected)
        #expect(ours.keys.count == 2)
    }

    @Test("Keys Foundation leaves alone stay as they are, without a copy", arguments: unchangedKeys)
    func leavesKeysAlone(key: String) throws {
        let json = Data(#"{"\#(key)": 1}"#.utf8)
        let expected = try SnakeCase.foundation().decode(KeyTree.self, from: json)
        guard case .unchanged(let ours) = SnakeCase.fastPath(KeyTree.self, from: json) else {
            Issue.record("\(key) was rewritten or refused")
            return
        }
        #expect(ours == expected)
        #expect(ours.keys == [key])
    }

    @Test(
        "Keys with an escape, or non-ASCII and an underscore, go to Foundation",
        arguments: [#"a\u005fb"#, #"a\"_b"#, #"tab\t_x"#, "émoji_🚀", "a_\u{301}b", "Ünï_code", #"a\\b"#])
    func refusesKeysItCannotConvertByBytes(key: String) throws {
        let json = Data(#"{"\#(key)": 1, "full_name": 2}"#.utf8)
        guard case .unsupported = SnakeCase.fastPath(KeyTree.self, from: json) else {
            Issue.record("\(key) took the fast path")
            return
        }
        SnakeCase.expectSameResult(KeyTree.self, from: json)
    }

    @Test("String values that look like keys are never rewritten")
    func leavesStringValuesAlone() throws {
        struct Note: Decodable, Equatable {
            let someText: String
            let otherText: [String]
        }
        let json = #"""
            {"some_text": "a \"b_c\": d, \"_x\":1 and \\\"e_f\": g", "other_text": ["\"g_h\":", "i_j", "k_l\\", ":"]}
            """#
        let note = try #require(SnakeCase.fastPath(Note.self, from: Data(json.utf8)).value)
        #expect(note.someText == #"a "b_c": d, "_x":1 and \"e_f": g"#)
        #expect(note.otherText == [#""g_h":"#, "i_j", #"k_l\"#, ":"])
        SnakeCase.expectSameResult(Note.self, from: json)
    }

    @Test("A key repeated in every object converts as it did the first time, also beside look-alike keys")
    func convertsRepeatedKeysAlike() throws {
        // Equal length and equal first and last eight bytes: only the middle tells them apart.
        let lookAlikes = ["abcdefgh_x_ijklmnop", "abcdefgh_y_ijklmnop", "abcdefghXy_ijklmnop", "abcdefgh_xyijklmnop"]
        // Over a thousand other keys, so that remembered keys are pushed out and come back.
        let others = (0..<1_200).map { "key_\($0)_of_\($0 % 7)" } + ["id", "node_id", "_id", "ab"]
        let objects = (0..<3).map { round in
            let keys = (round.isMultiple(of: 2) ? lookAlikes : lookAlikes.reversed()) + others
            return "{" + keys.enumerated().map { #""\#($1)": \#($0)"# }.joined(separator: ", ") + "}"
        }
        let json = Data(("[" + objects.joined(separator: ", ") + "]").utf8)
        let expected = try SnakeCase.foundation().decode(KeyTree.self, from: json)
        guard case .rewritten(let ours) = SnakeCase.fastPath(KeyTree.self, from: json) else {
            Issue.record("the document did not take the rewriting path")
            return
        }
        // Not `#expect(ours == expected)`: it would print 3,600 keys twice.
        let sameAsFoundation = ours == expected
        #expect(sameAsFoundation, "the fast path's keys or values differ from Foundation's")
        guard case .array(let decoded) = ours, case .object(let first) = decoded.first else {
            Issue.record("not an array of objects: \(ours)")
            return
        }
        #expect(first["abcdefghXIjklmnop"] == .number(0))
        #expect(first["abcdefghYIjklmnop"] == .number(1))
        #expect(first["abcdefghxyIjklmnop"] == .number(2))
        #expect(first["abcdefghXyijklmnop"] == .number(3))
    }

    @Test("Nested objects and arrays, optionals and dates decode as with Foundation's strategy")
    func decodesNestedValues() throws {
        struct Label: Decodable, Equatable { let labelName: String; let isDefault: Bool? }
        struct Issue: Decodable, Equatable {
            let issueNumber: Int
            let closedAt: Date?
            let labelSets: [[Label]]
            let assignee: Label?
            let pullRequest: [String: String]?
        }
        let json = #"""
            [{"issue_number": 1, "closed_at": "2026-11-21T05:14:00Z", "assignee": null,
              "label_sets": [[{"label_name": "bug_fix", "is_default": true}], [], [{"label_name": "x"}]]},
             {"issue_number" : 2 ,"closed_at":null,"label_sets":[],"assignee":{"label_name":"y","is_default":false},
              "pull_request": {"html": "h"}}]
            """#
        let issues = try #require(SnakeCase.fastPath([Issue].self, from: Data(json.utf8)).value)
        #expect(issues.map(\.issueNumber) == [1, 2])
        #expect(issues[0].labelSets[0][0] == Label(labelName: "bug_fix", isDefault: true))
        #expect(issues[1].pullRequest == ["html": "h"])
        SnakeCase.expectSameResult([Issue].self, from: json)
    }

    @Test("A [String: T] keeps its keys, as with Foundation's strategy")
    func keepsDictionaryKeys() throws {
        struct Repository: Decodable, Equatable {
            let fullName: String
            let labelCounts: [String: Int]
            let permissions: [String: Bool]
        }
        let json = #"""
            {"full_name": "a/b", "label_counts": {"bug_fix": 1, "newFeature": 2}, "permissions": {"admin": true}}
            """#
        let foundation = try SnakeCase.foundation().decode(Repository.self, from: Data(json.utf8))
        #expect(foundation.labelCounts == ["bug_fix": 1, "newFeature": 2])
        SnakeCase.expectSameResult(Repository.self, from: json)
        SnakeCase.expectSameResult([String: Int].self, from: #"{"a_b": 1, "c": 2}"#)
        SnakeCase.expectSameResult([String: [String: Int]].self, from: #"{"a_b": {"c_d": 1}}"#)
        SnakeCase.expectSameResult(JSONValue.self, from: #"{"a_b": {"c_d": [1, {"e_f": null}]}}"#)

        // A dictionary none of whose keys changed is served by the rewritten document.
        let permissionsOnly =
            #"{"full_name": "a/b", "label_counts": {}, "permissions": {"admin": true, "push": false}}"#
        guard case .rewritten(let ours) = SnakeCase.fastPath(Repository.self, from: Data(permissionsOnly.utf8)) else {
            Issue.record("a dictionary without converted keys made the fast path give up")
            return
        }
        #expect(ours.permissions == ["admin": true, "push": false])
    }

    @Test("A dictionary whose keys were converted makes the fast path give up, not guess")
    func refusesDictionaryWithConvertedKeys() {
        let json = Data(#"{"outer_key": {"inner_key": 1}}"#.utf8)
        guard case .failed(let error) = SnakeCase.fastPath([String: [String: Int]].self, from: json) else {
            Issue.record("the rewritten document served a dictionary with converted keys")
            return
        }
        #expect(error is SnakeCaseFallback)
    }

    /// Reads a `[String: Int]` if it can, and otherwise settles for less, as lenient types do.
    enum Labels: Decodable, Equatable {
        case counts([String: Int])
        case unknown

        init(from decoder: any Decoder) throws {
            if let counts = try? decoder.singleValueContainer().decode([String: Int].self) {
                self = .counts(counts)
            } else {
                self = .unknown
            }
        }
    }

    @Test("A type that catches the dictionary's refusal still gets Foundation's result, not its second choice")
    func ignoresCaughtRefusal() throws {
        struct Ticket: Decodable, Equatable {
            let issueLabels: Labels
        }
        let json = Data(#"{"issue_labels": {"bug_fix": 1}}"#.utf8)
        guard case .failed(let error) = SnakeCase.fastPath(Ticket.self, from: json) else {
            Issue.record("the fast path kept a result built after a refused dictionary")
            return
        }
        #expect(error is SnakeCaseFallback)
        #expect(try SnakeCase.library.decode(Ticket.self, from: json).issueLabels == .counts(["bug_fix": 1]))
        SnakeCase.expectSameResult(Ticket.self, from: json)
        SnakeCase.expectSameResult([JSONValue].self, from: #"[{"a_b": 1}, [{"c_d": 2}]]"#)
    }

    @Test(
        "Truncated and malformed JSON throws Foundation's DecodingError",
        arguments: [
            #""abc"#, #"{"a_b"#, #"{"a_b":"#, #"{"a_b": 1"#, #"{"a_b" 1}"#, #"[{"a_b":1},"#, #"{"a\"#, #""\"#,
            #"{"a_b":"\"}"#, "{", "}", "", "nul", #"{"a_b":1}}"#, #"{"a_b":01}"#, #"["a_b": 1]"#,
            #"{"a_b":1 "c_d":2}"#, #"{"a_b"::1}"#, "{\"a_\u{01}b\":1}", #"{"full_name": "x", "#, "\"_\":",
        ])
    func rejectsMalformedJSON(json: String) {
        SnakeCase.expectSameResult(KeyTree.self, from: json)
        #expect(throws: DecodingError.self) { try SnakeCase.library.decode(KeyTree.self, from: Data(json.utf8)) }
    }

    @Test("What Foundation's parser tolerates, a trailing comma, the fast path tolerates too")
    func acceptsTrailingComma() {
        let json = Data(#"{"a_b": [1, 2,], "c_d": {"e_f": 1,},}"#.utf8)
        #expect(SnakeCase.fastPath(KeyTree.self, from: json).value != nil)
        SnakeCase.expectSameResult(KeyTree.self, from: json)
    }

    @Test("Bytes that are not UTF-8 JSON throw or decode as with Foundation")
    func handlesOtherEncodings() throws {
        let utf16 = try #require(#"{"full_name": 1}"#.data(using: .utf16))
        SnakeCase.expectSameResult(KeyTree.self, from: utf16)
        SnakeCase.expectSameResult(KeyTree.self, from: Data([0xEF, 0xBB, 0xBF] + Array(#"{"a_b": 1}"#.utf8)))
        SnakeCase.expectSameResult(KeyTree.self, from: Data([0x7B, 0x22, 0xFF, 0x5F, 0x61, 0x22, 0x3A, 0x31, 0x7D]))
        SnakeCase.expectSameResult(KeyTree.self, from: Data([0x7B, 0x22, 0x61, 0x5F, 0x62, 0x22, 0x3A, 0x00, 0x7D]))
    }

    @Test("The GitHub fixture decodes on the fast path as with Foundation's strategy")
    func decodesGitHubFixture() throws {
        let url = try #require(
            Bundle.module.url(forResource: "user-repos", withExtension: "json", subdirectory: "Fixtures"))
        let data = try Data(contentsOf: url)
        let expected = try SnakeCase.foundation().decode(KeyTree.self, from: data)
        guard case .rewritten(let ours) = SnakeCase.fastPath(KeyTree.self, from: data) else {
            Issue.record("the fixture did not take the rewriting path")
            return
        }
        #expect(ours == expected)
        SnakeCase.expectSameResult([FixtureRepository].self, from: data)
    }

    /// GitHub's documented repository shape, as an app would declare it.
    struct FixtureRepository: Decodable, Equatable {
        struct Owner: Decodable, Equatable { let login: String }
        struct License: Decodable, Equatable { let spdxId: String }
        let fullName: String
        let htmlUrl: URL
        let description: String?
        let language: String?
        let stargazersCount: Int
        let owner: Owner
        let license: License?
        let topics: [String]
        let createdAt: Date
    }
}
