#if OpenAPIGenerator
    /// The kinds of entry an ``OperationFilter`` holds, with the configuration key and the
    /// command-line option that give each, for the errors that name where an entry came from.
    package enum FilterEntryKind: Sendable, Hashable, CaseIterable {
        case tag, operation, path

        /// The key of `endpointkit-config.yaml` that lists entries of this kind: `filter.tags`.
        package var configurationKey: String {
            switch self {
            case .tag: "filter.tags"
            case .operation: "filter.operations"
            case .path: "filter.paths"
            }
        }

        /// The option of `endpointkit-generate` that gives one entry of this kind: `--tag`.
        package var option: String {
            switch self {
            case .tag: "--tag"
            case .operation: "--operation"
            case .path: "--path"
            }
        }

        /// The entries of this kind in `filter`, in their order.
        func entries(of filter: OperationFilter) -> [String] {
            switch self {
            case .tag: filter.tags
            case .operation: filter.operationIDs
            case .path: filter.pathGlobs
            }
        }
    }
#endif
