#if GitHubApps
    import EndpointKit

    extension EndpointError {
        /// The failure of an installation-token request as its authenticator throws it: the
        /// call it was for fails with ``/EndpointKit/EndpointError/authenticationFailed(underlying:call:)``
        /// carrying this error (its status and ``GitHubAPIError`` body, its response naming the
        /// token endpoint), as every authenticator's failure does. A cancelled request stays
        /// `.cancelled`; an app JWT that could not be signed is its ``GitHubAppError``.
        var asInstallationTokenFailure: any Error {
            switch self {
            case .cancelled: self
            case .authenticationFailed(let signing as GitHubAppError, _): signing
            default: EndpointError.authenticationFailed(underlying: self)
            }
        }
    }
#endif
