#if OpenAPIGenerator
    import EndpointKitGenerator
    import Foundation
    import Testing

    @testable import endpointkit_generate

    /// Filter entries that name nothing in the description: each one is an error at its place,
    /// as swift-openapi-generator stops on a tag, an operation or a path its document lacks.
    @Suite("Filter entries that name nothing")
    struct FilterEntryTests {
        static let configPath = "Sources/API/endpointkit-config.yaml"
        static let descriptionPath = "Sources/API/openapi.yaml"

        /// The lines endpointkit-generate prints for `arguments` (and the configuration file
        /// `config`, when given) over `text`; empty when it generates.
        private func printedErrors(
            _ arguments: [String] = [], config: String? = nil, text: String? = nil
        ) throws -> [String] {
            let text = try text ?? description("features.yaml")
            let configArguments = config == nil ? [] : ["--config", Self.configPath]
            let parsed = try CommandLineArguments(
                [Self.descriptionPath, "--output", "out"] + configArguments + arguments
            ) { _ in config ?? "" }
            do {
                _ = try EndpointGenerator.generate(
                    text: text, sourceName: "openapi.yaml", options: parsed.generationOptions)
                return []
            } catch let error as UnmatchedFilterEntriesError {
                return diagnostics(for: error, in: Self.descriptionPath)
            } catch let error as GeneratorError {
                return [diagnostic(for: error, in: Self.descriptionPath, filter: parsed.generationOptions.filter)]
            }
        }

        @Test("A misspelt operation ID in the configuration file fails at its line and column, though a tag matches")
        func misspeltOperationFailsAtItsPlace() throws {
            let printed = try printedErrors(
                config: """
                    accessModifier: internal
                    filter: {tags: [store], operations: [pets/gte]}
                    """)
            #expect(
                printed == [
                    "\(Self.configPath):2:38: error: filter.operations: no operation in openapi.yaml has the "
                        + "operationId 'pets/gte'"
                ])
        }

        @Test("Every entry that names nothing is reported, a tag, an operation and a path alike, each at its line")
        func everyUnmatchedEntryIsReported() throws {
            let printed = try printedErrors(
                config: """
                    filter:
                      operations:
                        - pets/get
                        - pets/gte
                      tags: [pets, stroe]
                      paths: ["/pet/**", "/pets/*"]
                    """)
            #expect(
                printed == [
                    "\(Self.configPath):4:7: error: filter.operations: no operation in openapi.yaml has the "
                        + "operationId 'pets/gte'",
                    "\(Self.configPath):5:16: error: filter.tags: no operation in openapi.yaml has the tag 'stroe'",
                    "\(Self.configPath):6:11: error: filter.paths: no path in openapi.yaml matches '/pet/**'",
                ])
        }

        @Test("An entry of the command line is named by its option, at the description")
        func commandLineEntryIsNamedByItsOption() throws {
            let printed = try printedErrors(
                ["--tag", "pets", "--operation", "pets/gte", "--path", "/nowhere"],
                config: "filter: {operations: [pets/get]}")
            #expect(
                printed == [
                    "\(Self.descriptionPath): error: --operation: no operation in openapi.yaml has the operationId "
                        + "'pets/gte'",
                    "\(Self.descriptionPath): error: --path: no path in openapi.yaml matches '/nowhere'",
                ])
        }

        @Test("The configuration file's entries are checked whatever the command line adds of other kinds")
        func fileEntriesAreCheckedBesideCommandLine() throws {
            let printed = try printedErrors(["--tag", "store"], config: "filter:\n  operations: [pets/gte]\n")
            #expect(
                printed == [
                    "\(Self.configPath):2:16: error: filter.operations: no operation in openapi.yaml has the "
                        + "operationId 'pets/gte'"
                ])
        }

        /// A description whose webhook `newPet` has the tag `hooks` and the operation ID `pets/new`.
        private func webhookDescription() throws -> String {
            try description("unsupported.yaml") + "      tags: [hooks]\n      operationId: pets/new\n"
        }

        @Test("A filter that selects only webhooks matches no operation, at the configuration file's filter")
        func webhookOnlyFilterPointsAtConfigurationFile() throws {
            let printed = try printedErrors(
                config: "quiet: true\nfilter:\n  tags: [hooks]\n  operations: [pets/new]\n",
                text: webhookDescription())
            #expect(
                printed == [
                    "\(Self.configPath):2:1: error: no operation matches filter.tags [hooks] or "
                        + "filter.operations [pets/new]"
                ])
        }

        @Test("From the command line, the filter that matches no operation is named by its options")
        func webhookOnlyFilterNamesOptions() throws {
            let printed = try printedErrors(
                ["--tag", "hooks"], config: "filter: {tags: [health]}", text: webhookDescription())
            #expect(printed == ["\(Self.descriptionPath): error: no operation matches --tag hooks"])
        }
    }
#endif
