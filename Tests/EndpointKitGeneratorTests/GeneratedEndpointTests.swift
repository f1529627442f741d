import EndpointKit
import EndpointKitTesting
import Foundation
import Testing

// These tests use the code that endpointkit-generate wrote for Descriptions/features.yaml (in
// Generated/, compiled into this target): it builds the requests the description says and decodes
// what a server answers, whatever the client's own decoder does with keys.

@Suite("Generated endpoints")
struct GeneratedEndpointTests {
    private func client(_ transport: StubTransport) -> Client {
        Client(baseURL: URL(string: "https://pets.example/api")!) {
            // Snake-case key decoding would break the generated CodingKeys; generated endpoints
            // bring their own decoder.
            $0.decoder = .json(keyDecoding: .convertFromSnakeCase)
            $0.retryPolicy = .never
            $0.transport = transport
        }
    }

    private let petJSON = #"""
        {"id": 7, "name": "Rex", "status": "adopted", "@type": "dog", "default": true,
         "owner": null, "reactions": {"+1": 3, "-1": 1, "total_count": 4},
         "photo": {"url": "https://pets.example/rex.png"}, "extra": {"any": [1, "two"]}}
        """#

    @Test("A GET with query and header parameters sends each as the description says: arrays repeated or joined")
    func sendsParameters() async throws {
        let transport = StubTransport(answering: .status(200, body: "[\(petJSON)]"))
        let pets = try await client(transport).get(
            PetsList(
                status: .available, tags: ["small", "a&b"], perPage: 50, ids: [1, 2], colors: ["red", "blue"],
                xRequestID: "req-1"))
        let request = try #require(await transport.requests.first)
        #expect(request.path == "/api/pets")
        #expect(
            request.queryItems.map { "\($0.name)=\($0.value ?? "")" } == [
                "status=available", "tags=small", "tags=a&b", "per_page=50", "ids=1,2", "colors=red|blue",
            ])
        #expect(request.headers["X-Request-ID"] == "req-1")
        #expect(pets.map(\.name) == ["Rex"])
    }

    @Test("Path parameters are one segment each, percent-encoded")
    func encodesPathSegments() async throws {
        let transport = StubTransport(answering: .status(200, body: #"{"id": 1, "placed_at": "2026-11-25T10:00:00Z"}"#))
        let order = try await client(transport).get(StoreGetOrder(orderID: "a/../b?x", pathParameter: "p"))
        let request = try #require(await transport.requests.first)
        #expect(request.url?.absoluteString == "https://pets.example/api/store/orders/a%2F..%2Fb%3Fx?path=p")
        #expect(order.id == 1)
        #expect(order.placedAt == Date(timeIntervalSince1970: 1_795_600_800))
        #expect(order.receipt == nil)
    }

    @Test("Odd JSON names, an unknown enum value, null and a oneOf decode, and encode back the same")
    func decodesAndRoundTripsSchemas() async throws {
        let transport = StubTransport(answering: .status(200, body: petJSON))
        let pet = try await client(transport).get(PetsGet(petID: 7))
        #expect(pet.status == Pet.Status(rawValue: "adopted"))
        #expect(pet.status != Pet.Status.available)
        #expect(pet.type == "dog")
        #expect(pet.default == true)
        #expect(pet.owner == nil)
        #expect(pet.reactions == Reactions(plus1: 3, minus1: 1, totalCount: 4))
        #expect(pet.photo == .linkedPhoto(Photo.LinkedPhoto(url: URL(string: "https://pets.example/rex.png")!)))
        #expect(pet.extra == ["any": .array([.int(1), .string("two")])])

        let encoded = try JSONEncoder().encode(pet)
        let again = try JSONDecoder().decode(Pet.self, from: encoded)
        #expect(again == pet)
        let keys = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any]).keys
        #expect(Set(keys).isSuperset(of: ["@type", "default", "reactions"]))
    }

    @Test("A value that matches no member of a oneOf is kept as it was")
    func keepsUnknownChoice() throws {
        let photo = try JSONDecoder().decode(Photo.self, from: Data(#"{"emoji": "🐶"}"#.utf8))
        #expect(photo == .unknown(.object(["emoji": .string("🐶")])))
        let uploaded = try JSONDecoder().decode(
            Photo.self, from: Data(#"{"data": "AAA", "media_type": "image/png"}"#.utf8))
        #expect(uploaded == .uploadedPhoto(Photo.UploadedPhoto(data: "AAA", mediaType: "image/png")))
    }

    @Test("A POST sends its typed body as JSON with the description's names")
    func sendsJSONBody() async throws {
        let transport = StubTransport(answering: .status(201, body: petJSON))
        let created = try await client(transport).post(
            PetsCreate(requestBody: NewPet(name: "Rex", status: .pending, type: "dog")))
        let request = try #require(await transport.requests.first)
        #expect(request.method == .post)
        #expect(request.headers["Content-Type"] == "application/json")
        let sent = try #require(try JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: String])
        #expect(sent == ["name": "Rex", "status": "pending", "@type": "dog"])
        #expect(created.id == 7)
    }

    @Test("A declared error body is decoded into its type; several become one choice")
    func decodesDeclaredErrorBodies() async throws {
        let body = #"{"message": "Validation Failed", "errors": ["name is empty"]}"#
        let transport = StubTransport(answering: .status(422, body: body))
        let error = await #expect(throws: EndpointError.self) {
            try await client(transport).post(PetsCreate(requestBody: NewPet(name: "")))
        }
        guard case .unacceptableStatus(let failure) = error else { throw TestFailure("\(String(describing: error))") }
        let decoded = try #require(failure.errorBody(as: BasicErrorOrValidationError.self))
        #expect(decoded == .validationError(ValidationError(message: "Validation Failed", errors: ["name is empty"])))

        let notFound = StubTransport(answering: .status(404, body: #"{"message": "Not Found"}"#))
        let missing = await #expect(throws: EndpointError.self) { try await client(notFound).get(PetsGet(petID: 1)) }
        guard case .unacceptableStatus(let failure404) = missing else {
            throw TestFailure("\(String(describing: missing))")
        }
        #expect(failure404.errorBody(as: BasicError.self) == BasicError(message: "Not Found"))
    }

    @Test("Binary bodies, empty bodies, dictionaries and 204s")
    func otherBodiesAndResponses() async throws {
        let transport = StubTransport(answering: .status(204))
        _ = try await client(transport).put(PetsUploadPhoto(petID: 3, requestBody: Data([0xFF, 0x00])))
        let upload = try #require(await transport.requests.first)
        #expect(upload.method == .put)
        #expect(upload.headers["Content-Type"] == "application/octet-stream")
        #expect(upload.body == Data([0xFF, 0x00]))

        let counts = try await client(StubTransport(answering: .status(200, body: #"{"available": 2, "sold": 5}"#)))
            .get(StoreGetInventory())
        #expect(counts == ["available": 2, "sold": 5])

        let patch = StubTransport(answering: .status(200, body: petJSON))
        _ = try await client(patch).patch(PetsUpdate(petID: 7))
        #expect(await patch.requests.first?.body?.isEmpty ?? true)
    }

    @Test("A schema that contains itself decodes and encodes, its missing members left out")
    func handlesRecursiveSchemas() async throws {
        let body = #"{"name": "Terriers", "parent": {"name": "Dogs", "parent": {"name": "Pets"}}, "featured": {}}"#
        let category = try await client(StubTransport(answering: .status(200, body: body))).get(
            StoreGetCategory(categoryID: 3))
        #expect(category.parent?.parent?.name == "Pets")
        #expect(category.parent?.parent?.parent == nil)
        #expect(category.featured == Category.Featured(category: nil))

        let encoded = try JSONEncoder().encode(category)
        let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        #expect(Set(object.keys) == ["name", "parent", "featured"])
        #expect(try JSONDecoder().decode(Category.self, from: encoded) == category)
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
