import EndpointKit
import Foundation

// Writes to a DiskResponseCache in the folder named by its argument, for DiskResponseCacheTests.
//
// `cache-writer write FOLDER FIRST`: stores, over and over under umask 022, round FIRST, FIRST + 1,
// ... of the entries of keys /k0 ... /k3: a body of a length that changes each round, headed
// "<round>|<key>|", with `X-Round: <round>`; prints each round's number once its stores returned.
// The test "Writes killed at any moment…" kills it at random points, many times.
//
// `cache-writer full FOLDER`: with the largest file it may write limited to 4 KiB (a write
// beyond it fails with EFBIG, as on a full disk), stores a large entry and a small one, calls
// a client that stores through the cache twice, and prints what was stored and what was sent.
umask(0o022)
let arguments = CommandLine.arguments
guard arguments.count >= 3, let mode = arguments.dropFirst().first else {
    try? FileHandle.standardError.write(contentsOf: Data("usage: cache-writer write|full FOLDER [FIRST]\n".utf8))
    exit(2)
}
let cache = DiskResponseCache(folder: URL(fileURLWithPath: arguments[2]))

/// The entry of `key` in `round`.
func entry(key: Int, round: Int, bodySize: Int) -> CachedResponse {
    let head = "\(round)|\(key)|"
    let filler = String(repeating: Character(UnicodeScalar(UInt8(97 + round % 26))), count: bodySize)
    let response = HTTPResponse(
        statusCode: 200, headers: ["X-Round": "\(round)", "Cache-Control": "max-age=60", "Vary": "Accept"],
        body: Data((head + filler).utf8), url: URL(string: "https://api.example.com/k\(key)"))
    return CachedResponse(
        response: response, varyingRequestHeaders: ["Accept": "application/json"], requestTime: Date(),
        responseTime: Date())
}

func key(_ number: Int) -> CacheKey {
    CacheKey(method: .get, url: "https://api.example.com/k\(number)", credentialIdentity: "user")
}

/// Answers every request with a fresh response of 64 KiB and counts them.
final class LargeResponses: Transport, @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var sent: Int { lock.withLock { count } }

    func send(_ request: URLRequest) async throws -> HTTPResponse {
        lock.withLock { count += 1 }
        return HTTPResponse(
            statusCode: 200, headers: ["Cache-Control": "max-age=600", "Content-Type": "text/plain"],
            body: Data(repeating: 0x61, count: 64 << 10), url: request.url)
    }
}

struct Large: GET {
    typealias ResponseType = Data
    var path: String { "/large" }
}

switch mode {
case "write":
    guard arguments.count == 4, var round = Int(arguments[3]) else { exit(2) }
    while true {
        for number in 0..<4 {
            await cache.store(
                entry(key: number, round: round, bodySize: 2_000 + (round * 7_919) % 30_000), for: key(number))
        }
        try FileHandle.standardOutput.write(contentsOf: Data("\(round)\n".utf8))
        round += 1
    }
case "full":
    var limit = rlimit(rlim_cur: 4_096, rlim_max: 4_096)
    #if os(Linux)
        setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit)
    #else
        setrlimit(RLIMIT_FSIZE, &limit)
    #endif
    signal(SIGXFSZ, SIG_IGN)
    await cache.store(entry(key: 0, round: 1, bodySize: 16_000), for: key(0))
    await cache.store(entry(key: 1, round: 1, bodySize: 100), for: key(1))
    let large = await cache.cachedResponse(for: key(0)) != nil
    let small = await cache.cachedResponse(for: key(1)) != nil
    let transport = LargeResponses()
    let client = Client(baseURL: URL(string: "https://api.example.com")!) {
        $0.cache = cache
        $0.transport = transport
    }
    let first = try await client.send(Large()).value.count
    let second = try await client.send(Large()).value.count
    print("large-stored=\(large) small-stored=\(small) bodies=\(first),\(second) sent=\(transport.sent)")
default:
    exit(2)
}
