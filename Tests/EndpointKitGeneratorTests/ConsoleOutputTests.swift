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
    }
#endif
