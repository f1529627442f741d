extension Result where Failure == any Error {
    /// The outcome of an async throwing `body`, so cleanup can run before it is rethrown.
    init(catching body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}
