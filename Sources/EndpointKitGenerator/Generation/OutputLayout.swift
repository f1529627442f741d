#if OpenAPIGenerator
    /// How the generated code is spread over files.
    package enum OutputLayout: String, Sendable, CaseIterable {
        /// A file per component schema (`Schemas/Repository.swift`), per support type
        /// (`Support/Indirect.swift`) and per tag (`Endpoints/ReposEndpoints.swift`): small diffs
        /// for code that is committed, and files that are easy to find.
        case files
        /// Two files whatever the description holds: ``combinedTypesPath`` (the types) and
        /// ``combinedEndpointsPath`` (the endpoints), the same bytes as the files of `files`, one
        /// after another, each file's header left out but the first. A build-tool plugin must name
        /// its output files before it runs, so the build plugin writes this layout.
        case combined

        /// The types' file in the `combined` layout.
        package static let combinedTypesPath = "GeneratedTypes.swift"
        /// The endpoints' file in the `combined` layout.
        package static let combinedEndpointsPath = "GeneratedEndpoints.swift"
    }
#endif
