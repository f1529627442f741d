import Foundation

/// The call an error happened to: the method and the URL of its request.
///
/// ```swift
/// } catch .cancelled(let call) {
///     print("gave up on \(call?.description ?? "a call")")   // GET https://api.example.com/items?token=<redacted>
/// }
/// ```
public struct CallContext: Sendable, CustomStringConvertible {
    /// The request's method.
    public var method: HTTPMethod
    /// The request's URL as it was built, before the authenticator ran; credentials included, if
    /// the URL has any (``description`` redacts them).
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
    /// ``CURLCommand/sensitiveQueryItems``), for example `GET https://api.example.com/items`.
    public var description: String {
        "\(method) \(Redaction.standard.redact(url, missing: "(no URL)"))"
    }
}

extension EndpointError {
    /// This error with `call` in the case that carries a context and has none yet; any other
    /// error as it is. The client calls it once, where a call's errors leave it.
    func attributed(to call: CallContext) -> EndpointError {
        if case .cancelled(.none) = self { return .cancelled(call) }
        return self
    }
}
