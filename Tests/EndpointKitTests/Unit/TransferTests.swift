import EndpointKitTesting
import Foundation
import Testing

@testable import EndpointKit

/// Progress values received, in order.
final class ProgressLog: @unchecked Sendable {
    // `@unchecked`: `values` is only touched while holding `lock`.
    private let lock = NSLock()
    private var values: [TransferProgress] = []

    func record(_ progress: TransferProgress) {
        lock.lock()
        defer { lock.unlock() }
        values.append(progress)
    }

    var all: [TransferProgress] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }

    /// Whether every value says more than the one before (more bytes, or the same bytes now
    /// known to be all of them) and the last value, and only it, is 100 %.
    var isMonotonicToCompletion: Bool {
        let values = all
        let growing = zip(values, values.dropFirst()).allSatisfy { earlier, later in
            earlier.completedBytes < later.completedBytes
                || (earlier.completedBytes == later.completedBytes && !earlier.isComplete && later.isComplete)
        }
        return growing && values.last?.isComplete == true && values.filter(\.isComplete).count == 1
    }
}

@Suite("Downloads and upload progress")
struct TransferTests {
    struct Asset: GET {
        typealias ResponseType = Data
        let path = "/asset"
    }

    struct Upload: POST {
        typealias ResponseType = JSONValue
        let path = "/upload"
        var body: RequestBody { .data(Data(repeating: 1, count: 300), contentType: "application/octet-stream") }
    }

    @Test("a download through a transport without file support still lands in the file, with 100 % progress")
    func downloadThroughPlainTransport() async throws {
        let place = try TemporaryFile()
        let destination = place.sibling("asset.bin")
        let client = Client.stubbed(StubTransport(headers: [:], body: "file contents"))
        let log = ProgressLog()
        let response = try await client.download(Asset(), to: destination, progress: log.record)
        #expect(response.value == destination)
        #expect(try Data(contentsOf: destination) == Data("file contents".utf8))
        #expect(log.all == [TransferProgress(completedBytes: 13, expectedBytes: 13)])
        #expect(place.directoryContents == ["asset.bin", "file.bin"])
    }

    @Test("a download replaces an existing file only once the response is accepted")
    func downloadReplacesOnlyOnSuccess() async throws {
        let place = try TemporaryFile(bytes: Array("old".utf8))
        let failing = Client.stubbed(StubTransport(status: 404, body: "{\"message\": \"Not Found\"}"))
        let result = await HTTPBin.result { () async throws(EndpointError) in
            try await failing.download(Asset(), to: place.url)
        }
        guard case .failure(.unacceptableStatus(let failure)) = result else {
            Issue.record("expected a 404 error, got \(result)")
            return
        }
        #expect(failure.response.body == Data("{\"message\": \"Not Found\"}".utf8))
        #expect(try Data(contentsOf: place.url) == Data("old".utf8))

        let succeeding = Client.stubbed(StubTransport(body: "new"))
        _ = try await succeeding.download(Asset(), to: place.url)
        #expect(try Data(contentsOf: place.url) == Data("new".utf8))
        #expect(place.directoryContents == ["file.bin"])
    }

    @Test("a destination that cannot be written is a transport failure naming the file")
    func unwritableDestination() async throws {
        let destination = URL(fileURLWithPath: "/nonexistent-directory/asset.bin")
        let client = Client.stubbed(StubTransport(body: "data"))
        let result = await HTTPBin.result { () async throws(EndpointError) in
            try await client.download(Asset(), to: destination)
        }
        guard case .failure(.transportFailed(let failure)) = result else {
            Issue.record("expected a transport failure, got \(result)")
            return
        }
        #expect(String(describing: failure).contains("/nonexistent-directory"))
    }

    @Test("middleware sees a download's response with its body file")
    func middlewareSeesDownloads() async throws {
        let place = try TemporaryFile()
        let seen = CallLog()
        struct Recorder: Middleware {
            let seen: CallLog
            func intercept(
                _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPResponse
            ) async throws -> HTTPResponse {
                let response = try await next(request)
                seen.append("\(response.statusCode) body:\(response.body.count)")
                return response
            }
        }
        let client = Client(baseURL: URL(string: "https://api.example.com")!) {
            $0.middleware = [Recorder(seen: seen)]
            $0.transport = StubTransport(body: "12345")
        }
        _ = try await client.download(Asset(), to: place.sibling("a"))
        #expect(seen.entries == ["200 body:0"])
    }

    @Test("upload progress ends at 100 % once the call succeeded")
    func uploadProgress() async throws {
        let log = ProgressLog()
        let client = Client.stubbed(StubTransport(body: "{}"))
        _ = try await client.upload(Upload(), progress: log.record)
        #expect(log.all == [TransferProgress(completedBytes: 300, expectedBytes: 300)])
    }

    @Test("a streamed multipart upload through a transport without progress support reports its whole length")
    func streamedUploadProgressThroughPlainTransport() async throws {
        struct FileUpload: POST {
            typealias ResponseType = JSONValue
            let path = "/upload"
            let file: URL
            var body: RequestBody { .multipart([.file(file, name: "f")], boundary: "b") }
        }
        let file = try TemporaryFile(bytes: [1, 2, 3])
        let client = Client.stubbed(StubTransport(body: "{}"))
        let length = try #require(
            await client.request(for: FileUpload(file: file.url)).value(forHTTPHeaderField: "Content-Length"))
        let log = ProgressLog()
        _ = try await client.upload(FileUpload(file: file.url), progress: log.record)
        #expect(log.all == [TransferProgress(completedBytes: Int64(length)!, expectedBytes: Int64(length)!)])
    }

    @Test("progress never goes back, and 100 % is reported exactly once")
    func progressReporterIsMonotonic() {
        let log = ProgressLog()
        let reporter = ProgressReporter(log.record)
        reporter.report(TransferProgress(completedBytes: 10, expectedBytes: 100))
        reporter.report(TransferProgress(completedBytes: 10, expectedBytes: 100))
        reporter.report(TransferProgress(completedBytes: 50, expectedBytes: 100))
        reporter.report(TransferProgress(completedBytes: 5, expectedBytes: 100))  // a retry starting over
        reporter.report(TransferProgress(completedBytes: 100, expectedBytes: 100))
        reporter.finish(totalBytes: 100)
        reporter.report(TransferProgress(completedBytes: 120, expectedBytes: nil))
        #expect(log.all.map(\.completedBytes) == [10, 50, 100])
        #expect(log.isMonotonicToCompletion)
    }

    @Test("fractions are clamped, unknown totals have none")
    func fractions() {
        #expect(TransferProgress(completedBytes: 50, expectedBytes: 200).fractionCompleted == 0.25)
        #expect(TransferProgress(completedBytes: 300, expectedBytes: 200).fractionCompleted == 1)
        #expect(TransferProgress(completedBytes: 0, expectedBytes: 0).fractionCompleted == 1)
        #expect(TransferProgress(completedBytes: 10, expectedBytes: nil).fractionCompleted == nil)
        #expect(TransferProgress(completed: 10, expected: -1).expectedBytes == nil)
        #expect(
            String(describing: TransferProgress(completedBytes: 50, expectedBytes: 200)) == "50 of 200 bytes (25 %)")
    }

    @Test("a transfer task's progress sequence finishes, and its value is the result")
    func transferTaskSequence() async throws {
        let place = try TemporaryFile()
        let client = Client.stubbed(StubTransport(body: "abc"))
        let download = client.downloadTask(Asset(), to: place.sibling("a"))
        var values: [TransferProgress] = []
        for await progress in download.progress {
            values.append(progress)
        }
        #expect(values.last?.isComplete == true)
        #expect(try await download.value.value == place.sibling("a"))
    }

    @Test("cancelling a transfer task ends it with cancelled and leaves no partial file")
    func transferTaskCancel() async throws {
        let place = try TemporaryFile()
        let client = Client.stubbed(
            StubTransport { request in
                try await Task.sleep(nanoseconds: 10_000_000_000)
                return HTTPResponse(statusCode: 200, body: Data("late".utf8), url: request.url)
            })
        let download = client.downloadTask(Asset(), to: place.sibling("a"))
        download.cancel()
        let result = await HTTPBin.result { () async throws(EndpointError) in try await download.value }
        #expect(HTTPBin.isCancelled(result))
        for await _ in download.progress {}
        #expect(place.directoryContents == ["file.bin"])
    }
}
