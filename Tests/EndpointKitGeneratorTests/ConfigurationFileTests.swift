#if OpenAPIGenerator
    import EndpointKitGenerator
    import Foundation
    import Testing

    @testable import endpointkit_generate

    /// `endpointkit-config.yaml` (`--config FILE`): its keys, its errors, and the command line over it.
    @Suite("Configuration file")
    struct ConfigurationFileTests {
        /// Arguments read with `files` standing in for the disk.
        private func arguments(_ list: [String], files: [String: String]) throws -> CommandLineArguments {
            try CommandLineArguments(list) { path in
                guard let text = files[path] else { throw ConfigurationError(path: path, message: "no such file") }
                return text
            }
        }

        /// The error reading `yaml` throws.
        private func refusal(reading yaml: String) -> ConfigurationError? {
            do {
                _ = try GeneratorConfiguration(yaml: yaml, path: "endpointkit-config.yaml")
                return nil
            } catch {
                return error as? ConfigurationError
            }
        }

        @Test("Every key is read")
        func readsEveryKey() throws {
            let configuration = try GeneratorConfiguration(
                yaml: """
                    accessModifier: internal
                    filter:
                      tags: [repos, issues]
                      operations:
                        - users/get-authenticated
                      paths: ["/repos/*/*/issues/**"]
                    moduleName: GitHubAPI
                    layout: combined
                    output: Generated
                    validate: true
                    quiet: false
                    """, path: "endpointkit-config.yaml")
            #expect(configuration.accessModifier == .internal)
            #expect(configuration.tags == ["repos", "issues"])
            #expect(configuration.operationIDs == ["users/get-authenticated"])
            #expect(configuration.pathGlobs == ["/repos/*/*/issues/**"])
            #expect(configuration.moduleName == "GitHubAPI")
            #expect(configuration.layout == .combined)
            #expect(configuration.output == "Generated")
            #expect(configuration.validate == true)
            #expect(configuration.quiet == false)
        }

        @Test("An empty file, or one of comments, sets nothing")
        func emptyFileSetsNothing() throws {
            #expect(try GeneratorConfiguration(yaml: "", path: "c.yaml") == GeneratorConfiguration())
            #expect(try GeneratorConfiguration(yaml: "# nothing yet\n", path: "c.yaml") == GeneratorConfiguration())
        }

        @Test("An unknown key is named, with its line and the keys that exist")
        func unknownKeyIsNamed() throws {
            let error = try #require(refusal(reading: "moduleName: API\nacessModifier: internal\n"))
            #expect(error.line == 2)
            #expect(
                error.description
                    == "endpointkit-config.yaml:2:1: error: unknown key 'acessModifier'; the keys are accessModifier, "
                    + "filter, layout, moduleName, output, quiet, validate")

            let filter = try #require(refusal(reading: "filter:\n  tag: [repos]\n"))
            #expect(
                filter.description
                    == "endpointkit-config.yaml:2:3: error: unknown key 'filter.tag'; the keys of 'filter' are operations, "
                    + "paths, tags")
        }

        /// Each of swift-openapi-generator's keys that EndpointKit refuses, and the start of what the
        /// refusal says EndpointKit does instead: its own explanation, not another key's.
        static let openAPIGeneratorKeys: [(yaml: String, explanation: String)] = [
            (
                "generate: [types, client]",
                "'generate' is a swift-openapi-generator key: endpointkit-generate always writes"
            ),
            (
                "namingStrategy: idiomatic",
                "'namingStrategy' is a swift-openapi-generator key: endpointkit-generate has one naming"
            ),
            (
                "nameOverrides: {x: y}",
                "'nameOverrides' is a swift-openapi-generator key: endpointkit-generate does not rename"
            ),
            (
                "typeOverrides:\n  schemas: {UUID: Foundation.UUID}",
                "'typeOverrides' is a swift-openapi-generator key: endpointkit-generate writes a type for every schema"
            ),
            (
                "additionalImports: [Foundation]",
                "'additionalImports' is a swift-openapi-generator key: each generated file imports EndpointKit and "
                    + "Foundation and nothing else"
            ),
            (
                "additionalFileComments: [\"swift-format-ignore-file\"]",
                "'additionalFileComments' is a swift-openapi-generator key: each generated file starts with "
                    + "endpointkit-generate's own comment"
            ),
            (
                "featureFlags: []",
                "'featureFlags' is a swift-openapi-generator key: endpointkit-generate has no feature flags"
            ),
            (
                "filter:\n  schemas: [Pet]",
                "'filter.schemas' is a swift-openapi-generator key: endpointkit-generate writes the schemas"
            ),
        ]

        @Test("A swift-openapi-generator key says what EndpointKit does instead", arguments: openAPIGeneratorKeys)
        func openAPIGeneratorKeyIsExplained(yaml: String, explanation: String) throws {
            let error = try #require(refusal(reading: yaml))
            #expect(error.message.hasPrefix(explanation))
            #expect(error.message.contains("remove it"))
        }

        @Test("No two swift-openapi-generator keys are refused with the same explanation")
        func openAPIGeneratorKeysHaveTheirOwnExplanations() throws {
            var keysByExplanation: [String: [String]] = [:]
            for (yaml, _) in Self.openAPIGeneratorKeys {
                let message = try #require(refusal(reading: yaml)).message
                // `'key' is a swift-openapi-generator key: <explanation>; remove it (…)`
                let explanation = try #require(message.split(separator: ":", maxSplits: 1).last)
                let key = String(message.prefix { $0 != " " })
                keysByExplanation[String(explanation.prefix { $0 != ";" }), default: []].append(key)
            }
            #expect(keysByExplanation.values.filter { $0.count > 1 } == [])
        }

        @Test(
            "A value of the wrong kind is refused, with its line and what is allowed",
            arguments: [
                (
                    "accessModifier: private", 1,
                    "'accessModifier' must be one of public, package, internal, found 'private'"
                ),
                ("layout: [files]", 1, "'layout' must be one of files, combined, found a list"),
                ("quiet: sometimes", 1, "'quiet' must be true or false, found 'sometimes'"),
                ("filter:\n  tags: repos", 2, "'filter.tags' must be a list of strings, found 'repos'"),
                ("filter: [repos]", 1, "'filter' must be a mapping with operations, paths, tags"),
                ("moduleName:", 1, "'moduleName' must be a string, found null"),
                ("- accessModifier: public", 1, "expected a mapping of keys to values, found a list"),
            ])
        func wrongValueIsRefused(yaml: String, line: Int, message: String) throws {
            let error = try #require(refusal(reading: yaml))
            #expect(error.line == line)
            #expect(error.message == message)
        }

        @Test("Text that is not YAML is refused with its line")
        func invalidYAMLIsRefused() throws {
            let error = try #require(refusal(reading: "moduleName: API\nfilter: {tags: [repos\n"))
            #expect(error.line == 3)
            #expect(error.message.hasPrefix("not valid YAML: "))
        }

        @Test("The command line wins over the file; a filter option replaces only the file's list of its kind")
        func commandLineWinsOverFile() throws {
            let file = """
                accessModifier: internal
                filter: {tags: [repos], operations: [meta/root]}
                moduleName: FromFile
                output: Generated
                quiet: true
                """
            let fromFile = try arguments(
                ["api.yaml", "--config", "cfg/endpointkit-config.yaml"], files: ["cfg/endpointkit-config.yaml": file])
            #expect(fromFile.generationOptions.accessModifier == .internal)
            #expect(fromFile.generationOptions.filter == OperationFilter(tags: ["repos"], operationIDs: ["meta/root"]))
            #expect(fromFile.generationOptions.moduleName == "FromFile")
            #expect(fromFile.quiet)
            #expect(fromFile.generationOptions.layout == .files)
            // The file's output is relative to the file.
            #expect(fromFile.output.hasSuffix("cfg/Generated"))

            let overridden = try arguments(
                [
                    "api.yaml", "--config", "cfg/endpointkit-config.yaml", "--tag", "issues", "--access-modifier",
                    "package", "--module-name", "FromCommandLine", "--output", "out", "--layout", "combined",
                ], files: ["cfg/endpointkit-config.yaml": file])
            #expect(overridden.generationOptions.accessModifier == .package)
            #expect(
                overridden.generationOptions.filter == OperationFilter(tags: ["issues"], operationIDs: ["meta/root"]))
            #expect(overridden.generationOptions.moduleName == "FromCommandLine")
            #expect(overridden.output == "out")
            #expect(overridden.generationOptions.layout == .combined)
            #expect(overridden.quiet)
        }

        /// Each command-line option beside the configuration key that does the same.
        static let optionsAndKeys: [(option: [String], key: String, yaml: String)] = [
            (["--tag", "repos"], "filter", "filter: {tags: [repos]}"),
            (["--operation", "meta/root"], "filter", "filter: {operations: [meta/root]}"),
            (["--path", "/repos/**"], "filter", "filter: {paths: [\"/repos/**\"]}"),
            (["--module-name", "API"], "moduleName", "moduleName: API"),
            (["--access-modifier", "package"], "accessModifier", "accessModifier: package"),
            (["--layout", "combined"], "layout", "layout: combined"),
            (["--output", "/tmp/out"], "output", "output: /tmp/out"),
            (["--quiet"], "quiet", "quiet: true"),
            (["--validate"], "validate", "validate: true"),
        ]

        @Test("Every option has a configuration key that does the same, and every key an option")
        func optionsAndKeysMatch() throws {
            let defaults = ["--output", "/tmp/default"]
            for (option, _, yaml) in Self.optionsAndKeys {
                let byOption = try arguments(["api.yaml"] + defaults + option, files: [:])
                let byKey = try arguments(
                    ["api.yaml", "--config", "c.yaml"] + (yaml.hasPrefix("output") ? [] : defaults),
                    files: ["c.yaml": yaml])
                #expect(byOption.generationOptions == byKey.generationOptions, "\(option)")
                #expect(byOption.output == byKey.output && byOption.quiet == byKey.quiet, "\(option)")
                #expect(byOption.validate == byKey.validate, "\(option)")
            }
            #expect(Set(Self.optionsAndKeys.map(\.key)) == Set(GeneratorConfiguration.keys))
        }

        @Test("A configuration file that cannot be read is named")
        func unreadableFileIsNamed() {
            #expect(throws: ConfigurationError.self) {
                try CommandLineArguments(["api.yaml", "--config", "/nonexistent/endpointkit-config.yaml"])
            }
        }
    }
#endif
