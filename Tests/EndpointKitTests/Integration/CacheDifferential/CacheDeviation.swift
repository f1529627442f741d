/// A place where EndpointKit's cache deliberately decides otherwise than hishel, with the RFC 9111
/// text (or the EndpointKit decision) that says EndpointKit is right. The differential test allows
/// a difference only when one of ``all`` explains it: the fields it may change, at a step it
/// recognises.
struct CacheDeviation: Sendable {
    /// The step being judged, with the whole scenario and both sides' decisions.
    struct Step {
        let scenario: CacheScenario
        let index: Int
        let hishel: [CacheStepDecision]
        let endpointKit: [CacheStepDecision]

        var step: CacheScenario.Step { scenario.steps[index] }
        var hishelDecision: CacheStepDecision { hishel[index] }
        var endpointKitDecision: CacheStepDecision { endpointKit[index] }
    }

    let name: String
    /// Why EndpointKit is right: the RFC 9111 section, or the EndpointKit decision.
    let reason: String
    /// The fields of ``CacheStepDecision`` it may change.
    let fields: Set<String>
    /// Whether the two caches hold different things afterwards, so later steps are not compared.
    let divergesState: Bool
    let applies: @Sendable (Step) -> Bool

    /// Every deviation the differential test allows.
    static let all: [CacheDeviation] = [
        validatesOnlySelectedVariant, servesOnlySelectedVariant, replacesSupersededResponse, keepsOtherVariants,
    ]

    /// hishel validates with the validators of the newest stored response of the URL, which here
    /// is another variant (`Vary`) than the request's; the origin, whose variants have their own
    /// entity-tags, answers in full (or with a `304` that identifies no stored response, and
    /// hishel asks again). EndpointKit validates the variant the request selects (and may get a
    /// `304`), or, when none is stored, asks unconditionally. hishel also validates this variant
    /// and others at once, so a `304` without a validator identifies none of them for it (RFC 9111
    /// §4.3.4 updates a stored response without validators only when it is the only one) and it
    /// asks again; EndpointKit's `304` answers a request for one stored response, and updates it.
    static let validatesOnlySelectedVariant = CacheDeviation(
        name: "validatesOnlySelectedVariant",
        reason: "RFC 9111 §4.3.1: the validators come from the stored responses with the request's cache "
            + "key, typically the ones the request selects (§4.1); a cache is allowed, not required, to "
            + "validate one that it cannot select. EndpointKit validates only what the request selects",
        fields: ["conditional", "outcome", "originRequests", "age"], divergesState: true
    ) { step in
        let hishel = step.hishelDecision
        let endpointKit = step.endpointKitDecision
        // Or: hishel validated this variant and another at once, and the origin's 304, without a
        // validator (the representation has no ETag), told it neither; it dropped both and asked again.
        if hishel.matched, hishel.originRequestCount == 2, endpointKit.outcome == "revalidated",
            !step.step.origin.headers.contains(where: { $0[0] == "ETag" }), step.step.origin.notModified == nil,
            step.storedOtherVariant
        {
            return true
        }
        // Its 304, if the origin matched the borrowed validators, identified nothing: hishel asked again.
        guard hishel.conditional, !hishel.matched || hishel.originRequestCount == 2,
            ["miss", "uncacheable"].contains(hishel.outcome), step.newestStoredIsOtherVariant
        else { return false }
        return !endpointKit.conditional || endpointKit.outcome == "revalidated" || endpointKit.outcome == "miss"
    }

    /// The same, when the origin answers hishel's borrowed validators with `304` (its variants
    /// share a `Last-Modified`): hishel serves the other variant; EndpointKit asks unconditionally
    /// and serves the request's own.
    static let servesOnlySelectedVariant = CacheDeviation(
        name: "servesOnlySelectedVariant",
        reason: "RFC 9111 §4.1: a stored response whose Vary-named fields the request does not match is not "
            + "used; §4.3.4 identifies the response a 304 confirms by the 304's validators, and this 304 "
            + "(If-Modified-Since matched; Last-Modified is not among the fields it copies) has none, while "
            + "the stored response has one",
        fields: ["outcome", "conditional", "status", "body", "originRequests", "age"], divergesState: true
    ) { step in
        step.hishelDecision.outcome == "revalidated" && step.hishelDecision.matched
            && !step.endpointKitDecision.conditional && step.storedOtherVariant
    }

    /// A full answer to a validation supersedes the stored response; hishel keeps it beside the
    /// new one (it removes all but the oldest of the responses it validated on a 2xx or 5xx
    /// answer, none on another status), then serves it (stale, or as the last of those a `304`
    /// confirms), or validates with its validators (or without any) where EndpointKit validates
    /// with those of the new one, or, holding two, discards both on a `304` without a validator
    /// and asks again unconditionally.
    static let replacesSupersededResponse = CacheDeviation(
        name: "replacesSupersededResponse",
        reason: "RFC 9111 §4.3.3: a full response to a conditional request means that none of the stored "
            + "responses it nominated is suitable; EndpointKit replaces the stored response of that variant "
            + "with it (InMemoryResponseCache.store), so it never serves or validates the superseded one",
        fields: ["outcome", "sentToOrigin", "conditional", "status", "body", "originRequests", "age"],
        divergesState: true
    ) { step in
        let replaced = step.endpointKit[..<step.index].indices.filter {
            step.scenario.steps[$0].request.url == step.step.request.url && step.endpointKit[$0].replacedBody != nil
        }
        guard !replaced.isEmpty else { return false }
        let hishel = step.hishelDecision
        let servedSuperseded =
            ["fresh", "stale", "revalidated"].contains(hishel.outcome)
            && replaced.contains { step.endpointKit[$0].replacedBody == hishel.body }
        // It chose the superseded one to validate (newest by Date, or the only one it kept): its
        // validators, or their absence, differ from those of EndpointKit's stored response, which
        // the origin may confirm where it does not confirm hishel's.
        let endpointKit = step.endpointKitDecision
        let validatedSuperseded =
            hishel.conditional != endpointKit.conditional
            || (hishel.conditional && !hishel.matched && endpointKit.matched)
        return hishel.originRequestCount == 2 || servedSuperseded || validatedSuperseded
    }

    /// hishel validates every stored response of the URL that it cannot use, other variants
    /// (`Vary`) included, and removes some of them afterwards: the ones a `304` does not identify,
    /// or all but the oldest on a 2xx or 5xx answer. Later, a request for one of those variants
    /// finds it in EndpointKit's cache and not in hishel's.
    static let keepsOtherVariants = CacheDeviation(
        name: "keepsOtherVariants",
        reason: "RFC 9111 §4.3.3 and §4.3.4: a validation's answer replaces or updates the stored "
            + "responses it concerns; nothing there removes the other stored variants of the URL (§4.1), "
            + "which EndpointKit keeps",
        fields: ["outcome", "sentToOrigin", "conditional", "status", "body", "originRequests", "age"],
        divergesState: true
    ) { step in
        step.scenario.steps[..<step.index].indices.contains { earlier in
            let other = step.scenario.steps[earlier]
            return other.request.url == step.step.request.url && ["GET", "HEAD"].contains(other.request.method)
                && step.hishel[earlier].invalidated > 0 && other.origin.headers.contains { $0[0] == "Vary" }
        }
    }
}

extension CacheDeviation.Step {
    /// The value of the varied request field in `request`.
    private func variant(of request: CacheScenario.Request) -> String? {
        let name = CacheScenarioGenerator.variedHeader.lowercased()
        return request.headers.first { $0[0].lowercased() == name }?[1]
    }

    /// Whether the response of this URL that hishel stored or refreshed last, before this step,
    /// has `Vary` and answered a request whose varied field differs from this step's.
    var newestStoredIsOtherVariant: Bool {
        guard
            let newest = scenario.steps[..<index].indices.last(where: {
                scenario.steps[$0].request.url == step.request.url
                    && ["miss", "revalidated"].contains(hishel[$0].outcome)
            })
        else { return false }
        let other = scenario.steps[newest]
        return other.origin.headers.contains { $0[0] == "Vary" }
            && variant(of: other.request) != variant(of: step.request)
    }

    /// Whether hishel stored, at an earlier step, a response of this URL with `Vary` for a request
    /// whose varied field differs from this step's.
    var storedOtherVariant: Bool {
        scenario.steps[..<index].indices.contains { earlier in
            let other = scenario.steps[earlier]
            return other.request.url == step.request.url && hishel[earlier].outcome == "miss"
                && other.origin.headers.contains { $0[0] == "Vary" }
                && variant(of: other.request) != variant(of: step.request)
        }
    }
}
