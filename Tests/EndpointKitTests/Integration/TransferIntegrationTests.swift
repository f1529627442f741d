import EndpointKit
import Foundation
import Testing

#if AsyncHTTPClient
    import EndpointKitAsyncHTTPClient
#endif

@Suite("Multipart uploads against httpbin", .requiresHTTPBin)
struct MultipartHTTPBinTests {
    struct Echo: Decodable, JSONObject {
        let form: [String: String]
        let files: [String: String]
        let headers: [String: String]
    }

    struct PostForm: POST {
        typealias ResponseType = Echo
        let path = "/post"
        let parts: [MultipartPart]
        var body: RequestBody { .multipart(parts) }
    }

    static let binary = Data((0...255).map(UInt8.init) + (0...255).reversed().map(UInt8.init))

    @Test("fields with quotes and non-ASCII names and a binary file come back as sent")
    func fieldsAndBinaryFile() async throws {
        let client = Client(baseURL: HTTPBin.url!)
        let echo = try await client.post(
            PostForm(parts: [
                .field("say \"hi\"", "hello"),
                .field("café 日本", "ünïcödé ✓"),
                .data(Self.binary, name: "blob", filename: "blob.bin"),
            ]))
        #expect(echo.form == ["say \"hi\"": "hello", "café 日本": "ünïcödé ✓"])
        #expect(echo.files["blob"] == "data:application/octet-stream;base64," + Self.binary.base64EncodedString())
        #expect(echo.headers["Content-Type"]?.hasPrefix("multipart/form-data; boundary=EndpointKit-") == true)
    }

    @Test("a file streamed from disk arrives whole, with a Content-Length")
    func streamedFile() async throws {
        let file = try TemporaryFile(bytes: Array(Self.binary), name: "data")
        let client = Client(baseURL: HTTPBin.url!)
        let echo = try await client.post(PostForm(parts: [.field("kind", "log"), .file(file.url, name: "upload")]))
        #expect(echo.form == ["kind": "log"])
        #expect(echo.files["upload"] == "data:application/octet-stream;base64," + Self.binary.base64EncodedString())
        #expect(echo.headers["Content-Length"] != nil)
        #expect(echo.headers["Transfer-Encoding"] == nil)
    }
}

@Suite("Uploads and downloads against the fault server", .requiresFaultServer)
struct TransferFaultServerTests {
    struct Receipt: Decodable, JSONObject {
        struct Part: Decodable {
            let name: String?
            let filename: String?
            let bytes: Int
            let sha256: String
        }
        let bytes: Int
        let contentLength: String?
        let chunked: Bool
        let parts: [Part]
    }

    struct Upload: POST {
        typealias ResponseType = Receipt
        let path = "/upload"
        let parts: [MultipartPart]
        var body: RequestBody { .multipart(parts) }
    }

    struct Download: GET {
        typealias ResponseType = Data
        let size: Int
        var chunked = false
        /// Seconds between 64 KiB pieces, so that progress has steps to report.
        var interval = 0.005
        var path: String { "/download" }
        var query: Parameters { ["size": size, "chunked": chunked ? 1 : 0, "interval": interval] }
    }

    struct Missing: GET {
        typealias ResponseType = Data
        let path = "/no-such-file"
    }

    let client = Client(baseURL: FaultServer.url!) {
        $0.decoder = .json(keyDecoding: .convertFromSnakeCase)
        $0.retryPolicy = .never
    }

    /// A client like `client`, over `transport`.
    func client(over transport: TransportUnderTest) -> Client {
        Client(baseURL: FaultServer.url!) {
            $0.decoder = .json(keyDecoding: .convertFromSnakeCase)
            $0.retryPolicy = .never
            $0.transport = transport.make()
        }
    }

    /// The bytes `/download` serves: byte i is i % 251.
    static func pattern(_ size: Int) -> Data {
        let period = Data((0..<251).map { UInt8($0) })
        var data = Data(capacity: size + period.count)
        while data.count < size { data.append(period) }
        return data.prefix(size)
    }

    /// SHA-256 of `pattern(8_000_000)`, from `hashlib.sha256` in Python.
    static let eightMegabytePatternDigest = "4c5143bfa79eab17dccf35d6e4771eac6ae915e0f7b1cabeb4a5ec1c5fe5e85a"

    @Test("a multipart upload of a file streams with its length, reports growing progress and arrives intact")
    func multipartUpload() async throws {
        let content = Self.pattern(8_000_000)
        let file = try TemporaryFile(bytes: Array(content), name: "report \"final\" é")
        let log = ProgressLog()
        let response = try await client.upload(
            Upload(parts: [.field("kind", "log"), .file(file.url, name: "attachment", contentType: "text/plain")]),
            progress: log.record)
        let receipt = response.value
        #expect(receipt.chunked == false)
        #expect(receipt.contentLength == String(receipt.bytes))
        #expect(receipt.parts.map(\.name) == ["kind", "attachment"])
        #expect(receipt.parts.last?.filename == "report \"final\" é.bin")
        #expect(receipt.parts.last?.bytes == content.count)
        #expect(receipt.parts.last?.sha256 == Self.eightMegabytePatternDigest)
        #expect(log.isMonotonicToCompletion)
        #expect(log.all.last?.completedBytes == Int64(receipt.bytes))
        #expect(log.all.count >= 2)  // at least one step before 100 %
    }

    #if canImport(FoundationNetworking)
        /// The upstream bug `UploadBody` works around: URLSession on Linux sends a body stream
        /// chunked even when the request has a `Content-Length`, so the request carries both.
        /// When this test fails, URLSession is fixed and `UploadBody` can go.
        @Test("URLSession on Linux: a streamed body with a length goes out with both headers")
        func streamWithLengthIsSentChunkedByURLSession() async throws {
            var request = URLRequest(url: FaultServer.url!.appendingPathComponent("upload"))
            request.httpMethod = "POST"
            request.httpBodyStream = InputStream(data: Data("hello".utf8))
            request.setValue("5", forHTTPHeaderField: "Content-Length")
            let (data, _) = try await URLSession(configuration: .ephemeral).data(for: request)
            let receipt = try JSONResponseDecoder(keyDecoding: .convertFromSnakeCase).decode(Receipt.self, from: data)
            #expect(receipt.chunked && receipt.contentLength == "5")
        }
    #endif

    @Test("a download goes to the file with progress growing to 100 %", arguments: TransportUnderTest.allCases)
    func download(over transport: TransportUnderTest) async throws {
        let client = client(over: transport)
        let place = try TemporaryFile()
        let destination = place.sibling("download.bin")
        let log = ProgressLog()
        let response = try await client.download(Download(size: 2_000_000), to: destination, progress: log.record)
        #expect(response.statusCode == 200)
        #expect(try Data(contentsOf: destination) == Self.pattern(2_000_000))
        #expect(log.isMonotonicToCompletion)
        #expect(log.all.count >= 2)  // at least one step before 100 %
        #expect(log.all.dropLast().allSatisfy { $0.expectedBytes == 2_000_000 })
        #expect(place.directoryContents == ["download.bin", "file.bin"])
    }

    @Test(
        "a chunked download of unknown size reports bytes without a total, then 100 %",
        arguments: TransportUnderTest.allCases)
    func chunkedDownload(over transport: TransportUnderTest) async throws {
        let client = client(over: transport)
        let place = try TemporaryFile()
        let log = ProgressLog()
        _ = try await client.download(
            Download(size: 1_000_000, chunked: true), to: place.sibling("d"), progress: log.record)
        #expect(try Data(contentsOf: place.sibling("d")) == Self.pattern(1_000_000))
        #expect(log.all.dropLast().allSatisfy { $0.expectedBytes == nil })
        #expect(log.isMonotonicToCompletion)
    }

    @Test(
        "a download answered with 404 throws with the error body and writes no file",
        arguments: TransportUnderTest.allCases)
    func failedDownload(over transport: TransportUnderTest) async throws {
        let client = client(over: transport)
        let place = try TemporaryFile()
        let result = await HTTPBin.result { () async throws(EndpointError) in
            try await client.download(Missing(), to: place.sibling("d"))
        }
        guard case .failure(.unacceptableStatus(let failure)) = result else {
            Issue.record("expected a 404 error, got \(result)")
            return
        }
        #expect(failure.statusCode == 404)
        #expect(String(decoding: failure.response.body, as: UTF8.self).contains("not found"))
        #expect(place.directoryContents == ["file.bin"])
    }

    @Test(
        "cancelling a download ends it with cancelled and leaves no file behind", arguments: TransportUnderTest.allCases
    )
    func cancelledDownload(over transport: TransportUnderTest) async throws {
        let client = client(over: transport)
        let place = try TemporaryFile()
        let download = client.downloadTask(Download(size: 200_000_000, interval: 0.01), to: place.sibling("d"))
        for await progress in download.progress where progress.completedBytes > 0 {
            download.cancel()
            break
        }
        let result = await HTTPBin.result { () async throws(EndpointError) in try await download.value }
        #expect(HTTPBin.isCancelled(result))
        #expect(place.directoryContents == ["file.bin"])
    }

    #if AsyncHTTPClient
        @Test("AsyncHTTPClientTransport writes a download to disk as it arrives: its size limit does not apply")
        func asyncHTTPClientDownloadIsNotHeldInMemory() async throws {
            let client = Client(baseURL: FaultServer.url!) {
                $0.retryPolicy = .never
                $0.transport = AsyncHTTPClientTransport(
                    client: TransportUnderTest.httpClient, maximumResponseSize: 1 << 20)
            }
            let place = try TemporaryFile()
            let response = try await client.download(Download(size: 8_000_000, interval: 0), to: place.sibling("big"))
            #expect(response.statusCode == 200)
            #expect(try Data(contentsOf: place.sibling("big")) == Self.pattern(8_000_000))
            #expect(place.directoryContents == ["big", "file.bin"])
        }
    #endif
}
