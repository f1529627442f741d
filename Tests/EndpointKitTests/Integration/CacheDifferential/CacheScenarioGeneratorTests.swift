import Foundation
import Testing

@testable import EndpointKit

/// The differential test's generator, without the oracle: a seed names one scenario for good, and
/// every scenario keeps to the shape the oracle models.
@Suite("The cache differential test's scenario generator")
struct CacheScenarioGeneratorTests {
    @Test("The seeded generator (SplitMix64) gives the reference sequence for seed 0")
    func splitMixMatchesTheReference() {
        var random = SeededGenerator(state: 0)
        #expect(
            [random.next(), random.next(), random.next()] == [
                0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F,
            ])
    }

    @Test("A seed gives the same scenario every time, and different seeds different ones")
    func aSeedNamesOneScenario() {
        let first = (1...200).map { (seed: UInt64) in
            var generator = CacheScenarioGenerator(seed: seed)
            return generator.scenario().json
        }
        let again = (1...200).map { (seed: UInt64) in
            var generator = CacheScenarioGenerator(seed: seed)
            return generator.scenario().json
        }
        #expect(first == again)
        #expect(Set(first).count == first.count)
    }

    @Test("Scenarios have 2-6 steps on 1-2 URLs, a clock that moves on, and neither HEAD beside GET nor a future Date")
    func scenariosKeepToTheirShape() {
        for seed in UInt64(1)...2_000 {
            var generator = CacheScenarioGenerator(seed: seed)
            let scenario = generator.scenario()
            let urls = Set(scenario.steps.map(\.request.url))
            #expect((2...6).contains(scenario.steps.count), "seed \(seed)")
            #expect((1...2).contains(urls.count), "seed \(seed)")
            #expect(zip(scenario.steps, scenario.steps.dropFirst()).allSatisfy { $0.at < $1.at }, "seed \(seed)")
            for url in urls {
                let methods = Set(scenario.steps.filter { $0.request.url == url }.map(\.request.method))
                #expect(!methods.isSuperset(of: ["GET", "HEAD"]), "seed \(seed): \(url)")
            }
            for step in scenario.steps {
                let names = Set(step.request.headers.map { $0[0] })
                #expect(names.isSubset(of: [CacheScenarioGenerator.variedHeader, "Cache-Control"]), "seed \(seed)")
                let now = Date(timeIntervalSince1970: 1_767_225_600 + TimeInterval(step.at))
                if step.origin.date != "now", let date = HTTPDate.parse(step.origin.date) {
                    #expect(date <= now, "seed \(seed): a Date later than the step")
                }
                #expect(!step.origin.headers.contains { ["Age", "Location", "Content-Location"].contains($0[0]) })
            }
        }
    }
}
