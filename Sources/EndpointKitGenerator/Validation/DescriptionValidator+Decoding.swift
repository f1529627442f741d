#if OpenAPIGenerator
    import Foundation
    import OpenAPIKit

    extension DescriptionValidator {
        /// A decoded description, or why it cannot be decoded.
        enum Decoding<Document> {
            case decoded(Document)
            case failed([ValidationFinding])
        }

        /// How many times a description is decoded again, each time without the value that failed,
        /// before the rest is left unreported.
        static let maximumDecodingAttempts = 200

        /// Decodes `json` as `Document`, reporting every value that fails to decode, not only the
        /// first one the decoder meets (which depends on the order it visits members in).
        ///
        /// When decoding fails, the value at the error's path is set aside: a number or a Boolean
        /// where text is expected becomes its text, anything else is removed, and a path that
        /// fails again is removed from its parent. Then the description is decoded again.
        ///
        /// - Parameters:
        ///   - type: The document's type: OpenAPIKit's model of 3.0 or of 3.1.
        ///   - json: The description as JSON.
        /// - Returns: The document, or the findings, one per failing path, sorted by pointer.
        static func decodeReportingEvery<Document: Decodable>(_ type: Document.Type, from json: Data)
            -> Decoding<Document>
        {
            var json = json
            var findings: [ValidationFinding] = []
            var attempts: [[String]: Int] = [:]
            for _ in 0..<maximumDecodingAttempts {
                do {
                    let document = try JSONDecoder().decode(Document.self, from: json)
                    return findings.isEmpty ? .decoded(document) : .failed(sorted(findings))
                } catch {
                    let finding = finding(decoding: error)
                    if !findings.contains(where: { $0.pointer == finding.pointer }) { findings.append(finding) }
                    // Only a description that fails to decode is read again as a tree, to change it.
                    let codingPath = OpenAPI.Error(from: error).codingPath
                    let path = codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
                    let attempt = attempts[path, default: 0]
                    attempts[path] = attempt + 1
                    guard var root = try? JSONSerialization.jsonObject(with: json),
                        setAside(path, attempt: attempt, in: &root),
                        let changed = try? JSONSerialization.data(withJSONObject: root)
                    else { break }
                    json = changed
                }
            }
            return .failed(sorted(findings))
        }

        /// Findings in a stable order: by pointer, then by message.
        static func sorted(_ findings: [ValidationFinding]) -> [ValidationFinding] {
            findings.sorted { ($0.pointer, $0.message) < ($1.pointer, $1.message) }
        }

        /// Sets aside the value at `path`, or the deepest value on it that exists: the first time, a
        /// number or a Boolean becomes its text and anything else is removed; after that, the
        /// value's parent is removed. `false` when nothing is left to remove (the path is the root).
        private static func setAside(_ path: [String], attempt: Int, in root: inout Any) -> Bool {
            var existing: [String] = []
            var current: Any = root
            for token in path {
                guard let next = child(token, of: current) else { break }
                existing.append(token)
                current = next
            }
            if attempt > 0 || existing.count < path.count { existing = Array(existing.dropLast(attempt)) }
            guard !existing.isEmpty else { return false }
            var replacement: Any?
            if attempt == 0, existing.count == path.count,
                !(current is String || current is NSNull || current is [String: Any] || current is [Any])
            {
                replacement = String(describing: current)  // a number or a Boolean where text belongs
            }
            return replace(existing[...], in: &root, with: replacement)
        }

        private static func child(_ token: String, of value: Any) -> Any? {
            if let object = value as? [String: Any] { return object[token] }
            if let array = value as? [Any], let index = Int(token), array.indices.contains(index) {
                return array[index]
            }
            return nil
        }

        /// Replaces the value at `path` (which exists), or removes it when `replacement` is `nil`
        /// (an array's element becomes `null`, so that the indices of the others stay the same).
        private static func replace(_ path: ArraySlice<String>, in value: inout Any, with replacement: Any?) -> Bool {
            guard let token = path.first else { return false }
            if var object = value as? [String: Any] {
                if path.count == 1 {
                    object[token] = replacement
                } else {
                    guard var inner = object[token], replace(path.dropFirst(), in: &inner, with: replacement) else {
                        return false
                    }
                    object[token] = inner
                }
                value = object
                return true
            }
            if var array = value as? [Any], let index = Int(token), array.indices.contains(index) {
                if path.count == 1 {
                    array[index] = replacement ?? NSNull()
                } else {
                    var inner = array[index]
                    guard replace(path.dropFirst(), in: &inner, with: replacement) else { return false }
                    array[index] = inner
                }
                value = array
                return true
            }
            return false
        }
    }
#endif
