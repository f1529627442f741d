#if OpenAPIGenerator
    import Foundation
    import Testing

    @testable import EndpointKitGenerator

    /// A member that is required but nullable must be sent as `null` when it is `nil`: a server
    /// that checks `required` refuses the object without it (connexion: "'postcode' is a required
    /// property"), and `{"postcode": null}` must encode back as it was decoded.
    @Suite("Required nullable members")
    struct RequiredNullableMemberTests {
        static let text = """
            openapi: 3.1.0
            info: {title: t, version: "1"}
            paths:
              /addresses:
                post:
                  operationId: addresses/create
                  requestBody:
                    required: true
                    content:
                      application/json:
                        schema: {$ref: '#/components/schemas/Address'}
                  responses:
                    "204": {description: ok}
            components:
              schemas:
                Address:
                  type: object
                  required: [street, postcode, container]
                  properties:
                    street: {type: string}
                    postcode: {type: [string, "null"]}
                    city: {type: string}
                    container: {type: [integer, "null"]}
                Plain:
                  type: object
                  properties:
                    name: {type: string}
            """

        @Test("They are encoded as null when nil; optional members are still left out")
        func encodesRequiredNullableAsNull() throws {
            let code = try EndpointGenerator.generate(text: Self.text, sourceName: "t.yaml")
            let address = try #require(code.files.first { $0.path == "Schemas/Address.swift" }?.contents)
            #expect(
                address.contains(
                    """
                        public func encode(to encoder: any Encoder) throws {
                            var container = encoder.container(keyedBy: CodingKeys.self)
                            try container.encode(self.street, forKey: .street)
                            try container.encode(self.postcode, forKey: .postcode)
                            try container.encodeIfPresent(self.city, forKey: .city)
                            try container.encode(self.container, forKey: .container)
                        }
                    """))
            #expect(address.contains("private enum CodingKeys: String, CodingKey"))
        }

        @Test("A struct without them keeps the synthesized encoding")
        func keepsSynthesizedEncoding() throws {
            let code = try EndpointGenerator.generate(
                text: Self.text.replacingOccurrences(
                    of: "required: [street, postcode, container]", with: "required: [street]"),
                sourceName: "t.yaml")
            let address = try #require(code.files.first { $0.path == "Schemas/Address.swift" }?.contents)
            #expect(!address.contains("func encode(to"))
        }
    }
#endif
