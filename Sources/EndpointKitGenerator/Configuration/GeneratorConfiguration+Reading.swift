#if OpenAPIGenerator
    import Foundation
    import Yams

    extension GeneratorConfiguration {
        /// Reads a configuration file's text (YAML, or JSON, which YAML includes).
        ///
        /// - Parameters:
        ///   - text: The file's contents.
        ///   - path: The file's name, for the errors.
        /// - Throws: ``ConfigurationError`` for text that is not YAML, an unknown key (it names the
        ///   keys that exist, and what to do instead for swift-openapi-generator's keys) or a value
        ///   of the wrong kind, with the line it is on.
        package init(yaml text: String, path: String) throws {
            self.init()
            let root: Node
            do {
                guard let node = try Yams.compose(yaml: text) else { return }  // an empty file sets nothing
                root = node
            } catch let error as YamlError {
                throw Self.syntaxError(error, path: path)
            }
            let reader = Reader(path: path)
            guard let mapping = root.mapping else {
                throw reader.error(at: root, "expected a mapping of keys to values, found \(Reader.kind(of: root))")
            }
            for (keyNode, value) in mapping {
                let key = try reader.key(keyNode)
                switch key {
                case "accessModifier": accessModifier = try reader.choice(value, key: key)
                case "layout": layout = try reader.choice(value, key: key)
                case "moduleName": moduleName = try reader.string(value, key: key)
                case "output": output = try reader.string(value, key: key)
                case "quiet": quiet = try reader.bool(value, key: key)
                case "validate": validate = try reader.bool(value, key: key)
                case "filter":
                    guard let filter = value.mapping else {
                        throw reader.error(
                            at: value, "'filter' must be a mapping with \(Self.filterKeys.joined(separator: ", "))")
                    }
                    filterOrigins.path = path
                    filterOrigins.filterKey = Reader.place(of: keyNode)
                    for (filterKeyNode, listNode) in filter {
                        let filterKey = try reader.key(filterKeyNode)
                        let (kind, list): (FilterEntryKind, WritableKeyPath<GeneratorConfiguration, [String]?>)
                        switch filterKey {
                        case "tags": (kind, list) = (.tag, \.tags)
                        case "operations": (kind, list) = (.operation, \.operationIDs)
                        case "paths": (kind, list) = (.path, \.pathGlobs)
                        default:
                            throw reader.error(at: filterKeyNode, Self.unknownFilterKeyMessage(filterKey))
                        }
                        let entries = try reader.strings(listNode, key: kind.configurationKey)
                        self[keyPath: list] = entries.map(\.value)
                        // The first place of a value that the list repeats.
                        filterOrigins.entries[kind] = Dictionary(
                            entries.map { ($0.value, $0.place) }, uniquingKeysWith: { first, _ in first })
                    }
                default:
                    throw reader.error(at: keyNode, Self.unknownKeyMessage(key))
                }
            }
        }

        /// What to say about a key that is not one of ``keys``: for one of swift-openapi-generator's,
        /// what EndpointKit does instead.
        static func unknownKeyMessage(_ key: String) -> String {
            let known = "the keys are \(keys.joined(separator: ", "))"
            let instead: String? =
                switch key {
                case "generate":
                    "endpointkit-generate always writes the types and the endpoints that call the API together "
                        + "(swift-openapi-generator's `types` and `client`); it writes no server code"
                case "namingStrategy":
                    "endpointkit-generate has one naming strategy, idiomatic Swift names (like swift-openapi-generator's "
                        + "`idiomatic`)"
                case "nameOverrides":
                    "endpointkit-generate does not rename single names; a name that is not valid Swift is escaped"
                case "typeOverrides":
                    "endpointkit-generate writes a type for every schema it needs and does not replace them with yours"
                case "additionalImports":
                    "each generated file imports EndpointKit and Foundation and nothing else"
                case "additionalFileComments":
                    "each generated file starts with endpointkit-generate's own comment (what wrote it, from which "
                        + "description, and not to edit it) and holds no comment of yours"
                case "featureFlags":
                    "endpointkit-generate has no feature flags"
                default: nil
                }
            guard let instead else { return "unknown key '\(key)'; \(known)" }
            return "'\(key)' is a swift-openapi-generator key: \(instead); remove it (\(known))"
        }

        static func unknownFilterKeyMessage(_ key: String) -> String {
            let known = "the keys of 'filter' are \(filterKeys.joined(separator: ", "))"
            if key == "schemas" {
                return "'filter.schemas' is a swift-openapi-generator key: endpointkit-generate writes the schemas the "
                    + "selected operations use, and no others; remove it (\(known))"
            }
            return "unknown key 'filter.\(key)'; \(known)"
        }

        private static func syntaxError(_ error: YamlError, path: String) -> ConfigurationError {
            switch error {
            case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
                .composer(let context, let problem, let mark, _):
                let context = context.map { " \($0.text)" } ?? ""
                return ConfigurationError(
                    path: path, line: mark.line, column: mark.column, message: "not valid YAML: \(problem)\(context)")
            default:
                return ConfigurationError(path: path, message: "not valid YAML: \(error)")
            }
        }
    }

    /// Reads the values of a configuration file's nodes, with errors that say where.
    private struct Reader {
        var path: String

        func error(at node: Node, _ message: String) -> ConfigurationError {
            ConfigurationError(path: path, line: node.mark?.line, column: node.mark?.column, message: message)
        }

        func key(_ node: Node) throws -> String {
            guard let key = node.scalar?.string else { throw error(at: node, "a key must be a name") }
            return key
        }

        func string(_ node: Node, key: String) throws -> String {
            guard let scalar = node.scalar, scalar.style != .plain || node.null == nil else {
                throw error(at: node, "'\(key)' must be a string, found \(Self.kind(of: node))")
            }
            return scalar.string
        }

        func bool(_ node: Node, key: String) throws -> Bool {
            guard let value = node.bool else {
                throw error(at: node, "'\(key)' must be true or false, found \(Self.kind(of: node))")
            }
            return value
        }

        /// The strings of a list, each with its place in the file.
        func strings(_ node: Node, key: String) throws -> [(value: String, place: FilterOrigins.Place)] {
            guard let sequence = node.sequence else {
                throw error(at: node, "'\(key)' must be a list of strings, found \(Self.kind(of: node))")
            }
            return try sequence.map { (try string($0, key: key), Self.place(of: $0)) }
        }

        static func place(of node: Node) -> FilterOrigins.Place {
            FilterOrigins.Place(line: node.mark?.line, column: node.mark?.column)
        }

        func choice<Value: RawRepresentable & CaseIterable>(_ node: Node, key: String) throws -> Value
        where Value.RawValue == String {
            let choices = Value.allCases.map(\.rawValue).joined(separator: ", ")
            guard let text = node.scalar?.string, let value = Value(rawValue: text) else {
                throw error(at: node, "'\(key)' must be one of \(choices), found \(Self.kind(of: node))")
            }
            return value
        }

        static func kind(of node: Node) -> String {
            switch node {
            case .scalar(let scalar): return node.null != nil && scalar.style == .plain ? "null" : "'\(scalar.string)'"
            case .mapping: return "a mapping"
            case .sequence: return "a list"
            case .alias: return "an alias"
            }
        }
    }
#endif
