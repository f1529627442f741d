import Foundation

extension Client {
    /// The elements of a streaming endpoint's response, as they arrive.
    ///
    /// <!-- snippet needs: client, ChatCompletion, request -->
    /// ```swift
    /// for try await event in client.stream(ChatCompletion(request: request)) {
    ///     print(event.data.choices[0].delta.content ?? "", terminator: "")
    /// }
    /// ```
    ///
    /// The request is sent when the loop starts, through the same stages as every call: the
    /// authenticator (and its one renewal after a `401`), the middleware (which sees the
    /// response's head), the retry policy until the stream is accepted, and the status
    /// validation, whose errors carry the error body. Then:
    /// - the idle timeout applies between arriving bytes (a Server-Sent Events comment counts);
    ///   the client's total deadline does not apply, only the endpoint's own
    ///   (``CallOptions/timeouts``);
    /// - a Server-Sent Events stream needs status `200` and `Content-Type: text/event-stream`;
    ///   `204` ends it cleanly, and so does its terminator; when its connection fails, or (for a
    ///   `GET`, as `EventSource` does) when the server ends the response, it reconnects as the
    ///   endpoint's ``StreamingEndpoint/reconnection`` says, with `Last-Event-ID`;
    /// - a JSON lines stream needs a JSON `Content-Type`;
    /// - at most ``StreamingEndpoint/bufferSize`` bytes are held in memory for a reader slower
    ///   than the server: the transport is told to wait (on Linux, ``URLSessionTransport`` cannot
    ///   wait, and keeps the rest in a temporary file, up to its
    ///   ``URLSessionTransport/maximumStreamBacklog``);
    /// - cancelling the task or leaving the loop closes the connection.
    ///
    /// - Parameter endpoint: The endpoint.
    /// - Returns: The elements; iterating it again sends the request again.
    public func stream<E: StreamingEndpoint>(_ endpoint: E) -> ResponseStream<E.Element> {
        let format = E.streamFormat
        let connection: Result<StreamConnection, EndpointError>
        do {
            var call = try pipeline.prepare(
                endpoint, policy: policy(for: endpoint.options), delivery: .stream(bufferSize: endpoint.bufferSize))
            if endpoint.headers["Accept"] == nil {
                call.request.setValue(format.accept, forHTTPHeaderField: "Accept")
            }
            var reconnection: ReconnectionPolicy?
            if case .serverSentEvents = format.framing {
                call.request.setValue("no-cache", forHTTPHeaderField: "Cache-Control")  // as EventSource sends
                reconnection = endpoint.reconnection.reconnects(E.method) ? endpoint.reconnection : nil
            }
            connection = .success(StreamConnection(call: call, pipeline: pipeline, reconnection: reconnection))
        } catch {
            connection = .failure(error)
        }
        let observing = StreamObserving(endpoint: E.self, pipeline: pipeline)
        return ResponseStream(format: format, connection: connection, observing: observing)
    }
}
