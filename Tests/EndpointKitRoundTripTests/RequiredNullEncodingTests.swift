import EndpointKit
import Foundation
import Testing

// A member that the description requires but allows to be null (`required: [postcode]` with
// `type: [string, "null"]`, or `nullable: true` in 3.0) must be sent as `null` when it is `nil`:
// left out, the server refuses the body ("'postcode' is a required property"), and a value
// decoded from `{"postcode": null}` would not encode back into it. Members that are only optional
// are still left out when `nil`.
@Suite("Required nullable members in the generated code")
struct RequiredNullEncodingTests {
    @Test("A required nullable member that is nil is encoded as null")
    func encodesRequiredNullAsNull() throws {
        let address = try JSONTree(encoding: Address(street: "1 Main St", city: "Springfield"))
        #expect(
            address
                == .object(["street": .string("1 Main St"), "city": .string("Springfield"), "postcode": .null]))
    }

    @Test("An optional member that is nil is left out, a required nullable one beside it is null")
    func leavesOutOptionalNil() throws {
        let patch = try JSONTree(encoding: OrderPatch(status: .shipped))
        #expect(patch == .object(["status": .string("shipped")]))
        let hit = try JSONTree(encoding: SearchResult.Hit(id: 1, score: 0.5))
        #expect(hit == .object(["id": .number(1), "score": .number(0.5), "highlight": .null]))
    }
}
