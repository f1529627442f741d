import Foundation

@testable import EndpointKit

/// Scenarios for the cache's differential test, from a seed: 2–6 steps over one or two URLs of one
/// origin, on an increasing clock, with representations drawn from what RFC 9111 reads (max-age,
/// Expires against Date, no-cache, no-store, must-revalidate, private, public, s-maxage, strong and
/// weak ETags, Last-Modified, Vary, a few statuses), unsafe methods that invalidate, requests
/// with `no-cache`, steps that allow a stale response, origins that do not answer, private and
/// shared caches.
///
/// It stays inside what the oracle models (Tests/Servers/cache_oracle_checks.py): no request
/// directive but `no-cache`, no client preconditions, no `Age`, `Date` never later than the step,
/// no RFC 5861, no heuristic freshness (`Last-Modified` only beside explicit freshness), no
/// `Location`, no URL asked with
/// both `HEAD` and `GET`, `Vary` values that differ in more than whitespace, and, in a shared
/// cache, no `s-maxage` in a scenario that allows stale responses.
struct CacheScenarioGenerator {
    /// The origin of every URL.
    static let origin = "http://o.test"
    /// The request header that `Vary` names.
    static let variedHeader = "Accept-Language"

    private var random: SeededGenerator

    init(seed: UInt64) {
        random = SeededGenerator(state: seed)
    }

    /// What one URL serves, drawn anew now and then as the scenario goes on.
    private struct Resource {
        let name: String
        let headOnly: Bool
        /// Whether it answers with `Vary: Accept-Language`, for good: a resource that starts or
        /// stops varying is left out.
        let varies: Bool
        var version = 1
        var status = 200
        var directives: [String] = []
        var expires: Expires?
        var entityTag: EntityTagKind?
        var lastModified = false
        /// How many seconds before the step the origin's `Date` is; 0: `"now"`.
        var dateLag = 0
        /// Whether a `304` carries an entity-tag other than the stored one.
        var changesTagOn304 = false

        var url: String { CacheScenarioGenerator.origin + "/" + name }
    }

    private enum Expires {
        case after(Int)
        case past
        case invalid
    }

    private enum EntityTagKind {
        case strong
        case weak
    }

    mutating func scenario() -> CacheScenario {
        let shared = random.chance(0.3)
        let allowsStale = random.chance(0.35)
        var resources = [Resource(name: "a", headOnly: false, varies: random.chance(0.2))]
        if random.chance(0.5) {
            resources.append(Resource(name: "b", headOnly: random.chance(0.15), varies: random.chance(0.2)))
        }
        for index in resources.indices { draw(&resources[index], shared: shared, allowsStale: allowsStale) }
        var steps: [CacheScenario.Step] = []
        var at = random.pick([0, 0, 5])
        for index in 0..<random.number(in: 2...6) {
            if index > 0 { at += random.pick([1, 5, 9, 10, 11, 30, 59, 60, 61, 120, 299, 301, 600]) }
            let which = random.number(in: 0...(resources.count - 1))
            if index > 0, random.chance(0.2) { resources[which].version += 1 }
            if index > 0, random.chance(0.1) { draw(&resources[which], shared: shared, allowsStale: allowsStale) }
            steps.append(step(at: at, of: resources[which], allowsStale: allowsStale))
        }
        return CacheScenario(shared: shared, steps: steps)
    }

    private mutating func draw(_ resource: inout Resource, shared: Bool, allowsStale: Bool) {
        resource.status = random.pick([200, 200, 200, 200, 200, 200, 200, 200, 404, 404, 301, 500, 500])
        var directives: [String] = []
        resource.expires = nil
        switch random.number(in: 0...3) {
        case 0, 1: directives.append("max-age=\(random.pick([0, 10, 60, 300]))")
        case 2: resource.expires = random.pick([.after(0), .after(10), .after(60), .after(300), .past, .invalid])
        default: break
        }
        if random.chance(0.15) { directives.append("no-cache") }
        if random.chance(0.07) { directives.append("no-store") }
        if random.chance(0.15) { directives.append("must-revalidate") }
        if random.chance(0.1) { directives.append("private") }
        if random.chance(0.1) { directives.append("public") }
        if shared, !allowsStale, random.chance(0.25) { directives.append("s-maxage=\(random.pick([0, 30, 120]))") }
        resource.directives = random.chance(0.5) ? directives : directives.shuffled(using: &random)
        resource.entityTag = random.chance(0.55) ? (random.chance(0.8) ? .strong : .weak) : nil
        resource.lastModified = random.chance(0.35)
        // Heuristic freshness is unmodeled: Last-Modified only where the lifetime is explicit.
        // (hishel gives any stored response with Last-Modified a heuristic lifetime, whatever
        // its status: a 500 that `private` let a private cache store, say.)
        let explicit =
            directives.contains { $0.hasPrefix("max-age=") } || resource.expires != nil
            || (shared && directives.contains { $0.hasPrefix("s-maxage=") })
        if !explicit { resource.lastModified = false }
        resource.dateLag = random.chance(0.2) ? random.pick([2, 7, 15]) : 0
        resource.changesTagOn304 = resource.entityTag == .strong && random.chance(0.05)
    }

    private mutating func step(at: Int, of resource: Resource, allowsStale: Bool) -> CacheScenario.Step {
        let method =
            resource.headOnly ? "HEAD" : random.chance(0.12) ? random.pick(["POST", "PUT", "DELETE"]) : "GET"
        var headers: [[String]] = []
        var variant: String?
        if resource.varies ? !random.chance(0.15) : random.chance(0.15) {
            variant = random.pick(["en", "fr"])
            headers.append([Self.variedHeader, variant!])
        }
        let safe = method == "GET" || method == "HEAD"
        if safe, random.chance(0.1) { headers.append(["Cache-Control", "no-cache"]) }
        let origin =
            random.chance(0.04)
            ? .disconnected
            : safe
                ? representation(of: resource, at: at, variant: variant)
                : CacheScenario.Representation(
                    status: random.pick([200, 200, 204, 404, 500]), headers: [], date: "now", body: "done",
                    notModified: nil)
        return CacheScenario.Step(
            at: at, request: CacheScenario.Request(method: method, url: resource.url, headers: headers),
            origin: origin, allowStale: allowsStale && random.chance(0.4))
    }

    /// What `resource` answers at `at` to a request whose varied header is `variant`.
    private func representation(of resource: Resource, at: Int, variant: String?) -> CacheScenario.Representation {
        let epoch = Date(timeIntervalSince1970: 1_767_225_600)
        let date = epoch.addingTimeInterval(TimeInterval(at - resource.dateLag))
        let suffix = resource.varies ? "-" + (variant ?? "none") : ""
        let tag = "\"\(resource.name)-v\(resource.version)\(suffix)\""
        var headers: [[String]] = []
        if !resource.directives.isEmpty {
            headers.append(["Cache-Control", resource.directives.joined(separator: ", ")])
        }
        switch resource.expires {
        case .after(let seconds):
            headers.append(["Expires", HTTPDate.format(date.addingTimeInterval(TimeInterval(seconds)))])
        case .past: headers.append(["Expires", HTTPDate.format(date.addingTimeInterval(-60))])
        case .invalid: headers.append(["Expires", "0"])
        case nil: break
        }
        switch resource.entityTag {
        case .strong: headers.append(["ETag", tag])
        case .weak: headers.append(["ETag", "W/" + tag])
        case nil: break
        }
        if resource.lastModified {
            let modified = epoch.addingTimeInterval(TimeInterval(-86_400 + resource.version * 60))
            headers.append(["Last-Modified", HTTPDate.format(modified)])
        }
        if resource.varies { headers.append(["Vary", Self.variedHeader]) }
        return CacheScenario.Representation(
            status: resource.status, headers: headers,
            date: resource.dateLag == 0 ? "now" : HTTPDate.format(date),
            body: "\(resource.name) \(resource.status) v\(resource.version)\(suffix)",
            notModified: resource.changesTagOn304 ? CacheScenario.NotModified(headers: [["ETag", "\"other\""]]) : nil)
    }
}
