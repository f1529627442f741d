import Foundation

/// Sends a token that expires, and renews it when the server answers `401`.
///
/// The renewal is single-flight: however many requests fail at once, `refresh` runs once, they
/// all wait for it and are sent once more with the new token. A request that was sent with an
/// old token and fails after the token was renewed is simply sent again, without another
/// renewal. If the renewal throws, every call that failed with the old token fails with
/// ``EndpointError/authenticationFailed(underlying:call:)``: those that waited for the renewal, and
/// those whose `401` arrives after it failed, without renewing again. A call that starts after
/// the failure tries again.
///
/// ```swift
/// let authenticator = RefreshingTokenAuthenticator(token: storedToken) {
///     try await authClient.post(RefreshToken(refreshToken: refreshToken)).accessToken
/// }
/// let client = Client(baseURL: url, authenticator: authenticator)
/// ```
public struct RefreshingTokenAuthenticator: Authenticator {
    private let store: TokenStore
    /// The word before the token in the `Authorization` header.
    public let scheme: TokenAuthenticator.Scheme

    /// Creates the authenticator.
    ///
    /// - Parameters:
    ///   - scheme: `.bearer` (the default) or `.token`.
    ///   - token: The current token, or `nil` to fetch one with `refresh` before the first request.
    ///   - refresh: Fetches a new token; called once per renewal.
    public init(
        scheme: TokenAuthenticator.Scheme = .bearer, token: String? = nil,
        refresh: @escaping @Sendable () async throws -> String
    ) {
        self.scheme = scheme
        self.store = TokenStore(token: token, refresh: refresh)
    }

    /// Sets `Authorization: <scheme> <token>`, fetching a token first if there is none.
    ///
    /// - Parameter request: The request about to be sent.
    /// - Throws: The refresh closure's error, or ``EndpointError/invalidRequest(_:call:)`` for a token
    ///   that cannot go in a header.
    public func authenticate(_ request: inout URLRequest) async throws {
        let token = try await store.currentToken()
        try await TokenAuthenticator(token: token, scheme: scheme).authenticate(&request)
    }

    /// On a `401`, renews the token unless it was renewed since `request` was sent.
    ///
    /// - Parameters:
    ///   - response: The unacceptable response.
    ///   - request: The request as it was sent.
    /// - Returns: `true` for a `401`, after the token was renewed; `false` otherwise.
    public func refreshCredential(after response: HTTPResponse, sentWith request: URLRequest) async throws -> Bool {
        guard response.statusCode == 401 else { return false }
        let sent = request.value(forHTTPHeaderField: "Authorization")
        let prefix = scheme.rawValue + " "
        let sentToken = sent.flatMap { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : nil }
        _ = try await store.renew(replacing: sentToken)
        return true
    }
}

/// The current token, the renewal in progress if any, and the failure of the last renewal; an
/// actor, so no lock can deadlock.
actor TokenStore {
    private var token: String?
    private var renewal: Task<String, any Error>?
    /// Why the renewal of the current token failed, until a renewal succeeds.
    private var failure: (any Error)?
    private let refresh: @Sendable () async throws -> String

    init(token: String?, refresh: @escaping @Sendable () async throws -> String) {
        self.token = token
        self.refresh = refresh
    }

    /// The token to send: the one being renewed if a renewal is in progress (so no request
    /// goes out with a token known to be stale), else the current one. A new call renews first
    /// when there is no token yet, or when the last renewal failed: it tries again.
    func currentToken() async throws -> String {
        if let renewal { return try await result(of: renewal) }
        if failure == nil, let token { return token }
        return try await result(of: startRenewal())
    }

    /// Renews the token unless it already differs from `stale`; joins a renewal in progress.
    ///
    /// When the renewal of `stale` has already failed, this throws that failure instead of
    /// renewing again: the calls of a burst whose `401`s arrive after the renewal failed fail
    /// with it, as those that waited for it did. One renewal, successful or not, serves the
    /// whole burst.
    func renew(replacing stale: String?) async throws -> String {
        if let renewal { return try await result(of: renewal) }
        if let token, token != stale { return token }  // renewed since the request was sent
        if let failure { throw failure }
        return try await result(of: startRenewal())
    }

    private func startRenewal() -> Task<String, any Error> {
        let task = Task { try await refresh() }
        renewal = task
        return task
    }

    private func result(of task: Task<String, any Error>) async throws -> String {
        do {
            let fresh = try await task.value
            // Every waiter stores the result, so none of them can resume and read the stale
            // token before the caller that started the renewal runs again.
            finish(task, with: .success(fresh))
            return fresh
        } catch {
            finish(task, with: .failure(error))
            throw error
        }
    }

    private func finish(_ task: Task<String, any Error>, with result: Result<String, any Error>) {
        guard renewal == task else { return }
        renewal = nil
        switch result {
        case .success(let fresh):
            token = fresh
            failure = nil
        case .failure(let error):
            failure = error
        }
    }
}
