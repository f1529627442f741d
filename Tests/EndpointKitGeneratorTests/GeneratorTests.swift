#if OpenAPIGenerator
    import Foundation
    import Testing

    @testable import EndpointKitGenerator

    /// The text of a description in Descriptions/.
    func description(_ name: String) throws -> String {
        let url = try #require(Bundle.module.url(forResource: "Descriptions/\(name)", withExtension: nil))
        return try String(contentsOf: url, encoding: .utf8)
    }

    @Suite("endpointkit-generate")
    struct GeneratorTests {
        /// Generated code that is committed and compiled, and what made it.
        struct CommittedOutput: Sendable, CustomTestStringConvertible {
            var description: String
            var filter: OperationFilter
            var moduleName: String
            /// Relative to the repository.
            var directory: String

            var testDescription: String { directory }
        }

        static let committedOutputs = [
            CommittedOutput(
                description: "features.yaml", filter: OperationFilter(), moduleName: "EndpointKitGeneratorTests",
                directory: "Tests/EndpointKitGeneratorTests/Generated"),
            CommittedOutput(
                description: "parameters.yaml", filter: OperationFilter(), moduleName: "EndpointKitGeneratorTests",
                directory: "Tests/EndpointKitGeneratorTests/GeneratedParameters"),
            CommittedOutput(
                description: "roundtrip-3.1.yaml", filter: OperationFilter(), moduleName: "EndpointKitRoundTripTests",
                directory: "Tests/EndpointKitRoundTripTests/Generated"),
            CommittedOutput(
                description: "api.github.com.yaml",
                filter: OperationFilter(operationIDs: [
                    "repos/list-for-authenticated-user", "repos/list-for-user", "repos/get", "issues/create",
                ]),
                moduleName: "GitHubGenerated", directory: "Examples/GitHubGenerated/Endpoints/Generated"),
        ]

        @Test("Committed generated code is what the generator writes today", arguments: committedOutputs)
        func committedCodeIsCurrent(output: CommittedOutput) throws {
            let code = try EndpointGenerator.generate(
                text: roundTripOrOwnDescription(output.description), filter: output.filter,
                sourceName: output.description, moduleName: output.moduleName)
            let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            let directory = repository.appendingPathComponent(output.directory)
            for file in code.files {
                let committed = try String(contentsOf: directory.appendingPathComponent(file.path), encoding: .utf8)
                #expect(committed == file.contents, "\(file.path) is stale: run endpointkit-generate again")
            }
            let committedCount = FileManager.default.enumerator(atPath: directory.path)?.allObjects
                .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.count
            #expect(committedCount == code.files.count)
            #expect(code.warnings.isEmpty)
        }

        @Test("The same description gives byte-identical output, run after run")
        func isDeterministic() throws {
            let text = try description("features.yaml")
            let first = try EndpointGenerator.generate(text: text, sourceName: "features.yaml")
            let second = try EndpointGenerator.generate(text: text, sourceName: "features.yaml")
            #expect(first.files == second.files)
        }

        @Test("A filter keeps its operations and only the schemas they reach")
        func filtersOperationsAndSchemas() throws {
            let text = try description("features.yaml")
            let store = try EndpointGenerator.generate(
                text: text, filter: OperationFilter(tags: ["store"]), sourceName: "f")
            #expect(
                store.files.map(\.path) == [
                    "Schemas/Category.swift", "Support/Indirect.swift", "Endpoints/StoreEndpoints.swift",
                ])
            #expect(store.endpointCount == 3)

            let one = try EndpointGenerator.generate(
                text: text, filter: OperationFilter(operationIDs: ["pets/get"]), sourceName: "f")
            #expect(one.endpointCount == 1)
            #expect(
                one.files.map(\.path).sorted() == [
                    "Endpoints/PetsEndpoints.swift", "Schemas/BasicError.swift", "Schemas/NewPet.swift",
                    "Schemas/NullableOwner.swift", "Schemas/Pet.swift", "Schemas/Photo.swift",
                    "Schemas/Reactions.swift",
                ])

            let paths = try EndpointGenerator.generate(
                text: text, filter: OperationFilter(pathGlobs: ["/pets/*/**"]), sourceName: "f")
            #expect(paths.endpointCount == 1)  // /pets/{pet_id}/photo

            let nothing = try #require(throws: UnmatchedFilterEntriesError.self) {
                try EndpointGenerator.generate(text: text, filter: OperationFilter(tags: ["nothing"]), sourceName: "f")
            }
            #expect(nothing.description == "error: --tag: no operation in f has the tag 'nothing'")
        }

        @Test(
            "Path globs: * stays within a segment, ** crosses segments, ? is one character",
            arguments: [
                ("/pets", "/pets", true), ("/pets/*", "/pets/{pet_id}", true),
                ("/pets/*", "/pets/{pet_id}/photo", false),
                ("/pets/**", "/pets/{pet_id}/photo", true), ("/pet?", "/pets", true), ("/pet?", "/pet/", false),
                ("**/photo", "/pets/{pet_id}/photo", true), ("/store/*", "/pets/x", false),
            ])
        func matchesGlobs(pattern: String, path: String, matches: Bool) {
            #expect(OperationFilter.glob(pattern, matches: path) == matches)
        }

        @Test("What cannot be represented is a warning that names its JSON pointer, and its operation is left out")
        func warnsAboutUnsupportedParts() throws {
            let code = try EndpointGenerator.generate(
                text: description("unsupported.yaml"), sourceName: "unsupported.yaml")
            #expect(
                code.warnings.map(\.description) == [
                    "#/paths/~1feed/post/requestBody: request body of type 'application/xml' is not supported (JSON, form, multipart, text and binary are); operation 'feed/post' skipped",
                    "#/paths/~1search/get/parameters/0: parameter 'filter' is an object whose members are not strings, numbers or Booleans, which is not supported; operation 'search' skipped",
                    "#/paths/~1session/get/parameters/0: cookie parameter 'session_id' is not supported; operation 'session/get' skipped",
                    "#/paths/~1subscriptions/post/callbacks: callbacks are not supported; operation 'subscriptions/create' skipped",
                    "#/webhooks/newPet: webhook 'newPet' skipped: webhooks are requests to your server",
                ])
            #expect(code.endpointCount == 1)
            let health = try #require(code.files.first { $0.path == "Endpoints/DefaultEndpoints.swift" }?.contents)
            #expect(health.contains("public struct Health: GET {"))
            #expect(health.contains("public typealias ResponseType = String\n"))
        }

        @Test("A parameter that is a choice of scalars is still held to the rules of where it goes")
        func checksScalarChoiceParameters() throws {
            let text = """
                openapi: 3.0.3
                info: {title: x, version: "1"}
                paths:
                  /runs:
                    get:
                      operationId: runs/list
                      parameters:
                        - name: workflow
                          in: query
                          style: deepObject
                          schema: {oneOf: [{type: integer}, {type: string}]}
                      responses: {"204": {description: none}}
                """
            let code = try EndpointGenerator.generate(text: text, sourceName: "x")
            #expect(
                code.warnings.map(\.description) == [
                    "#/paths/~1runs/get/parameters/0: query parameter style 'deepObject' is not supported; operation 'runs/list' skipped"
                ])
            #expect(code.endpointCount == 0)
        }

        @Test(
            "A malformed description is an error that says what and where",
            arguments: [
                (
                    "malformed-type.yaml",
                    "malformed description at #/paths/~1things/get/responses/200/content/application~1json/schema/type (line 14): unknown type 'thing'"
                )
            ])
        func reportsMalformedDescriptions(file: String, message: String) throws {
            let text = try description(file)
            #expect(throws: GeneratorError.self) { try EndpointGenerator.generate(text: text, sourceName: file) }
            do {
                _ = try EndpointGenerator.generate(text: text, sourceName: file)
            } catch {
                #expect("\(error)" == message)
            }
        }

        @Test(
            "Text that is not an OpenAPI 3 document is refused with the reason",
            arguments: [
                (
                    "swagger: '2.0'\ninfo: {title: x, version: '1'}\n",
                    "malformed description at # (line 1): Swagger 2.0 is not supported: convert it to OpenAPI 3 first"
                ),
                (
                    "openapi: 2.5.0\ninfo: {title: x, version: '1'}\n",
                    "malformed description at #/openapi (line 1): unsupported OpenAPI version '2.5.0': 3.0.x and 3.1.x are supported"
                ),
                (
                    "- a\n- b\n",
                    "malformed description at # (line 1): expected an OpenAPI document (a mapping), found a sequence"
                ),
                (
                    "openapi: 3.0.0\ninfo: {title: x, version: '1'}\npaths:\n  /a:\n    get:\n      parameters: {name: x}\n",
                    "malformed description at #/paths/~1a/get/parameters (line 6): expected a sequence, found a mapping"
                ),
                ("openapi: 3.0.0\ninfo: [\n", "not valid YAML or JSON"),
                ("", "malformed description at #: the file is empty"),
            ])
        func refusesNonDocuments(text: String, message: String) {
            do {
                _ = try EndpointGenerator.generate(text: text, sourceName: "x")
                Issue.record("expected an error")
            } catch {
                #expect("\(error)".hasPrefix(message), "\(error)")
            }
        }

        @Test(
            "Names from the description become Swift identifiers",
            arguments: [
                ("repos/list-for-user", "ReposListForUser", "reposListForUser"),
                ("total_count", "TotalCount", "totalCount"),
                ("+1", "Plus1", "plus1"), ("-1", "Minus1", "minus1"), ("@type", "TypeValue", "type"),
                ("HTMLURL", "HTMLURL", "htmlurl"), ("html_url", "HTMLURL", "htmlURL"), ("node_id", "NodeID", "nodeID"),
                ("2fa", "_2fa", "_2fa"),
                ("self", "SelfValue", "selfValue"), ("default", "Default", "default"),
            ])
        func namesIdentifiers(name: String, type: String, member: String) {
            #expect(SwiftName.type(name) == type)
            #expect(SwiftName.member(name) == member)
        }
    }
#endif
