import Foundation

/// One call, resolved and built, ready for its attempts: what every stage of every attempt can
/// see.
///
/// Made once per call by ``Pipeline/prepare(_:policy:delivery:)``, whatever the way in (``Client/send(_:)``
/// and the method helpers, completion handlers, pages, downloads, uploads and streams).
struct Call: Sendable {
    /// The endpoint's type, for its observers (its name and path template), read only when
    /// someone observes the call.
    let endpoint: any Endpoint.Type
    let method: HTTPMethod
    /// The request as built, before any stage of an attempt changed it.
    var request: URLRequest
    /// The options the call runs with, resolved once.
    let policy: CallPolicy
    let delivery: Delivery
    /// The call's total deadline in seconds, `nil` for none: the policy's, or for a stream only
    /// its endpoint's own (``CallOptions/timeouts``), over the whole stream.
    let deadline: TimeInterval?
    /// The client's clock: what the call's waits and dates are read from.
    let clock: ClientClock
    /// Whether the cache must validate a stored response, fresh or not, instead of serving it:
    /// the background revalidation of `stale-while-revalidate`.
    var validatesStoredResponse = false

    /// The method and URL that the call's errors name.
    var context: CallContext { CallContext(method: method, url: request.url) }
}
