#if OpenAPIGenerator
    /// A configuration file that `endpointkit-generate` cannot use: what is wrong, in which file, and
    /// on which line.
    ///
    /// Its description reads as a compiler's diagnostic, so that an IDE shows it at the line:
    /// `endpointkit-config.yaml:3:1: error: unknown key 'acessModifier'; the keys are …`.
    package struct ConfigurationError: Error, Equatable, CustomStringConvertible {
        /// The configuration file, as it was named.
        package var path: String
        /// The line of the key or value at fault, from 1; `nil` when it is the whole file.
        package var line: Int?
        /// The column of the key or value at fault, from 1.
        package var column: Int?
        /// What is wrong, and what would be right.
        package var message: String

        /// An error at `line` and `column` of the file at `path`.
        package init(path: String, line: Int? = nil, column: Int? = nil, message: String) {
            self.path = path
            self.line = line
            self.column = column
            self.message = message
        }

        /// `path:line:column: error: message`.
        package var description: String {
            let place = [line, column].compactMap { $0 }.map { ":\($0)" }.joined()
            return "\(path)\(place): error: \(message)"
        }
    }
#endif
