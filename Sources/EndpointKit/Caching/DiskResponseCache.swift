import Foundation

/// A ``ResponseCache`` in a folder on disk, which outlives the process: bounded by bytes,
/// evicting the least recently used entries first, with Foundation only.
///
/// <!-- snippet needs: url, token -->
/// ```swift
/// let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
/// let cache = DiskResponseCache(folder: caches.appendingPathComponent("com.example.app/http"))
/// let client = Client(baseURL: url, authenticator: .token(token)) { $0.cache = cache }
/// ```
///
/// Each entry, one per key and variant (``CachedResponse/variant``), is a file in a subfolder
/// named after a SHA-256 digest of its key (method, URL and whose credential), itself named after
/// a digest of the key and the variant: no file name holds a URL or a credential. A write goes to
/// a temporary file (`.entry.<UUID>.tmp`), is flushed, and is renamed over the entry in one step,
/// so a process killed at any moment leaves the old entry or the new one, never a part of either;
/// the next instance on the folder removes the temporary files that killed writes left. Each file
/// carries its format version, its length and a checksum: a torn, truncated or damaged file is a
/// miss and is removed, a file of another format version is a miss.
///
/// What is written: the status, the response headers except `Set-Cookie` and `Set-Cookie2`, the
/// body, the request and response times, and the request headers the response's `Vary` names,
/// with `Authorization`, `Proxy-Authorization` and `Cookie` as their SHA-256 digests. The folder
/// is created with permissions `0700` (an existing one that the user owns is set to `0700`), every
/// file `0600`; a folder that another user owns is not used. It holds one user's responses: never
/// point two users at one folder. ``removeAll()``, or deleting the folder, clears it.
///
/// The cache never makes a call fail. When the folder cannot be created or read, or a write fails
/// (a full disk), the call is answered from the network and the response is just not stored.
/// Many tasks may use one instance, and several instances (in several processes) one folder: each
/// write replaces a whole file, and each instance keeps the folder under ``maximumBytes`` as it
/// counted it (when it starts, when its writes take it over, and every 256 writes), so a folder
/// that several write to may be over it for a while.
public final class DiskResponseCache: ResponseCache, Sendable {
    /// The folder the entries are in.
    public let folder: URL
    /// The most bytes the entries' files take, all together.
    public let maximumBytes: Int

    /// What this instance knows of its folder.
    struct State {
        /// The bytes of the entries' files as last counted plus what this instance wrote since;
        /// `nil` until the first count.
        var knownBytes: Int?
        /// The writes this instance made since it last counted the files: it counts them again
        /// every ``recountInterval`` writes, so that what other instances wrote is seen too.
        var writesSinceCount = 0
        /// The last access time this instance gave a file, in nanoseconds since 1970: each
        /// access gets a later one, so that files touched in one clock tick keep their order.
        var lastAccess: Int64 = 0
    }

    let state = Locked(State())
    static let recountInterval = 256

    /// Creates a cache in `folder`, which is created (with permissions `0700`) when it is first
    /// written to; nothing is read or written before the first call.
    ///
    /// - Parameters:
    ///   - folder: A folder for this cache alone, that only the user can read, such as one under
    ///     the user's caches directory.
    ///   - maximumBytes: The most bytes the entries' files take together; 64 MiB by default. A
    ///     single larger entry is not stored.
    public init(folder: URL, maximumBytes: Int = 64 << 20) {
        self.folder = folder
        self.maximumBytes = max(0, maximumBytes)
    }

    /// The most recently received variant for `key`, marked as just used.
    public func cachedResponse(for key: CacheKey) async -> CachedResponse? {
        await cachedResponses(for: key).max { ($0.responseTime ?? .distantPast) < ($1.responseTime ?? .distantPast) }
    }

    /// Every variant for `key`, each marked as just used; a file that is not a whole entry of
    /// this format is removed.
    public func cachedResponses(for key: CacheKey) async -> [CachedResponse] {
        guard isUsable(creating: false) else { return [] }
        let digest = DiskCacheEntryFormat.digest(of: key)
        return entryFiles(of: digest).compactMap { readEntry(at: $0, keyDigest: digest, keyURL: key.url) }
    }

    /// Stores `response` in its variant's file, replacing the one there, without its `Set-Cookie`
    /// headers and with credentials as digests; then evicts least recently used entries until
    /// the files fit in ``maximumBytes``. When the file cannot be written, nothing is stored.
    public func store(_ response: CachedResponse, for key: CacheKey) async {
        guard isUsable(creating: true) else { return }
        var entry = response
        entry.response.headers = HTTPHeaders(
            entry.response.headers.fields.filter {
                !$0.name.equalsIgnoringASCIICase("Set-Cookie") && !$0.name.equalsIgnoringASCIICase("Set-Cookie2")
            })
        entry.varyingRequestHeaders = CacheVariant.digestingCredentials(in: entry.varyingRequestHeaders)
        let digest = DiskCacheEntryFormat.digest(of: key)
        let file = entryFile(of: digest, variant: entry.variant)
        let replaced = fileSize(at: file)
        let bytes = DiskCacheEntryFormat.encode(entry, keyDigest: digest, keyURL: key.url)
        guard bytes.count <= maximumBytes else {
            if replaced > 0 { remove(file, bytes: replaced) }
            return
        }
        guard write(bytes, to: file) else { return }
        touch(file)
        let mustCount = state.withLock { state -> Bool in
            state.knownBytes? += bytes.count - replaced
            state.writesSinceCount += 1
            return state.knownBytes ?? .max > maximumBytes || state.writesSinceCount >= Self.recountInterval
        }
        if mustCount { evict() }
    }

    /// Removes every variant for `key`.
    public func removeResponses(for key: CacheKey) async {
        guard isUsable(creating: false) else { return }
        let digest = DiskCacheEntryFormat.digest(of: key)
        for file in entryFiles(of: digest) { remove(file, bytes: fileSize(at: file)) }
        rmdir(keyFolder(of: digest).path)
    }

    /// Removes every entry, and the temporary files that killed writes left; leaves the folder
    /// and anything in it that is not the cache's.
    public func removeAll() async {
        guard isUsable(creating: false) else { return }
        for keyFolder in keyFolders() {
            for file in entryFileNames(in: keyFolder) { unlink(keyFolder.appendingPathComponent(file).path) }
            rmdir(keyFolder.path)
        }
        TemporaryFileWriter.removeAbandonedFiles(in: folder, named: Self.temporaryName)
        state.withLock { $0.knownBytes = 0 }
    }
}
