import Foundation

/// The call an error happened to: the method and the URL of its request.
///
/// <!-- snippet needs: client, UserRepositories -->
/// ```swift
/// do {
///     print(try await client.get(UserRepositories()).count)
/// } catch .timedOut(let seconds, let call) {
///     print("gave up on \(call?.description ?? "a call") after \(seconds) s")   // GET https://api.example.com/items?token=<redacted>
/// } catch {
///     print(error)
/// }
/// ```
public struct CallContext: Sendable, CustomStringConvertible {
    /// The request's method.
    public var method: HTTPMethod
    /// The request's URL as it was built, before the authenticator ran; credentials included, if
    /// the URL has any (``description`` redacts them). `nil` when the URL could not be built.
    public var url: URL?

    /// Creates a context.
    ///
    /// - Parameters:
    ///   - method: The request's method.
    ///   - url: The request's URL.
    public init(method: HTTPMethod, url: URL?) {
        self.method = method
        self.url = url
    }

    /// The method and the URL with its credentials redacted (its user-info and the values of
    /// ``CURLCommand/sensitiveQueryItems``), for example `GET https://api.example.com/items`;
    /// `GET (no URL)` without one.
    public var description: String {
        "\(method) \(Redaction.standard.redact(url, missing: "(no URL)"))"
    }
}

extension EndpointError {
    /// The call this error happened to, its method and URL, for every case that has one: the
    /// client fills it in where a call's errors leave it. `nil` for an error that no client
    /// threw yet (one a ``Transport`` or an ``Authenticator`` throws, say).
    ///
    /// <!-- snippet needs: client, UserRepositories, logger -->
    /// ```swift
    /// do {
    ///     print(try await client.get(UserRepositories()).count)
    /// } catch {
    ///     logger.error("\(error.call?.description ?? "a call") failed")   // GET https://api.example.com/items
    /// }
    /// ```
    public var call: CallContext? {
        switch self {
        case .invalidRequest(_, let call), .authenticationFailed(_, let call), .invalidResponse(_, let call),
            .timedOut(_, let call), .cancelled(let call):
            return call
        case .transportFailed(let failure):
            return CallContext(method: failure.method, url: failure.url)
        case .unacceptableStatus(let failure):
            return CallContext(method: failure.method, url: failure.response.url)
        case .rateLimited(let failure):
            return CallContext(method: failure.status.method, url: failure.response.url)
        case .decodingFailed(let failure):
            return CallContext(method: failure.method, url: failure.response.url)
        }
    }

    /// This error with `call` in the case that carries a context and has none yet; any other
    /// error as it is. The client calls it where a call's errors leave it: a context filled in
    /// earlier, closer to the failure, is kept.
    func attributed(to call: CallContext) -> EndpointError {
        switch self {
        case .invalidRequest(let reason, nil): return .invalidRequest(reason, call: call)
        case .authenticationFailed(let underlying, nil):
            return .authenticationFailed(underlying: underlying, call: call)
        case .invalidResponse(let reason, nil): return .invalidResponse(reason, call: call)
        case .timedOut(let seconds, nil): return .timedOut(after: seconds, call: call)
        case .cancelled(nil): return .cancelled(call: call)
        default: return self
        }
    }
}
