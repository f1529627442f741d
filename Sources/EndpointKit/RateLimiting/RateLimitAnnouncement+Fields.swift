import Foundation

/// Reading the IETF `RateLimit-Policy` and `RateLimit` fields with ``StructuredFieldParser``.
extension RateLimitAnnouncement {
    /// The limits that `headers` name: each policy of `RateLimit-Policy`, merged with the
    /// `RateLimit` member of the same name and partition key, then the `RateLimit` members that
    /// no policy names.
    static func limits(in headers: HTTPHeaders, now: Date) -> [Limit] {
        var limits: [Limit] = []
        for member in members(of: "RateLimit-Policy", in: headers) {
            guard case let (name, parameters)? = named(member), let quota = count(parameters["q"]) else { continue }
            var limit = Limit(name: name, partitionKey: partitionKey(parameters["pk"]), quota: quota)
            if let unit = parameters["qu"] {
                guard case .string(let text) = unit else { continue }
                limit.quotaUnit = text
            }
            if let window = parameters["w"] {
                guard let seconds = count(window), seconds > 0 else { continue }
                limit.window = TimeInterval(seconds)
            }
            limits.append(limit)
        }
        for member in members(of: "RateLimit", in: headers) {
            guard case let (name, parameters)? = named(member), let remaining = count(parameters["r"]) else { continue }
            var resetDate: Date?
            if let reset = parameters["t"] {
                guard let seconds = count(reset) else { continue }
                resetDate = now.addingTimeInterval(TimeInterval(seconds))
            }
            let key = partitionKey(parameters["pk"])
            if let index = limits.firstIndex(where: { $0.name == name && $0.partitionKey == key }) {
                limits[index].remaining = remaining
                limits[index].resetDate = resetDate
            } else {
                limits.append(Limit(name: name, partitionKey: key, remaining: remaining, resetDate: resetDate))
            }
        }
        return limits
    }

    /// The members of every field line named `name`, as one list (RFC 9651 §4.2: lines of a
    /// list field are joined with commas); none when the joined text does not parse.
    private static func members(of name: String, in headers: HTTPHeaders) -> [StructuredField.Member] {
        let lines = headers.values(for: name)
        guard !lines.isEmpty else { return [] }
        return (try? StructuredFieldParser.list(lines.joined(separator: ", "))) ?? []
    }

    /// A member's name and parameters, when it is an item whose value is a string or a token.
    private static func named(_ member: StructuredField.Member) -> (String, StructuredField.Parameters)? {
        guard let item = member.item, let name = item.value.text else { return nil }
        return (name, item.parameters)
    }

    /// A parameter's value as a count: a non-negative integer, else `nil`.
    private static func count(_ value: StructuredField.BareItem?) -> Int? {
        guard let integer = value?.integer, integer >= 0, integer <= Int64(Int.max) else { return nil }
        return Int(integer)
    }

    /// A `pk` parameter's bytes, when it is a byte sequence.
    private static func partitionKey(_ value: StructuredField.BareItem?) -> Data? {
        guard case .byteSequence(let bytes) = value else { return nil }
        return bytes
    }
}
