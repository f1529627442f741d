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

    /// The parts of a multipart request's body: each part's headers and content.
    private func multipartParts(of request: RecordedRequest) throws -> [(headers: String, content: String)] {
        let contentType = try #require(request.headers["Content-Type"])
        let boundary = String(contentType.dropFirst("multipart/form-data; boundary=".count))
        return String(decoding: request.body ?? Data(), as: UTF8.self)
            .components(separatedBy: "--\(boundary)").dropFirst().dropLast()
            .map { part in
                let pieces = part.components(separatedBy: "\r\n\r\n")
                return (pieces[0], pieces.dropFirst().joined(separator: "\r\n\r\n"))
            }
    }

    @Test("A multipart object part is its JSON (application/json), an array's a part per element, a choice its text")
    func sendsObjectPartsAsJSON() async throws {
        let transport = StubTransport(answering: .status(204))
        let details = RecordDetails(kind: "checkup", at: Date(timeIntervalSince1970: 1_795_600_800))
        _ = try await client(transport).post(
            AdoptionsUploadRecord(
                adoptionID: 3, details: details, model: "premium", weight: "12.5",
                visits: [RecordDetails(kind: "a", at: Date(timeIntervalSince1970: 0), notes: ["x"]), details],
                vet: .init(name: "Dr. Who")))
        let parts = try multipartParts(of: try #require(await transport.requests.first))
        #expect(
            parts.map(\.headers) == [
                "\r\nContent-Disposition: form-data; name=\"details\"\r\nContent-Type: application/json",
                "\r\nContent-Disposition: form-data; name=\"model\"",
                "\r\nContent-Disposition: form-data; name=\"weight\"",
                "\r\nContent-Disposition: form-data; name=\"visits\"\r\nContent-Type: application/json",
                "\r\nContent-Disposition: form-data; name=\"visits\"\r\nContent-Type: application/json",
                "\r\nContent-Disposition: form-data; name=\"vet\"\r\nContent-Type: application/vnd.vet+json",
            ])
        #expect(parts[1].content == "premium\r\n")
        #expect(parts[2].content == "12.5\r\n")
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let json = { (index: Int) in Data(parts[index].content.utf8.dropLast(2)) }  // the CR LF after it
        #expect(try decoder.decode(RecordDetails.self, from: json(0)) == details)
        #expect(parts[0].content.contains(#""at":"2026-11-25T10:00:00Z""#))
        #expect(try decoder.decode(RecordDetails.self, from: json(3)).notes == ["x"])
        #expect(try decoder.decode(RecordDetails.self, from: json(4)) == details)
        #expect(try JSONValue(parsing: json(5)) == .object(["name": .string("Dr. Who")]))
    }

    @Test("Form object fields: deepObject as name[member], form exploded as members, not exploded as one list")
    func sendsFormObjectFields() async throws {
        let transport = StubTransport(answering: .status(201))
        _ = try await client(transport).post(
            AdoptionsPayFee(
                amount: 40, donor: Donor(name: "Ada", age: 36), billing: Donor(name: "Bo", member: true),
                range: Donor(name: "Cy", age: 7), mode: "7"))
        let request = try #require(await transport.requests.first)
        #expect(request.headers["Content-Type"] == "application/x-www-form-urlencoded; charset=utf-8")
        #expect(
            String(decoding: request.body ?? Data(), as: UTF8.self)
                == "amount=40&donor%5Bname%5D=Ada&donor%5Bage%5D=36&name=Bo&member=true&range=name%2CCy%2Cage%2C7"
                + "&mode=7")
    }

    @Test("A field of any value: an object's members as the style says, else the value as text; JSON as its text")
    func sendsAnyValueAndJSONFormFields() async throws {
        let transport = StubTransport(answering: .status(201))
        let details = RecordDetails(kind: "fee", at: Date(timeIntervalSince1970: 1_795_600_800))
        _ = try await client(transport).post(
            AdoptionsPayFee(
                amount: 1,
                parameter: .object(["Memo": .string("rent"), "Amount": .int(5), "Gone": .null]),
                details: details))
        _ = try await client(transport).post(AdoptionsPayFee(amount: 2, parameter: .string("plain")))
        let bodies = await transport.requests.map { String(decoding: $0.body ?? Data(), as: UTF8.self) }
        #expect(bodies.count == 2)
        let (fields, json) = try #require(bodies.first?.split(separator: "&details=").map(String.init).pairs)
        #expect(fields == "amount=1&Amount=5&Memo=rent")
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let text = try #require(json.removingPercentEncoding)
        #expect(try decoder.decode(RecordDetails.self, from: Data(text.utf8)) == details)
        #expect(text.contains(#""at":"2026-11-25T10:00:00Z""#))
        #expect(bodies.last == "amount=2&parameter=plain")
    }
}

extension Array {
    /// The two elements of a two-element array.
    fileprivate var pairs: (Element, Element)? { count == 2 ? (self[0], self[1]) : nil }
}
