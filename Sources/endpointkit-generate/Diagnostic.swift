#if OpenAPIGenerator
    import EndpointKitGenerator

    /// An error as a compiler writes one, `file:line: error: message`, so that an IDE or SwiftPM
    /// (when the build plugin runs the generator) shows it at its line of the description.
    func diagnostic(for error: GeneratorError, in descriptionPath: String) -> String {
        switch error {
        case .malformedDescription(_, _, let line?):
            return "\(descriptionPath):\(line): error: \(error)"
        case .invalidSyntax(let reason):
            // Yams starts its reason with the place, `3:1: error: parser: …`: moved to the front.
            let parts = reason.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
            if parts.count == 4, Int(parts[0]) != nil, Int(parts[1]) != nil, parts[2] == " error" {
                let problem = parts[3].drop { $0 == " " }
                return "\(descriptionPath):\(parts[0]):\(parts[1]): error: not valid YAML or JSON: \(problem)"
            }
            return "\(descriptionPath): error: \(error)"
        case .malformedDescription, .noOperationsSelected, .failedValidation:
            return "\(descriptionPath): error: \(error)"
        case .unreadableFile, .unwritableOutput:
            return "error: \(error)"
        }
    }
#endif
