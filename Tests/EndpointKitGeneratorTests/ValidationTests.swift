#if OpenAPIGenerator
    import Foundation
    import Testing

    @testable import EndpointKitGenerator

    /// `--validate`: OpenAPIKit's reading and validation of a description, reported with JSON pointers.
    @Suite("Validating descriptions with OpenAPIKit")
    struct ValidationTests {
        /// A small valid description, in the version given, with `extra` added under its `paths`.
        static func document(version: String = "3.1.0", paths extra: String = "") -> String {
            """
            openapi: \(version)
            info:
              title: Things
              version: '1.0'
            paths:
              /things/{id}:
                get:
                  operationId: things/get
                  parameters:
                    - name: id
                      in: path
                      required: true
                      schema: {type: integer}
                  responses:
                    '200':
                      description: A thing.
                      content:
                        application/json:
                          schema: {$ref: '#/components/schemas/Thing'}
            \(extra)
            components:
              schemas:
                Thing:
                  type: object
                  properties:
                    id: {type: integer}
                    '+1': {type: integer}
            """
        }

        @Test("A valid description has no errors, in 3.0 as in 3.1, YAML or JSON", arguments: ["3.0.3", "3.1.0"])
        func acceptsValidDescriptions(version: String) throws {
            let findings = try DescriptionValidator.validate(text: Self.document(version: version))
            #expect(findings.filter { $0.severity == .error } == [])
            let json = """
                {"openapi": "\(version)", "info": {"title": "x", "version": "1"},
                 "paths": {"/a": {"get": {"operationId": "a", "responses": {"204": {"description": "none"}}}}}}
                """
            #expect(try DescriptionValidator.validate(text: json).filter { $0.severity == .error } == [])
        }

        @Test("Two operations with one operationId are an error the generator alone does not report")
        func reportsDuplicateOperationIDs() throws {
            let text = Self.document(
                paths: """
                      /others:
                        get:
                          operationId: things/get
                          responses:
                            '204': {description: None.}
                    """)
            let code = try EndpointGenerator.generate(text: text, sourceName: "x")
            #expect(code.warnings.isEmpty)
            let errors = try DescriptionValidator.validate(text: text).filter { $0.severity == .error }
            #expect(
                errors.map(\.description) == [
                    "#: Failed to satisfy: All Operation Ids in Document are unique: 'things/get' is the ID of 2 operations"
                ])
        }

        @Test("In 3.0, an operation without responses is an error at its JSON pointer")
        func reportsOperationsWithoutResponses() throws {
            let text = Self.document(
                version: "3.0.3",
                paths: """
                      /others:
                        get:
                          operationId: others/get
                          responses: {}
                    """)
            let errors = try DescriptionValidator.validate(text: text).filter { $0.severity == .error }
            #expect(errors.map(\.pointer.description) == ["#/paths/~1others/get/responses"], "\(errors)")
        }

        @Test("A field of the wrong type is an error at its pointer: an unquoted version is a number in YAML")
        func reportsFieldsOfTheWrongType() throws {
            let text = Self.document().replacingOccurrences(of: "version: '1.0'", with: "version: 1.0")
            let errors = try DescriptionValidator.validate(text: text)
            #expect(errors.count == 1)
            #expect(errors.first?.severity == .error)
            #expect(errors.first?.pointer.description == "#/info/version", "\(errors)")
        }

        @Test("A description that is not YAML, or has no version, is refused as the generator refuses it")
        func refusesNonDocuments() {
            #expect(throws: GeneratorError.self) {
                try DescriptionValidator.validate(text: "openapi: 3.0.0\ninfo: [\n")
            }
            #expect(throws: GeneratorError.self) { try DescriptionValidator.validate(text: "info: {title: x}\n") }
            #expect(throws: GeneratorError.self) { try DescriptionValidator.validate(text: "openapi: 2.0\n") }
        }

        @Test("What OpenAPIKit only warns about (nullable in 3.1) is a warning at its pointer, not an error")
        func keepsWarningsApart() throws {
            let text = Self.document().replacingOccurrences(
                of: "id: {type: integer}", with: "id: {type: integer, nullable: true}")
            let findings = try DescriptionValidator.validate(text: text)
            #expect(findings.map(\.severity) == [.warning])
            #expect(findings.first?.pointer.description == "#/components/schemas/Thing/properties/id")
            #expect(findings.first?.message.contains("'nullable'") == true)
        }

        @Test("A failed validation says how many problems there are and lists each at its pointer")
        func describesFailedValidation() {
            let findings = [
                ValidationFinding(.error, "Failed to satisfy: one", at: JSONPointer.root.appending("paths")),
                ValidationFinding(.error, "Failed to satisfy: two", at: .root),
            ]
            #expect(
                "\(GeneratorError.failedValidation(findings))" == """
                    the description breaks the OpenAPI specification (OpenAPIKit found 2 problems; nothing was written):
                      #/paths: Failed to satisfy: one
                      #: Failed to satisfy: two
                    """)
        }

        @Test(
            "Plain YAML scalars are typed as YAML 1.2's core schema says",
            arguments: [
                ("1", "1"), ("-12", "-12"), ("+1", "1"), ("1.5", "1.5"), ("1e3", "1000"), ("true", "true"),
                ("False", "false"), ("~", "null"), ("null", "null"), ("", "null"), ("yes", "\"yes\""),
                ("1.2.3", "\"1.2.3\""), ("e", "\"e\""), ("-", "\"-\""), ("0x1F", "\"0x1F\""), ("v1", "\"v1\""),
            ])
        func typesPlainScalars(text: String, json: String) throws {
            let value = DescriptionValidator.plainScalar(text)
            let data = try JSONSerialization.data(withJSONObject: [value], options: [.fragmentsAllowed])
            #expect(String(decoding: data, as: UTF8.self) == "[\(json)]")
        }
    }
#endif
