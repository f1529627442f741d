#if OpenAPIGenerator
    import EndpointKitGenerator
    import Foundation

    /// The command line of `endpointkit-generate`, read without a package for it, over the
    /// configuration file that `--config` names: what the command line gives wins.
    struct CommandLineArguments {
        struct UsageError: Error {
            var message: String
        }

        var description: String = ""
        var output: String = ""
        /// The filter, the module name, the access level and the layout.
        var generationOptions = GenerationOptions()
        var quiet = false
        /// Whether to check the description with OpenAPIKit before writing.
        var validate = false
        var wantsHelp = false
        /// The configuration file, when `--config` names one.
        var configPath: String?

        /// Reads `arguments`, and the configuration file they name with `readFile`.
        init(_ arguments: [String], readFile: (String) throws -> String = Self.contents(of:)) throws {
            var remaining = arguments[...]
            var positional: [String] = []
            // What the command line sets, to lay over the file's keys.
            var given = GeneratorConfiguration()
            func value(for option: String) throws -> String {
                guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
                    throw UsageError(message: "\(option) needs a value")
                }
                return value
            }
            func choice<Value: RawRepresentable & CaseIterable>(for option: String) throws -> Value
            where Value.RawValue == String {
                let text = try value(for: option)
                guard let value = Value(rawValue: text) else {
                    let choices = Value.allCases.map(\.rawValue).joined(separator: ", ")
                    throw UsageError(message: "\(option) must be one of \(choices), not '\(text)'")
                }
                return value
            }
            while let argument = remaining.popFirst() {
                switch argument {
                case "--output", "-o": given.output = try value(for: argument)
                case "--tag": given.tags = (given.tags ?? []) + [try value(for: argument)]
                case "--operation": given.operationIDs = (given.operationIDs ?? []) + [try value(for: argument)]
                case "--path": given.pathGlobs = (given.pathGlobs ?? []) + [try value(for: argument)]
                case "--module-name": given.moduleName = try value(for: argument)
                case "--access-modifier": given.accessModifier = try choice(for: argument)
                case "--layout": given.layout = try choice(for: argument)
                case "--config": configPath = try value(for: argument)
                case "--quiet", "-q": given.quiet = true
                case "--validate": given.validate = true
                case "--help", "-h":
                    wantsHelp = true
                    return
                default:
                    if argument.hasPrefix("-") { throw UsageError(message: "unknown option \(argument)") }
                    positional.append(argument)
                }
            }
            guard positional.count == 1 else {
                throw UsageError(
                    message: positional.isEmpty
                        ? "give the description file" : "give one description file, not \(positional.count)")
            }
            description = positional[0]

            var file = GeneratorConfiguration()
            if let configPath {
                file = try GeneratorConfiguration(yaml: readFile(configPath), path: configPath)
                // The file's `output` is relative to the file's directory.
                if let output = file.output, !output.hasPrefix("/") {
                    let directory = URL(fileURLWithPath: configPath).deletingLastPathComponent()
                    file.output = directory.appendingPathComponent(output).path
                }
            }
            let configuration = file.overridden(by: given)
            guard let output = configuration.output, !output.isEmpty else {
                throw UsageError(message: "--output is required (or `output:` in the configuration file)")
            }
            self.output = output
            generationOptions = configuration.generationOptions
            quiet = configuration.quiet ?? false
            validate = configuration.validate ?? false
        }

        /// A configuration file's text, or an error that names it.
        static func contents(of path: String) throws -> String {
            do {
                return try String(contentsOfFile: path, encoding: .utf8)
            } catch {
                throw ConfigurationError(
                    path: path, message: "cannot read the configuration file: \(error.localizedDescription)")
            }
        }
    }
#endif
