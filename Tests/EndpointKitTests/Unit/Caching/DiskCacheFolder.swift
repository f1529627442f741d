import Foundation

@testable import EndpointKit

/// A `DiskResponseCache`'s folder for a test, `cache` in a fresh temporary directory (not created:
/// the cache makes it), removed with the directory when the value goes away; and what is in it.
final class DiskCacheFolder: Sendable {
    let place: TemporaryFile
    var url: URL { place.sibling("cache") }

    init() throws {
        place = try TemporaryFile(name: "unused")
    }

    /// A cache on the folder.
    func cache(maximumBytes: Int = 64 << 20) -> DiskResponseCache {
        DiskResponseCache(folder: url, maximumBytes: maximumBytes)
    }

    /// Every key folder's path, relative to the folder.
    var keyFolders: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// Every file below the folder (key folders, entries, temporary files), relative to it.
    var allFiles: [String] {
        guard let walk = FileManager.default.enumerator(atPath: url.path) else { return [] }
        return walk.compactMap { $0 as? String }.sorted()
    }

    /// Every entry file's URL.
    var entryFiles: [URL] {
        keyFolders.flatMap { name in
            let keyFolder = url.appendingPathComponent(name)
            return ((try? FileManager.default.contentsOfDirectory(atPath: keyFolder.path)) ?? []).sorted().map {
                keyFolder.appendingPathComponent($0)
            }
        }
    }

    /// The temporary files killed writes left.
    var temporaryFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).filter { $0.hasSuffix(".tmp") }
    }

    /// The bytes of every file below the folder, together.
    var allBytes: Data {
        allFiles.reduce(into: Data()) { bytes, name in
            bytes += (try? Data(contentsOf: url.appendingPathComponent(name))) ?? Data()
        }
    }

    /// The permission bits of `path`, relative to the folder (`""` for the folder), by `stat`.
    func permissions(of path: String = "") -> Int {
        var status = stat()
        let full = path.isEmpty ? url.path : url.appendingPathComponent(path).path
        return stat(full, &status) == 0 ? Int(status.st_mode & 0o777) : -1
    }
}

extension CachedResponse {
    /// An entry of `body` for `url`, varying on `Accept` when `accept` is given, received at `time`.
    static func make(
        _ body: String, url: String = "https://api.example.com/a", accept: String? = nil,
        headers: HTTPHeaders = ["Cache-Control": "max-age=60", "ETag": "\"1\""], time: TimeInterval = 1_000
    ) -> CachedResponse {
        var headers = headers
        var varying = HTTPHeaders()
        if let accept {
            headers["Vary"] = "Accept"
            varying["Accept"] = accept
        }
        return CachedResponse(
            response: HTTPResponse(statusCode: 200, headers: headers, body: Data(body.utf8), url: URL(string: url)),
            varyingRequestHeaders: varying, requestTime: Date(timeIntervalSince1970: time - 1),
            responseTime: Date(timeIntervalSince1970: time))
    }
}

extension CacheKey {
    /// A `GET` of `path` at `https://api.example.com` for `user`.
    static func get(_ path: String, user: String = "user-1") -> CacheKey {
        CacheKey(method: .get, url: "https://api.example.com\(path)", credentialIdentity: user)
    }
}
