#if OpenAPIGenerator
    import Foundation
    import Testing

    @testable import EndpointKitGenerator

    /// The access level of generated code (`accessModifier`, `--access-modifier`), and the combined
    /// layout the build plugin writes. `public` is proven by the committed Generated/ code, which the
    /// test target compiles; `package` and `internal` by their golden files here and by
    /// scripts/checks/check-consumer, which compiles them with warnings as errors.
    @Suite("Access levels and layouts")
    struct AccessLevelTests {
        /// The code with its comments, its access keywords and its line breaks left out: what is the
        /// same at every access level (a longer keyword may wrap a signature differently).
        private func normalized(_ code: GeneratedCode) -> String {
            let text = code.files.map(\.contents).joined(separator: "\n")
            let words = text.split(separator: "\n")
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
                .flatMap { $0.split(separator: " ") }
                .filter { $0 != "public" && $0 != "package" }
            return words.joined(separator: " ").replacingOccurrences(of: "( ", with: "(")
                .replacingOccurrences(of: " )", with: ")")
        }

        @Test(
            "Generated code at an access level matches its golden file", arguments: [AccessModifier.package, .internal])
        func matchesGoldenFile(access: AccessModifier) throws {
            let options = GenerationOptions(accessModifier: access, layout: .combined)
            let code = try EndpointGenerator.generate(
                text: description("features.yaml"), sourceName: "features.yaml", options: options)
            var text = ""
            for file in code.files {
                text += "// ==== \(file.path)\n" + file.contents + "\n"
            }
            let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("Golden/features-\(access.rawValue).txt")
            if ProcessInfo.processInfo.environment["ENDPOINTKIT_UPDATE_GOLDEN"] == "1" {
                try text.write(to: golden, atomically: true, encoding: .utf8)
            }
            let expected = try String(contentsOf: golden, encoding: .utf8)
            #expect(
                text == expected,
                "run with ENDPOINTKIT_UPDATE_GOLDEN=1 and read the diff of Golden/features-\(access).txt")
        }

        @Test("The access level is the one difference between the code written at each level")
        func accessLevelIsTheOneDifference() throws {
            let text = try description("features.yaml")
            var codes: [AccessModifier: GeneratedCode] = [:]
            for access in AccessModifier.allCases {
                codes[access] = try EndpointGenerator.generate(
                    text: text, sourceName: "features.yaml", options: GenerationOptions(accessModifier: access))
            }
            let publicCode = try #require(codes[.public])
            let packageCode = try #require(codes[.package])
            let internalCode = try #require(codes[.internal])
            #expect(normalized(packageCode) == normalized(publicCode))
            #expect(normalized(internalCode) == normalized(publicCode))

            func declarations(_ code: GeneratedCode, startingWith keyword: String) -> Int {
                code.files.flatMap { $0.contents.split(separator: "\n") }.filter {
                    $0.trimmingCharacters(in: .whitespaces).hasPrefix(keyword)
                }.count
            }
            let publicCount = declarations(publicCode, startingWith: "public ")
            #expect(publicCount > 100)
            #expect(declarations(packageCode, startingWith: "package ") == publicCount)
            #expect(declarations(packageCode, startingWith: "public ") == 0)
            #expect(declarations(internalCode, startingWith: "public ") == 0)
            #expect(declarations(internalCode, startingWith: "package ") == 0)
        }

        @Test("With no access level given, the code is public, as it always was")
        func defaultsToPublic() throws {
            let text = try description("features.yaml")
            let old = try EndpointGenerator.generate(text: text, sourceName: "features.yaml")
            let new = try EndpointGenerator.generate(
                text: text, sourceName: "features.yaml", options: GenerationOptions())
            #expect(old.files == new.files)
            #expect(new.files.contains { $0.contents.contains("public struct ") })
        }

        @Test("The combined layout is the files layout's code in two files, with one header each")
        func combinedLayoutHoldsTheSameCode() throws {
            let text = try description("features.yaml")
            let files = try EndpointGenerator.generate(text: text, sourceName: "features.yaml")
            let combined = try EndpointGenerator.generate(
                text: text, sourceName: "features.yaml", options: GenerationOptions(layout: .combined))
            #expect(combined.files.map(\.path) == ["GeneratedTypes.swift", "GeneratedEndpoints.swift"])

            let first = files.files[0].contents
            let imports = try #require(first.range(of: "import Foundation\n\n"))
            let header = String(first[..<imports.upperBound])
            #expect(files.files.allSatisfy { $0.contents.hasPrefix(header) })
            func bodies(_ predicate: (GeneratedFile) -> Bool) -> String {
                files.files.filter(predicate).map { String($0.contents.dropFirst(header.count)) }.joined(
                    separator: "\n")
            }
            #expect(combined.files[0].contents == header + bodies { !$0.path.hasPrefix("Endpoints/") })
            #expect(combined.files[1].contents == header + bodies { $0.path.hasPrefix("Endpoints/") })
            #expect(combined.endpointCount == files.endpointCount)
        }

        @Test("The combined layout writes both files even when a filter leaves no type")
        func combinedLayoutAlwaysWritesTwoFiles() throws {
            let text = """
                openapi: 3.1.0
                info: {title: Health, version: "1"}
                paths:
                  /health:
                    get:
                      operationId: health
                      responses:
                        "204": {description: Up.}
                """
            let code = try EndpointGenerator.generate(
                text: text, sourceName: "health.yaml", options: GenerationOptions(layout: .combined))
            #expect(code.files.map(\.path) == ["GeneratedTypes.swift", "GeneratedEndpoints.swift"])
            #expect(code.files[0].contents.hasPrefix(EndpointGenerator.marker))
            #expect(code.files[1].contents.contains("struct Health: GET"))
        }
    }
#endif
