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
        let policy = policy(for: endpoint.options)
        let connection: Result<StreamConnection, EndpointError>
        do {
            var request = try requestBuilder.makeRequest(for: endpoint, policy: policy)
            if endpoint.headers["Accept"] == nil {
                request.setValue(format.accept, forHTTPHeaderField: "Accept")
            }
            var reconnection: ReconnectionPolicy?
            if case .serverSentEvents = format.framing {
                request.setValue("no-cache", forHTTPHeaderField: "Cache-Control")  // as EventSource sends
                reconnection = endpoint.reconnection.reconnects(E.method) ? endpoint.reconnection : nil
            }
            let attempts = Attempts(
                method: E.method, authentication: authentication, transport: pipeline, cache: nil,
                validation: policy.validation, retryPolicy: policy.retryPolicy, transfer: nil,
                streamBufferSize: endpoint.bufferSize)
            connection = .success(
                StreamConnection(
                    method: E.method, url: request.url, reconnection: reconnection,
                    deadline: endpoint.options.timeouts?.total, decoder: policy.decoder,
                    validation: policy.validation
                ) { [request] lastEventID, observation async throws(EndpointError) in
                    var request = request
                    if let lastEventID { request.setValue(lastEventID, forHTTPHeaderField: "Last-Event-ID") }
                    var attempts = attempts
                    attempts.observation = observation
                    return try await attempts.run(request)
                })
        } catch {
            connection = .failure(error)
        }
        let observing = StreamObserving(
            name: E.operationName, method: E.method, pathTemplate: E.pathTemplate, observers: configuration.observers)
        return ResponseStream(format: format, connection: connection, observing: observing)
    }
}
