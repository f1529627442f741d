#if OpenAPIGenerator
    import EndpointKitGenerator

    /// An error as a compiler writes one, `file:line: error: message`, so that an IDE or SwiftPM
    /// (when the build plugin runs the generator) shows it at its line of the description.
    func diagnostic(for error: GeneratorError, in descriptionPath: String) -> String {
        switch error {
        case .malformedDescription(_, _, let line?):
            return "\(descriptionPath):\(line): error: \(error)"
        case .invalidSyntax, .malformedDescription, .noOperationsSelected, .failedValidation:
            return "\(descriptionPath): error: \(error)"
        case .unreadableFile, .unwritableOutput:
            return "error: \(error)"
        }
    }
#endif
