import EndpointKit
import Foundation

/// Decoding a fixture in process, `iterations` times; the result is the median time per
/// iteration. Raw Foundation and EndpointKit's path decode the same bytes into the same model.
struct DecodeScenario {
    let name: String
    let fixtures: URL
    let payload: String
    let iterations: Int

    init(name: String, options: Options) throws {
        self.name = name
        fixtures = URL(fileURLWithPath: try options.string("fixtures"))
        payload = options.string("payload", default: "1m")
        iterations = try options.integer("iterations", default: 30)
    }

    func fixture(snakeCase: Bool) throws -> Data {
        try Data(contentsOf: fixtures.appendingPathComponent("repos-\(payload)\(snakeCase ? "" : "-camel").json"))
    }

    func run() async throws -> ScenarioResult {
        switch name {
        case "decode-jsondecoder":  // matching keys, Foundation alone
            let body = try fixture(snakeCase: false)
            let decoder = JSONDecoder()
            return try await measure { try decoder.decode([Repo].self, from: body).count }
        case "decode-responsedecoder":  // matching keys, EndpointKit's decode path for a Decodable type
            let body = try fixture(snakeCase: false)
            let decoder = JSONResponseDecoder()
            return try await measure { try decodeAsTheClientDoes([Repo].self, from: body, using: decoder).count }
        case "decode-client":  // matching keys, a whole client.get through an in-memory transport
            let transport = InMemoryTransport(body: try fixture(snakeCase: false))
            let client = Client(baseURL: URL(string: "http://127.0.0.1")!) { $0.transport = transport }
            let endpoint = Repositories(path: "/repos")
            return try await measure { try await client.get(endpoint).count }
        case "decode-concurrent-jsondecoder", "decode-concurrent-client":
            // Diagnosis: 32 in flight over the in-memory transport, nginx's headers on the response.
            let body = try fixture(snakeCase: false)
            let decoder = JSONDecoder()
            let transport = InMemoryTransport(
                response: HTTPResponse(
                    statusCode: 200,
                    headers: [
                        "Server": "nginx/1.22.1", "Date": "Thu, 26 Nov 2026 13:22:25 GMT",
                        "Content-Type": "application/json", "Content-Length": "\(body.count)",
                        "Last-Modified": "Thu, 26 Nov 2026 11:49:16 GMT", "ETag": "\"6b081cbc-889\"",
                        "X-Protocol": "HTTP/1.1", "Accept-Ranges": "bytes", "Connection": "keep-alive",
                    ], body: body))
            let client = Client(baseURL: URL(string: "http://127.0.0.1")!) { $0.transport = transport }
            let endpoint = Repositories(path: "/repos")
            let operation: @Sendable () async throws -> Void
            if name == "decode-concurrent-client" {
                operation = { _ = try await client.get(endpoint) }
            } else {
                operation = { _ = try decoder.decode([Repo].self, from: body) }
            }
            let cpuBefore = cpuMicrosecondsSoFar()
            let start = now()
            try await runConcurrently(total: iterations, concurrency: 32, operation)
            let seconds = Double(now() - start) / 1e9
            var result = ScenarioResult(scenario: name)
            result.set("ops_per_second", Double(iterations) / seconds)
            result.set("cpu_us_per_op", Double(cpuMicrosecondsSoFar() - cpuBefore) / Double(iterations))
            return result
        case "decode-jsonserialization":  // snake_case, JSONSerialization and hand mapping
            let body = try fixture(snakeCase: true)
            return try await measure {
                guard let array = try JSONSerialization.jsonObject(with: body) as? [[String: Any]] else {
                    throw MappingError(key: "[]")
                }
                return try array.map(MappedRepo.init(dictionary:)).count
            }
        case "decode-jsonobject":  // snake_case, EndpointKit's JSON and a hand-mapped JSONObject
            let body = try fixture(snakeCase: true)
            let decoder = JSONResponseDecoder()
            return try await measure { try decodeAsTheClientDoes([MappedRepo].self, from: body, using: decoder).count }
        case "decode-snake-jsondecoder":  // snake_case, Foundation's .convertFromSnakeCase
            let body = try fixture(snakeCase: true)
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            return try await measure { try decoder.decode([Repo].self, from: body).count }
        case "decode-snake-responsedecoder":  // snake_case, JSONResponseDecoder(keyDecoding: .convertFromSnakeCase)
            let body = try fixture(snakeCase: true)
            let decoder = JSONResponseDecoder(keyDecoding: .convertFromSnakeCase)
            return try await measure { try decodeAsTheClientDoes([Repo].self, from: body, using: decoder).count }
        default:
            throw UsageError(message: "unknown decoding scenario \(name)")
        }
    }

    /// Runs `decode` a few times to warm up, then `iterations` times, timing each.
    func measure(_ decode: () async throws -> Int) async throws -> ScenarioResult {
        var count = 0
        for _ in 0..<3 {
            count = try await decode()
        }
        guard count > 0 else { throw UsageError(message: "\(name) decoded nothing") }
        var times: [Double] = []
        times.reserveCapacity(iterations)
        let allocationsBefore = allocationsSoFar()
        for _ in 0..<iterations {
            let start = now()
            _ = try await decode()
            times.append(Double(now() - start))
        }
        let allocations = allocationsSoFar() - allocationsBefore
        var result = ScenarioResult(scenario: name)
        result.set("iterations", iterations)
        result.set("ns_per_op", median(times))
        result.set("ops_per_second", 1e9 / median(times))
        result.set("allocs_per_op", Double(allocations) / Double(iterations))
        result.set("elements", count)
        return result
    }
}

/// Decodes as the client does after a response arrives: through `JSONObject.decode(from:using:)`
/// of a generic response type, so the same witness runs as in `client.get`.
@inline(never)
func decodeAsTheClientDoes<T: JSONObject>(_ type: T.Type, from body: Data, using decoder: any ResponseDecoder) throws
    -> T
{
    try T.decode(from: body, using: decoder)
}
