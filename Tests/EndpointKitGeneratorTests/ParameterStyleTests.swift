#if OpenAPIGenerator
    import Foundation
    import Testing

    @testable import EndpointKitGenerator

    /// Query and header parameters are checked with their references followed, and written as the
    /// OpenAPI style rules say; what the rules do not define is skipped with a warning.
    @Suite("Parameter styles")
    struct ParameterStyleTests {
        /// A description with one operation whose parameters are `parameters` (YAML flow mappings).
        static func document(_ parameters: [String], schemas: String) -> String {
            """
            openapi: 3.0.3
            info: {title: t, version: "1"}
            paths:
              /things:
                get:
                  operationId: things/list
                  parameters:
            \(parameters.map { "        - \($0)" }.joined(separator: "\n"))
                  responses:
                    "204": {description: none}
            components:
              schemas:
            \(schemas)
            """
        }

        static func endpoints(_ text: String) throws -> String {
            let code = try EndpointGenerator.generate(text: text, sourceName: "x")
            #expect(code.warnings.map(\.description) == [])
            return try #require(code.files.first { $0.path == "Endpoints/DefaultEndpoints.swift" }?.contents)
        }

        @Test("A query parameter that is a reference to an object is sent as its members")
        func sendsReferencedObjectInQuery() throws {
            let text = Self.document(
                ["{name: metadata, in: query, schema: {$ref: '#/components/schemas/Metadata'}}"],
                schemas: "    Metadata: {type: object, additionalProperties: {type: string}}")
            let swift = try Self.endpoints(text)
            #expect(swift.contains("public var metadata: Metadata?\n"))
            #expect(
                swift.contains(
                    """
                        public var query: Parameters {
                            var query = Parameters()
                            query.append(formObject: Parameters(metadata ?? [:]), explode: true, for: "metadata")
                            return query
                        }
                    """))
        }

        @Test("A header that is a reference to an array is sent with its values joined by commas")
        func sendsReferencedArrayHeader() throws {
            let text = Self.document(
                ["{name: X-Tags, in: header, schema: {$ref: '#/components/schemas/Tags'}}"],
                schemas: "    Tags: {type: array, items: {type: string}}")
            let swift = try Self.endpoints(text)
            #expect(swift.contains("public var xTags: Tags?\n"))
            #expect(swift.contains("        headers[\"X-Tags\"] = xTags.parameterValue?.text()\n"))
        }

        @Test("Dates in a delimited query array and in a header are written as parameter text (RFC 3339)")
        func writesDatesAsParameterText() throws {
            let text = Self.document(
                [
                    "{name: at, in: query, style: form, explode: false, schema: {type: array, items: {type: string, format: date-time}}}",
                    "{name: X-Request-Date, in: header, schema: {type: string, format: date-time}}",
                ],
                schemas: "    Unused: {type: string}")
            let swift = try Self.endpoints(text)
            #expect(
                swift.contains(
                    #"public var query: Parameters { ["at": at.parameterValue?.text(separator: ",")] }"#))
            #expect(swift.contains(#"headers["X-Request-Date"] = xRequestDate.parameterValue?.text()"#))
            #expect(!swift.contains(#"\($0)"#))
        }

        @Test(
            "What the style rules do not define, references followed, is skipped with a warning",
            arguments: [
                (
                    "{name: ids, in: path, required: true, schema: {$ref: '#/components/schemas/IDs'}}",
                    "path parameter 'ids' is an array"
                ),
                (
                    "{name: where, in: query, style: deepObject, schema: {$ref: '#/components/schemas/Nested'}}",
                    "parameter 'where' has a member 'owner' that is not a string, a number or a Boolean, which is not supported"
                ),
                (
                    "{name: range, in: query, style: spaceDelimited, schema: {$ref: '#/components/schemas/Range'}}",
                    "query parameter style 'spaceDelimited' is not supported for an object"
                ),
                (
                    "{name: X-Range, in: header, schema: {$ref: '#/components/schemas/Range'}}",
                    "header parameter 'X-Range' is an object, which is not supported"
                ),
                (
                    "{name: filter, in: query, content: {application/json: {schema: {$ref: '#/components/schemas/Range'}}}}",
                    "parameter 'filter' is sent as 'application/json' content, which is not supported"
                ),
                (
                    "{name: grid, in: query, schema: {type: array, items: {$ref: '#/components/schemas/IDs'}}}",
                    "parameter 'grid' is an array of arrays"
                ),
                (
                    "{name: ranges, in: header, schema: {type: array, items: {$ref: '#/components/schemas/Range'}}}",
                    "parameter 'ranges' is an array of objects"
                ),
                (
                    "{name: any, in: query, schema: {$ref: '#/components/schemas/Loose'}}",
                    "parameter 'any' is an object whose members are not strings, numbers or Booleans, which is not supported"
                ),
            ])
        func skipsWhatStylesDoNotDefine(parameter: String, reason: String) throws {
            let text = Self.document(
                [parameter],
                schemas: """
                        IDs: {type: array, items: {type: integer}}
                        Range: {type: object, properties: {from: {type: integer}, to: {type: integer}}}
                        Nested: {type: object, properties: {owner: {$ref: '#/components/schemas/Range'}}}
                        Loose: {type: object}
                    """)
            let code = try EndpointGenerator.generate(text: text, sourceName: "x")
            #expect(code.endpointCount == 0)
            #expect(code.warnings.map(\.message) == ["\(reason); operation 'things/list' skipped"])
            #expect(code.files.isEmpty)
        }
    }
#endif
