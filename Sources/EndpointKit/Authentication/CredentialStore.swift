import Foundation

/// A credential whose access token authenticates requests: an ``AccessToken`` itself, or
/// ``OAuthTokens`` with their refresh token.
protocol CarriesAccessToken: Sendable {
    /// The token that goes in the `Authorization` header.
    var accessToken: AccessToken { get }
}

extension AccessToken: CarriesAccessToken {
    var accessToken: AccessToken { self }
}

/// An error after which the credential must not be used again, nor renewed with: the server
/// said the grant behind it is dead (OAuth's `invalid_grant`). The store then forgets it.
protocol EndsCredential: Error {
    /// Whether this error ends the credential.
    var endsCredential: Bool { get }
}

/// The current credential, the renewal in progress if any, and the failure of the last renewal;
/// an actor, so no lock can deadlock.
///
/// - A credential whose token expires within `leadTime` (by `clock`) is renewed before it is
///   handed out. If that renewal fails while the token has not expired yet and the server has not
///   refused it, the token is still handed out; the next call tries to renew again.
/// - After a `401`, ``renew(replacing:)`` renews unless the credential changed since.
/// - Renewals are single-flight: every caller waits for the one in progress.
/// - A renewal that fails with an ``EndsCredential`` error forgets the credential: the next call
///   renews from nothing (`renew(nil)`), which for a sign-in means asking for a new one.
actor CredentialStore<Credential: CarriesAccessToken> {
    private var credential: Credential?
    /// Whether the server answered `401` to the current credential's token.
    private var rejected = false
    private var renewal: Task<Credential, any Error>?
    /// Why the renewal of the current credential failed, until a renewal succeeds.
    private var failure: (any Error)?
    private let renewCredential: @Sendable (Credential?) async throws -> Credential
    private let leadTime: TimeInterval
    private let clock: ClientClock
    /// Who holds the credential, the same across its renewals: the authenticator's
    /// ``Authenticator/credentialIdentity(for:)``, new for each store.
    nonisolated let identity = "credential:\(UUID().uuidString)"
    /// Called each time a caller begins to wait for a renewal, the one that started it included:
    /// lets a test hold a renewal until every call of a burst is waiting for it, which nothing
    /// public shows. `nil` unless a test sets it.
    nonisolated let renewalWaitObserver = Locked<(@Sendable () -> Void)?>(nil)

    /// - Parameters:
    ///   - credential: The credential to start with, if any.
    ///   - leadTime: How long before its token expires a credential is renewed.
    ///   - clock: The time expiries are judged by.
    ///   - renew: Makes a new credential from the current one (`nil` when there is none).
    init(
        credential: Credential?, leadTime: TimeInterval, clock: ClientClock,
        renew: @escaping @Sendable (Credential?) async throws -> Credential
    ) {
        self.credential = credential
        self.leadTime = leadTime
        self.clock = clock
        self.renewCredential = renew
    }

    /// The credential to send: the one being renewed if a renewal is in progress (so no request
    /// goes out with a token known to be stale), else the current one unless it expires within
    /// the lead time. A new call renews first when there is none yet, or when the last renewal
    /// failed: it tries again.
    func current() async throws -> Credential {
        if let renewal { return try await result(of: renewal) }
        if failure == nil, let credential, !credential.accessToken.expires(within: leadTime, of: clock.now()) {
            return credential
        }
        return try await result(of: startRenewal())
    }

    /// Renews the credential unless its token already differs from `stale`; joins a renewal in
    /// progress.
    ///
    /// When the renewal of `stale` has already failed, this throws that failure instead of
    /// renewing again: the calls of a burst whose `401`s arrive after the renewal failed fail
    /// with it, as those that waited for it did. One renewal, successful or not, serves the
    /// whole burst.
    func renew(replacing stale: String?) async throws -> Credential {
        if let credential, credential.accessToken.value == stale { rejected = true }
        if let renewal { return try await result(of: renewal) }
        if let credential, credential.accessToken.value != stale { return credential }  // renewed since
        if let failure { throw failure }
        return try await result(of: startRenewal())
    }

    private func startRenewal() -> Task<Credential, any Error> {
        let task = Task { [renewCredential, credential] in try await renewCredential(credential) }
        renewal = task
        return task
    }

    private func result(of task: Task<Credential, any Error>) async throws -> Credential {
        renewalWaitObserver.withLock { $0 }?()
        do {
            let fresh = try await task.value
            // Every waiter stores the result, so none of them can resume and read the stale
            // credential before the caller that started the renewal runs again.
            finish(task, with: .success(fresh))
            return fresh
        } catch {
            finish(task, with: .failure(error))
            // An early renewal failed: the token still works until it expires.
            if let credential, !rejected, !credential.accessToken.hasExpired(at: clock.now()) {
                return credential
            }
            throw error
        }
    }

    private func finish(_ task: Task<Credential, any Error>, with result: Result<Credential, any Error>) {
        guard renewal == task else { return }
        renewal = nil
        switch result {
        case .success(let fresh):
            credential = fresh
            rejected = false
            failure = nil
        case .failure(let error):
            failure = error
            if (error as? any EndsCredential)?.endsCredential == true {
                credential = nil
                rejected = false
            }
        }
    }
}
