#if OpenAPIGenerator
    import Yams

    /// One value of a parsed OpenAPI description (YAML or JSON), with the pointer that locates it.
    ///
    /// Every accessor checks the value's shape and throws ``GeneratorError/malformedDescription(_:at:line:)``
    /// with the pointer and line when it is wrong, so a malformed description never becomes wrong code.
    struct DescriptionNode {
        let node: Node
        let pointer: JSONPointer

        /// The line in the source file, counted from 1, when the parser kept it.
        var line: Int? { node.mark.map { $0.line } }

        func malformed(_ message: String) -> GeneratorError {
            .malformedDescription(message, at: pointer, line: line)
        }

        /// What kind of value this is, for error messages: "a mapping", "a sequence", "a string".
        var kindDescription: String {
            switch node {
            case .scalar: return "a scalar"
            case .mapping: return "a mapping"
            case .sequence: return "a sequence"
            case .alias: return "an alias"
            }
        }

        /// The entries of a mapping, in document order.
        func entries() throws -> [(key: String, value: DescriptionNode)] {
            guard case .mapping(let mapping) = node else {
                throw malformed("expected a mapping, found \(kindDescription)")
            }
            return try mapping.map { key, value in
                guard let name = key.string else {
                    throw DescriptionNode(node: key, pointer: pointer).malformed("a mapping key must be a string")
                }
                return (name, DescriptionNode(node: value, pointer: pointer.appending(name)))
            }
        }

        /// The elements of a sequence, in order.
        func elements() throws -> [DescriptionNode] {
            guard case .sequence(let sequence) = node else {
                throw malformed("expected a sequence, found \(kindDescription)")
            }
            return sequence.enumerated().map { index, value in
                DescriptionNode(node: value, pointer: pointer.appending(index))
            }
        }

        var isMapping: Bool {
            if case .mapping = node { return true }
            return false
        }

        /// The member named `key` of a mapping, or `nil` when the mapping has none.
        subscript(key: String) -> DescriptionNode? {
            guard case .mapping(let mapping) = node else { return nil }
            for (candidate, value) in mapping where candidate.string == key {
                return DescriptionNode(node: value, pointer: pointer.appending(key))
            }
            return nil
        }

        /// The text of a scalar.
        func text() throws -> String {
            guard case .scalar(let scalar) = node else {
                throw malformed("expected a string, found \(kindDescription)")
            }
            return scalar.string
        }

        /// The text of the member `key`, or `nil` when it is absent.
        func text(_ key: String) throws -> String? {
            try self[key]?.text()
        }

        /// The Boolean member `key`, or `nil` when it is absent.
        func flag(_ key: String) throws -> Bool? {
            guard let member = self[key] else { return nil }
            guard let value = member.node.bool else {
                throw member.malformed(
                    "expected true or false, found \(member.node.string.map { "'\($0)'" } ?? member.kindDescription)")
            }
            return value
        }

        /// Whether the value is a scalar `null` (`~`, `null` or empty in YAML).
        var isNull: Bool {
            guard case .scalar(let scalar) = node, scalar.style == .plain else { return false }
            return node.null != nil
        }
    }
#endif
