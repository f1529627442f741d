import Foundation
import Testing

/// The README's code is real code: these tests fail when it drifts from the files that compile.
@Suite("README")
struct ReadmeTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private func read(_ path: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("\"GitHub in 20 lines\" shows exactly the code of Examples/GitHub/GitHubIn20Lines.swift")
    func gitHubIn20LinesMatchesTheCompiledFile() throws {
        let file = try read("Examples/GitHub/GitHubIn20Lines.swift")
        let code = file.split(separator: "\n", omittingEmptySubsequences: false).drop { $0.hasPrefix("//") }
            .joined(separator: "\n")
        let readme = try read("README.md")
        #expect(readme.contains("```swift\n" + code.trimmingCharacters(in: .newlines) + "\n```"))
        #expect(code.split(separator: "\n").count <= 24)
    }

    @Test("\"Streaming\" shows exactly the code of Examples/Chat/ChatCompletion.swift")
    func streamingMatchesTheCompiledFile() throws {
        let file = try read("Examples/Chat/ChatCompletion.swift")
        let readme = try read("README.md")
        #expect(readme.contains("```swift\n" + file.trimmingCharacters(in: .newlines) + "\n```"))
    }
}
