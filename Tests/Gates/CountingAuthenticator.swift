import EndpointKit
import Foundation

/// An authenticator that counts each request as it reaches `base`: each call of
/// ``authenticate(_:)`` in ``authentications`` and each call of
/// ``renewCredential(after:sentWith:)`` in ``renewals``, before it is handed on. A test holds a
/// renewal until a burst of calls has reached it (``ArrivalCounter/waitForArrivals(count:)``), so
/// that they pile up on that renewal instead of one after the other.
package struct CountingAuthenticator<Base: Authenticator>: Authenticator {
    /// The authenticator that does the work.
    package let base: Base
    /// The requests that reached ``authenticate(_:)``.
    package let authentications: ArrivalCounter
    /// The requests that reached ``renewCredential(after:sentWith:)``: those that asked for a
    /// renewal after an unacceptable status.
    package let renewals: ArrivalCounter

    /// Counts the requests that reach `base`.
    ///
    /// - Parameters:
    ///   - base: The authenticator that does the work.
    ///   - authentications: Where ``authenticate(_:)`` counts; a counter of its own by default.
    ///   - renewals: Where ``renewCredential(after:sentWith:)`` counts; a counter of its own by
    ///     default.
    package init(
        _ base: Base, authentications: ArrivalCounter = ArrivalCounter(), renewals: ArrivalCounter = ArrivalCounter()
    ) {
        self.base = base
        self.authentications = authentications
        self.renewals = renewals
    }

    /// Counts the request, then has `base` authenticate it.
    ///
    /// - Parameter request: The request about to be sent.
    /// - Throws: What `base` throws.
    package func authenticate(_ request: inout URLRequest) async throws {
        authentications.arrive()
        try await base.authenticate(&request)
    }

    /// Counts the request, then asks `base` to renew.
    ///
    /// - Parameters:
    ///   - response: The unacceptable response.
    ///   - request: The request as it was sent.
    /// - Returns: What `base` returns.
    /// - Throws: What `base` throws.
    package func renewCredential(after response: HTTPResponse, sentWith request: URLRequest) async throws -> Bool {
        renewals.arrive()
        return try await base.renewCredential(after: response, sentWith: request)
    }
}
