extension EndpointError {
    /// What a call fails with when its authenticator threw `error`, as the client reports it: an
    /// ``EndpointError`` as it is, cancellation as ``cancelled``, anything else as
    /// ``authenticationFailed(underlying:call:)``. EndpointKit's own authenticators throw this,
    /// typed, so that what they throw is what the call fails with.
    package static func reportingAuthenticatorError(_ error: any Error) -> EndpointError {
        switch error {
        case let error as EndpointError: error
        case is CancellationError: .cancelled
        default: .authenticationFailed(underlying: error)
        }
    }
}
