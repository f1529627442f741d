#if OpenAPIGenerator
    import Foundation
    import Testing

    @testable import EndpointKitGenerator

    /// The case names of a `oneOf` enum, made from the types of its members.
    @Suite("Case names of choices")
    struct CaseNameTests {
        @Test(
            "A case is named after its type: arrays in the plural, arrays of arrays as arrays",
            arguments: [
                ("SimpleUser", "simpleUser"), ("Int", "integer"), ("[String]", "strings"), ("[Int?]", "integers"),
                ("[[Int]]", "integerArrays"), ("[[[Double]]]", "numberArrayArrays"), ("[[Label]]", "labelArrays"),
                ("[String: Int]", "dictionary"), ("Pet.Kind", "kind"),
            ])
        func namesCases(type: String, name: String) {
            #expect(TypeBuilder.caseName(forType: type) == name)
        }

        @Test("A oneOf of an array of arrays of integers and a string has the cases integerArrays and string")
        func namesNestedArrayCase() throws {
            let text = """
                openapi: 3.1.0
                info: {title: t, version: "1"}
                paths:
                  /grid:
                    get:
                      operationId: grid/get
                      responses:
                        "200":
                          description: ok
                          content:
                            application/json:
                              schema:
                                oneOf:
                                  - {type: array, items: {type: array, items: {type: integer}}}
                                  - {type: string}
                """
            let code = try EndpointGenerator.generate(text: text, sourceName: "x")
            let swift = try #require(code.files.first?.contents)
            #expect(swift.contains("case integerArrays([[Int]])\n"))
            #expect(swift.contains("case string(String)\n"))
        }
    }
#endif
