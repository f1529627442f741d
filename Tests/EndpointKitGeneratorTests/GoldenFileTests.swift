#if OpenAPIGenerator
    import Foundation
    import Testing

    @testable import EndpointKitGenerator

    /// Each small description in Descriptions/ is generated and compared with Golden/NAME.txt: every
    /// file, then the warnings. Run with ENDPOINTKIT_UPDATE_GOLDEN=1 to write the golden files anew,
    /// then read the diff.
    @Suite("Golden files")
    struct GoldenFileTests {
        @Test(
            "Generated code is what the golden file holds",
            arguments: [
                "naming",  // identifiers from odd names, keywords, initialisms, colliding names
                "composition",  // OpenAPI 3.1 types with null, allOf, oneOf, anyOf, additionalProperties
                "unsupported",  // warnings for what cannot be represented
                "discriminator",  // oneOf told apart by a discriminator (mapped or implicit), or by const values
                "bodies",  // form and multipart request bodies: fields, arrays, enums, files; JSON preferred
                "objects",  // objects and choices of scalars in form and multipart bodies, by their encoding
            ])
        func matchesGoldenFile(name: String) throws {
            let code = try EndpointGenerator.generate(text: description("\(name).yaml"), sourceName: "\(name).yaml")
            var text = ""
            for file in code.files {
                text += "// ==== \(file.path)\n" + file.contents + "\n"
            }
            text += "// ==== warnings\n" + code.warnings.map { "// \($0)\n" }.joined()

            let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("Golden/\(name).txt")
            if ProcessInfo.processInfo.environment["ENDPOINTKIT_UPDATE_GOLDEN"] == "1" {
                try text.write(to: golden, atomically: true, encoding: .utf8)
            }
            let expected = try String(contentsOf: golden, encoding: .utf8)
            #expect(text == expected, "run with ENDPOINTKIT_UPDATE_GOLDEN=1 and read the diff of Golden/\(name).txt")
        }
    }
#endif
