#if OpenAPIGenerator
    /// Where the entries of a filter were given: the configuration file's line and column of each
    /// entry read from it; an entry it does not place came from the command line (or from code).
    ///
    /// Where an entry came from is not part of what a filter selects: origins are always equal, so
    /// that two filters with the same entries are equal whether a file or the command line gave them.
    package struct FilterOrigins: Sendable, Equatable {
        /// A line and a column of the configuration file, from 1.
        package struct Place: Sendable, Hashable {
            package var line: Int?
            package var column: Int?
        }

        /// The configuration file the placed entries were read from.
        package var path: String?
        /// The place of the file's `filter` key.
        package var filterKey: Place?
        /// The place of each entry the file gave, by kind and by value.
        package var entries: [FilterEntryKind: [String: Place]] = [:]

        package init() {}

        /// Where the file gave `value` as an entry of `kind`; `nil` when the file did not give it.
        package func place(of value: String, _ kind: FilterEntryKind) -> Place? {
            entries[kind]?[value]
        }

        /// These origins, without the file's entries of the kinds that `kinds` names: the command
        /// line gave those lists instead.
        func replacing(_ kinds: [FilterEntryKind]) -> FilterOrigins {
            var result = self
            for kind in kinds { result.entries[kind] = nil }
            if result.entries.isEmpty { (result.path, result.filterKey) = (nil, nil) }
            return result
        }

        /// Origins never tell two filters apart.
        package static func == (lhs: FilterOrigins, rhs: FilterOrigins) -> Bool { true }
    }
#endif
