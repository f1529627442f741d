#if OpenAPIGenerator
    import Foundation
    import Testing

    @testable import EndpointKitGenerator

    /// A description written in JSON is read as JSON, whatever YAML's parser would make of it.
    @Suite("JSON descriptions")
    struct JSONDescriptionTests {
        @Test("A JSON description with an escaped surrogate pair generates, the character intact")
        func readsSurrogatePairs() throws {
            let text = #"""
                {"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{"/m":{"get":{"operationId":"getM","description":"\ud83d\udc4d","responses":{"200":{"description":"ok"}}}}}}
                """#
            let code = try EndpointGenerator.generate(text: text, sourceName: "m.json")
            #expect(code.endpointCount == 1)
            let endpoints = try #require(code.files.first { $0.path == "Endpoints/DefaultEndpoints.swift" })
            #expect(endpoints.contents.contains("/// 👍\n"))
        }

        @Test("The same description in JSON and in YAML gives the same files, members in document order")
        func matchesYAML() throws {
            let yaml = """
                openapi: 3.1.0
                info: {title: "Zoo \\"one\\"", version: "1"}
                paths:
                  /zebras/{id}:
                    get:
                      operationId: zebras/get
                      parameters:
                        - {name: id, in: path, required: true, schema: {type: integer}}
                        - {name: verbose, in: query, schema: {type: boolean}}
                      responses:
                        "200":
                          description: A zebra
                          content:
                            application/json:
                              schema: {$ref: '#/components/schemas/Zebra'}
                components:
                  schemas:
                    Zebra:
                      type: object
                      required: [stripes, name]
                      properties:
                        stripes: {type: integer, description: "Counted\\ttwice"}
                        name: {type: string}
                        born: {type: [string, "null"], format: date-time}
                        weight: {type: number, example: -1.5e3}
                        tame: {type: boolean, default: false, deprecated: true}
                        keeper: {type: object, properties: {zone: {type: string}, alpha: {type: string}}}
                """
            let json = #"""
                {
                  "openapi": "3.1.0",
                  "info": {"title": "Zoo \"one\"", "version": "1"},
                  "paths": {
                    "/zebras/{id}": {
                      "get": {
                        "operationId": "zebras/get",
                        "parameters": [
                          {"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}},
                          {"name": "verbose", "in": "query", "schema": {"type": "boolean"}}
                        ],
                        "responses": {
                          "200": {
                            "description": "A zebra",
                            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Zebra"}}}
                          }
                        }
                      }
                    }
                  },
                  "components": {
                    "schemas": {
                      "Zebra": {
                        "type": "object",
                        "required": ["stripes", "name"],
                        "properties": {
                          "stripes": {"type": "integer", "description": "Counted\ttwice"},
                          "name": {"type": "string"},
                          "born": {"type": ["string", "null"], "format": "date-time"},
                          "weight": {"type": "number", "example": -1.5e3},
                          "tame": {"type": "boolean", "default": false, "deprecated": true},
                          "keeper": {"type": "object", "properties": {"zone": {"type": "string"}, "alpha": {"type": "string"}}}
                        }
                      }
                    }
                  }
                }
                """#
            let fromYAML = try EndpointGenerator.generate(text: yaml, sourceName: "zoo")
            let fromJSON = try EndpointGenerator.generate(text: json, sourceName: "zoo")
            #expect(fromJSON.files == fromYAML.files)
            #expect(fromJSON.files.count == 2)
            let zebra = try #require(fromJSON.files.first { $0.path == "Schemas/Zebra.swift" }?.contents)
            let order = ["stripes", "name", "born", "weight", "tame", "keeper", "zone", "alpha"].map {
                zebra.range(of: "public var \($0):")?.lowerBound
            }
            #expect(order.allSatisfy { $0 != nil })
            #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
        }

        @Test(
            "Malformed JSON is a syntax error that says what and where",
            arguments: [
                (
                    #"{"openapi": "3.0.3","# + "\n" + #" "info": }"#,
                    "JSON, line 2, column 10: expected a value, found '}'"
                ),
                (#"{"openapi": "3.0.3" "info": {}}"#, "JSON, line 1, column 21: expected '}', found '\"'"),
                (#"{"openapi": "3.0.3", "info": {"title": "\ud83d"}}"#, "JSON, line 1, column 47: a high surrogate"),
                (
                    #"{"openapi": "3.0.3", "info": {"title": "\q"}}"#,
                    #"JSON, line 1, column 42: '\q' is not a JSON escape"#
                ),
                (#"{"openapi": "3.0.3", "info": {"title": "x"}} x"#, "JSON, line 1, column 46: unexpected text after"),
                (#"{"openapi": "3.0.3", "info": {"title": "x"#, "a string is not closed"),
                (#"{"a": 01}"#, "JSON, line 1, column 8: expected '}', found '1'"),
                (#"{"a": "# + String(repeating: "[", count: 600), "nested more than 512 levels deep"),
            ])
        func refusesMalformedJSON(text: String, message: String) {
            #expect(throws: GeneratorError.self) { try EndpointGenerator.generate(text: text, sourceName: "x") }
            do {
                _ = try EndpointGenerator.generate(text: text, sourceName: "x")
            } catch {
                #expect("\(error)".hasPrefix("not valid YAML or JSON: "), "\(error)")
                #expect("\(error)".contains(message), "\(error)")
            }
        }
    }
#endif
