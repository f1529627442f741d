#if OpenAPIGenerator
    import Foundation
    import Testing

    @testable import EndpointKitGenerator

    /// An operation the generator skips leaves nothing behind: no type of its own, and no type it
    /// would have shared with other operations.
    @Suite("Skipped operations")
    struct SkippedOperationTests {
        /// An operation skipped for its cookie parameter, which declares two error bodies.
        static let skippedWithErrorBodies = """
            openapi: 3.0.3
            info: {title: t, version: "1"}
            paths:
              /things:
                get:
                  operationId: things/list
                  parameters:
                    - {name: session, in: cookie, schema: {type: string}}
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: {type: array, items: {$ref: '#/components/schemas/Thing'}}
                    "404":
                      description: missing
                      content:
                        application/json:
                          schema: {$ref: '#/components/schemas/NotFound'}
                    "500":
                      description: failed
                      content:
                        application/json:
                          schema: {$ref: '#/components/schemas/Failure'}
            components:
              schemas:
                Thing:
                  type: object
                  properties:
                    id: {type: integer}
                NotFound:
                  type: object
                  properties:
                    message: {type: string}
                Failure:
                  type: object
                  properties:
                    code: {type: integer}
            """

        @Test("A skipped operation's error bodies are not written as a shared choice")
        func writesNoErrorChoiceForSkippedOperation() throws {
            let code = try EndpointGenerator.generate(text: Self.skippedWithErrorBodies, sourceName: "x")
            #expect(code.endpointCount == 0)
            #expect(code.typeCount == 0)
            #expect(code.files.map(\.path) == [])
            #expect(
                code.warnings.map(\.description) == [
                    "#/paths/~1things/get/parameters/0: cookie parameter 'session' is not supported; operation 'things/list' skipped"
                ])
        }

        @Test("An error choice that a generated operation shares with a skipped one is written once, for it")
        func writesErrorChoiceForGeneratedOperation() throws {
            let text = Self.skippedWithErrorBodies.replacingOccurrences(
                of: "components:",
                with: """
                      /others:
                        get:
                          operationId: others/list
                          responses:
                            "204": {description: none}
                            "404":
                              description: missing
                              content:
                                application/json:
                                  schema: {$ref: '#/components/schemas/NotFound'}
                            "500":
                              description: failed
                              content:
                                application/json:
                                  schema: {$ref: '#/components/schemas/Failure'}
                    components:
                    """)
            let code = try EndpointGenerator.generate(text: text, sourceName: "x")
            #expect(code.endpointCount == 1)
            #expect(
                code.files.map(\.path) == [
                    "Schemas/NotFound.swift", "Schemas/Failure.swift", "Schemas/FailureOrNotFound.swift",
                    "Endpoints/DefaultEndpoints.swift",
                ])
            #expect(code.typeCount == 3)
        }
    }
#endif
