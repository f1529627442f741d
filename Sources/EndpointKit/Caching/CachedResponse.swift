import Foundation

/// A stored response: what the server sent, the request headers it varies on, and when it was
/// asked for and received, which its age is computed from (RFC 9111 §4.2.3).
public struct CachedResponse: Sendable, Equatable {
    /// The response as it was stored, with the headers of any `304` that confirmed it since.
    public var response: HTTPResponse
    /// The values of the request headers that the response's `Vary` names, as the request that
    /// got it sent them (a header it did not send is absent). Another request uses the entry only
    /// if it sends the same values (RFC 9111 §4.1).
    public var varyingRequestHeaders: HTTPHeaders = [:]
    /// When the request that got the response was sent, on the client's clock; `nil` for an
    /// entry made with ``init(_:)``, whose age is then counted from its `Date`.
    public var requestTime: Date?
    /// When the response was received, or last confirmed by a `304`, on the client's clock.
    public var responseTime: Date?
    /// Whether a change the client made (a `POST`, `PUT`, `PATCH` or `DELETE` of its URL)
    /// invalidated it: it is then validated with the server before it is used (RFC 9111 §4.4).
    public var isInvalidated = false

    /// Creates an entry from a response that has a validator, as the cache before EndpointKit
    /// 0.4 stored them (to make conditional requests only).
    ///
    /// - Parameter response: A `200` response.
    /// - Returns: `nil` when the response has neither `ETag` nor `Last-Modified`, or says
    ///   `Cache-Control: no-store`.
    public init?(_ response: HTTPResponse) {
        let noStore = CacheControl(response.headers).noStore
        guard response.headers["ETag"] != nil || response.headers["Last-Modified"] != nil, !noStore else {
            return nil
        }
        self.response = response
    }

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - response: The response to keep.
    ///   - varyingRequestHeaders: The request headers the response's `Vary` names, as sent.
    ///   - requestTime: When the request was sent.
    ///   - responseTime: When the response was received.
    public init(response: HTTPResponse, varyingRequestHeaders: HTTPHeaders, requestTime: Date, responseTime: Date) {
        self.response = response
        self.varyingRequestHeaders = varyingRequestHeaders
        self.requestTime = requestTime
        self.responseTime = responseTime
    }

    /// Its `ETag`, if any.
    public var entityTag: String? {
        get { response.headers["ETag"] }
        set { response.headers["ETag"] = newValue }
    }

    /// Its `Last-Modified`, if any.
    public var lastModified: String? {
        get { response.headers["Last-Modified"] }
        set { response.headers["Last-Modified"] = newValue }
    }

    /// The body size in bytes, for the cache's budget.
    public var cost: Int { response.body.count }

    /// Which variant of its URL this is: the `Vary` header's names with the request's values,
    /// normalised. Two entries with the same variant replace each other.
    public var variant: String {
        CacheVariant.names(in: response.headers).map { name in
            "\(name): \(CacheVariant.normalised(varyingRequestHeaders.values(for: name)))"
        }.joined(separator: "\n")
    }
}
