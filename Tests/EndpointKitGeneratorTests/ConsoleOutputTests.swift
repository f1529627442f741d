#if OpenAPIGenerator
    import EndpointKitGenerator
    import Foundation
    import Testing

    @testable import endpointkit_generate

    /// What `endpointkit-generate` prints, and what `--quiet` keeps quiet.
    @Suite("Console output")
    struct ConsoleOutputTests {
        static let report = GeneratorCommand.Report(
            warnings: [GeneratorWarning("cookie parameter 'session' is not supported", at: JSONPointer.root)],
            endpointCount: 2, typeCount: 1, fileCount: 3, lineCount: 120, writtenCount: 3, removedCount: 0,
            validationWarnings: [ValidationFinding(.warning, "nullable is not a 3.1 keyword", at: JSONPointer.root)])

        @Test("Without --quiet: the summary on standard output, each warning on standard error")
        func printsSummaryAndWarnings() {
            let console = ConsoleReport(Self.report, seconds: 0.5, quiet: false)
            #expect(
                console.standardOutput == [
                    "Generated 2 endpoints and 1 type in 3 files (120 lines; 3 written, 0 removed) in 0.50 s, "
                        + "with 1 warning; valid OpenAPI for OpenAPIKit, with 1 warning."
                ])
            #expect(
                console.standardError == [
                    "warning: #: cookie parameter 'session' is not supported",
                    "warning: OpenAPIKit: #: nullable is not a 3.1 keyword",
                ])
        }

        @Test("--quiet prints neither the summary nor the warnings")
        func quietPrintsNothing() throws {
            let arguments = try CommandLineArguments(["api.yaml", "--output", "out", "--quiet"])
            let console = ConsoleReport(Self.report, seconds: 0.5, quiet: arguments.quiet)
            #expect(console.standardOutput == [])
            #expect(console.standardError == [])
        }

        @Test("A filter that leaves out a webhook leaves out its warning; one that selects it keeps it")
        func reportsOnlySelectedWebhooks() throws {
            let text = try description("unsupported.yaml") + "      tags: [pets]\n      operationId: pets/new\n"
            let unfiltered = try EndpointGenerator.generate(text: text, sourceName: "x")
            #expect(unfiltered.warnings.contains { $0.message.hasPrefix("webhook 'newPet' skipped") })

            let health = try EndpointGenerator.generate(
                text: text, filter: OperationFilter(operationIDs: ["health"]), sourceName: "x")
            #expect(health.warnings.map(\.description) == [])

            for filter in [
                OperationFilter(tags: ["pets"], operationIDs: ["health"]),
                OperationFilter(operationIDs: ["health", "pets/new"]),
            ] {
                let code = try EndpointGenerator.generate(text: text, filter: filter, sourceName: "x")
                #expect(
                    code.warnings.map(\.description) == [
                        "#/webhooks/newPet: webhook 'newPet' skipped: webhooks are requests to your server"
                    ])
            }
        }

        /// The error generating `text` throws, as endpointkit-generate prints it.
        private func printedError(generating text: String) -> String? {
            do {
                _ = try EndpointGenerator.generate(text: text, sourceName: "openapi.yaml")
                return nil
            } catch let error as GeneratorError {
                return diagnostic(for: error, in: "Sources/API/openapi.yaml")
            } catch {
                return nil
            }
        }

        @Test("A description that does not parse is reported as file:line:column: error:, with what was expected")
        func invalidSyntaxNamesFileAndLine() throws {
            let printed = try #require(
                printedError(generating: "openapi: 3.1.0\ninfo: {title: t, version: \"1\"\npaths:\n"))
            #expect(printed.hasPrefix("Sources/API/openapi.yaml:3:1: error: not valid YAML or JSON: parser: "))
            #expect(printed.contains("did not find expected ',' or '}'"))
        }

        @Test("A JSON description that does not parse is reported as file:line:column: error:, as a YAML one is")
        func invalidJSONNamesFileLineAndColumn() throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "invalid-json-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let description = directory.appendingPathComponent("openapi.json")
            // A comma is missing after `info`'s object: the next member starts on line 4, column 3.
            try Data(
                """
                {
                  "openapi": "3.1.0",
                  "info": {"title": "t", "version": "1"}
                  "paths": {}
                }
                """.utf8
            ).write(to: description)
            let arguments = try CommandLineArguments(
                [description.path, "--output", directory.appendingPathComponent("Generated").path])
            let error = try #require(throws: GeneratorError.self) { try GeneratorCommand(arguments: arguments).run() }
            #expect(
                diagnostic(for: error, in: description.path)
                    == "\(description.path):4:3: error: not valid JSON: expected '}', found '\"'")
        }

        @Test("A malformed description is reported as file:line: error:, with the place and what was expected")
        func malformedDescriptionNamesFileAndLine() throws {
            let text = """
                openapi: 3.1.0
                info: {title: t, version: "1"}
                paths:
                  /get:
                    get:
                      parameters:
                        - {name: q, in: query, required: yes-please, schema: {type: string}}
                      responses: {"200": {description: ok}}
                """
            #expect(
                printedError(generating: text)
                    == "Sources/API/openapi.yaml:7: error: malformed description at "
                    + "#/paths/~1get/get/parameters/0/required (line 7): expected true or false, found 'yes-please'")
        }
    }
#endif
