#if OpenAPIGenerator
    import Foundation
    import Testing

    @testable import EndpointKitGenerator

    /// `allOf: [{$ref: X}, {nullable: true}]`, the usual OpenAPI 3.0 way to say "an X or null".
    @Suite("Nullable references")
    struct NullableReferenceTests {
        static let text = """
            openapi: 3.0.3
            info: {title: t, version: "1"}
            paths:
              /pets/{id}:
                get:
                  operationId: pets/get
                  parameters:
                    - {name: id, in: path, required: true, schema: {type: integer}}
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema:
                            allOf:
                              - $ref: '#/components/schemas/Pet'
                              - nullable: true
            components:
              schemas:
                Owner:
                  type: object
                  properties:
                    name: {type: string}
                Pet:
                  type: object
                  required: [owner, previous]
                  properties:
                    owner:
                      allOf:
                        - $ref: '#/components/schemas/Owner'
                        - nullable: true
                    previous:
                      type: array
                      items:
                        allOf: [{$ref: '#/components/schemas/Owner'}, {nullable: true}]
                    keeper:
                      description: Who keeps the pet.
                      allOf: [{nullable: true}, {$ref: '#/components/schemas/Owner'}]
            """

        @Test("allOf of a reference and nullable: true is the referenced type, optional")
        func makesReferenceOptional() throws {
            let code = try EndpointGenerator.generate(text: Self.text, sourceName: "x")
            #expect(code.warnings.map(\.description) == [])
            let pet = try #require(code.files.first { $0.path == "Schemas/Pet.swift" }?.contents)
            #expect(pet.contains("    public var owner: Owner?\n"))
            #expect(pet.contains("    public var previous: [Owner?]\n"))
            #expect(pet.contains("    /// Who keeps the pet.\n    public var keeper: Owner?\n"))
            #expect(!pet.contains("JSONValue"))
            let endpoints = try #require(code.files.first { $0.path == "Endpoints/DefaultEndpoints.swift" }?.contents)
            #expect(endpoints.contains("public typealias ResponseType = Pet?\n"))
        }
    }
#endif
