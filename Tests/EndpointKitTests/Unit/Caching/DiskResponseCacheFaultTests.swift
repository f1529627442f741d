import EndpointKitTesting
import Foundation
import Testing

@testable import EndpointKit

/// `DiskResponseCache` under a client, under kills, under concurrent use and on a full disk.
@Suite("DiskResponseCache: through a client, killed mid-write, in concurrent use, on a full disk")
struct DiskResponseCacheFaultTests {
    let fixture = CacheFixture()
    let folder: DiskCacheFolder
    var origin: CachingOrigin { fixture.origin }

    init() throws {
        folder = try DiskCacheFolder()
    }

    @Test(
        "A fresh response from disk sends nothing, also to a new client and cache on the folder; a 304 renews the file")
    func servesFromDisk() async throws {
        origin.serve("/a", headers: ["Cache-Control": "private, max-age=60", "ETag": "\"1\""], body: "one")
        let client = fixture.client(cache: folder.cache())
        #expect(try await client.send(Fetch(path: "/a")).source == .network)
        let hit = try await client.send(Fetch(path: "/a"))
        #expect(hit.source == .fresh && hit.text == "one")
        #expect(origin.requests.count == 1)

        fixture.clock.advance(by: 30)
        let fromDisk = try await fixture.client(cache: folder.cache()).send(Fetch(path: "/a"))
        #expect(fromDisk.source == .fresh && fromDisk.text == "one" && fromDisk.age == 30)
        #expect(origin.requests.count == 1)

        fixture.clock.advance(by: 31)
        #expect(try await fixture.client(cache: folder.cache()).send(Fetch(path: "/a")).source == .revalidated)
        #expect(origin.requests.count == 2)
        let renewed = try await fixture.client(cache: folder.cache()).send(Fetch(path: "/a"))
        #expect(renewed.source == .fresh && renewed.text == "one")
        #expect(origin.requests.count == 2)
    }

    @Test("Through a client, files hold neither the token nor the cookie, yet the same user's next call is a fresh hit")
    func noCredentialThroughAClient() async throws {
        origin.serve(
            "/me",
            headers: [
                "Cache-Control": "private, max-age=60", "Vary": "Accept, Authorization, Cookie",
                "Set-Cookie": "session=cookie-secret-1; HttpOnly",
            ], body: "me")
        let client = fixture.client(authenticator: .token("token-secret-2"), cache: folder.cache())
        _ = try await client.send(Fetch(path: "/me", headers: ["Cookie": "id=cookie-secret-3"]))
        let again = try await fixture.client(authenticator: .token("token-secret-2"), cache: folder.cache())
            .send(Fetch(path: "/me", headers: ["Cookie": "id=cookie-secret-3"]))
        #expect(again.source == .fresh)
        #expect(origin.requests.count == 1)
        let other = try await fixture.client(authenticator: .token("token-secret-4"), cache: folder.cache())
            .send(Fetch(path: "/me", headers: ["Cookie": "id=cookie-secret-3"]))
        #expect(other.source == .network, "another user's token never reads the first one's entry")

        let bytes = folder.allBytes
        #expect(!folder.entryFiles.isEmpty)
        for secret in ["token-secret", "cookie-secret", "Set-Cookie"] {
            #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(secret) is in a file")
        }
    }

    @Test("A successful POST invalidates the entry on disk: the next GET goes to the origin")
    func invalidation() async throws {
        origin.serve("/a", headers: ["Cache-Control": "max-age=600"], body: "one")
        let client = fixture.client(cache: folder.cache())
        _ = try await client.send(Fetch(path: "/a"))
        _ = try await client.send(Change(path: "/a"))
        let after = try await fixture.client(cache: folder.cache()).send(Fetch(path: "/a"))
        #expect(after.source != .fresh)
        #expect(origin.requests(to: "/a").map(\.httpMethod) == ["GET", "POST", "GET"])
    }

    @Test("A folder that cannot be made leaves every call answered by the network")
    func unusableFolder() async throws {
        origin.serve("/a", headers: ["Cache-Control": "max-age=600"], body: "one")
        let cache = DiskResponseCache(folder: folder.place.url.appendingPathComponent("cache"))
        let client = fixture.client(cache: cache)
        #expect(try await client.send(Fetch(path: "/a")).text == "one")
        #expect(try await client.send(Fetch(path: "/a")).source == .network)
        #expect(origin.requests.count == 2)
    }

    @Test("A full disk (writes limited to 4 KiB) stores nothing too large, crashes nothing, and calls still succeed")
    func fullDisk() async throws {
        let process = Process()
        process.executableURL = KilledWriter.executable("cache-writer")
        process.arguments = ["full", folder.url.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(printed == "large-stored=false small-stored=true bodies=65536,65536 sent=2\n")
        #expect(folder.temporaryFiles.isEmpty)
    }

    @Test("32 tasks on two instances of one folder read only whole entries and leave only whole files")
    func concurrentUse() async throws {
        let caches = [folder.cache(maximumBytes: 60_000), folder.cache(maximumBytes: 60_000)]
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<32 {
                group.addTask {
                    let cache = caches[task % 2]
                    for step in 0..<24 {
                        let key = CacheKey.get("/k\((task + step) % 8)")
                        switch step % 6 {
                        case 0, 1, 3: await cache.store(Self.tagged("\(task)-\(step)", size: 200 + 97 * step), for: key)
                        case 5 where task % 4 == 0: await cache.removeResponses(for: key)
                        default:
                            for entry in await cache.cachedResponses(for: key) { #expect(Self.isWhole(entry)) }
                        }
                    }
                }
            }
        }
        let reader = folder.cache(maximumBytes: 60_000)
        for index in 0..<8 {
            for entry in await reader.cachedResponses(for: .get("/k\(index)")) { #expect(Self.isWhole(entry)) }
        }
        #expect(folder.temporaryFiles.isEmpty)
        #expect(folder.entryFiles.reduce(0) { $0 + ((try? Data(contentsOf: $1).count) ?? 0) } <= 60_000)
    }

    /// An entry whose body is `size` bytes headed by `tag`, which its `X-Tag` header repeats.
    static func tagged(_ tag: String, size: Int) -> CachedResponse {
        .make(
            tag + "|" + String(repeating: "x", count: size),
            headers: ["Cache-Control": "max-age=60", "X-Tag": tag, "X-Size": "\(size)"])
    }

    /// Whether `entry` is one that ``tagged(_:size:)`` made: its body and headers agree.
    static func isWhole(_ entry: CachedResponse) -> Bool {
        let tag = entry.response.headers["X-Tag"] ?? "?"
        let size = Int(entry.response.headers["X-Size"] ?? "") ?? -1
        return entry.response.body == Data((tag + "|" + String(repeating: "x", count: size)).utf8)
    }

    @Test(
        "Writes killed at any moment leave each entry one whole round, only 0700 and 0600 files, and no temporary file once the folder is used again"
    )
    func killedWrites() async throws {
        // Most kills land between two writes: kill until 3 landed inside one (a temporary file
        // left), in 50 rounds at least and 300 at most.
        var (round, insideAWrite, first) = (0, 0, 1)
        while round < 50 || (insideAWrite < 3 && round < 300) {
            round += 1
            let rounds = try await KilledWriter.run(
                "cache-writer", arguments: ["write", folder.url.path, "\(first)"], killingAfter: 1 + round % 2,
                delay: UInt32.random(in: 0...4_000))
            // What the killed process left, before anything cleans it.
            if !folder.temporaryFiles.isEmpty { insideAWrite += 1 }
            for name in folder.allFiles {
                let isFile = name.contains("/") || name.hasSuffix(".tmp")
                #expect(folder.permissions(of: name) == (isFile ? 0o600 : 0o700), "\(name) after round \(round)")
            }

            let cache = folder.cache()
            for key in 0..<4 {
                let entry = try #require(
                    await cache.cachedResponse(for: .get("/k\(key)", user: "user")), "k\(key) after round \(round)")
                let written = Int(entry.response.headers["X-Round"] ?? "") ?? -1
                // The last round it reported, or the one it was killed in.
                #expect((first + rounds - 1...first + rounds).contains(written), "k\(key) after round \(round)")
                #expect(entry.response.body.starts(with: Data("\(written)|\(key)|".utf8)))
                let filler = UInt8(97 + written % 26)
                #expect(
                    entry.response.body.count == "\(written)|\(key)|".utf8.count + 2_000 + (written * 7_919) % 30_000)
                #expect(entry.response.body.dropFirst("\(written)|\(key)|".utf8.count).allSatisfy { $0 == filler })
            }
            #expect(folder.temporaryFiles.isEmpty, "after round \(round)")
            first += rounds + 1
        }
        #expect(insideAWrite >= 1, "no kill in \(round) rounds landed inside a write: nothing was proved")
    }
}
