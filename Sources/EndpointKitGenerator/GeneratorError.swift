#if OpenAPIGenerator
    /// Why `endpointkit-generate` could not generate code: the description cannot be read, or is
    /// malformed at a given place.
    package enum GeneratorError: Error, Equatable, CustomStringConvertible {
        /// The description file could not be read.
        case unreadableFile(path: String, reason: String)
        /// The file is not valid YAML or JSON.
        case invalidSyntax(String)
        /// The description is not a well-formed OpenAPI 3.0 or 3.1 document: what is wrong, where,
        /// and on which line of the file when it is known.
        case malformedDescription(String, at: JSONPointer, line: Int?)
        /// The filters selected no operation.
        case noOperationsSelected(filters: String)
        /// The output directory could not be written.
        case unwritableOutput(path: String, reason: String)
        /// Validation (`--validate`) found rules of the OpenAPI specification that the description
        /// breaks; nothing was written.
        case failedValidation([ValidationFinding])

        /// What went wrong and where, for a person.
        package var description: String {
            switch self {
            case .unreadableFile(let path, let reason):
                return "cannot read \(path): \(reason)"
            case .invalidSyntax(let reason):
                return "not valid YAML or JSON: \(reason)"
            case .malformedDescription(let message, let pointer, let line):
                let place = line.map { "\(pointer) (line \($0))" } ?? "\(pointer)"
                return "malformed description at \(place): \(message)"
            case .noOperationsSelected(let filters):
                return "no operation matches \(filters)"
            case .unwritableOutput(let path, let reason):
                return "cannot write \(path): \(reason)"
            case .failedValidation(let findings):
                let count = findings.count == 1 ? "1 problem" : "\(findings.count) problems"
                return
                    "the description breaks the OpenAPI specification (OpenAPIKit found \(count); nothing was written):"
                    + findings.map { "\n  \($0)" }.joined()
            }
        }
    }

    /// Something in the description that the generator skipped, and where it is.
    ///
    /// The generator never writes code that would be silently wrong: what it cannot represent (a cookie
    /// parameter, an XML body, callbacks, webhooks) is left out, and the operation that needs it is
    /// left out whole.
    package struct GeneratorWarning: Sendable, Hashable, CustomStringConvertible, Comparable {
        /// Where the skipped part is.
        package var pointer: JSONPointer
        /// What was skipped, and why.
        package var message: String

        /// A warning about what is at `pointer`.
        package init(_ message: String, at pointer: JSONPointer) {
            self.message = message
            self.pointer = pointer
        }

        /// What went wrong and where, for a person.
        package var description: String { "\(pointer): \(message)" }

        /// Orders warnings by pointer, then message.
        package static func < (lhs: GeneratorWarning, rhs: GeneratorWarning) -> Bool {
            (lhs.pointer, lhs.message) < (rhs.pointer, rhs.message)
        }
    }
#endif
