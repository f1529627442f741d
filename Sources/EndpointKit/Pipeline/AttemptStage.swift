import Foundation

/// One step of every attempt of a call: it prepares the request on its way out, and judges the
/// response on its way back.
///
/// The client's stages are an ordered list (``Pipeline/stages``), the first outermost, as
/// middleware are: a request passes them first to last, its response last to first. ``Attempts``
/// is their only caller. A stage that answers in ``prepare(_:for:state:)`` ends the attempt
/// before anything is sent; the stages before it judge its answer as they would a response (so
/// a stored `404` is still an unacceptable status), and the stages after it see nothing.
protocol AttemptStage: Sendable {
    /// Changes `request` before it is sent, or answers the call without sending it.
    ///
    /// - Throws: ``EndpointError``, which ends the call at once (it is not retried).
    func prepare(_ request: inout URLRequest, for call: Call, state: inout AttemptState)
        async throws(EndpointError) -> Preparation

    /// Judges what an attempt got back: passes it on, answers the call with something else, or
    /// has the request sent once more.
    ///
    /// - Throws: ``EndpointError``, which the retry policy may retry.
    func judge(_ sent: Sent, to request: URLRequest, for call: Call, state: inout AttemptState)
        async throws(EndpointError) -> Verdict

    /// Whether ``prepare(_:for:state:)`` does anything: `false` spares each attempt an async
    /// call of a stage that only judges. `true` by default.
    var preparesRequests: Bool { get }

    /// Whether ``judge(_:to:for:state:)`` has anything to say about `response`: `false` spares
    /// the async call (status validation and authentication pass every acceptable response).
    /// `true` by default.
    func judges(_ response: HTTPResponse, for call: Call) -> Bool

    /// Answers a call that failed for good (the retry policy gave up) with something else — a
    /// stale stored response that allows it, say — or returns `nil` to let it fail.
    func recover(from failure: EndpointError, for call: Call, state: inout AttemptState) async -> Attempts.Outcome?

    /// Whether this stage decides when the call is tried again after `failure`: the next
    /// attempt is then sent at once (any method, while the retry policy's attempts last) and
    /// the stage's ``prepare(_:for:state:)`` holds it back as long as needed. `false` by default.
    func schedulesRetry(after failure: EndpointError, for call: Call) -> Bool
}

extension AttemptStage {
    func prepare(_ request: inout URLRequest, for call: Call, state: inout AttemptState)
        async throws(EndpointError) -> Preparation
    { .send }

    func judge(_ sent: Sent, to request: URLRequest, for call: Call, state: inout AttemptState)
        async throws(EndpointError) -> Verdict
    { .pass }

    func recover(from failure: EndpointError, for call: Call, state: inout AttemptState) async -> Attempts.Outcome? {
        nil
    }

    var preparesRequests: Bool { true }

    func schedulesRetry(after failure: EndpointError, for call: Call) -> Bool { false }

    func judges(_ response: HTTPResponse, for call: Call) -> Bool { true }
}

/// What a stage decides before an attempt is sent.
enum Preparation: Sendable {
    /// Send it, as prepared.
    case send
    /// Send nothing: this is the call's answer.
    case answer(Attempts.Outcome)
}

/// What a stage decides about an attempt's response.
enum Verdict: Sendable {
    /// Nothing to change: the next stage judges it, and after the last it is the call's answer.
    case pass
    /// This is the call's answer (a stored response a `304` confirmed, say).
    case answer(Attempts.Outcome)
    /// Send the request again, prepared anew; it does not count as an attempt of the retry policy.
    case resend
}

/// What the stages remember across the attempts of one run of a call (one connection of a
/// stream): each field belongs to one stage.
struct AttemptState: Sendable {
    /// Where the call's attempts are observed; `nil` without observers.
    let observation: (any CallObservation)?
    /// ``RequestAuthentication``: whether the credential was renewed in this run (once at most).
    var hasRenewedCredential = false
    /// ``ResponseCaching``: what the current attempt looked up in the cache.
    var cacheLookup: ResponseCaching.Lookup? = nil
    /// ``ResponseCaching``: how the cache served the call so far, and the stored response's age;
    /// the observation hears the last one when the attempts end.
    var cacheOutcome: (outcome: CacheOutcome, age: Int?)? = nil
    /// ``RateLimitPacing``: the current attempt's admission, until its response is judged.
    var rateLimitPermit: RateLimitPermit? = nil
    /// ``RateLimitPacing``: the current attempt's request, sent without an admission, until its
    /// response is judged.
    var unadmittedSend: RateLimitPacer.UnadmittedSend? = nil
    /// ``RateLimitPacing``: the call's deadline as a date, once its first attempt was paced.
    var rateLimitDeadline: Date? = nil
    /// ``ResponseCaching``: a `304` to the cache's validators named an entity no stored response
    /// has, so this run's attempts ask for the full response.
    var cacheValidationIsRefused = false

    init(observation: (any CallObservation)?) {
        self.observation = observation
    }
}
