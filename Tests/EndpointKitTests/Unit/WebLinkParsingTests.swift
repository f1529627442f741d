import EndpointKit
import Foundation
import Testing

@Suite("Parsing Link headers")
struct WebLinkParsingTests {
    @Test("GitHub's pagination header gives next and last in order")
    func parsesGitHub() throws {
        let header =
            #"<https://api.github.com/user/repos?page=3&per_page=100>; rel="next", <https://api.github.com/user/repos?page=50&per_page=100>; rel="last""#
        let links = try WebLink.parse(header)
        #expect(links.count == 2)
        #expect(links[0].target == "https://api.github.com/user/repos?page=3&per_page=100")
        #expect(links[0].has(relation: "next"))
        #expect(links[1].has(relation: "LAST"))
    }

    @Test(
        "Real-world variations parse to the same targets and relations",
        arguments: [
            (#"<https://x/a?page=2>; rel=next"#, ["https://x/a?page=2"], [["next"]]),
            (#"<https://x/a>;rel="next""#, ["https://x/a"], [["next"]]),
            (
                #"  <https://x/a>  ;  rel = "next"  ,  <https://x/b> ; rel="prev"  "#, ["https://x/a", "https://x/b"],
                [["next"], ["prev"]]
            ),
            (#"<https://x/a>; rel="next last""#, ["https://x/a"], [["next", "last"]]),
            (#"<https://x/a>; REL="Next""#, ["https://x/a"], [["next"]]),
            (#"<https://x/a,b;c>; rel="next""#, ["https://x/a,b;c"], [["next"]]),
            (#"<https://x/a>; title="a, b; c"; rel="next""#, ["https://x/a"], [["next"]]),
            (
                #"<https://x/a>; rel="first", <https://x/b>; rel="prev", <https://x/c>; rel="next", <https://x/d>; rel="last""#,
                ["https://x/a", "https://x/b", "https://x/c", "https://x/d"], [["first"], ["prev"], ["next"], ["last"]]
            ),
            (#"</relative?page=2>; rel="next""#, ["/relative?page=2"], [["next"]]),
            (#"<https://x/a>; rel="next"; rel="prev""#, ["https://x/a"], [["next"]]),
            (#"<https://x/a>"#, ["https://x/a"], [[]]),
            (#"<https://x/a>;; rel=next;"#, ["https://x/a"], [["next"]]),
            (#", <https://x/a>; rel=next,,"#, ["https://x/a"], [["next"]]),
            ("", [], []),
            ("   ", [], []),
        ])
    func parsesVariations(header: String, targets: [String], relations: [[String]]) throws {
        let links = try WebLink.parse(header)
        #expect(links.map(\.target) == targets)
        #expect(links.map(\.relations) == relations)
    }

    @Test("Quoted parameter values are unescaped and parameters are kept")
    func parsesParameters() throws {
        let links = try WebLink.parse(#"<https://x/a>; rel="next"; title="say \"hi\""; type=text/html"#)
        #expect(links[0].parameters == ["rel": "next", "title": #"say "hi""#, "type": "text/html"])
    }

    @Test(
        "Malformed headers give an error, never a crash",
        arguments: [
            "https://x/a; rel=next",
            "<https://x/a; rel=next",
            #"<https://x/a>; rel="next"#,
            "<https://x/a>; =next",
            "<https://x/a> rel=next",
            #"<https://x/a>; rel="next" <https://x/b>"#,
            #"<https://x/a>; title="\"#,
        ])
    func rejectsMalformed(header: String) {
        #expect(throws: LinkHeaderError.self) { try WebLink.parse(header) }
    }

    @Test("A relative target resolves against the response URL")
    func resolvesRelative() throws {
        let link = try #require(try WebLink.parse(#"</user/repos?page=2>; rel="next""#).first)
        #expect(
            link.url(relativeTo: URL(string: "https://api.github.com/user/repos?page=1"))?.absoluteString
                == "https://api.github.com/user/repos?page=2")
    }

    @Test("Random bytes never crash the parser")
    func survivesGarbage() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("<>;,=\" \\\trelnxt/:ab\u{0}é")
        for _ in 0..<2_000 {
            let length = Int.random(in: 0..<40, using: &generator)
            let header = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            _ = try? WebLink.parse(header)
        }
    }
}
