import EndpointKit

extension HTTPBin {
    /// Whether `result` is the `cancelled` error.
    static func isCancelled<Value>(_ result: Result<Value, EndpointError>) -> Bool {
        guard case .failure(.cancelled) = result else { return false }
        return true
    }
}
