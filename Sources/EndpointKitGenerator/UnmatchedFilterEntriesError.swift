#if OpenAPIGenerator
    /// Entries of the filter that name nothing in the description, each one reported, as
    /// swift-openapi-generator stops on a tag, an operation or a path that its document lacks: a
    /// misspelt entry would otherwise leave out what it meant to select, and say nothing.
    ///
    /// An entry that a configuration file gave is reported at its line and column of that file, as a
    /// compiler's diagnostic, so that Xcode and SwiftPM show it there:
    ///
    ///     endpointkit-config.yaml:4:17: error: filter.operations: no operation in openapi.yaml has the operationId 'FetchCredentail'
    ///
    /// One the command line gave is named by its option (`--operation: …`).
    package struct UnmatchedFilterEntriesError: Error, Equatable, CustomStringConvertible {
        /// One entry that names nothing, and where it was given.
        package struct Entry: Sendable, Equatable, CustomStringConvertible {
            /// The configuration key that listed it (`filter.operations`), or the option that gave it
            /// (`--operation`).
            package var key: String
            /// The tag, operation ID or path glob, as it was given.
            package var value: String
            /// The configuration file that gave it; `nil` when the command line (or code) did.
            package var path: String?
            /// Its line in the configuration file, from 1.
            package var line: Int?
            /// Its column in the configuration file, from 1.
            package var column: Int?
            /// What it names that the description lacks.
            package var message: String

            /// `path:line:column: error: message` for an entry of a configuration file, `error:
            /// message` for one of the command line.
            package var description: String {
                guard let path else { return "error: \(message)" }
                return ConfigurationError(path: path, line: line, column: column, message: message).description
            }
        }

        /// The entries that name nothing, in the order they were given.
        package var entries: [Entry]

        /// One line per entry.
        package var description: String { entries.map(\.description).joined(separator: "\n") }
    }
#endif
