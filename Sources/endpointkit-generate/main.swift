// endpointkit-generate: EndpointKit endpoint structs from an OpenAPI 3.0 or 3.1 description.
//
//     endpointkit-generate api.yaml --output Sources/GitHubAPI/Generated --tag repos --tag issues

#if OpenAPIGenerator
    import EndpointKitGenerator
    import Foundation

    let usage = """
        usage: endpointkit-generate <description.yaml|json> --output <directory>
                                    [--tag NAME]... [--operation OPERATION_ID]... [--path GLOB]...
                                    [--access-modifier public|package|internal] [--layout files|combined]
                                    [--module-name NAME] [--config FILE] [--validate] [--quiet]

        Writes one struct per operation (Endpoints/<Tag>.swift) and a Codable type per component schema
        the operations need (Schemas/<Type>.swift); with --layout combined, the same code in two files,
        GeneratedTypes.swift and GeneratedEndpoints.swift. With filters, only the operations that match
        one of them; a filter entry that names nothing in the description is an error. Files under
        <directory> that an earlier run wrote and this one does not are removed.

        --access-modifier is the access level of what is written: public (the default), package, or
        internal (no keyword).
        --config reads the options from a YAML file (endpointkit-config.yaml): its keys are accessModifier,
        filter (tags, operations, paths), layout, moduleName, output (relative to the file), quiet and
        validate. An option given on the command line wins over the file's key; a filter option replaces
        the file's list of its kind.
        --validate also checks the description against the OpenAPI specification with OpenAPIKit
        (unique operation IDs, references that resolve, and more) and writes nothing if it breaks it.
        --quiet prints errors only: no summary and no warnings.
        """

    let arguments: CommandLineArguments
    do {
        arguments = try CommandLineArguments(Array(CommandLine.arguments.dropFirst()))
    } catch let error as CommandLineArguments.UsageError {
        FileHandle.standardError.write(Data("error: \(error.message)\n\n\(usage)\n".utf8))
        exit(64)
    } catch {
        // A configuration file's error reads `path:line:column: error: …`, as a compiler's does.
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(1)
    }
    if arguments.wantsHelp {
        print(usage)
        exit(0)
    }
    do {
        // DispatchTime: the generator runs on macOS 12 (Package.swift's platforms), older than Swift's clocks.
        let started = DispatchTime.now().uptimeNanoseconds
        let report = try GeneratorCommand(arguments: arguments).run()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let console = ConsoleReport(report, seconds: seconds, quiet: arguments.quiet)
        for line in console.standardError {
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
        for line in console.standardOutput {
            print(line)
        }
    } catch let error as GeneratorError {
        let line = diagnostic(for: error, in: arguments.description, filter: arguments.generationOptions.filter)
        FileHandle.standardError.write(Data((line + "\n").utf8))
        exit(1)
    } catch let error as UnmatchedFilterEntriesError {
        for line in diagnostics(for: error, in: arguments.description) {
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
        exit(1)
    } catch {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        exit(1)
    }
#else
    import Foundation

    FileHandle.standardError.write(
        Data(
            """
            error: endpointkit-generate was built without the OpenAPIGenerator trait.
            Build it with `swift build --traits OpenAPIGenerator --product endpointkit-generate`.

            """.utf8))
    exit(69)
#endif
