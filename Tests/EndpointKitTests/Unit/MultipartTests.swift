import EndpointKitTesting
import Foundation
import Testing

@testable import EndpointKit

@Suite("Multipart form bodies")
struct MultipartTests {
    struct Upload: POST {
        typealias ResponseType = JSONValue
        let path = "/upload"
        let parts: [MultipartPart]
        var boundary: String? = "XyZ"
        var body: RequestBody { .multipart(parts, boundary: boundary) }
    }

    let client = Client.stubbed(StubTransport())

    @Test("fields and in-memory files are laid out with boundaries, dispositions and content types")
    func layout() async throws {
        let request = try await client.request(
            for: Upload(parts: [
                .field("title", "Holiday"),
                .data(Data([0, 255, 13, 10]), name: "blob", filename: "b.bin"),
            ]))
        let expected =
            "--XyZ\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nHoliday\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"blob\"; filename=\"b.bin\"\r\n"
            + "Content-Type: application/octet-stream\r\n\r\n"
        var body = Data(expected.utf8)
        body.append(contentsOf: [0, 255, 13, 10])
        body.append(Data("\r\n--XyZ--\r\n".utf8))
        #expect(request.httpBody == body)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "multipart/form-data; boundary=XyZ")
    }

    @Test("quotes, CR and LF in names are percent-encoded; other characters are sent as UTF-8")
    func nameEscaping() async throws {
        let request = try await client.request(
            for: Upload(parts: [.data(Data("x".utf8), name: "a\"b\r\nc", filename: "café \"日\".txt")]))
        let text = String(decoding: request.httpBody ?? Data(), as: UTF8.self)
        #expect(text.contains("name=\"a%22b%0D%0Ac\"; filename=\"café %22日%22.txt\"\r\n"))
    }

    @Test("a body with a file is streamed, with the exact Content-Length")
    func streamedFile() async throws {
        let file = try TemporaryFile(bytes: (0..<10_000).map { UInt8(truncatingIfNeeded: $0) })
        let request = try await client.request(
            for: Upload(parts: [.field("kind", "log"), .file(file.url, name: "attachment")]))
        #expect(request.httpBody == nil)
        let stream = try #require(request.httpBodyStream)
        let streamed = Self.readAll(stream, chunk: 7)
        #expect(request.value(forHTTPHeaderField: "Content-Length") == String(streamed.count))
        let inMemory = try await client.request(
            for: Upload(parts: [
                .field("kind", "log"),
                .data(Data(try Data(contentsOf: file.url)), name: "attachment", filename: file.url.lastPathComponent),
            ]))
        #expect(streamed == inMemory.httpBody)
    }

    @Test("a file part's content type is guessed from its extension")
    func contentTypeGuess() async throws {
        let file = try TemporaryFile(bytes: [1, 2, 3], pathExtension: "PNG")
        let request = try await client.request(for: Upload(parts: [.file(file.url, name: "image")]))
        let text = String(decoding: Self.readAll(try #require(request.httpBodyStream), chunk: 4096), as: UTF8.self)
        #expect(text.contains("Content-Type: image/png\r\n"))
    }

    @Test("a missing file, a directory and a bad boundary or content type are refused before sending")
    func refusedBodies() async {
        let missing = URL(fileURLWithPath: "/nonexistent/endpointkit.bin")
        let directory = FileManager.default.temporaryDirectory
        let cases: [(Upload, InvalidRequest)] = [
            (
                Upload(parts: [.file(missing, name: "f")]),
                .unreadableFile(missing.path, reason: "it does not exist or cannot be read")
            ),
            (
                Upload(parts: [.file(directory, name: "f")]),
                .unreadableFile(directory.path, reason: "it is a directory")
            ),
            (
                Upload(parts: [.data(Data(), name: "f", contentType: "text/plain\r\nX-Evil: 1")]),
                .invalidHeaderValue(name: "Content-Type")
            ),
            (
                Upload(parts: [.field("a", "b")], boundary: "bad\r\nboundary"),
                .encodingFailed(
                    description: "\"bad\r\nboundary\" is not a multipart boundary (1 to 70 letters, digits or '+_-.)")
            ),
        ]
        for (endpoint, expected) in cases {
            do {
                _ = try await client.request(for: endpoint)
                Issue.record("expected \(expected)")
            } catch {
                guard case .invalidRequest(let reason, _) = error else {
                    Issue.record("expected an invalid request, got \(error)")
                    continue
                }
                #expect(reason == expected)
            }
        }
    }

    @Test("a JSON part holds the value's JSON, ISO 8601 dates, as application/json or the media type given")
    func jsonParts() async throws {
        struct Expiry: Encodable, Sendable {
            var anchor = "created_at"
            var at = Date(timeIntervalSince1970: 0)
        }
        let request = try await client.request(
            for: Upload(parts: [
                .json(Expiry(), name: "expires_after"),
                .json(["voice": "alloy"], name: "session", contentType: "application/vnd.session+json"),
            ]))
        let text = String(decoding: request.httpBody ?? Data(), as: UTF8.self)
        let parts = text.components(separatedBy: "--XyZ").dropFirst().dropLast()
            .map { $0.components(separatedBy: "\r\n\r\n") }
        #expect(
            parts.map(\.first) == [
                "\r\nContent-Disposition: form-data; name=\"expires_after\"\r\nContent-Type: application/json",
                "\r\nContent-Disposition: form-data; name=\"session\"\r\nContent-Type: application/vnd.session+json",
            ])
        let expiry = try JSONValue(parsing: Data(try #require(parts.first?.last).utf8.dropLast(2)))  // its CR LF
        #expect(expiry == .object(["anchor": .string("created_at"), "at": .string("1970-01-01T00:00:00Z")]))
        #expect(parts.last?.last == #"{"voice":"alloy"}"# + "\r\n")
    }

    @Test("a JSON part whose value cannot be encoded fails the call, naming the part")
    func unencodableJSONPart() async {
        do {
            _ = try await client.request(for: Upload(parts: [.json(["ratio": Double.nan], name: "stats")]))
            Issue.record("expected an encoding failure")
        } catch {
            guard case .invalidRequest(.encodingFailed(let description), _) = error else {
                Issue.record("expected an encoding failure, got \(error)")
                return
            }
            #expect(description.hasPrefix("the part 'stats' cannot be encoded as JSON: "))
        }
    }

    @Test("a random boundary is used when none is given, different for each request")
    func randomBoundary() async throws {
        let first = try await client.request(for: Upload(parts: [.field("a", "b")], boundary: nil))
        let second = try await client.request(for: Upload(parts: [.field("a", "b")], boundary: nil))
        let firstType = try #require(first.value(forHTTPHeaderField: "Content-Type"))
        #expect(firstType.hasPrefix("multipart/form-data; boundary=EndpointKit-"))
        #expect(firstType != second.value(forHTTPHeaderField: "Content-Type"))
    }

    @Test("a file that shrinks while it is sent makes the stream fail instead of sending short data")
    func shrinkingFile() async throws {
        let file = try TemporaryFile(bytes: [UInt8](repeating: 7, count: 1000))
        let request = try await client.request(for: Upload(parts: [.file(file.url, name: "f")]))
        try Data([1, 2, 3]).write(to: file.url)
        let stream = try #require(request.httpBodyStream)
        stream.open()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var result = 0
        repeat {
            result = buffer.withUnsafeMutableBufferPointer { stream.read($0.baseAddress!, maxLength: $0.count) }
        } while result > 0
        #expect(result == -1)
        #expect(stream.streamError is FileTransferError)
    }

    @Test("a streamed body is sent once: no retry, no credential renewal")
    func streamedBodyIsNotResent() async throws {
        let file = try TemporaryFile(bytes: [1, 2, 3])
        let transport = StubTransport.answering([503])
        let retryingPosts = RetryPolicy(maximumAttempts: 3, initialDelay: 0, retryableMethods: [.post])
        let client = Client.stubbed(transport, retryPolicy: retryingPosts)
        let result = await HTTPBin.result { () async throws(EndpointError) in
            try await client.post(Upload(parts: [.file(file.url, name: "f")]))
        }
        guard case .failure(.unacceptableStatus(let response)) = result else {
            Issue.record("expected the 503, got \(result)")
            return
        }
        #expect(response.statusCode == 503)
        #expect(await transport.sentRequests.count == 1)
    }

    static func readAll(_ stream: InputStream, chunk: Int) -> Data {
        stream.open()
        defer { stream.close() }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            let count = buffer.withUnsafeMutableBufferPointer { stream.read($0.baseAddress!, maxLength: chunk) }
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }
}
