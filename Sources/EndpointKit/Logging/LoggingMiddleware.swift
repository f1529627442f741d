import Foundation

/// Middleware that writes one line per exchange: the method, the URL with its secrets redacted,
/// the status or the error, the duration and the sizes of both bodies.
///
/// A client logs nothing until it is given one:
///
/// <!-- snippet needs: url, logger -->
/// ```swift
/// let client = Client(baseURL: url) { $0.middleware = [LoggingMiddleware.standardError] }
/// // POST https://api.example.com/charges?api_key=<redacted> -> 201 in 38 ms (sent 57 bytes, received 1024 bytes)
///
/// let verbose = Client(baseURL: url) {
///     $0.middleware = [LoggingMiddleware(includesCURLCommand: true) { line in logger.debug("\(line)") }]
/// }
/// ```
///
/// Like all middleware it runs once per attempt, after the authenticator, so a retried call
/// logs each attempt and the status is the one the server sent, before the client judges it.
/// An error is logged as the client would describe it (`timed out (URLError -1001)`) and
/// thrown on unchanged.
///
/// Secrets never reach the log: in the URL, the user-info and the values of
/// ``CURLCommand/sensitiveQueryItems`` and of the query parameters you name are `<redacted>`;
/// the line has no headers, and the optional cURL command redacts ``CURLCommand/sensitiveHeaders``
/// and the headers you name. Bodies are counted, never shown, except in the cURL command.
public struct LoggingMiddleware: Middleware {
    /// Logs each exchange to standard error, without cURL commands.
    public static let standardError = LoggingMiddleware()

    /// Whether the request's cURL command (see ``CURLCommand``) is written before it is sent.
    public let includesCURLCommand: Bool

    private let redaction: Redaction
    private let write: @Sendable (String) -> Void

    /// Creates a logging middleware that hands each line to `write`.
    ///
    /// <!-- snippet needs: url -->
    /// ```swift
    /// let logging = LoggingMiddleware(redactingQueryItems: ["sig"]) { line in print(line) }
    /// let client = Client(baseURL: url) { $0.middleware = [logging] }
    /// ```
    ///
    /// - Parameters:
    ///   - includesCURLCommand: Whether to also write each request's cURL command, before it is
    ///     sent and as a line of its own (several when the body has newlines). Off by default:
    ///     the command shows the body.
    ///   - headers: Headers to redact in the cURL command besides
    ///     ``CURLCommand/sensitiveHeaders``, in any case.
    ///   - queryItems: Query parameters to redact besides ``CURLCommand/sensitiveQueryItems``,
    ///     in any case.
    ///   - write: Receives each line, without a line break, from any task; standard error by
    ///     default.
    public init(
        includesCURLCommand: Bool = false,
        redactingHeaders headers: Set<String> = [],
        redactingQueryItems queryItems: Set<String> = [],
        write: @escaping @Sendable (String) -> Void = LoggingMiddleware.writeToStandardError
    ) {
        self.includesCURLCommand = includesCURLCommand
        self.redaction = Redaction(headers: headers, queryItems: queryItems)
        self.write = write
    }

    /// Sends `request` on through `next` and writes what happened.
    ///
    /// - Parameters:
    ///   - request: The request about to be sent.
    ///   - next: The rest of the chain, ending in the transport.
    /// - Returns: The response from `next`, unchanged.
    /// - Throws: The error from `next`, unchanged.
    public func intercept(
        _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        if includesCURLCommand { write(CURLCommand(request, redaction: redaction).description) }
        let start = ProcessInfo.processInfo.systemUptime
        let exchange = "\(request.httpMethod ?? "GET") \(redaction.redact(request.url, missing: "(no URL)")) ->"
        let sent = "sent \(Self.byteCount(request.httpBody?.count ?? 0))"
        do {
            let response = try await next(request)
            // A stream's body arrives after this line: the time is until its head.
            let received =
                response.isStreamHead ? "streaming the body" : "received \(Self.byteCount(response.body.count))"
            write("\(exchange) \(response.statusCode) in \(Self.milliseconds(since: start)) (\(sent), \(received))")
            return response
        } catch {
            write("\(exchange) \(describe(error, of: request)) in \(Self.milliseconds(since: start)) (\(sent))")
            throw error
        }
    }

    /// Writes `line` and a line break to standard error, in one write.
    @usableFromInline
    static func writeToStandardError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    private static func milliseconds(since start: TimeInterval) -> String {
        let elapsed = max(0, ProcessInfo.processInfo.systemUptime - start)
        return "\(Int((elapsed * 1000).rounded())) ms"
    }

    private static func byteCount(_ count: Int) -> String {
        count == 1 ? "1 byte" : "\(count) bytes"
    }

    /// `cancelled`, or `failed: ` and the reason the client gives in its errors, with this
    /// logger's redaction of whatever it repeats of the URL.
    private func describe(_ error: any Error, of request: URLRequest) -> String {
        if error is CancellationError || (error as? URLError)?.code == .cancelled { return "cancelled" }
        let method = HTTPMethod(rawValue: request.httpMethod ?? "GET")
        let failure = TransportFailure(method: method, url: request.url, underlying: error)
        return "failed: \(failure.reason(redactedBy: redaction))"
    }
}
