#if OpenAPIGenerator
    import Foundation
    import OpenAPIKit
    import Yams

    /// Checks a description against the rules of the OpenAPI specification with OpenAPIKit: what
    /// `endpointkit-generate --validate` does before it writes anything.
    ///
    /// The generator reads descriptions itself, which is fast (GeneratingEndpoints explains why),
    /// and checks what it needs to write correct code. OpenAPIKit reads every field strictly and
    /// checks what the generator does not need: that operation IDs are unique, that references
    /// resolve, that every operation has a response, that parameters are not declared twice, and
    /// more. It takes longer: 4 to 5 seconds for GitHub's whole description, where generating
    /// takes 1.
    ///
    /// ```swift
    /// let findings = try DescriptionValidator.validate(text: try String(contentsOfFile: "openapi.yaml", encoding: .utf8))
    /// for finding in findings { print(finding.severity, finding) }
    /// ```
    package enum DescriptionValidator {
        /// Validates the text of a YAML or JSON description, 3.0 or 3.1.
        ///
        /// - Parameter text: The description.
        /// - Returns: What breaks the specification (``ValidationFinding/Severity/error``) and what
        ///   OpenAPIKit warns about, sorted by pointer; empty for a valid description. Every value
        ///   that fails to decode is reported; when one does, the rules that need a decoded
        ///   description are not checked.
        /// - Throws: ``GeneratorError/invalidSyntax(_:)`` when the text is not YAML or JSON, and
        ///   ``GeneratorError/malformedDescription(_:at:line:)`` when it has no 3.0 or 3.1 version.
        package static func validate(text: String) throws -> [ValidationFinding] {
            let (json, version) = try jsonData(from: text)
            if version.hasPrefix("3.0") { return validate30(json) }
            guard version.hasPrefix("3.1") else {
                throw GeneratorError.malformedDescription(
                    "unsupported OpenAPI version '\(version)': 3.0.x and 3.1.x are supported",
                    at: JSONPointer.root.appending("openapi"), line: nil)
            }
            return validate31(json)
        }

        /// A 3.1 description through OpenAPIKit.
        private static func validate31(_ json: Data) -> [ValidationFinding] {
            let document: OpenAPI.Document
            switch decodeReportingEvery(OpenAPI.Document.self, from: json) {
            case .decoded(let decoded): document = decoded
            case .failed(let findings): return findings
            }
            do {
                return sorted(try document.validate(strict: false).map(finding(for:)))
            } catch let errors as ValidationErrorCollection {
                return sorted(
                    errors.values.map {
                        finding(failing: $0.reason, at: $0.codingPath, operationIDs: document.allOperationIds)
                    })
            } catch {
                return [ValidationFinding(.error, "\(error)", at: .root)]
            }
        }

        /// A rule the description breaks, and where. OpenAPIKit says only that operation IDs are
        /// not unique: the finding names the ones used more than once.
        static func finding(
            failing reason: String, at codingPath: [any CodingKey], operationIDs: @autoclosure () -> [String]
        ) -> ValidationFinding {
            var message = reason
            if reason.hasSuffix("All Operation Ids in Document are unique") {
                let counts = Dictionary(operationIDs().map { ($0, 1) }, uniquingKeysWith: +)
                let repeated = counts.filter { $0.value > 1 }.sorted { $0.key < $1.key }
                if !repeated.isEmpty {
                    message +=
                        ": "
                        + repeated.map { "'\($0.key)' is the ID of \($0.value) operations" }.joined(separator: ", ")
                }
            }
            return ValidationFinding(.error, message, at: pointer(for: codingPath))
        }

        /// What OpenAPIKit could not decode, and where.
        static func finding(decoding error: any Error) -> ValidationFinding {
            let described = OpenAPI.Error(from: error)
            return ValidationFinding(.error, described.localizedDescription, at: pointer(for: described.codingPath))
        }

        /// An OpenAPIKit warning, where it applies.
        static func finding(for warning: OpenAPI.Warning) -> ValidationFinding {
            ValidationFinding(.warning, warning.localizedDescription, at: pointer(for: warning.codingPath ?? []))
        }

        /// A Codable coding path as a JSON pointer.
        static func pointer(for codingPath: [any CodingKey]) -> JSONPointer {
            codingPath.reduce(JSONPointer.root) { pointer, key in
                key.intValue.map(pointer.appending) ?? pointer.appending(key.stringValue)
            }
        }

        // MARK: - The description as JSON

        /// The description as JSON for `JSONDecoder`, and its `openapi` version. A JSON file is
        /// used as it is; YAML is converted, its plain scalars typed as YAML 1.2's core schema
        /// says (so `version: 1.0` is a number, which OpenAPIKit refuses: the specification wants
        /// a string).
        static func jsonData(from text: String) throws -> (json: Data, version: String) {
            let object: Any
            let isJSON = text.first { !$0.isWhitespace } == "{"
            let json = isJSON ? Data(text.utf8) : nil
            do {
                if let json {
                    object = try JSONSerialization.jsonObject(with: json)
                } else {
                    guard let node = try Yams.compose(yaml: text) else {
                        throw GeneratorError.malformedDescription("the file is empty", at: .root, line: nil)
                    }
                    object = jsonValue(of: node)
                }
            } catch let error as GeneratorError {
                throw error
            } catch {
                throw GeneratorError.invalidSyntax("\(error)")
            }
            guard let document = object as? [String: Any], let version = document["openapi"] as? String else {
                throw GeneratorError.malformedDescription(
                    "missing 'openapi' (the OpenAPI version, 3.0.x or 3.1.x)", at: .root, line: nil)
            }
            return (try json ?? JSONSerialization.data(withJSONObject: document), version)
        }

        /// A YAML value as a JSON value for `JSONSerialization`.
        private static func jsonValue(of node: Node) -> Any {
            switch node {
            case .scalar(let scalar):
                guard scalar.style == .plain else { return scalar.string }
                return plainScalar(scalar.string)
            case .mapping(let mapping):
                var object: [String: Any] = [:]
                for (key, value) in mapping { object[key.string ?? ""] = jsonValue(of: value) }
                return object
            case .sequence(let sequence):
                return sequence.map(jsonValue(of:))
            case .alias:
                return NSNull()  // Yams resolves aliases while composing; none are left
            }
        }

        /// A plain (unquoted) YAML scalar, typed by YAML 1.2's core schema: null, a Boolean, an
        /// integer, a number, or else a string.
        static func plainScalar(_ text: String) -> Any {
            switch text {
            case "", "~", "null", "Null", "NULL": return NSNull()
            case "true", "True", "TRUE": return true
            case "false", "False", "FALSE": return false
            default: break
            }
            let isNumeric =
                text.utf8.allSatisfy { "0123456789+-.eE".utf8.contains($0) }
                && text.utf8.contains { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            guard isNumeric else { return text }
            if let integer = Int(text) { return integer }
            if let number = Double(text) { return number }
            return text
        }
    }
#endif
