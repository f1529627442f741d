import EndpointKit
import Foundation
import Testing

// What real descriptions put in form and multipart bodies besides text and files (OpenAI's uploads,
// Twilio's payments, in small), sent by the generated code to connexion, which checks each field
// against its schema (objects with required members, bounds and no others; choices of scalars) in
// each of the description's four forms. Each check is shown to bite: the same values written
// another way are refused. And a discriminated choice whose members have no discriminator value
// of their own, decoded from the served example.
@Suite(
    "Generated object fields and discriminator fallbacks against connexion",
    .requiresRoundTripServer)
struct ObjectFieldRoundTripTests {
    private static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

    /// A body written by hand, to show what connexion refuses.
    private struct HandWritten: POST {
        typealias ResponseType = JSONValue
        var path: String
        var body: RequestBody
    }

    /// The status connexion answers `endpoint` with.
    private func status(of endpoint: some Endpoint, on server: RoundTripServer) async throws -> Int {
        let client = try server.client()
        return try await client.transport.send(try await client.request(for: endpoint)).statusCode
    }

    @Test(
        "A multipart body: objects as JSON parts (a choice among them too), a choice of scalars as its text",
        arguments: RoundTripServer.forms)
    func sendsObjectParts(server: RoundTripServer) async throws {
        let expiry = ExpiresAfter(anchor: .createdAt, seconds: 3600)
        let file = try await RoundTrip.call(
            FormsUploadFile(
                file: .data(Self.png, filename: "notes.png"), purpose: .assistants, model: "whisper-1",
                expiresAfter: expiry,
                chunkingStrategy: .staticChunking(StaticChunking(type: .static, maxChunkSizeTokens: 800)),
                session: .init(voice: .alloy, speed: 1.5)),
            on: server)
        #expect(file.id == "file_1")
        try await RoundTrip.call(
            FormsUploadFile(
                file: .data(Self.png), purpose: .batch, model: "my-fine-tune", expiresAfter: expiry,
                chunkingStrategy: .autoChunking(AutoChunking(type: .auto))),
            on: server)

        // The same object as members in brackets, or out of its bounds, is refused.
        let bracketed = HandWritten(
            path: "/files",
            body: .multipart([
                .data(Self.png, name: "file", filename: "notes.png", contentType: "image/png"),
                .field("purpose", "assistants"), .field("expires_after[anchor]", "created_at"),
                .field("expires_after[seconds]", "3600"),
            ]))
        #expect(try await status(of: bracketed, on: server) == 400)
        let tooShort = FormsUploadFile(
            file: .data(Self.png), purpose: .batch, expiresAfter: ExpiresAfter(anchor: .createdAt, seconds: 60))
        #expect(try await status(of: tooShort, on: server) == 400)
    }

    @Test(
        "A form body: objects as deepObject, as form exploded and not, as JSON text; a choice of scalars",
        arguments: RoundTripServer.forms)
    func sendsObjectFields(server: RoundTripServer) async throws {
        let payment = try await RoundTrip.call(
            FormsCreatePayment(
                callSid: "CA1", idempotencyKey: "k-1", parameter: ["bank": "Chase", "memo": "rent"],
                card: CardDetails(number: "4242", cvc: 123), range: .init(from: 1, to: 9),
                metadata: .init(source: "ivr", tries: 2), timeout: "never"),
            on: server)
        #expect(payment.status == "started")
        try await RoundTrip.call(
            FormsCreatePayment(callSid: "CA1", idempotencyKey: "k-2", parameter: ["bank": "Chase"], timeout: "30"),
            on: server)

        // The same members in another style than the description's, or a timeout of neither type, are refused.
        for fields in [
            "IdempotencyKey=k&Parameter=%7B%22bank%22%3A%22Chase%22%7D",
            "IdempotencyKey=k&Parameter%5Bbank%5D=Chase&Card%5Bnumber%5D=4242&Card%5Bcvc%5D=1",
            "IdempotencyKey=k&Parameter%5Bbank%5D=Chase&from=1&to=9",
            "IdempotencyKey=k&Parameter%5Bbank%5D=Chase&Timeout=0",
        ] {
            let body = RequestBody.data(Data(fields.utf8), contentType: "application/x-www-form-urlencoded")
            #expect(try await status(of: HandWritten(path: "/calls/CA1/payments", body: body), on: server) == 400)
        }
    }

    @Test(
        "A discriminated choice decodes members with no discriminator value by trying them in turn",
        arguments: RoundTripServer.forms)
    func decodesFallbackMembers(server: RoundTripServer) async throws {
        let events = try await RoundTrip.call(PaymentsEvents(), on: server)
        #expect(
            events == [
                .orderEvent(OrderEvent(type: .order, orderID: 41)), .eventNote(.init(text: "Ring twice")),
                .eventReference(.init(id: "ev_1", type: .itemReference)),
            ])
    }
}
