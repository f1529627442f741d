#if OpenAPIGenerator
    /// A rule of the OpenAPI specification that a description breaks, as OpenAPIKit's validation
    /// reports it (``DescriptionValidator``), and where in the description.
    package struct ValidationFinding: Sendable, Hashable, CustomStringConvertible {
        /// How serious a finding is.
        package enum Severity: Sendable, Hashable {
            /// The description breaks the specification; `--validate` fails.
            case error
            /// Allowed, but likely a mistake (a 3.0 keyword in a 3.1 description, say).
            case warning
        }

        /// Whether the finding fails validation.
        package var severity: Severity
        /// What is wrong, in OpenAPIKit's words.
        package var message: String
        /// Where it is; the root (`#`) when OpenAPIKit names no place.
        package var pointer: JSONPointer

        /// A finding about what is at `pointer`.
        package init(_ severity: Severity, _ message: String, at pointer: JSONPointer) {
            self.severity = severity
            self.message = message
            self.pointer = pointer
        }

        /// Where, then what: `#/paths/~1users/get: …`.
        package var description: String { "\(pointer): \(message)" }
    }
#endif
