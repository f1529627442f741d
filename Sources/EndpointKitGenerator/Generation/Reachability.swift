#if OpenAPIGenerator
    /// The component schemas that a set of schemas needs, directly or through other components.
    enum Reachability {
        /// The component schemas that `roots` need, directly or through other components.
        static func components(from roots: [Schema], in document: OpenAPIDescription) -> Set<String> {
            references(in: roots, following: document)
        }

        /// The component schemas that `roots` name themselves, without following the references.
        static func directReferences(in roots: [Schema]) -> Set<String> {
            references(in: roots, following: nil)
        }

        /// The names `roots` reference, and with a `document`, those its referenced schemas do.
        private static func references(in roots: [Schema], following document: OpenAPIDescription?) -> Set<String> {
            var names: Set<String> = []
            var pending = roots
            while let schema = pending.popLast() {
                switch schema.kind {
                case .reference(let name):
                    if names.insert(name).inserted, let document, let target = document.schemas[name] {
                        pending.append(target)
                        // A value of a base schema with a discriminator may be any of its subtypes.
                        pending += document.subtypes(of: name).map {
                            Schema(kind: .reference($0), pointer: target.pointer)
                        }
                    }
                case .array(let items):
                    pending.append(items)
                case .object(let object):
                    pending.append(contentsOf: object.properties.map(\.schema))
                    if case .schema(let values) = object.additionalProperties { pending.append(values) }
                case .allOf(let members), .oneOf(let members), .anyOf(let members):
                    pending.append(contentsOf: members)
                case .string, .stringEnum, .integer, .number, .boolean, .any:
                    break
                }
            }
            return names
        }

        /// Every schema an operation uses: its parameters', its request body's, its responses'.
        static func schemas(of operation: Operation) -> [Schema] {
            var schemas = operation.parameters.map(\.schema)
            schemas += operation.requestBody?.content.entries.compactMap(\.schema) ?? []
            for (_, response) in operation.responses {
                schemas += response.content.entries.compactMap(\.schema)
            }
            return schemas
        }
    }
#endif
