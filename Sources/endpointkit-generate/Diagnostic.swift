#if OpenAPIGenerator
    import EndpointKitGenerator

    /// An error as a compiler writes one, `file:line: error: message`, so that an IDE or SwiftPM
    /// (when the build plugin runs the generator) shows it at its line of the description, or of
    /// the configuration file when `filter` came from there.
    func diagnostic(for error: GeneratorError, in descriptionPath: String, filter: OperationFilter = OperationFilter())
        -> String
    {
        switch error {
        case .malformedDescription(_, _, let line?):
            return "\(descriptionPath):\(line): error: \(error)"
        case .invalidSyntax(let reason):
            guard let place = SyntaxErrorPlace(reason) else { return "\(descriptionPath): error: \(error)" }
            return "\(descriptionPath):\(place.line):\(place.column): error: \(place.language): \(place.problem)"
        case .noOperationsSelected:
            // At the configuration file's `filter` when any of the entries is the file's.
            guard let path = filter.origins.path, let place = filter.origins.filterKey else {
                return "\(descriptionPath): error: \(error)"
            }
            return ConfigurationError(path: path, line: place.line, column: place.column, message: "\(error)")
                .description
        case .malformedDescription, .failedValidation:
            return "\(descriptionPath): error: \(error)"
        case .unreadableFile, .unwritableOutput:
            return "error: \(error)"
        }
    }

    /// A line per entry that names nothing: at its line of the configuration file, or, for an
    /// entry of the command line, at the description it is missing from.
    func diagnostics(for error: UnmatchedFilterEntriesError, in descriptionPath: String) -> [String] {
        error.entries.map { entry in
            entry.path == nil ? "\(descriptionPath): \(entry)" : entry.description
        }
    }
#endif
