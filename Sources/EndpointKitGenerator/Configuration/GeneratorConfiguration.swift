#if OpenAPIGenerator
    /// The options of `endpointkit-generate`, as a configuration file (`endpointkit-config.yaml` in a
    /// target, or `--config FILE`) gives them. Every key has a command-line option and the other way
    /// round; what the command line gives wins.
    ///
    /// ```yaml
    /// accessModifier: internal      # public (the default), package or internal
    /// filter:                       # the operations with one of these tags, IDs or paths
    ///   tags: [repos, issues]
    ///   operations: [users/get-authenticated]
    ///   paths: ["/repos/*/*/issues/**"]
    /// moduleName: GitHubAPI         # named in each file's header
    /// layout: files                 # files (the default) or combined
    /// output: Sources/GitHubAPI/Generated
    /// validate: true                # check the description with OpenAPIKit first
    /// quiet: false
    /// ```
    ///
    /// A key left out is `nil` here: the command line's option, or the default, applies.
    package struct GeneratorConfiguration: Sendable, Equatable {
        /// `filter.tags`.
        package var tags: [String]?
        /// `filter.operations`: operation IDs.
        package var operationIDs: [String]?
        /// `filter.paths`: globs over path templates.
        package var pathGlobs: [String]?
        /// `accessModifier`.
        package var accessModifier: AccessModifier?
        /// `moduleName`.
        package var moduleName: String?
        /// `layout`.
        package var layout: OutputLayout?
        /// `output`: the directory to write into; in a file, relative to the file's directory.
        package var output: String?
        /// `validate`.
        package var validate: Bool?
        /// `quiet`.
        package var quiet: Bool?
        /// Where the file gave `filter` and each of its entries, for the errors about them.
        package var filterOrigins = FilterOrigins()

        /// A configuration that sets nothing.
        package init() {}

        /// This configuration with what `other` sets in place of what this one sets: the command
        /// line's options over a file's keys. A filter list replaces the list of the same kind
        /// (`--tag` the file's `filter.tags`) and leaves the others.
        package func overridden(by other: GeneratorConfiguration) -> GeneratorConfiguration {
            var result = self
            result.tags = other.tags ?? tags
            result.operationIDs = other.operationIDs ?? operationIDs
            result.pathGlobs = other.pathGlobs ?? pathGlobs
            result.accessModifier = other.accessModifier ?? accessModifier
            result.moduleName = other.moduleName ?? moduleName
            result.layout = other.layout ?? layout
            result.output = other.output ?? output
            result.validate = other.validate ?? validate
            result.quiet = other.quiet ?? quiet
            let replaced = [
                (other.tags, FilterEntryKind.tag), (other.operationIDs, .operation), (other.pathGlobs, .path),
            ]
            result.filterOrigins = filterOrigins.replacing(replaced.compactMap { $0.0 == nil ? nil : $0.1 })
            return result
        }

        /// The filter the configuration sets; every operation when it sets none.
        package var filter: OperationFilter {
            var filter = OperationFilter(tags: tags ?? [], operationIDs: operationIDs ?? [], pathGlobs: pathGlobs ?? [])
            filter.origins = filterOrigins
            return filter
        }

        /// The generation options the configuration sets, with the defaults for the rest.
        package var generationOptions: GenerationOptions {
            GenerationOptions(
                filter: filter, moduleName: moduleName, accessModifier: accessModifier ?? .public,
                layout: layout ?? .files)
        }

        /// The keys a configuration file may hold, in the order the documentation lists them.
        package static let keys = ["accessModifier", "filter", "layout", "moduleName", "output", "quiet", "validate"]
        /// The keys `filter` may hold.
        package static let filterKeys = ["operations", "paths", "tags"]
    }
#endif
