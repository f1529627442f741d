#if OpenAPIGenerator
    extension OperationFilter {
        /// The entries that name nothing in `document`: a tag that no operation or webhook has, an
        /// operation ID that none has, a glob that matches no operation's path. Each once, in the
        /// configuration file's order where it placed them, then in the filter's.
        ///
        /// - Parameters:
        ///   - document: The description the filter selects from.
        ///   - sourceName: The description's file name, for the messages.
        func unmatchedEntries(in document: OpenAPIDescription, sourceName: String)
            -> [UnmatchedFilterEntriesError.Entry]
        {
            let tags = Set(document.operations.flatMap(\.tags) + document.webhooks.flatMap(\.tags))
            let operationIDs = Set(
                document.operations.compactMap(\.operationID) + document.webhooks.flatMap(\.operationIDs))
            let paths = document.operations.map(\.path)
            var unmatched: [(entry: UnmatchedFilterEntriesError.Entry, order: Int)] = []
            for kind in FilterEntryKind.allCases {
                var seen: Set<String> = []
                for value in kind.entries(of: self) where seen.insert(value).inserted {
                    let problem: String
                    switch kind {
                    case .tag:
                        guard !tags.contains(value) else { continue }
                        problem = "no operation in \(sourceName) has the tag '\(value)'"
                    case .operation:
                        guard !operationIDs.contains(value) else { continue }
                        problem = "no operation in \(sourceName) has the operationId '\(value)'"
                    case .path:
                        guard !paths.contains(where: { Self.glob(value, matches: $0) }) else { continue }
                        problem = "no path in \(sourceName) matches '\(value)'"
                    }
                    let place = origins.place(of: value, kind)
                    let key = place == nil ? kind.option : kind.configurationKey
                    let entry = UnmatchedFilterEntriesError.Entry(
                        key: key, value: value, path: place == nil ? nil : origins.path, line: place?.line,
                        column: place?.column, message: "\(key): \(problem)")
                    unmatched.append((entry, unmatched.count))
                }
            }
            // Placed entries by their place in the file, as a compiler reports; the others after.
            return unmatched.sorted { lhs, rhs in
                let left = (lhs.entry.line ?? .max, lhs.entry.column ?? .max, lhs.order)
                let right = (rhs.entry.line ?? .max, rhs.entry.column ?? .max, rhs.order)
                return left < right
            }.map(\.entry)
        }
    }
#endif
