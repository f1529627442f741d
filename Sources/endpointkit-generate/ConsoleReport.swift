#if OpenAPIGenerator
    import EndpointKitGenerator
    import Foundation

    /// What `endpointkit-generate` prints after a run: the summary on standard output, a line per
    /// warning on standard error. `--quiet` prints neither; errors are printed whatever it says.
    struct ConsoleReport {
        var standardOutput: [String] = []
        var standardError: [String] = []

        /// The lines for `report`, a run that took `seconds`.
        init(_ report: GeneratorCommand.Report, seconds: Double, quiet: Bool) {
            guard !quiet else { return }
            standardError += report.warnings.map { "warning: \($0)" }
            standardError += (report.validationWarnings ?? []).map { "warning: OpenAPIKit: \($0)" }
            standardOutput.append(
                "Generated \(counted(report.endpointCount, "endpoint")) and \(counted(report.typeCount, "type")) in "
                    + "\(counted(report.fileCount, "file")) "
                    + "(\(report.lineCount) lines; \(report.writtenCount) written, \(report.removedCount) removed) "
                    + "in \(String(format: "%.2f", seconds)) s, with \(counted(report.warnings.count, "warning"))"
                    + (report.validationWarnings.map {
                        "; valid OpenAPI for OpenAPIKit, with \(counted($0.count, "warning"))"
                    } ?? "") + ".")
        }
    }
#endif
