#if AsyncHTTPClient
    import EndpointKit
    import Foundation

    extension AsyncHTTPClientTransport: TransferringTransport {
        /// Sends `request` as an upload or download. A download streams its `2xx` body to the file as
        /// AsyncHTTPClient reads it, reporting progress per part, so its size does not matter (the
        /// ``maximumResponseSize`` limits only an error body). An upload's progress is reported in
        /// one step.
        package func send(_ request: URLRequest, options: TransferOptions) async throws -> HTTPResponse {
            guard let file = options.responseBodyFile else {
                return try await sendWhole(request, transferring: options)
            }
            let uploaded =
                request.httpBody?.count ?? request.value(forHTTPHeaderField: "Content-Length").flatMap(Int.init)
            if let uploaded, let progress = options.uploadProgress {
                progress(TransferProgress(completedBytes: Int64(uploaded), expectedBytes: Int64(uploaded)))
            }
            let response = try await stream(request, bufferSize: 1 << 20)
            guard (200..<300).contains(response.head.statusCode) else {
                return try await response.collected(upTo: maximumResponseSize)
            }
            try await write(response, to: file, progress: options.downloadProgress)
            return response.head
        }

        /// Writes a streamed body to `file` as it arrives, through a temporary file beside it, so
        /// that a failed or cancelled download leaves nothing behind.
        private func write(_ response: StreamedResponse, to file: URL, progress: TransferProgressHandler?) async throws
        {
            let partial = file.deletingLastPathComponent()
                .appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString).part")
            let expected = response.head.headers["Content-Length"].flatMap(Int64.init)
            func fileError(_ error: any Error) -> FileTransferError {
                FileTransferError(file: file, reason: String(describing: error))
            }
            defer {
                response.body.cancel()
                try? FileManager.default.removeItem(at: partial)
            }
            guard FileManager.default.createFile(atPath: partial.path, contents: nil),
                let handle = try? FileHandle(forWritingTo: partial)
            else {
                throw FileTransferError(file: file, reason: "the file could not be created")
            }
            defer { try? handle.close() }
            var written: Int64 = 0
            for try await chunk in response.body.chunks {
                do { try handle.write(contentsOf: chunk) } catch { throw fileError(error) }
                written += Int64(chunk.count)
                progress?(TransferProgress(completedBytes: written, expectedBytes: expected))
            }
            do {
                try handle.close()
                try FileReplacement.move(partial, over: file)
            } catch {
                throw fileError(error)
            }
            progress?(TransferProgress(completedBytes: written, expectedBytes: written))
        }
    }
#endif
