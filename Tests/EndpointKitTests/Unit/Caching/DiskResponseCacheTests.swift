import Foundation
import Testing

@testable import EndpointKit

/// `DiskResponseCache` on its own: what it keeps, in which files, with which permissions, what it
/// evicts, and what it does with files that are not whole entries.
@Suite("DiskResponseCache: entries, variants, eviction, permissions and damaged files")
struct DiskResponseCacheTests {
    let folder: DiskCacheFolder

    init() throws {
        folder = try DiskCacheFolder()
    }

    @Test("Entries round-trip whole, one file per variant, and a new instance on the folder reads them")
    func roundTrip() async throws {
        let cache = folder.cache()
        var json = CachedResponse.make("json", accept: "application/json", time: 1_000)
        json.isInvalidated = true
        let html = CachedResponse.make("html", url: "https://cdn.example.com/moved", accept: "text/html", time: 2_000)
        let other = CachedResponse.make("b", url: "https://api.example.com/b")
        await cache.store(json, for: .get("/a"))
        await cache.store(html, for: .get("/a"))
        await cache.store(other, for: .get("/b"))

        for reader in [cache, folder.cache()] {
            let variants = await reader.cachedResponses(for: .get("/a"))
            #expect(variants.count == 2)
            #expect(variants.contains(json) && variants.contains(html))
            #expect(await reader.cachedResponse(for: .get("/a")) == html, "the most recently received")
            #expect(await reader.cachedResponses(for: .get("/b")) == [other])
            #expect(await reader.cachedResponses(for: .get("/a", user: "user-2")).isEmpty)
            #expect(
                await reader.cachedResponses(
                    for: CacheKey(method: .head, url: "https://api.example.com/a", credentialIdentity: "user-1")
                ).isEmpty)
        }
        #expect(folder.keyFolders.count == 2)
        #expect(folder.entryFiles.count == 3)
    }

    @Test("Storing a variant again replaces its file; removeResponses removes every variant of the key only")
    func replaceAndRemove() async throws {
        let cache = folder.cache()
        await cache.store(.make("old", accept: "application/json"), for: .get("/a"))
        await cache.store(.make("new", accept: "application/json"), for: .get("/a"))
        await cache.store(.make("html", accept: "text/html"), for: .get("/a"))
        await cache.store(.make("b"), for: .get("/b"))
        #expect(
            await cache.cachedResponses(for: .get("/a")).map(\.response.body).sorted { $0.count < $1.count } == [
                Data("new".utf8), Data("html".utf8),
            ])
        #expect(folder.entryFiles.count == 3)

        await cache.removeResponses(for: .get("/a"))
        #expect(await cache.cachedResponses(for: .get("/a")).isEmpty)
        #expect(await cache.cachedResponses(for: .get("/b")).count == 1)
        #expect(folder.keyFolders.count == 1, "the key's folder goes with its entries")

        await cache.removeAll()
        #expect(await cache.cachedResponses(for: .get("/b")).isEmpty)
        #expect(folder.allFiles.isEmpty)
    }

    @Test("Over the cap, the least recently used entries go first; reading an entry counts as a use")
    func evictsLeastRecentlyUsed() async throws {
        // Four entries of one size; room for three.
        let entry = { (path: String) in CachedResponse.make("x", url: "https://api.example.com\(path)") }
        await folder.cache().store(entry("/size"), for: .get("/size"))
        let size = try #require(folder.entryFiles.first.map { try Data(contentsOf: $0).count })
        await folder.cache().removeAll()
        let cache = folder.cache(maximumBytes: 3 * size + size / 2)

        for path in ["/a", "/b", "/c"] { await cache.store(entry(path), for: .get(path)) }
        #expect(await cache.cachedResponse(for: .get("/a")) != nil)
        await cache.store(entry("/d"), for: .get("/d"))
        #expect(await cache.cachedResponse(for: .get("/b")) == nil, "/b was the least recently used")
        for path in ["/a", "/c", "/d"] { #expect(await cache.cachedResponse(for: .get(path)) != nil, "\(path)") }

        // Another instance, which counts the folder first, goes on in the same order.
        let next = folder.cache(maximumBytes: 3 * size + size / 2)
        await next.store(entry("/e"), for: .get("/e"))
        #expect(await next.cachedResponse(for: .get("/a")) == nil, "/a was the least recently used")
        #expect(folder.entryFiles.count == 3)
    }

    @Test("An entry larger than the cap is not stored, and the variant it would replace goes")
    func largerThanTheCap() async throws {
        let cache = folder.cache(maximumBytes: 1_000)
        await cache.store(.make("small"), for: .get("/a"))
        await cache.store(.make(String(repeating: "x", count: 2_000)), for: .get("/a"))
        #expect(await cache.cachedResponse(for: .get("/a")) == nil)
        #expect(folder.entryFiles.isEmpty)
    }

    @Test("The folder and key folders are 0700 and files 0600 under umask 022; an open existing folder becomes 0700")
    func ownerOnly() async throws {
        let previous = umask(0o022)
        defer { umask(previous) }
        await folder.cache().store(.make("a"), for: .get("/a"))
        #expect(folder.permissions() == 0o700)
        for name in folder.allFiles {
            let isFolder = !name.contains("/")
            #expect(folder.permissions(of: name) == (isFolder ? 0o700 : 0o600), "\(name)")
        }

        let shared = try DiskCacheFolder()
        try FileManager.default.createDirectory(at: shared.url, withIntermediateDirectories: false)
        chmod(shared.url.path, 0o755)
        await shared.cache().store(.make("a"), for: .get("/a"))
        #expect(shared.permissions() == 0o700)
    }

    @Test("A folder that another user owns is never read or written", .enabled(if: geteuid() == 0))
    func otherUsersFolder() async throws {
        await folder.cache().store(.make("a"), for: .get("/a"))
        #expect(chown(folder.url.path, 4_242, 4_242) == 0)
        let cache = folder.cache()
        #expect(await cache.cachedResponse(for: .get("/a")) == nil)
        await cache.store(.make("b"), for: .get("/b"))
        #expect(folder.keyFolders.count == 1)
    }

    @Test("No file holds a Set-Cookie header, a credential, or a URL in its name")
    func keepsNoSecrets() async throws {
        let cache = folder.cache()
        var entry = CachedResponse.make(
            "body",
            headers: [
                "Cache-Control": "max-age=60", "Set-Cookie": "session=cookie-secret-1",
                "set-cookie2": "c=cookie-secret-2",
                "Vary": "Authorization, Cookie",
            ])
        entry.varyingRequestHeaders = ["Authorization": "Bearer token-secret-3", "Cookie": "id=cookie-secret-4"]
        await cache.store(entry, for: .get("/private?page=2"))

        let bytes = folder.allBytes
        for secret in ["cookie-secret", "token-secret", "Set-Cookie", "set-cookie2"] {
            #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(secret) is in a file")
        }
        for name in folder.allFiles {
            #expect(!name.contains("example") && !name.contains("private") && !name.contains("user-1"), "\(name)")
        }
        let stored = try #require(await cache.cachedResponse(for: .get("/private?page=2")))
        #expect(stored.response.headers["Set-Cookie"] == nil && stored.response.headers["Set-Cookie2"] == nil)
        #expect(stored.varyingRequestHeaders["Authorization"]?.hasPrefix("sha256:") == true)
        #expect(stored.varyingRequestHeaders["Cookie"]?.hasPrefix("sha256:") == true)
    }

    @Test(
        "Damaged files are misses and are removed; a file of another format version is a miss and is kept",
        arguments: Damage.allCases)
    func damagedFiles(damage: Damage) async throws {
        let cache = folder.cache()
        await cache.store(.make("a body long enough to damage"), for: .get("/a"))
        let file = try #require(folder.entryFiles.first)
        var bytes = try Data(contentsOf: file)
        damage.apply(to: &bytes)
        try bytes.write(to: file)

        #expect(await folder.cache().cachedResponse(for: .get("/a")) == nil)
        #expect(FileManager.default.fileExists(atPath: file.path) == (damage == .otherVersion))
        await cache.store(.make("again"), for: .get("/a"))
        #expect(await cache.cachedResponse(for: .get("/a"))?.response.body == Data("again".utf8))
    }

    enum Damage: String, CaseIterable, CustomTestStringConvertible {
        case truncated, flippedByte, garbage, empty, appended, otherVersion
        var testDescription: String { rawValue }

        func apply(to bytes: inout Data) {
            switch self {
            case .truncated: bytes.removeLast(12)
            case .flippedByte: bytes[bytes.count - 20] ^= 0x01
            case .garbage: bytes = Data((0..<300).map { UInt8(truncatingIfNeeded: $0 &* 37) })
            case .empty: bytes = Data()
            case .appended: bytes.append(contentsOf: [0, 1, 2])
            case .otherVersion: bytes[5] = 2
            }
        }
    }

    @Test("Files and folders that are not the cache's are left alone, and an unusable folder only means misses")
    func foreignFiles() async throws {
        let cache = folder.cache()
        await cache.store(.make("a"), for: .get("/a"))
        try Data("mine".utf8).write(to: folder.url.appendingPathComponent("notes.txt"))
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("photos"), withIntermediateDirectories: false)
        await cache.removeAll()
        #expect(folder.allFiles == ["notes.txt", "photos"])

        // A folder under a regular file can be neither made nor read.
        let blocked = DiskResponseCache(folder: folder.url.appendingPathComponent("notes.txt/cache"))
        await blocked.store(.make("a"), for: .get("/a"))
        #expect(await blocked.cachedResponse(for: .get("/a")) == nil)
        await blocked.removeResponses(for: .get("/a"))
        await blocked.removeAll()
    }
}
