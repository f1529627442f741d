import EndpointKit
import EndpointKitTesting
import Foundation
import Testing

// The form and multipart operations that endpointkit-generate wrote for Descriptions/features.yaml
// (in Generated/): their body's fields are the endpoint's properties, sent as the description says.

@Suite("Generated form and multipart bodies")
struct GeneratedFormBodyTests {
    private func client(_ transport: StubTransport) -> Client {
        Client(baseURL: URL(string: "https://pets.example/api")!) {
            $0.retryPolicy = .never
            $0.transport = transport
        }
    }

    @Test("A form body sends each field form-encoded: arrays repeated, enums and dates as text, nil fields left out")
    func sendsFormFields() async throws {
        let transport = StubTransport(answering: .status(201))
        _ = try await client(transport).post(
            AdoptionsApply(
                name: "Ada Lovelace", petID: 7, housing: .flat, hasGarden: false, visitDays: [.mon, .wed],
                movingOn: Date(timeIntervalSince1970: 1_795_600_800)))
        let request = try #require(await transport.requests.first)
        #expect(request.method == .post)
        #expect(request.path == "/api/adoptions")
        #expect(request.headers["Content-Type"] == "application/x-www-form-urlencoded; charset=utf-8")
        #expect(
            String(decoding: request.body ?? Data(), as: UTF8.self)
                == "name=Ada%20Lovelace&pet_id=7&housing=flat&has_garden=false&visit_days=mon&visit_days=wed"
                + "&moving_on=2026-11-25T10%3A00%3A00Z")
    }

    @Test("A multipart body sends text fields, an array as one part per element, and files given as Data")
    func sendsMultipartParts() async throws {
        let transport = StubTransport(answering: .status(204))
        _ = try await client(transport).post(
            AdoptionsUploadDocuments(
                adoptionID: 3, title: "Passport", pages: 2, kind: .passport, labels: ["id", "eu"],
                scan: .data(Data("png".utf8), filename: "scan.png"),
                attachments: [.data(Data("first".utf8), filename: "a.txt"), .data(Data("second".utf8))]))
        let request = try #require(await transport.requests.first)
        #expect(request.path == "/api/adoptions/3/documents")
        let contentType = try #require(request.headers["Content-Type"])
        #expect(contentType.hasPrefix("multipart/form-data; boundary="))
        let boundary = String(contentType.dropFirst("multipart/form-data; boundary=".count))
        let parts = String(decoding: request.body ?? Data(), as: UTF8.self)
            .components(separatedBy: "--\(boundary)").dropFirst().dropLast()
        #expect(
            parts.map { $0.components(separatedBy: "\r\n\r\n").first ?? "" } == [
                "\r\nContent-Disposition: form-data; name=\"title\"",
                "\r\nContent-Disposition: form-data; name=\"pages\"",
                "\r\nContent-Disposition: form-data; name=\"kind\"",
                "\r\nContent-Disposition: form-data; name=\"labels\"",
                "\r\nContent-Disposition: form-data; name=\"labels\"",
                "\r\nContent-Disposition: form-data; name=\"scan\"; filename=\"scan.png\"\r\nContent-Type: image/png",
                "\r\nContent-Disposition: form-data; name=\"attachments\"; filename=\"a.txt\"\r\n"
                    + "Content-Type: application/octet-stream",
                "\r\nContent-Disposition: form-data; name=\"attachments\"; filename=\"attachments\"\r\n"
                    + "Content-Type: application/octet-stream",
            ])
        #expect(
            parts.map { $0.components(separatedBy: "\r\n\r\n").dropFirst().joined() } == [
                "Passport\r\n", "2\r\n", "passport\r\n", "id\r\n", "eu\r\n", "png\r\n", "first\r\n", "second\r\n",
            ])
    }

    @Test("A file given by URL is streamed from disk with its name, and the description's media type")
    func streamsAFileFromDisk() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("passport.bin")
        try Data("scanned".utf8).write(to: file)

        let client = client(StubTransport(answering: .status(204)))
        let request = try await client.request(
            for: AdoptionsUploadDocuments(adoptionID: 3, title: "P", scan: .file(file)))
        let stream = try #require(request.httpBodyStream)
        stream.open()
        defer { stream.close() }
        var body = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let count = stream.read(&buffer, maxLength: buffer.count), count > 0 {
            body.append(contentsOf: buffer[..<count])
        }
        let text = String(decoding: body, as: UTF8.self)
        #expect(
            text.contains(
                "Content-Disposition: form-data; name=\"scan\"; filename=\"passport.bin\"\r\n"
                    + "Content-Type: image/png\r\n\r\nscanned\r\n"))
        #expect(!text.contains("name=\"pages\""))
        #expect(request.value(forHTTPHeaderField: "Content-Length") == String(body.count))
    }
}
