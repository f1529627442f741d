#if OpenAPIGenerator
    import Foundation

    /// Where a value sits in an OpenAPI description, as an RFC 6901 JSON pointer in a URI fragment:
    /// `#/paths/~1users~1{username}/get/parameters/0`.
    ///
    /// Warnings and errors name it, so that a reader can find what was skipped or is malformed.
    package struct JSONPointer: Sendable, Hashable, CustomStringConvertible, Comparable {
        /// The root of the description: `#`.
        package static let root = JSONPointer(description: "#")

        /// The pointer as text, starting with `#`.
        package let description: String

        private init(description: String) {
            self.description = description
        }

        /// The pointer to a member of the value this pointer locates.
        ///
        /// - Parameter token: A mapping key or a sequence index; `~` and `/` are escaped.
        /// - Returns: The longer pointer.
        package func appending(_ token: String) -> JSONPointer {
            var escaped = token
            if escaped.contains("~") { escaped = escaped.replacingOccurrences(of: "~", with: "~0") }
            if escaped.contains("/") { escaped = escaped.replacingOccurrences(of: "/", with: "~1") }
            return JSONPointer(description: description + "/" + escaped)
        }

        /// The pointer to the element at `index` of the sequence this pointer locates.
        package func appending(_ index: Int) -> JSONPointer {
            JSONPointer(description: description + "/" + String(index))
        }

        /// Orders pointers by their text.
        package static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
            lhs.description < rhs.description
        }
    }
#endif
