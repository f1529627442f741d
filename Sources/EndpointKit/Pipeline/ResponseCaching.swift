import Foundation

/// The cache's stage (RFC 9111): answers a `GET` or `HEAD` with a fresh stored response before
/// anything is sent, validates a stale one (`If-None-Match`, `If-Modified-Since`) and answers a
/// `304` with it, stores what the rules allow, and has a successful `POST`, `PUT`, `PATCH` or
/// `DELETE` invalidate what is stored for its URL. A download's and a stream's responses are not
/// stored (``Delivery/isCacheable``).
///
/// It comes before authentication in the client's stages, so a fresh hit waits for no token;
/// entries are keyed by the authenticator's ``Authenticator/credentialIdentity(for:)``, and
/// `Vary` compares the request as the endpoint and the client built it (the headers the
/// authenticator and middleware add are not part of it; the credential is matched by identity).
struct ResponseCaching: AttemptStage {
    let cache: any ResponseCache
    let sharing: CacheSharing
    /// Who the request's credential belongs to.
    let authentication: RequestAuthentication
    /// The `stale-while-revalidate` revalidations in progress, shared by the client's calls.
    let revalidations = BackgroundRevalidations()

    /// What one attempt looked up, for its judging.
    struct Lookup: Sendable {
        let key: CacheKey
        /// The request as the cache saw it, before authentication: what `Vary` compares.
        let request: URLRequest
        let requestTime: Date
        /// The stored response the attempt asks the server to confirm, if any.
        var validated: CachedResponse?
        /// Whether the validators are the cache's own, not the caller's.
        var addedValidators = false
        /// Whether the request invalidates what is stored (an unsafe method), instead.
        var invalidates = false
    }

    func prepare(_ request: inout URLRequest, for call: Call, state: inout AttemptState)
        async throws(EndpointError) -> Preparation
    {
        state.cacheLookup = nil
        state.cacheOutcome = nil
        if case .stream = call.delivery { return .send }
        return try await lookUp(&request, for: call, state: &state)
    }

    private func lookUp(_ request: inout URLRequest, for call: Call, state: inout AttemptState)
        async throws(EndpointError) -> Preparation
    {
        guard let url = request.url else { return .send }
        let method = request.httpMethod ?? HTTPMethod.get.rawValue
        let now = call.clock.now()
        let key = CacheKey(
            method: HTTPMethod(rawValue: method), url: url.absoluteString,
            credentialIdentity: await authentication.credentialIdentity(for: request))
        if CacheRules.invalidates(method) {
            state.cacheLookup = Lookup(key: key, request: request, requestTime: now, invalidates: true)
            return .send
        }
        guard call.delivery.isCacheable, CacheRules.storesResponses(to: method) else { return .send }
        let lookup = Lookup(key: key, request: request, requestTime: now)
        let mode = call.policy.cacheMode
        guard mode != .reload else {
            state.cacheLookup = lookup
            state.cacheOutcome = (.miss, nil)
            return .send
        }
        let requestControl = CacheRules.directives(of: request)
        let isOffline = mode == .storedOnly || requestControl.onlyIfCached
        let entry = await cache.cachedResponses(for: key).filter { CacheVariant.request(request, selects: $0) }
            .max { ($0.responseTime ?? .distantPast) < ($1.responseTime ?? .distantPast) }
        guard let entry else {
            state.cacheOutcome = (.miss, nil)
            if isOffline { throw notStored(request, call: call) }
            state.cacheLookup = lookup
            return .send
        }
        let shared = sharing == .shared
        let control = CacheControl(entry.response.headers)
        let freshness = Freshness(of: entry, now: now, shared: shared, control: control)
        let mustValidate = entry.isInvalidated || control.noCache || requestControl.noCache
        let isFresh = freshness.isFresh && !mustValidate
        if call.validatesStoredResponse {
            return validate(entry, &request, lookup: lookup, state: &state)
        }
        // RFC 9111 §4.2.4: whatever the caller prefers, a stale entry is never served when the
        // response (`must-revalidate`, `no-cache`; for a shared cache `proxy-revalidate` and
        // `s-maxage`) or the request (`no-cache`) forbids it.
        let mayServeStale =
            !mustValidate && !control.mustRevalidate
            && !(shared && (control.proxyRevalidate || control.sharedMaxAge != nil))
        if (mode == .preferStored || mode == .storedOnly), isFresh || mayServeStale {
            return .answer(
                serve(entry, freshness: freshness, as: isFresh ? .fresh : .stale, to: request, state: &state))
        }
        if isFresh, Self.fits(freshness, requestControl) {
            return .answer(serve(entry, freshness: freshness, as: .fresh, to: request, state: &state))
        }
        if !freshness.isFresh, mayServeStale, let maxStale = requestControl.maxStale, freshness.staleness <= maxStale {
            return .answer(serve(entry, freshness: freshness, as: .stale, to: request, state: &state))
        }
        // RFC 5861 §3: stale for a while, served at once and confirmed in the background, once.
        if !freshness.isFresh, mayServeStale, !isOffline, let window = control.staleWhileRevalidate,
            freshness.staleness <= window
        {
            var outcome = serve(entry, freshness: freshness, as: .stale, to: request, state: &state)
            outcome.revalidation = revalidations.claim(key, variant: entry.variant, version: entry.responseTime)
            return .answer(outcome)
        }
        if isOffline {
            state.cacheOutcome = (.miss, nil)
            throw notStored(request, call: call)
        }
        return validate(entry, &request, lookup: lookup, state: &state)
    }

    /// Sends `request` to have `entry` confirmed: with its validators, unless the caller gave
    /// its own.
    private func validate(
        _ entry: CachedResponse, _ request: inout URLRequest, lookup: Lookup, state: inout AttemptState
    ) -> Preparation {
        var lookup = lookup
        // A `304` to this run's validators named another entity: ask for the full response.
        if state.cacheValidationIsRefused {
            state.cacheLookup = lookup
            state.cacheOutcome = (.miss, nil)
            return .send
        }
        lookup.validated = entry
        if !Self.isConditional(request) {
            if let entityTag = entry.entityTag { request.setValue(entityTag, forHTTPHeaderField: "If-None-Match") }
            if let lastModified = entry.lastModified {
                request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since")
            }
            lookup.addedValidators = entry.entityTag != nil || entry.lastModified != nil
        }
        state.cacheLookup = lookup
        // Until the server answers: a validation that fails leaves the call a miss, unless a
        // stale response stands in (`recover`) or the server confirms or replaces the entry
        // (`judge`).
        state.cacheOutcome = (.miss, nil)
        return .send
    }

    /// RFC 5861 §4: when validating failed for good (the network, a `5xx`, a timeout), the
    /// stale entry is served if its `stale-if-error` (or the request's) still covers it.
    func recover(from failure: EndpointError, for call: Call, state: inout AttemptState) async -> Attempts.Outcome? {
        guard let lookup = state.cacheLookup, let entry = lookup.validated, Self.isServerOrNetworkFailure(failure)
        else { return nil }
        let control = CacheControl(entry.response.headers)
        let requestControl = CacheRules.directives(of: call.request)
        guard !control.mustRevalidate, !control.noCache, !entry.isInvalidated,
            let window = [control.staleIfError, requestControl.staleIfError].compactMap({ $0 }).max()
        else { return nil }
        let freshness = Freshness(of: entry, now: call.clock.now(), shared: sharing == .shared)
        guard freshness.staleness <= window else { return nil }
        return served(entry, freshness: freshness, as: .stale, state: &state)
    }

    private static func isServerOrNetworkFailure(_ failure: EndpointError) -> Bool {
        switch failure {
        case .transportFailed, .timedOut: true
        case .unacceptableStatus(let status): (500...599).contains(status.statusCode)
        default: false
        }
    }

    func judge(_ sent: Sent, to request: URLRequest, for call: Call, state: inout AttemptState)
        async throws(EndpointError) -> Verdict
    {
        guard let lookup = state.cacheLookup else { return .pass }
        let response = sent.response
        let now = call.clock.now()
        if lookup.invalidates {
            guard let url = request.url else { return .pass }
            for target in CacheRules.invalidatedURLs(by: response, to: url) {
                for method in [HTTPMethod.get, .head] {
                    let key = CacheKey(
                        method: method, url: target.absoluteString, credentialIdentity: lookup.key.credentialIdentity)
                    await cache.removeResponses(for: key)
                }
            }
            return .pass
        }
        if response.statusCode == 304, let stored = lookup.validated {
            if lookup.addedValidators, let tag = response.headers["ETag"], EntityTag.isStrong(tag),
                !(stored.entityTag.map { EntityTag.weaklyMatch(tag, $0) } ?? false)
            {
                // RFC 9111 §4.3.4: a `304` whose strong validator no stored response has confirms
                // none of them, and must update none; the full response is asked for instead. A
                // stored `W/"x"` and the `304`'s `"x"` are taken for one entity, as hishel does.
                state.cacheValidationIsRefused = true
                return .resend
            }
            let updated = CacheRules.update(stored, with: response, requestTime: lookup.requestTime, now: now)
            if lookup.addedValidators {
                await cache.store(updated, for: lookup.key)
                state.observation?.didRevalidate(updated.response)
                let freshness = Freshness(of: updated, now: now, shared: sharing == .shared)
                return .answer(served(updated, freshness: freshness, as: .revalidated, state: &state))
            }
            // The caller's own validators: the `304` is the caller's answer. It confirms the stored
            // response only if it names the same entity (RFC 9111 §4.3.4).
            if let tag = response.headers["ETag"], let storedTag = stored.entityTag,
                EntityTag.weaklyMatch(tag, storedTag)
            {
                await cache.store(updated, for: lookup.key)
                state.cacheOutcome = (.revalidated, nil)
            }
            return .pass
        }
        if CacheRules.mayStore(
            response, for: lookup.request, hasCredential: !lookup.key.credentialIdentity.isEmpty,
            shared: sharing == .shared)
        {
            let varying = CacheVariant.requestHeaders(
                named: CacheVariant.names(in: response.headers), in: lookup.request)
            await cache.store(
                CachedResponse(
                    response: response, varyingRequestHeaders: varying, requestTime: lookup.requestTime,
                    responseTime: now),
                for: lookup.key)
            if lookup.validated != nil { state.cacheOutcome = (.replaced, nil) }
        } else if state.cacheValidationIsRefused, (200..<400).contains(response.statusCode) {
            // The full answer after a `304` that named another entity: the stored response is not
            // the origin's, so it is not served again, even when this one may not be stored
            // (`no-store`). (After a plain validation's full answer that may not be stored, the
            // old response stays, as RFC 9111 §4.3.3 allows and hishel does.)
            await cache.removeResponses(for: lookup.key)
        }
        return .pass
    }

    /// Whether a fresh response also meets the request's own `max-age` and `min-fresh`.
    private static func fits(_ freshness: Freshness, _ control: CacheControl) -> Bool {
        if let maxAge = control.maxAge, freshness.age > maxAge { return false }
        if let minFresh = control.minFresh, freshness.lifetime - freshness.age < minFresh { return false }
        return true
    }

    private static func isConditional(_ request: URLRequest) -> Bool {
        request.value(forHTTPHeaderField: "If-None-Match") != nil
            || request.value(forHTTPHeaderField: "If-Modified-Since") != nil
    }

    /// The stored response as the call's answer, without a request: with its `Age`; a `304` of
    /// its own when the caller's `If-None-Match` names the stored entity (RFC 9111 §4.3.2).
    private func serve(
        _ entry: CachedResponse, freshness: Freshness, as source: ResponseSource, to request: URLRequest,
        state: inout AttemptState
    ) -> Attempts.Outcome {
        var outcome = served(entry, freshness: freshness, as: source, state: &state)
        if let condition = request.value(forHTTPHeaderField: "If-None-Match"), let tag = entry.entityTag,
            EntityTag.list(condition, matches: tag)
        {
            outcome.response.statusCode = 304
            outcome.response.body = Data()
        }
        return outcome
    }

    /// The stored response as the call's answer, with its `Age`; the call's cache outcome is
    /// `source` (``ResponseSource/fresh``, ``ResponseSource/stale`` or
    /// ``ResponseSource/revalidated``) at that age.
    private func served(
        _ entry: CachedResponse, freshness: Freshness, as source: ResponseSource, state: inout AttemptState
    ) -> Attempts.Outcome {
        var response = entry.response
        let age = Int(min(freshness.age, TimeInterval(Int32.max)).rounded(.down))
        response.headers["Age"] = String(age)
        let outcome: CacheOutcome =
            switch source {
            case .fresh: .fresh
            case .stale: .stale
            default: .revalidated
            }
        state.cacheOutcome = (outcome, age)
        return Attempts.Outcome(response: response, source: source)
    }

    /// The `504` of RFC 9111 §5.2.1.7: nothing stored fits a call that may not go to the server.
    private func notStored(_ request: URLRequest, call: Call) -> EndpointError {
        .unacceptableStatus(
            StatusFailure(
                method: call.method,
                response: HTTPResponse(
                    statusCode: 504,
                    headers: ["Cache-Status": "EndpointKit; fwd=miss; detail=\"only stored responses\""],
                    url: request.url)))
    }
}
