import Foundation

extension Client {
    /// Sends `endpoint` and writes its response body to a file instead of memory, reporting
    /// progress as bytes arrive.
    ///
    /// The body goes to a temporary file next to `destination` and replaces `destination` only
    /// once the response is accepted, so a failed or cancelled download leaves an existing file
    /// as it was. Everything else is as for ``send(_:)``: authentication, middleware, status
    /// validation (an error response's body is read into the error, not written to the file),
    /// retries and timeouts. Downloads are not cached.
    ///
    /// <!-- snippet needs: client, destination -->
    /// ```swift
    /// struct ReleaseAsset: GET {
    ///     typealias ResponseType = Data
    ///     let id: Int
    ///     var path: String { "/repos/octocat/hello-world/releases/assets/\(segment: id)" }
    /// }
    /// let file = try await client.download(ReleaseAsset(id: 42), to: destination) { progress in
    ///     print(progress.fractionCompleted ?? 0)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint; its ``Endpoint/ResponseType`` is not used.
    ///   - destination: The file to write; an existing file is replaced.
    ///   - progress: Called as bytes arrive, with growing figures, and once with 100 % at the end.
    /// - Returns: `destination`, with the response's status code and headers.
    /// - Throws: ``EndpointError``; a file that cannot be written is a
    ///   ``EndpointError/transportFailed(_:)`` whose underlying error is a ``FileTransferError``.
    public func download<E: Endpoint>(
        _ endpoint: E, to destination: URL, progress: TransferProgressHandler? = nil
    ) async throws(EndpointError) -> Response<URL> {
        let reporter = progress.map(ProgressReporter.init)
        let partial = Self.partialFile(for: destination)
        defer { try? FileManager.default.removeItem(at: partial) }
        let options = TransferOptions(downloadProgress: reporter?.report, responseBodyFile: partial)
        let (response, size) = try await pipeline.perform(
            endpoint, policy: policy(for: endpoint.options), delivery: .transfer(options)
        ) { (outcome, _) throws(EndpointError) in
            (outcome.response, try Self.store(outcome.response, at: destination, from: partial, method: E.method))
        }
        reporter?.finish(totalBytes: size)
        return Response(
            value: destination, statusCode: response.statusCode, headers: response.headers, url: response.url)
    }

    /// Sends `endpoint` like ``send(_:)``, reporting the progress of its request body as it
    /// goes out; for large files, send a ``RequestBody/multipart(_:boundary:)`` body.
    ///
    /// <!-- snippet needs: client, UploadAttachment, movieURL -->
    /// ```swift
    /// let response = try await client.upload(UploadAttachment(file: movieURL)) { progress in
    ///     print(progress)    // "52428800 of 209715200 bytes (25 %)"
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint.
    ///   - progress: Called as bytes go out, with growing figures, and once with 100 % when the
    ///     call succeeded.
    /// - Returns: The decoded response with its status code and headers.
    /// - Throws: ``EndpointError``.
    public func upload<E: EndpointWithBody>(
        _ endpoint: E, progress: @escaping TransferProgressHandler
    ) async throws(EndpointError) -> Response<E.ResponseType> {
        let reporter = ProgressReporter(progress)
        let options = TransferOptions(uploadProgress: reporter.report)
        let response = try await pipeline.perform(
            endpoint, policy: policy(for: endpoint.options), delivery: .transfer(options)
        ) { (outcome, policy) throws(EndpointError) in
            try ResponseDecoding.decode(outcome, of: E.self, using: policy.decoder)
        }
        reporter.finish(totalBytes: reporter.lastTotalBytes)
        return response
    }

    /// Starts ``download(_:to:progress:)`` in a task whose progress is an `AsyncSequence`.
    ///
    /// <!-- snippet needs: client, ReleaseAsset, destination, bar -->
    /// ```swift
    /// let download = client.downloadTask(ReleaseAsset(id: 42), to: destination)
    /// for await progress in download.progress {
    ///     bar.update(progress.fractionCompleted ?? 0)
    /// }
    /// let file = try await download.value
    /// ```
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint; its ``Endpoint/ResponseType`` is not used.
    ///   - destination: The file to write; an existing file is replaced.
    /// - Returns: The running transfer.
    public func downloadTask<E: Endpoint>(_ endpoint: E, to destination: URL) -> TransferTask<Response<URL>> {
        TransferTask { progress async throws(EndpointError) in
            try await self.download(endpoint, to: destination, progress: progress)
        }
    }

    /// Starts ``upload(_:progress:)`` in a task whose progress is an `AsyncSequence`.
    ///
    /// - Parameter endpoint: The endpoint.
    /// - Returns: The running transfer.
    public func uploadTask<E: EndpointWithBody>(_ endpoint: E) -> TransferTask<Response<E.ResponseType>> {
        TransferTask { progress async throws(EndpointError) in
            try await self.upload(endpoint, progress: progress)
        }
    }

    /// A hidden file next to `destination`, on the same volume so that moving it is a rename.
    private static func partialFile(for destination: URL) -> URL {
        destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).partial")
    }

    /// Moves an accepted download into place; returns its size in bytes.
    private static func store(
        _ response: HTTPResponse, at destination: URL, from partial: URL, method: HTTPMethod
    ) throws(EndpointError) -> Int64 {
        do {
            // A `2xx` body is in `partial` already; an accepted other status kept its body in memory.
            if !(200..<300).contains(response.statusCode) {
                try response.body.write(to: partial)
            }
            let size = try FileManager.default.attributesOfItem(atPath: partial.path)[.size] as? Int64 ?? 0
            try FileReplacement.move(partial, over: destination)
            return size
        } catch {
            let failure = FileTransferError(file: destination, reason: String(describing: error))
            throw .transportFailed(TransportFailure(method: method, url: response.url, underlying: failure))
        }
    }
}
