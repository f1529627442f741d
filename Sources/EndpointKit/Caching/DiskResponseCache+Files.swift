import Foundation

/// The files of a ``DiskResponseCache``: `<folder>/<key digest>/<variant digest>`, each 64
/// lowercase hexadecimal digits, and the temporary files of writes in progress,
/// `<folder>/.entry.<UUID>.tmp`. Anything else in the folder is not the cache's and is left alone.
extension DiskResponseCache {
    static let temporaryName = "entry"

    /// One entry's file as a count sees it.
    private struct EntryFile {
        var path: String
        var size: Int
        /// Its last access (its modification time), in nanoseconds since 1970.
        var access: Int64
    }

    /// Whether the folder is one the cache may use: a directory the user owns, set to `0700` if
    /// it was open to others; with `creating`, made if it is missing. The first time, counts the
    /// files and removes the temporary files that killed writes left.
    func isUsable(creating: Bool) -> Bool {
        var status = stat()
        if stat(folder.path, &status) != 0 {
            guard creating, errno == ENOENT else { return false }
            try? FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            guard stat(folder.path, &status) == 0 else { return false }
        }
        guard status.st_mode & S_IFMT == S_IFDIR, status.st_uid == geteuid() else { return false }
        if status.st_mode & 0o077 != 0, chmod(folder.path, 0o700) != 0 { return false }
        if state.withLock({ $0.knownBytes == nil }) { evict() }
        return true
    }

    func keyFolder(of keyDigest: [UInt8]) -> URL {
        folder.appendingPathComponent(HexEncoding.lowercase(keyDigest), isDirectory: true)
    }

    /// The file of `variant` of the key whose digest is `keyDigest`.
    func entryFile(of keyDigest: [UInt8], variant: String) -> URL {
        let name = HexEncoding.lowercase(SHA256.digest(of: Data(keyDigest + Array(variant.utf8))))
        return keyFolder(of: keyDigest).appendingPathComponent(name, isDirectory: false)
    }

    /// The files of every variant of the key whose digest is `keyDigest`.
    func entryFiles(of keyDigest: [UInt8]) -> [URL] {
        let keyFolder = keyFolder(of: keyDigest)
        return entryFileNames(in: keyFolder).map { keyFolder.appendingPathComponent($0, isDirectory: false) }
    }

    /// The folders of every key in the folder.
    func keyFolders() -> [URL] {
        entryFileNames(in: folder).map { folder.appendingPathComponent($0, isDirectory: true) }
    }

    /// The names in `folder` that are digests: key folders at the top, entry files below.
    func entryFileNames(in folder: URL) -> [String] {
        let path = folder.path
        // A key never stored has no folder: `access` says so without the error that
        // `contentsOfDirectory` would make and throw (some µs on Linux, on every miss).
        guard access(path, F_OK) == 0 else { return [] }
        return ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { name in
            name.utf8.count == 64 && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
        }
    }

    /// The entry in `file`, marked as just used; `nil` for a file of another format version,
    /// and for one that is not a whole entry of this key, which is removed.
    func readEntry(at file: URL, keyDigest: [UInt8], keyURL: String) -> CachedResponse? {
        let descriptor = open(file.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid() else {
            return nil
        }
        let size = Int(status.st_size)
        let reading =
            size <= maximumBytes
            ? Self.readAll(descriptor, size: size).map {
                DiskCacheEntryFormat.decode($0, keyDigest: keyDigest, keyURL: keyURL)
            } ?? .corrupt : .corrupt
        switch reading {
        case .entry(let entry):
            var times = Array(repeating: nextAccessTime(), count: 2)
            futimens(descriptor, &times)
            return entry
        case .otherVersion:
            return nil
        case .corrupt:
            // Only the file that was read: not a whole one renamed over it since.
            var current = stat()
            if stat(file.path, &current) == 0, current.st_ino == status.st_ino { remove(file, bytes: size) }
            return nil
        }
    }

    /// Writes `bytes` over `file` through a temporary file; `false` when it cannot (the disk is
    /// full, the folder is gone).
    func write(_ bytes: [UInt8], to file: URL) -> Bool {
        let keyFolder = file.deletingLastPathComponent()
        // A second time when an eviction removed the empty key folder between its creation and
        // the rename.
        for _ in 0..<2 {
            guard mkdir(keyFolder.path, 0o700) == 0 || errno == EEXIST else { return false }
            do {
                try TemporaryFileWriter.write(Data(bytes), over: file, temporaryIn: folder, named: Self.temporaryName)
                return true
            } catch {
                continue
            }
        }
        return false
    }

    /// Marks `file` as just used.
    func touch(_ file: URL) {
        var times = Array(repeating: nextAccessTime(), count: 2)
        utimensat(AT_FDCWD, file.path, &times, 0)
    }

    /// The size of `file`, `0` when there is none.
    func fileSize(at file: URL) -> Int {
        var status = stat()
        return lstat(file.path, &status) == 0 ? Int(status.st_size) : 0
    }

    /// Removes `file`, of `bytes`, from the folder and from the count.
    func remove(_ file: URL, bytes: Int) {
        guard unlink(file.path) == 0 else { return }
        state.withLock { state in
            if let known = state.knownBytes { state.knownBytes = max(0, known - bytes) }
        }
    }

    /// Counts the entries' files, removes the least recently used until they fit in
    /// ``maximumBytes``, and removes empty key folders and the temporary files that killed
    /// writes left.
    func evict() {
        TemporaryFileWriter.removeAbandonedFiles(in: folder, named: Self.temporaryName)
        var files: [EntryFile] = []
        for keyFolder in keyFolders() {
            let names = entryFileNames(in: keyFolder)
            if names.isEmpty { rmdir(keyFolder.path) }  // fails, as it should, if one was just written
            for name in names {
                let path = keyFolder.appendingPathComponent(name).path
                var status = stat()
                guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
                files.append(EntryFile(path: path, size: Int(status.st_size), access: Self.modificationTime(status)))
            }
        }
        var total = files.reduce(0) { $0 + $1.size }
        for file in files.sorted(by: { ($0.access, $0.path) < ($1.access, $1.path) }) where total > maximumBytes {
            if unlink(file.path) == 0 { total -= file.size }
        }
        state.withLock { state in
            state.knownBytes = total
            state.writesSinceCount = 0
        }
    }

    /// A time later than every one this instance gave before: now, or a nanosecond after the last.
    private func nextAccessTime() -> timespec {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let nanoseconds = state.withLock { state in
            state.lastAccess = max(Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec), state.lastAccess + 1)
            return state.lastAccess
        }
        return timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
    }

    private static func modificationTime(_ status: stat) -> Int64 {
        #if canImport(Darwin)
            Int64(status.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(status.st_mtimespec.tv_nsec)
        #else
            Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        #endif
    }

    /// The `size` bytes of the file open as `descriptor`; `nil` when it holds fewer or more.
    private static func readAll(_ descriptor: Int32, size: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var count = 0
        while count <= size {
            let read = bytes.withUnsafeMutableBytes {
                Foundation.read(descriptor, $0.baseAddress! + count, size + 1 - count)
            }
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { break }
            count += read
        }
        return count == size ? Array(bytes[..<size]) : nil
    }
}
