import Foundation

/// How long a stored response stays fresh, and how old it is now (RFC 9111 §4.2).
struct Freshness: Sendable, Equatable {
    /// The freshness lifetime in seconds (§4.2.1).
    let lifetime: TimeInterval
    /// The current age in seconds (§4.2.3).
    let age: TimeInterval
    /// Whether the lifetime is a guess from `Last-Modified` (§4.2.2), not the server's word.
    let isHeuristic: Bool

    /// The most a heuristic lifetime can be: a tenth of the time since `Last-Modified`, but no
    /// more than a day, for an API's data changes more often than a web page's images.
    static let heuristicLimit: TimeInterval = 86_400

    /// The statuses that are cacheable by default (RFC 9110 §15.1): stored, and given a
    /// heuristic lifetime, without explicit freshness.
    static let heuristicallyCacheable: Set<Int> = [200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501]

    /// The freshness of `entry` at `now`, in a cache shared by many users when `shared` is set.
    /// `control` is the entry's `Cache-Control`, when the caller has parsed it already.
    init(of entry: CachedResponse, now: Date, shared: Bool, control: CacheControl? = nil) {
        let headers = entry.response.headers
        let control = control ?? CacheControl(headers)
        let serverDate = headers["Date"].flatMap(HTTPDate.parse)
        let responseTime = entry.responseTime ?? serverDate ?? now
        let date = serverDate ?? responseTime
        var isHeuristic = false
        if shared, let sharedMaxAge = control.sharedMaxAge {
            lifetime = sharedMaxAge
        } else if let maxAge = control.maxAge {
            lifetime = maxAge
        } else if let expires = headers["Expires"] {
            // An invalid date, "0" say, means already expired (§5.3).
            lifetime = HTTPDate.parse(expires).map { max(0, $0.timeIntervalSince(date)) } ?? 0
        } else if let lastModified = headers["Last-Modified"].flatMap(HTTPDate.parse),
            Self.heuristicallyCacheable.contains(entry.response.statusCode) || control.isPublic
        {
            lifetime = min(Self.heuristicLimit, max(0, date.timeIntervalSince(lastModified)) / 10)
            isHeuristic = true
        } else {
            lifetime = 0
        }
        self.isHeuristic = isHeuristic
        // §4.2.3: the age the response had when it arrived, corrected for the request's trip,
        // plus the time it has been stored.
        let requestTime = entry.requestTime ?? responseTime
        let ageValue =
            headers["Age"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.map { TimeInterval(max(0, $0)) }
            ?? 0
        let apparentAge = max(0, responseTime.timeIntervalSince(date))
        let correctedAgeValue = ageValue + max(0, responseTime.timeIntervalSince(requestTime))
        age = max(apparentAge, correctedAgeValue) + max(0, now.timeIntervalSince(responseTime))
    }

    /// Whether the response is fresh: its age is below its lifetime.
    var isFresh: Bool { lifetime > age }

    /// How long past its lifetime it is; `0` while fresh.
    var staleness: TimeInterval { max(0, age - lifetime) }
}
