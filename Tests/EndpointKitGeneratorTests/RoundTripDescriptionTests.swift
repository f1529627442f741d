#if OpenAPIGenerator
    import Foundation
    import Testing

    @testable import EndpointKitGenerator

    /// The text of one of the round-trip harness's descriptions
    /// (Tests/EndpointKitRoundTripTests/Descriptions), or else of a description in Descriptions/.
    func roundTripOrOwnDescription(_ name: String) throws -> String {
        guard name.hasPrefix("roundtrip-") else { return try description(name) }
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let url = tests.appendingPathComponent("EndpointKitRoundTripTests/Descriptions/\(name)")
        return try String(contentsOf: url, encoding: .utf8)
    }

    // The round-trip harness's description in its four forms: OpenAPI 3.1 YAML (written by hand),
    // and 3.1 JSON, 3.0 YAML and 3.0 JSON (derived by scripts/checks/roundtrip-descriptions). Only the
    // code of the 3.1 YAML is committed and compiled (Tests/EndpointKitRoundTripTests/Generated,
    // checked by GeneratorTests); the round-trip tests call it against connexion serving each form.
    // That proves each form only if each generates that same code, which these tests check.
    @Suite("The round-trip description's four forms")
    struct RoundTripDescriptionTests {
        static let forms = ["roundtrip-3.1.json", "roundtrip-3.0.yaml", "roundtrip-3.0.json"]

        /// The generated files, less their first line (which names the description they came from).
        static func code(of name: String) throws -> [String: String] {
            let code = try EndpointGenerator.generate(
                text: roundTripOrOwnDescription(name), sourceName: name, moduleName: "EndpointKitRoundTripTests")
            #expect(code.warnings.isEmpty, "\(name): \(code.warnings)")
            return Dictionary(
                uniqueKeysWithValues: code.files.map { file in
                    (
                        file.path,
                        file.contents.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)[1...]
                            .joined()
                    )
                })
        }

        @Test("Each form generates the same files, with the same code, as the 3.1 YAML", arguments: forms)
        func generatesTheSameCode(form: String) throws {
            let reference = try Self.code(of: "roundtrip-3.1.yaml")
            let other = try Self.code(of: form)
            #expect(other.keys.sorted() == reference.keys.sorted())
            for (path, contents) in reference.sorted(by: { $0.key < $1.key }) {
                #expect(other[path] == contents, "\(form) gives other code in \(path)")
            }
        }

        @Test("Every operation of the description is generated")
        func generatesEveryOperation() throws {
            let code = try EndpointGenerator.generate(
                text: roundTripOrOwnDescription("roundtrip-3.1.yaml"), sourceName: "roundtrip-3.1.yaml")
            #expect(code.endpointCount == 20)
        }
    }
#endif
