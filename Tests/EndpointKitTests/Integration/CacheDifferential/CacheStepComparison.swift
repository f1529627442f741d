/// Compares hishel's and EndpointKit's decisions for a scenario step by step, allowing exactly the
/// ``CacheDeviation/all`` deviations.
struct CacheStepComparison {
    /// What the comparison found.
    struct Verdict {
        /// The first step where the two disagree with no deviation to explain it, and the fields.
        var disagreement: (step: Int, fields: [String])?
        /// The deviations that explained a difference, by name, once per step.
        var deviations: [String] = []
        /// Steps left unjudged after a deviation that leaves the two caches holding different things.
        var unjudgedSteps = 0
    }

    let scenario: CacheScenario
    let hishel: [CacheStepDecision]
    let endpointKit: [CacheStepDecision]

    /// The fields in which two decisions differ: `age` only when both give one.
    static func differences(_ hishel: CacheStepDecision, _ endpointKit: CacheStepDecision) -> [String] {
        var fields: [String] = []
        if hishel.outcome != endpointKit.outcome { fields.append("outcome") }
        if hishel.sentToOrigin != endpointKit.sentToOrigin { fields.append("sentToOrigin") }
        if hishel.conditional != endpointKit.conditional { fields.append("conditional") }
        if hishel.originRequestCount != endpointKit.originRequestCount { fields.append("originRequests") }
        if hishel.status != endpointKit.status { fields.append("status") }
        if hishel.body != endpointKit.body { fields.append("body") }
        if let age = hishel.age, let other = endpointKit.age, age != other { fields.append("age") }
        return fields
    }

    func verdict() -> Verdict {
        var verdict = Verdict()
        for index in scenario.steps.indices {
            let fields = Self.differences(hishel[index], endpointKit[index])
            guard !fields.isEmpty else { continue }
            let step = CacheDeviation.Step(scenario: scenario, index: index, hishel: hishel, endpointKit: endpointKit)
            let explains = { (deviation: CacheDeviation) in
                deviation.fields.isSuperset(of: fields) && deviation.applies(step)
            }
            guard let deviation = CacheDeviation.all.first(where: explains) else {
                verdict.disagreement = (index, fields)
                return verdict
            }
            verdict.deviations.append(deviation.name)
            if deviation.divergesState {
                verdict.unjudgedSteps = scenario.steps.count - index - 1
                return verdict
            }
        }
        return verdict
    }
}
