import Foundation

/// A `multipart/form-data` body laid out as segments: the parts' header bytes and contents, in
/// order, with files left on disk (RFC 7578, names escaped as the WHATWG form encoding does).
struct MultipartEncoding: Sendable {
    enum Segment: Sendable {
        case bytes(Data)
        case file(URL, size: Int64)
    }

    let boundary: String
    let segments: [Segment]

    /// The `Content-Type` header value, with the boundary.
    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// The body's length in bytes.
    var length: Int64 {
        segments.reduce(0) { total, segment in
            switch segment {
            case .bytes(let data): total + Int64(data.count)
            case .file(_, let size): total + size
            }
        }
    }

    /// Whether any part is a file, so the body is streamed instead of built in memory.
    var hasFiles: Bool {
        segments.contains { if case .file = $0 { true } else { false } }
    }

    /// Lays out `parts`.
    ///
    /// - Throws: ``InvalidRequest/encodingFailed(description:)`` for an invalid boundary,
    ///   ``InvalidRequest/invalidHeaderValue(name:)`` for a content type with control
    ///   characters, ``InvalidRequest/unreadableFile(_:reason:)`` for a file that cannot be read,
    ///   ``InvalidRequest/encodingFailed(description:)`` for a JSON part whose value cannot be encoded.
    init(parts: [MultipartPart], boundary: String?) throws(EndpointError) {
        let boundary = boundary ?? Self.makeBoundary()
        guard Self.isValid(boundary: boundary) else {
            throw .invalidRequest(
                .encodingFailed(
                    description: "\"\(boundary)\" is not a multipart boundary (1 to 70 letters, digits or '+_-.)"))
        }
        var segments: [Segment] = []
        var pending = Data()
        for part in parts {
            pending.append(try Self.header(of: part, boundary: boundary))
            switch part.content {
            case .data(let data):
                pending.append(data)
            case .json(let value, let encoder):
                do {
                    pending.append(try encoder.encodedBody(value))
                } catch {
                    throw .invalidRequest(
                        .encodingFailed(description: "the part '\(part.name)' cannot be encoded as JSON: \(error)"))
                }
            case .file(let url):
                segments.append(.bytes(pending))
                pending = Data()
                segments.append(.file(url, size: try Self.size(of: url)))
            }
            pending.append(Data("\r\n".utf8))
        }
        pending.append(Data("--\(boundary)--\r\n".utf8))
        segments.append(.bytes(pending))
        self.boundary = boundary
        self.segments = segments.filter { if case .bytes(let data) = $0 { !data.isEmpty } else { true } }
    }

    /// The whole body in memory; only for bodies without files.
    func data() -> Data {
        segments.reduce(into: Data()) { body, segment in
            if case .bytes(let data) = segment { body.append(data) }
        }
    }

    private static func header(of part: MultipartPart, boundary: String) throws(EndpointError) -> Data {
        var header = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(escaped(part.name))\""
        if let filename = part.filename {
            header += "; filename=\"\(escaped(filename))\""
        }
        if let contentType = part.contentType {
            try HeaderValidation.validate(value: contentType, named: "Content-Type")
            header += "\r\nContent-Type: \(contentType)"
        }
        return Data((header + "\r\n\r\n").utf8)
    }

    /// `name` with `"`, CR and LF percent-encoded, as browsers send form data.
    static func escaped(_ name: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\"": result += "%22"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func size(of file: URL) throws(EndpointError) -> Int64 {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path) else {
            throw .invalidRequest(.unreadableFile(file.path, reason: "it does not exist or cannot be read"))
        }
        guard attributes[.type] as? FileAttributeType != .typeDirectory else {
            throw .invalidRequest(.unreadableFile(file.path, reason: "it is a directory"))
        }
        guard FileManager.default.isReadableFile(atPath: file.path) else {
            throw .invalidRequest(.unreadableFile(file.path, reason: "it is not readable"))
        }
        return (attributes[.size] as? NSNumber)?.int64Value ?? 0
    }

    static func makeBoundary() -> String {
        let characters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        return "EndpointKit-" + String((0..<32).map { _ in characters.randomElement()! })
    }

    /// 1 to 70 characters of RFC 2046's `bchars` that are also token characters, so the
    /// boundary needs no quotes in the `Content-Type` header.
    static func isValid(boundary: String) -> Bool {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'+_-.")
        return (1...70).contains(boundary.count) && boundary.allSatisfy(allowed.contains)
    }
}
