extension Client {
    /// Sends a ``GET`` endpoint and returns its decoded response.
    ///
    /// <!-- snippet needs: client, UserRepositories -->
    /// ```swift
    /// let repos = try await client.get(UserRepositories())
    /// ```
    ///
    /// - Parameter endpoint: The endpoint.
    /// - Returns: The decoded response body.
    /// - Throws: ``EndpointError``.
    public func get<E: GET>(_ endpoint: E) async throws(EndpointError) -> E.ResponseType {
        try await send(endpoint).value
    }

    /// Sends a ``POST`` endpoint and returns its decoded response.
    ///
    /// - Parameter endpoint: The endpoint.
    /// - Returns: The decoded response body.
    /// - Throws: ``EndpointError``.
    public func post<E: POST>(_ endpoint: E) async throws(EndpointError) -> E.ResponseType {
        try await send(endpoint).value
    }

    /// Sends a ``PUT`` endpoint and returns its decoded response.
    ///
    /// - Parameter endpoint: The endpoint.
    /// - Returns: The decoded response body.
    /// - Throws: ``EndpointError``.
    public func put<E: PUT>(_ endpoint: E) async throws(EndpointError) -> E.ResponseType {
        try await send(endpoint).value
    }

    /// Sends a ``PATCH`` endpoint and returns its decoded response.
    ///
    /// - Parameter endpoint: The endpoint.
    /// - Returns: The decoded response body.
    /// - Throws: ``EndpointError``.
    public func patch<E: PATCH>(_ endpoint: E) async throws(EndpointError) -> E.ResponseType {
        try await send(endpoint).value
    }

    /// Sends a ``DELETE`` endpoint and returns its decoded response.
    ///
    /// - Parameter endpoint: The endpoint.
    /// - Returns: The decoded response body.
    /// - Throws: ``EndpointError``.
    public func delete<E: DELETE>(_ endpoint: E) async throws(EndpointError) -> E.ResponseType {
        try await send(endpoint).value
    }
}
