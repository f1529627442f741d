import EndpointKit
import Foundation
import Testing

// Every body kind of the round-trip description (JSON with nested objects, arrays, enums,
// nullable members, allOf and a oneOf with a discriminator; a form; a multipart body with a file),
// sent by the generated code to connexion, which checks each against the description in each of
// its four forms; and every served example decoded and encoded again.
@Suite(
    "Generated bodies against connexion",
    .requiresRoundTripServer)
struct BodyRoundTripTests {
    /// An order whose nullable members are all `nil`, the way a caller leaves out what is unknown.
    static let order = NewOrder(
        customer: Customer(
            name: "Ada", email: "ada@example.com", address: Address(street: "1 Main St", city: "Springfield")),
        lines: [OrderLine(sku: "LAMP-1", quantity: 2, unitPrice: 19.5)],
        payment: .cardPayment(
            CardPayment(method: .card, number: "4242", expires: RoundTrip.date("2030-01-01T00:00:00Z"))))

    @Test("A JSON body with nested objects, arrays, nulls and a discriminated choice", arguments: RoundTripServer.forms)
    func sendsJSONBody(server: RoundTripServer) async throws {
        var full = Self.order
        full.note = "Ring twice"
        full.shipping = Address(street: "2 Side St", city: "Shelbyville", postcode: "12345")
        full.gift = true
        let created = try await RoundTrip.call(OrdersCreate(requestBody: full), on: server)
        #expect(created.id == 41)
        #expect(created.customer.address.postcode == nil)
        #expect(created.shipping?.postcode == "12345")
        guard case .cardPayment(let card) = created.payment else {
            Issue.record("expected a card payment, got \(created.payment)")
            return
        }
        #expect(card.number == "4242")

        try await RoundTrip.call(OrdersCreate(requestBody: Self.order), on: server)
        try await RoundTrip.call(OrdersReplace(orderID: 41, requestBody: Self.order), on: server)
        try await RoundTrip.call(OrdersUpdate(orderID: 41, requestBody: OrderPatch(status: .shipped)), on: server)
        try await RoundTrip.call(
            OrdersUpdate(orderID: 41, requestBody: OrderPatch(note: "Leave at the door")), on: server)
    }

    @Test("Lists decode every case of a choice, by discriminator and by constant", arguments: RoundTripServer.forms)
    func decodesChoices(server: RoundTripServer) async throws {
        let orders = try await RoundTrip.call(OrdersList(status: [.placed, .shipped]), on: server)
        #expect(orders.map(\.id) == [41, 42])
        #expect(orders.last?.shipping == nil)
        let payments = try await RoundTrip.call(PaymentsList(), on: server)
        let cases = payments.map { payment -> String in
            switch payment {
            case .cardPayment: "card"
            case .transferPayment: "transfer"
            case .voucherPayment: "voucher"
            case .unknown: "unknown"
            }
        }
        #expect(cases == ["card", "transfer", "voucher"])
        let shapes = try await RoundTrip.call(PaymentsShapes(), on: server)
        let kinds = shapes.map { shape -> String in
            switch shape {
            case .circle: "circle"
            case .square: "square"
            case .unknown: "unknown"
            }
        }
        #expect(kinds == ["circle", "square"])
    }

    @Test("A choice as the body, an array as the body, and a delete", arguments: RoundTripServer.forms)
    func sendsOtherBodies(server: RoundTripServer) async throws {
        let payment = try await RoundTrip.call(
            PaymentsCreate(
                requestBody: .transferPayment(TransferPayment(method: .transfer, iban: "DE00123"))),
            on: server)
        #expect(payment == .voucherPayment(VoucherPayment(method: .voucher, code: "SPRING", amount: 5)))
        let feedback = try await RoundTrip.call(
            ItemsFeedback(
                channel: .web,
                requestBody: [Feedback(itemID: 7, stars: 5), Feedback(itemID: 9, stars: 1, comment: "Too dim")]),
            on: server)
        #expect(feedback.first?.comment == nil)
        try await RoundTrip.send(OrdersDelete(orderID: 41, reason: .duplicate), on: server)
        _ = try await server.client().delete(OrdersDelete(orderID: 41))
    }

    @Test("A form body with arrays, enums, a date, an integer and a Boolean", arguments: RoundTripServer.forms)
    func sendsFormBody(server: RoundTripServer) async throws {
        let subscription = try await RoundTrip.call(
            FormsSubscribe(
                email: "ada@example.com", plan: .pro, topics: [.news, .updates], tags: ["a", "b c"],
                starts: RoundTrip.date("2024-06-01T00:00:00Z"), seats: 3, agree: true),
            on: server)
        #expect(subscription.plan == .pro)
        try await RoundTrip.call(FormsSubscribe(email: "grace@example.com", plan: .free), on: server)
    }

    @Test(
        "A multipart body with text fields, an array, an enum and a file, from memory or from disk",
        arguments: RoundTripServer.forms)
    func sendsMultipartBody(server: RoundTripServer) async throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let upload = try await RoundTrip.call(
            FormsUpload(
                title: "Holiday", caption: "On the beach", kind: .photo, labels: ["beach", "sun"], pages: 1,
                file: .data(png, filename: "holiday.png")),
            on: server)
        #expect(upload.labels == ["beach"])

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-\(UUID()).png")
        try png.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try await RoundTrip.call(FormsUpload(title: "Scan", file: .file(file)), on: server)
    }
}
