import Foundation

/// How ``DiskResponseCache`` lays out one entry in its file, so that a torn, truncated or foreign
/// file is detected and never read as an entry:
///
/// ```
/// "EKRC"  format version (UInt16)  0 (UInt16)  key digest (32 bytes)  payload length (UInt64)
/// payload  checksum (UInt64, FNV-1a of every byte before it)
/// ```
///
/// All integers big-endian. The payload holds the status, whether the entry is invalidated, its
/// request and response times, its URL (only when it is not the key's), its response headers, its
/// varying request headers and its body, each string and the body preceded by its length.
enum DiskCacheEntryFormat {
    /// The version this build writes and reads; a file of another is a miss.
    static let version: UInt16 = 1
    private static let magic: [UInt8] = Array("EKRC".utf8)
    private static let headerSize = 4 + 2 + 2 + 32 + 8

    /// What reading a file found.
    enum Reading: Equatable {
        /// An entry of this format and key.
        case entry(CachedResponse)
        /// A whole file of another format version: left for the version that wrote it.
        case otherVersion
        /// Anything else: torn, truncated, garbage, or another key's.
        case corrupt
    }

    /// The file's bytes for `entry` under `keyDigest`.
    static func encode(_ entry: CachedResponse, keyDigest: [UInt8], keyURL: String) -> [UInt8] {
        var payload = ByteWriter()
        payload.integer(UInt64(bitPattern: Int64(entry.response.statusCode)))
        payload.bytes.append(entry.isInvalidated ? 1 : 0)
        payload.time(entry.requestTime)
        payload.time(entry.responseTime)
        switch entry.response.url?.absoluteString {
        case nil: payload.bytes.append(0)
        case keyURL: payload.bytes.append(1)
        case let other?:
            payload.bytes.append(2)
            payload.string(other)
        }
        payload.headers(entry.response.headers)
        payload.headers(entry.varyingRequestHeaders)
        payload.integer(UInt64(entry.response.body.count))
        payload.bytes.append(contentsOf: entry.response.body)

        var file = ByteWriter()
        file.bytes.append(contentsOf: magic)
        file.integer(version)
        file.integer(UInt16(0))
        file.bytes.append(contentsOf: keyDigest)
        file.integer(UInt64(payload.bytes.count))
        file.bytes.append(contentsOf: payload.bytes)
        file.integer(checksum(of: file.bytes[...]))
        return file.bytes
    }

    /// The entry in `bytes`, a whole file, if it is one of this version under `keyDigest`.
    static func decode(_ bytes: [UInt8], keyDigest: [UInt8], keyURL: String) -> Reading {
        var header = ByteReader(bytes[...])
        guard header.bytes(4).map(Array.init) == magic, let fileVersion = header.integer(UInt16.self) else {
            return .corrupt
        }
        guard fileVersion == version else { return .otherVersion }
        var trailer = ByteReader(bytes.suffix(8))
        guard bytes.count >= headerSize + 8, header.integer(UInt16.self) == 0,
            header.bytes(32).map(Array.init) == keyDigest, let length = header.integer(UInt64.self),
            length == UInt64(bytes.count - headerSize - 8),
            checksum(of: bytes.dropLast(8)) == trailer.integer(UInt64.self)
        else { return .corrupt }
        var payload = ByteReader(bytes[headerSize..<(bytes.count - 8)])
        guard let entry = payload.entry(keyURL: keyURL), payload.isAtEnd else { return .corrupt }
        return .entry(entry)
    }

    /// The digest a key's files are named after and carry: of its method, URL and identity.
    static func digest(of key: CacheKey) -> [UInt8] {
        var writer = ByteWriter()
        writer.string(key.method.rawValue)
        writer.string(key.url)
        writer.string(key.credentialIdentity)
        return SHA256.digest(of: Data(writer.bytes))
    }

    /// FNV-1a, 64 bits: detects a torn or damaged file, not a forged one (the folder is the
    /// owner's alone).
    private static func checksum(of bytes: ArraySlice<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }
}

private struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func integer<Value: FixedWidthInteger>(_ value: Value) {
        withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func string(_ text: String) {
        integer(UInt32(text.utf8.count))
        bytes.append(contentsOf: text.utf8)
    }

    mutating func time(_ date: Date?) {
        bytes.append(date == nil ? 0 : 1)
        integer(date?.timeIntervalSinceReferenceDate.bitPattern ?? 0)
    }

    mutating func headers(_ headers: HTTPHeaders) {
        integer(UInt32(headers.fields.count))
        for field in headers.fields {
            string(field.name)
            string(field.value)
        }
    }
}

/// Reads what ``ByteWriter`` wrote; every read past the end, or of a malformed value, is `nil`.
private struct ByteReader {
    private var rest: ArraySlice<UInt8>

    init(_ bytes: ArraySlice<UInt8>) {
        rest = bytes
    }

    var isAtEnd: Bool { rest.isEmpty }

    mutating func bytes(_ count: UInt64) -> ArraySlice<UInt8>? {
        guard count <= UInt64(rest.count) else { return nil }
        let taken = rest.prefix(Int(count))
        rest = rest.dropFirst(Int(count))
        return taken
    }

    mutating func integer<Value: FixedWidthInteger>(_: Value.Type) -> Value? {
        guard let taken = bytes(UInt64(MemoryLayout<Value>.size)) else { return nil }
        return taken.reduce(Value.zero) { $0 << 8 | Value($1) }
    }

    mutating func string() -> String? {
        guard let count = integer(UInt32.self), let taken = bytes(UInt64(count)) else { return nil }
        return String(bytes: taken, encoding: .utf8)
    }

    mutating func flag() -> Bool? {
        switch bytes(1)?.first {
        case 0: false
        case 1: true
        default: nil
        }
    }

    mutating func time() -> Date?? {
        guard let present = flag(), let bits = integer(UInt64.self) else { return nil }
        return .some(present ? Date(timeIntervalSinceReferenceDate: Double(bitPattern: bits)) : nil)
    }

    mutating func headers() -> HTTPHeaders? {
        guard let count = integer(UInt32.self), UInt64(count) <= UInt64(rest.count) else { return nil }
        var fields: [HTTPHeaders.Field] = []
        for _ in 0..<count {
            guard let name = string(), let value = string() else { return nil }
            fields.append(.init(name: name, value: value))
        }
        return HTTPHeaders(fields)
    }

    mutating func entry(keyURL: String) -> CachedResponse? {
        guard let status = integer(UInt64.self).map({ Int(Int64(bitPattern: $0)) }), let isInvalidated = flag(),
            let requestTime = time(), let responseTime = time(), let url = url(keyURL: keyURL),
            let responseHeaders = headers(), let varying = headers(), let length = integer(UInt64.self),
            let body = bytes(length)
        else { return nil }
        var entry = CachedResponse(
            response: HTTPResponse(statusCode: status, headers: responseHeaders, body: Data(body), url: url),
            varyingRequestHeaders: varying, requestTime: .distantPast, responseTime: .distantPast)
        entry.requestTime = requestTime
        entry.responseTime = responseTime
        entry.isInvalidated = isInvalidated
        return entry
    }

    private mutating func url(keyURL: String) -> URL?? {
        switch bytes(1)?.first {
        case 0: return .some(nil)
        case 1: return .some(URL(string: keyURL))
        case 2: return string().map { URL(string: $0) }
        default: return nil
        }
    }
}
