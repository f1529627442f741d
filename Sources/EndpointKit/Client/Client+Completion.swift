extension Client {
    /// The completion handler of a call: the decoded value or the error.
    public typealias Completion<Value> = @Sendable (Result<Value, EndpointError>) -> Void

    /// Sends `endpoint` and calls `completion` once with the response or the error.
    ///
    /// A thin wrapper over ``send(_:)``: the same request, the same errors. `completion` runs on
    /// an arbitrary thread; hop to your UI's queue or actor yourself.
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint to call.
    ///   - completion: Receives the value with its metadata, or the error.
    /// - Returns: A handle to cancel the call with.
    @discardableResult
    public func send<E: Endpoint>(
        _ endpoint: E, completion: @escaping Completion<Response<E.ResponseType>>
    ) -> RequestTask {
        RequestTask(
            Task {
                do throws(EndpointError) {
                    completion(.success(try await send(endpoint)))
                } catch {
                    completion(.failure(error))
                }
            })
    }

    /// Sends a ``GET`` endpoint and calls `completion` once with the value or the error.
    ///
    /// <!-- snippet needs: client, UserRepositories -->
    /// ```swift
    /// client.get(UserRepositories()) { result in
    ///     switch result {
    ///     case .success(let repos): print(repos.count)
    ///     case .failure(let error): print(error)
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint.
    ///   - completion: Receives the decoded value or the error, on an arbitrary thread.
    /// - Returns: A handle to cancel the call with.
    @discardableResult
    public func get<E: GET>(_ endpoint: E, completion: @escaping Completion<E.ResponseType>) -> RequestTask {
        send(endpoint) { completion($0.map(\.value)) }
    }

    /// Sends a ``POST`` endpoint and calls `completion` once with the value or the error.
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint.
    ///   - completion: Receives the decoded value or the error, on an arbitrary thread.
    /// - Returns: A handle to cancel the call with.
    @discardableResult
    public func post<E: POST>(_ endpoint: E, completion: @escaping Completion<E.ResponseType>) -> RequestTask {
        send(endpoint) { completion($0.map(\.value)) }
    }

    /// Sends a ``PUT`` endpoint and calls `completion` once with the value or the error.
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint.
    ///   - completion: Receives the decoded value or the error, on an arbitrary thread.
    /// - Returns: A handle to cancel the call with.
    @discardableResult
    public func put<E: PUT>(_ endpoint: E, completion: @escaping Completion<E.ResponseType>) -> RequestTask {
        send(endpoint) { completion($0.map(\.value)) }
    }

    /// Sends a ``PATCH`` endpoint and calls `completion` once with the value or the error.
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint.
    ///   - completion: Receives the decoded value or the error, on an arbitrary thread.
    /// - Returns: A handle to cancel the call with.
    @discardableResult
    public func patch<E: PATCH>(_ endpoint: E, completion: @escaping Completion<E.ResponseType>) -> RequestTask {
        send(endpoint) { completion($0.map(\.value)) }
    }

    /// Sends a ``DELETE`` endpoint and calls `completion` once with the value or the error.
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint.
    ///   - completion: Receives the decoded value or the error, on an arbitrary thread.
    /// - Returns: A handle to cancel the call with.
    @discardableResult
    public func delete<E: DELETE>(_ endpoint: E, completion: @escaping Completion<E.ResponseType>) -> RequestTask {
        send(endpoint) { completion($0.map(\.value)) }
    }
}
