#if OpenAPIGenerator
    import EndpointKitGenerator

    /// The command line of `endpointkit-generate`, read without a package for it.
    struct CommandLineArguments {
        struct UsageError: Error {
            var message: String
        }

        var description: String = ""
        var output: String = ""
        var filter = OperationFilter()
        var moduleName: String?
        var quiet = false
        /// Whether to check the description with OpenAPIKit before writing.
        var validate = false
        var wantsHelp = false

        init(_ arguments: [String]) throws {
            var remaining = arguments[...]
            var positional: [String] = []
            func value(for option: String) throws -> String {
                guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
                    throw UsageError(message: "\(option) needs a value")
                }
                return value
            }
            while let argument = remaining.popFirst() {
                switch argument {
                case "--output", "-o": output = try value(for: argument)
                case "--tag": filter.tags.append(try value(for: argument))
                case "--operation": filter.operationIDs.append(try value(for: argument))
                case "--path": filter.pathGlobs.append(try value(for: argument))
                case "--module-name": moduleName = try value(for: argument)
                case "--quiet", "-q": quiet = true
                case "--validate": validate = true
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
            guard !output.isEmpty else { throw UsageError(message: "--output is required") }
        }
    }
#endif
