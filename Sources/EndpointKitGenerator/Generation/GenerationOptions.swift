#if OpenAPIGenerator
    /// What to generate from a description, and how to write it: the options of
    /// `endpointkit-generate` and the keys of its configuration file that shape the code.
    ///
    /// ```swift
    /// let text = try String(contentsOfFile: "openapi.yaml", encoding: .utf8)
    /// var options = GenerationOptions(filter: OperationFilter(tags: ["repos"]), accessModifier: .internal)
    /// options.moduleName = "GitHubAPI"
    /// let code = try EndpointGenerator.generate(text: text, sourceName: "openapi.yaml", options: options)
    /// ```
    package struct GenerationOptions: Sendable, Equatable {
        /// Which operations to generate; every one by default.
        package var filter: OperationFilter
        /// The module the files are for, named in each file's header.
        package var moduleName: String?
        /// The access level of what is generated; `public` by default.
        package var accessModifier: AccessModifier
        /// A file per type and per tag, or two files in all.
        package var layout: OutputLayout

        /// Options; with no arguments, every operation, `public`, a file per type and per tag.
        package init(
            filter: OperationFilter = OperationFilter(), moduleName: String? = nil,
            accessModifier: AccessModifier = .public, layout: OutputLayout = .files
        ) {
            self.filter = filter
            self.moduleName = moduleName
            self.accessModifier = accessModifier
            self.layout = layout
        }
    }
#endif
