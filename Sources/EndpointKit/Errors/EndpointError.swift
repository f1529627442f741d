import Foundation

/// The one error type EndpointKit throws: every way a call can fail, with its context.
///
/// <!-- snippet needs: client, Repo -->
/// ```swift
/// do {
///     let repo = try await client.get(Repo(owner: "apple", name: "swift"))
///     print(repo.fullName)
/// } catch .unacceptableStatus(let failure) where failure.statusCode == 404 {
///     print("no such repository")
/// } catch {
///     print(error)   // GET https://api.github.com/repos/apple/swift answered with unacceptable status 500 …
/// }
/// ```
///
/// Every client call throws `EndpointError` and nothing else (typed throws), so `catch` can
/// match its cases directly. Inside a closure, such as a `Task { }`, Swift infers the `do`
/// block's error type only when it is written out: `do throws(EndpointError) { … } catch
/// .unacceptableStatus(let failure) { … }`.
public enum EndpointError: Error, Sendable {
    /// The request could not be built: a bad base URL or path, a parameter or body that could not
    /// be encoded, an invalid header name or value, a body on a `GET`. Nothing was sent.
    ///
    /// `call` is the call's method, with its URL once the URL was built (not for a bad base URL
    /// or path); the client fills it in.
    case invalidRequest(InvalidRequest, call: CallContext? = nil)

    /// The ``Authenticator`` threw this error, so nothing was sent. `call` is the call; the
    /// client fills it in.
    case authenticationFailed(underlying: any Error, call: CallContext? = nil)

    /// The transport failed: no connection, a timeout, a TLS problem, a connection closed early.
    case transportFailed(TransportFailure)

    /// The server answered with a status code that is not acceptable (not 2xx by default).
    /// The failure carries the method, the response (status, headers and body) and the body
    /// decoded as the API's error body type.
    case unacceptableStatus(StatusFailure)

    /// The server refused the call for sending too much: a `429`, or whatever the client's
    /// ``APIProfile`` recognises (GitHub's `403` with `X-RateLimit-Remaining: 0`, say). The
    /// failure says when a retry can succeed.
    case rateLimited(RateLimitFailure)

    /// The server's answer cannot serve the call, though its status was acceptable: for example
    /// a `next` page link that leads back to a page already fetched. `call` is the call whose
    /// answer it was; the client fills it in.
    case invalidResponse(InvalidResponse, call: CallContext? = nil)

    /// The body could not be decoded into the endpoint's response type.
    case decodingFailed(DecodingFailure)

    /// The call did not finish within its total deadline (``Timeouts/total``), retries
    /// included; `after` is the deadline in seconds. `call` is the call; the client fills it in.
    case timedOut(after: TimeInterval, call: CallContext? = nil)

    /// The call was cancelled, by cancelling its `Task` or its ``RequestTask``. `call` is the
    /// call, its method and URL; the client fills it in. A ``Transport`` or an ``Authenticator``
    /// that throws ``cancelled`` leaves it to the client.
    ///
    /// `catch .cancelled` matches it with or without a call, as it did before the call was added.
    case cancelled(call: CallContext?)

    /// The call was cancelled; the client adds the call's method and URL when the error leaves it
    /// (see ``cancelled(call:)``).
    public static var cancelled: EndpointError { .cancelled(call: nil) }
}

extension EndpointError {
    /// The response the server sent, for errors that have one.
    public var response: HTTPResponse? {
        switch self {
        case .unacceptableStatus(let failure): return failure.response
        case .rateLimited(let failure): return failure.response
        case .decodingFailed(let failure): return failure.response
        case .invalidResponse(.unexpectedContentType(let response, _), _): return response
        default: return nil
        }
    }

    /// Whether the call ran out of time: its total deadline passed, or the transport's idle
    /// timeout fired.
    public var isTimeout: Bool {
        switch self {
        case .timedOut: return true
        case .transportFailed(let failure): return failure.urlErrorCode == .timedOut
        default: return false
        }
    }
}

/// Why a request could not be built.
public enum InvalidRequest: Sendable, Equatable {
    /// The client's base URL is not an absolute `http` or `https` URL with a host, or it has a
    /// query or fragment.
    case invalidBaseURL(String)
    /// The endpoint's path cannot be used; the second value says why.
    case invalidPath(String, reason: String)
    /// The URL built from the base URL, path and query is not valid.
    case invalidURL(String)
    /// A header name is not an HTTP token (it is empty or has spaces, colons or control
    /// characters).
    case invalidHeaderName(String)
    /// A header value has CR, LF, NUL or another control character. The value is not repeated
    /// here: it may be a credential.
    case invalidHeaderValue(name: String)
    /// Credentials cannot be written into a header; the value says why.
    case invalidCredentials(String)
    /// The method does not allow a body (`GET`, `HEAD`), but the endpoint has one.
    case bodyNotAllowed(HTTPMethod)
    /// The query, form or body encoder failed; `description` is the encoder's error.
    case encodingFailed(description: String)
    /// A file for a multipart body cannot be read; the second value says why.
    case unreadableFile(String, reason: String)
}

/// A transport failure and the request it happened to.
public struct TransportFailure: Error, Sendable {
    /// The request's method.
    public var method: HTTPMethod
    /// The request's URL, credentials included: ``EndpointError/description`` and ``reason``
    /// redact them.
    public var url: URL?
    /// The transport's error, for example a `URLError` with code `.timedOut`.
    public var underlying: any Error

    /// Creates a transport failure.
    ///
    /// - Parameters:
    ///   - method: The request's method.
    ///   - url: The request's URL.
    ///   - underlying: The transport's error.
    public init(method: HTTPMethod, url: URL?, underlying: any Error) {
        self.method = method
        self.url = url
        self.underlying = underlying
    }

    /// The `URLError` code of ``underlying``, when it is a `URLError`.
    public var urlErrorCode: URLError.Code? {
        (underlying as? URLError)?.code
    }

    /// What went wrong in a few words, for example
    /// `could not connect to the server (URLError -1004)`. The credentials of ``url`` are
    /// redacted in it, also where the underlying error's own text repeats the URL.
    public var reason: String {
        reason(redactedBy: .standard)
    }

    /// ``reason``, with what `redaction` hides in ``url`` hidden in the underlying error's text.
    package func reason(redactedBy redaction: Redaction) -> String {
        if let tooLarge = underlying as? ResponseTooLargeError { return tooLarge.description }
        guard let code = urlErrorCode else { return redaction.redact(String(describing: underlying), mentioning: url) }
        let text: String
        switch code {
        case .timedOut: text = "timed out"
        case .cannotConnectToHost: text = "could not connect to the server"
        case .cannotFindHost, .dnsLookupFailed: text = "could not find the host"
        case .networkConnectionLost: text = "the connection was lost"
        case .notConnectedToInternet: text = "not connected to the network"
        case .badServerResponse: text = "the server's response was not valid HTTP"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            text = "the TLS connection failed"
        case .httpTooManyRedirects: text = "too many redirects"
        case .redirectToNonExistentLocation: text = "a redirect had no valid location"
        case .unsupportedURL: text = "the URL is not supported"
        case .dataLengthExceedsMaximum: text = "the response is too large"
        default:
            // A code no case above names, `-1` above all, which URLSession on Linux gives every
            // libcurl failure it does not map: its own message (in `NSLocalizedDescriptionKey`)
            // is then the only thing that says what happened (LinuxNotes).
            if let message = (underlying as? URLError)?.userInfo[NSLocalizedDescriptionKey] as? String,
                !message.isEmpty
            {
                return "the transfer failed (URLError \(code.rawValue): \(redaction.redact(message, mentioning: url)))"
            }
            text = "the transfer failed"
        }
        return "\(text) (URLError \(code.rawValue))"
    }
}

extension EndpointError {
    /// The unacceptable response of an ``unacceptableStatus(_:)`` or ``rateLimited(_:)`` error,
    /// with its method and decoded error body; `nil` for other errors.
    public var statusFailure: StatusFailure? {
        switch self {
        case .unacceptableStatus(let failure): return failure
        case .rateLimited(let failure): return failure.status
        default: return nil
        }
    }

    /// The decoded error body of an unacceptable or rate-limited response, as `T`.
    ///
    /// <!-- snippet needs: client, UserRepositories, MyAPIError -->
    /// ```swift
    /// do {
    ///     print(try await client.get(UserRepositories()).count)
    /// } catch {
    ///     print(error.errorBody(as: MyAPIError.self)?.message ?? error.description)
    /// }
    /// ```
    ///
    /// - Parameter type: The error body type.
    /// - Returns: The error body, or `nil` when there is none or it is another type.
    public func errorBody<T: JSONObject>(as type: T.Type) -> T? {
        statusFailure?.errorBody(as: type)
    }
}
