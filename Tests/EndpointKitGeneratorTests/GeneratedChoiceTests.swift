import EndpointKit
import EndpointKitTesting
import Foundation
import Testing

// The `oneOf` choices that endpointkit-generate wrote for Descriptions/features.yaml (in Generated/):
// `Animal` has a discriminator (`kind`), `Companion` has the same members without one. Cat and Dog
// both require `kind` and `name`, so only `kind` (`enum: [cat]` or `enum: [dog]`) tells them apart.

@Suite("Generated oneOf choices")
struct GeneratedChoiceTests {
    private func client(_ transport: StubTransport) -> Client {
        Client(baseURL: URL(string: "https://pets.example/api")!) {
            $0.retryPolicy = .never
            $0.transport = transport
        }
    }

    private let dogJSON = #"{"kind": "dog", "name": "Rex", "barks": true}"#

    @Test("A discriminated oneOf decodes the member its discriminator names, keeping that member's properties")
    func decodesTheMemberTheDiscriminatorNames() async throws {
        let transport = StubTransport(answering: .status(200, body: dogJSON))
        let animal = try await client(transport).get(AdoptionsGetAnimal(animalID: 1))
        #expect(animal == .dog(Dog(kind: .dog, name: "Rex", barks: true)))

        let cat = try JSONDecoder().decode(Animal.self, from: Data(#"{"kind": "cat", "name": "Tom"}"#.utf8))
        #expect(cat == .cat(Cat(kind: .cat, name: "Tom")))
    }

    @Test("Encoding a decoded discriminated value gives back every declared member")
    func roundTripsTheDiscriminatedMember() throws {
        let animal = try JSONDecoder().decode(Animal.self, from: Data(dogJSON.utf8))
        let encoded = try JSONEncoder().encode(animal)
        let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        #expect(object["kind"] as? String == "dog")
        #expect(object["name"] as? String == "Rex")
        #expect(object["barks"] as? Bool == true)
        #expect(try JSONDecoder().decode(Animal.self, from: encoded) == animal)
    }

    @Test("A discriminator value that names no member is a DecodingError that names the value")
    func refusesAnUnknownDiscriminatorValue() throws {
        let error = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Animal.self, from: Data(#"{"kind": "bird", "name": "Tweety"}"#.utf8))
        }
        guard case .dataCorrupted(let context) = error else { throw TestFailure("\(String(describing: error))") }
        #expect(context.codingPath.map(\.stringValue) == ["kind"])
        #expect(context.debugDescription.contains("'bird'"))
        #expect(context.debugDescription.contains("cat, dog"))
    }

    @Test("A value without its discriminator property is a DecodingError, not the first member")
    func refusesAMissingDiscriminator() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Animal.self, from: Data(#"{"name": "Rex", "barks": true}"#.utf8))
        }
    }

    @Test("Without a discriminator, a member whose single-value enum does not match the data is not a match")
    func skipsMembersWhoseConstantDiffers() async throws {
        let body = #"[\#(dogJSON), {"kind": "cat", "name": "Tom", "indoor": true}, {"kind": "bird", "name": "Tweety"}]"#
        let companions = try await client(StubTransport(answering: .status(200, body: body))).get(
            AdoptionsListCompanions())
        #expect(companions.count == 3)
        #expect(companions.first == .dog(Dog(kind: .dog, name: "Rex", barks: true)))
        #expect(companions.dropFirst().first == .cat(Cat(kind: .cat, name: "Tom", indoor: true)))
        #expect(companions.last == .unknown(.object(["kind": .string("bird"), "name": .string("Tweety")])))

        let encoded = try JSONEncoder().encode(companions)
        #expect(try JSONDecoder().decode([Companion].self, from: encoded) == companions)
    }

    @Test("Without a discriminator, an optional member fixed to one value may be absent or null, but not another value")
    func checksOptionalFixedMembers() throws {
        let decode = { (json: String) in try JSONDecoder().decode(Companion.self, from: Data(json.utf8)) }
        #expect(
            try decode(#"{"kind": "dog", "name": "Rex", "sound": "woof"}"#)
                == .dog(Dog(kind: .dog, name: "Rex", sound: .woof)))
        #expect(try decode(#"{"kind": "dog", "name": "Rex", "sound": null}"#) == .dog(Dog(kind: .dog, name: "Rex")))
        #expect(
            try decode(#"{"kind": "dog", "name": "Rex", "sound": "meow"}"#)
                == .unknown(.object(["kind": .string("dog"), "name": .string("Rex"), "sound": .string("meow")])))
    }
}

// `AdoptionEvent` has a discriminator (`type`) that only its visit member has a value of: a note and
// a reference have none of their own, and are tried in turn when the value names no member.
@Suite("Generated discriminated choices with members that no value names")
struct GeneratedDiscriminatorFallbackTests {
    private func decode(_ json: String) throws -> AdoptionEvent {
        try JSONDecoder().decode(AdoptionEvent.self, from: Data(json.utf8))
    }

    @Test("The member the discriminator names is decoded, and a value that does not fit it is still an error")
    func decodesTheNamedMember() throws {
        #expect(
            try decode(#"{"type": "visit", "day": "Monday"}"#) == .visitEvent(VisitEvent(type: .visit, day: "Monday")))
        #expect(throws: DecodingError.self) { try decode(#"{"type": "visit", "text": "no day"}"#) }
    }

    @Test("A value that names no member, or has none, is the first member without a value of its own that decodes")
    func decodesTheFallbackMembersInOrder() throws {
        #expect(try decode(#"{"text": "Fed the cat"}"#) == .eventNote(.init(text: "Fed the cat")))
        #expect(try decode(#"{"type": "note", "text": "Fed the cat"}"#) == .eventNote(.init(text: "Fed the cat")))
        #expect(try decode(#"{"type": "item_reference", "id": "ev_1"}"#) == .eventReference(.init(id: "ev_1")))
        #expect(try decode(#"{"type": null, "id": "ev_1", "text": "both"}"#) == .eventNote(.init(text: "both")))
    }

    @Test("A value that no member decodes is unknown, kept as it was, and encodes back unchanged")
    func keepsWhatNoMemberDecodes() async throws {
        let body = #"[{"type": "visit", "day": "Friday"}, {"type": "birthday", "age": 3}, 7]"#
        let client = Client(baseURL: URL(string: "https://pets.example/api")!) {
            $0.retryPolicy = .never
            $0.transport = StubTransport(answering: .status(200, body: body))
        }
        let events = try await client.get(AdoptionsListEvents())
        #expect(
            events == [
                .visitEvent(VisitEvent(type: .visit, day: "Friday")),
                .unknown(.object(["type": .string("birthday"), "age": .int(3)])), .unknown(.int(7)),
            ])
        let encoded = try JSONEncoder().encode(events)
        #expect(try JSONDecoder().decode([AdoptionEvent].self, from: encoded) == events)
    }
}

@Suite("Generated base schemas with a discriminator")
struct GeneratedPolymorphicBaseTests {
    @Test("A base schema with a discriminator decodes as the component extending it that the value names")
    func decodesTheSubtypeTheDiscriminatorNames() async throws {
        let body = #"""
            [{"listing_type": "pet", "title": "Rex", "pet_id": 7},
             {"listing_type": "supply-listing", "title": "Bowl", "price": 4.5}]
            """#
        let transport = StubTransport(answering: .status(200, body: body))
        let client = Client(baseURL: URL(string: "https://pets.example/api")!) {
            $0.retryPolicy = .never
            $0.transport = transport
        }
        let listings = try await client.get(AdoptionsListListings())
        #expect(
            listings == [
                .petListing(PetListing(listingType: "pet", title: "Rex", petID: 7)),
                .supplyListing(SupplyListing(listingType: "supply-listing", title: "Bowl", price: 4.5)),
            ])
        let encoded = try JSONEncoder().encode(listings)
        #expect(try JSONDecoder().decode([Listing].self, from: encoded) == listings)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Listing.self, from: Data(#"{"listing_type": "toy", "title": "Ball"}"#.utf8))
        }
    }
}
