import Foundation

/// Stage 1 of a call: the options it runs with, resolved once — the endpoint's
/// ``CallOptions`` on top of the client's ``Client/Configuration``.
struct CallPolicy: Sendable {
    let decoder: any ResponseDecoder
    let acceptableStatusCodes: AcceptableStatusCodes
    let retryPolicy: RetryPolicy
    let timeouts: Timeouts
    let allowsOtherOrigins: Bool
    /// How unacceptable responses become errors: the error body type and the API's rate-limit rule.
    let validation: StatusValidation

    /// Resolves `options` against the client's defaults.
    init(_ options: CallOptions, defaults: Client.Configuration) {
        decoder = options.decoder ?? defaults.decoder
        acceptableStatusCodes = options.acceptableStatusCodes ?? defaults.acceptableStatusCodes
        retryPolicy = options.retryPolicy ?? defaults.retryPolicy
        timeouts = options.timeouts ?? defaults.timeouts
        allowsOtherOrigins = options.allowsOtherOrigins
        validation = StatusValidation(
            acceptableStatusCodes: acceptableStatusCodes, api: defaults.api,
            errorBodyType: options.errorBodyType ?? defaults.api.errorBodyType, decoder: decoder)
    }
}
