#if OpenAPIGenerator
    /// Which operations to generate: those with one of the tags, one of the operation IDs, or a path
    /// that matches one of the globs. With no filter, every operation.
    ///
    /// Each entry must name something in the description: ``EndpointGenerator`` throws
    /// ``UnmatchedFilterEntriesError`` for a tag that no operation has, an operation ID that none
    /// has, or a glob that matches no path.
    package struct OperationFilter: Sendable, Equatable {
        /// Tags: an operation with one of them is generated.
        package var tags: [String]
        /// Operation IDs (`repos/list-for-user`): these operations are generated.
        package var operationIDs: [String]
        /// Globs over path templates: `*` matches within a segment, `**` across segments, `?` one
        /// character: `/repos/*/*/issues/**` matches `/repos/{owner}/{repo}/issues/{issue_number}`.
        package var pathGlobs: [String]
        /// Where each entry was given, for the errors that point at it: a configuration file's
        /// line, or the command line.
        package var origins = FilterOrigins()

        /// A filter; with no arguments, one that selects every operation.
        package init(tags: [String] = [], operationIDs: [String] = [], pathGlobs: [String] = []) {
            self.tags = tags
            self.operationIDs = operationIDs
            self.pathGlobs = pathGlobs
        }

        /// Whether the filter selects every operation.
        package var isEmpty: Bool { tags.isEmpty && operationIDs.isEmpty && pathGlobs.isEmpty }

        func selects(_ operation: Operation) -> Bool {
            if isEmpty { return true }
            if operation.tags.contains(where: tags.contains) { return true }
            if let id = operation.operationID, operationIDs.contains(id) { return true }
            return pathGlobs.contains { Self.glob($0, matches: operation.path) }
        }

        /// Whether a webhook has an operation the filter selects by tag or operation ID; path globs
        /// select no webhook, which has no path.
        func selects(_ webhook: Webhook) -> Bool {
            isEmpty || webhook.tags.contains(where: tags.contains)
                || webhook.operationIDs.contains(where: operationIDs.contains)
        }

        static func glob(_ pattern: String, matches text: String) -> Bool {
            matches(Array(pattern.unicodeScalars)[...], Array(text.unicodeScalars)[...])
        }

        private static func matches(_ pattern: ArraySlice<Unicode.Scalar>, _ text: ArraySlice<Unicode.Scalar>) -> Bool {
            guard let first = pattern.first else { return text.isEmpty }
            if first == "*" {
                let crossesSegments = pattern.dropFirst().first == "*"
                let rest = pattern.dropFirst(crossesSegments ? 2 : 1)
                var remaining = text
                while true {
                    if matches(rest, remaining) { return true }
                    guard let next = remaining.first, crossesSegments || next != "/" else { return false }
                    remaining = remaining.dropFirst()
                }
            }
            guard let character = text.first, first == "?" ? character != "/" : first == character else { return false }
            return matches(pattern.dropFirst(), text.dropFirst())
        }

        /// The entries, as they were given: `--tag repos --tag issues` from the command line,
        /// `filter.operations [meta/root]` from a configuration file.
        var summary: String {
            FilterEntryKind.allCases.compactMap { kind in
                let values = kind.entries(of: self)
                guard !values.isEmpty else { return nil }
                guard values.contains(where: { origins.place(of: $0, kind) != nil }) else {
                    return values.map { "\(kind.option) \($0)" }.joined(separator: " ")
                }
                return "\(kind.configurationKey) [\(values.joined(separator: ", "))]"
            }.joined(separator: " or ")
        }
    }
#endif
