#if OpenAPIGenerator
    import EndpointKitGenerator
    import Foundation

    /// Reads the description, generates, and writes the files that changed.
    struct GeneratorCommand {
        struct Report {
            var warnings: [GeneratorWarning]
            var endpointCount: Int
            var typeCount: Int
            var fileCount: Int
            var lineCount: Int
            var writtenCount: Int
            var removedCount: Int
            /// OpenAPIKit's warnings with `--validate` (its errors stop the run); `nil` without.
            var validationWarnings: [ValidationFinding]?
        }

        var arguments: CommandLineArguments

        func run() throws -> Report {
            let text: String
            do {
                text = try String(contentsOfFile: arguments.description, encoding: .utf8)
            } catch {
                throw GeneratorError.unreadableFile(path: arguments.description, reason: error.localizedDescription)
            }
            let sourceName = URL(fileURLWithPath: arguments.description).lastPathComponent
            let code = try EndpointGenerator.generate(
                text: text, sourceName: sourceName, options: arguments.generationOptions)
            var validationWarnings: [ValidationFinding]?
            if arguments.validate {
                let findings = try DescriptionValidator.validate(text: text)
                let errors = findings.filter { $0.severity == .error }
                guard errors.isEmpty else { throw GeneratorError.failedValidation(errors) }
                validationWarnings = findings
            }
            let (written, removed) = try write(
                code.files, into: URL(fileURLWithPath: arguments.output, isDirectory: true))
            return Report(
                warnings: code.warnings, endpointCount: code.endpointCount, typeCount: code.typeCount,
                fileCount: code.files.count, lineCount: code.lineCount, writtenCount: written, removedCount: removed,
                validationWarnings: validationWarnings)
        }

        /// Writes the files whose contents changed (so a build recompiles only those) and removes
        /// files an earlier run wrote that this one did not.
        private func write(_ files: [GeneratedFile], into directory: URL) throws -> (written: Int, removed: Int) {
            let fileManager = FileManager.default
            var written = 0
            var expected: Set<String> = []
            do {
                for file in files {
                    let url = directory.appendingPathComponent(file.path)
                    expected.insert(url.standardizedFileURL.path)
                    let data = Data(file.contents.utf8)
                    if (try? Data(contentsOf: url)) == data { continue }
                    try fileManager.createDirectory(
                        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try data.write(to: url, options: .atomic)
                    written += 1
                }
            } catch {
                throw GeneratorError.unwritableOutput(path: directory.path, reason: error.localizedDescription)
            }
            var removed = 0
            let marker = Data(EndpointGenerator.marker.utf8)
            if let enumerator = fileManager.enumerator(at: directory, includingPropertiesForKeys: nil) {
                for case let url as URL in enumerator where url.pathExtension == "swift" {
                    guard !expected.contains(url.standardizedFileURL.path),
                        let handle = try? FileHandle(forReadingFrom: url)
                    else { continue }
                    let start = try? handle.read(upToCount: marker.count)
                    try? handle.close()
                    if start == marker, (try? fileManager.removeItem(at: url)) != nil { removed += 1 }
                }
            }
            return (written, removed)
        }
    }

    /// `1 endpoint`, `2 endpoints`.
    func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
#endif
