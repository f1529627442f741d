import Foundation

/// The options a call runs with, resolved once — the endpoint's ``CallOptions`` on top of the
/// client's ``Client/Configuration``.
///
/// A class, handed from step to step by reference: a struct of existentials was copied, each
/// of its references retained and released, at every step of every call. An endpoint that
/// changes nothing gets the client's own policy, resolved once when the client was made
/// (``Client/policy(for:)``).
final class CallPolicy: Sendable {
    let decoder: any ResponseDecoder
    let acceptableStatusCodes: AcceptableStatusCodes
    let retryPolicy: RetryPolicy
    let timeouts: Timeouts
    /// A stream's total deadline, over the whole stream: only the endpoint's own, for a stream
    /// may last as long as it stays active; `nil` for none.
    let streamDeadline: TimeInterval?
    let allowsOtherOrigins: Bool
    let cacheMode: CacheMode
    let rateLimitWaiting: RateLimitWaiting
    let rateLimitPriority: Int
    /// How unacceptable responses become errors: the error body type and the API's rate-limit rule.
    let validation: StatusValidation

    /// Resolves `options` against the client's defaults.
    init(_ options: CallOptions, defaults: Client.Configuration) {
        decoder = options.decoder ?? defaults.decoder
        acceptableStatusCodes = options.acceptableStatusCodes ?? defaults.acceptableStatusCodes
        retryPolicy = options.retryPolicy ?? defaults.retryPolicy
        timeouts = options.timeouts ?? defaults.timeouts
        streamDeadline = options.timeouts?.total
        allowsOtherOrigins = options.allowsOtherOrigins
        cacheMode = options.cacheMode ?? .standard
        rateLimitWaiting = options.rateLimitWaiting ?? .wait
        rateLimitPriority = options.rateLimitPriority ?? 0
        validation = StatusValidation(
            acceptableStatusCodes: acceptableStatusCodes, api: defaults.api,
            errorBodyType: options.errorBodyType ?? defaults.api.errorBodyType, decoder: decoder)
    }
}

extension CallOptions {
    /// Whether these options leave every setting to the client (as `CallOptions()` does).
    var changesNothing: Bool {
        decoder == nil && acceptableStatusCodes == nil && retryPolicy == nil && timeouts == nil
            && errorBodyType == nil && !allowsOtherOrigins && cacheMode == nil
            && rateLimitWaiting == nil && rateLimitPriority == nil
    }
}
