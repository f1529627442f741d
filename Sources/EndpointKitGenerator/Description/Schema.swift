#if OpenAPIGenerator
    import Foundation
    /// A JSON Schema from an OpenAPI description, reduced to what decides a Swift type.
    struct Schema {
        indirect enum Kind {
            /// `$ref: '#/components/schemas/NAME'`.
            case reference(String)
            case string(format: String?)
            /// A string with `enum` values.
            case stringEnum([String])
            case integer
            case number
            case boolean
            case array(items: Schema)
            case object(ObjectSchema)
            case allOf([Schema])
            case oneOf([Schema])
            case anyOf([Schema])
            /// `{}`, or anything that constrains no type: any JSON value.
            case any
        }

        var kind: Kind
        var nullable = false
        var title: String?
        var summary: String?
        var deprecated = false
        var pointer: JSONPointer
        /// The `discriminator` of a `oneOf` or `anyOf`, or of an object that components extend.
        var discriminator: Discriminator? = nil
        /// The one value the schema allows (`const`, or an `enum` of one value).
        var constant: SchemaConstant? = nil
    }

    /// The properties of an object schema.
    struct ObjectSchema {
        enum AdditionalProperties {
            case any
            case schema(Schema)
        }

        var properties: [(name: String, schema: Schema)] = []
        var required: Set<String> = []
        var additionalProperties: AdditionalProperties?
    }

    extension Schema {
        /// Reads a schema, with OpenAPI 3.0's `nullable` and 3.1's `type: [T, "null"]`.
        init(parsing node: DescriptionNode) throws {
            pointer = node.pointer
            kind = .any
            if node.isNull || !node.isMapping {
                // `true` (3.1: any value) or an empty value.
                if case .scalar = node.node, node.node.bool == false {
                    throw node.malformed("a schema of `false` accepts no value")
                }
                return
            }
            title = try node.text("title")
            summary = try node.text("description")
            deprecated = try node.flag("deprecated") ?? false
            nullable = try node.flag("nullable") ?? false

            constant = try SchemaConstant(parsing: node)
            if let reference = try node.text("$ref") {
                kind = .reference(try Schema.componentName(in: reference, at: node))
                return
            }
            var types: [String] = []
            if let type = node["type"] {
                if case .sequence = type.node {
                    types = try type.elements().map { try $0.text() }
                } else {
                    types = [try type.text()]
                }
            }
            if types.contains("null") {
                nullable = true
                types.removeAll { $0 == "null" }
            }
            for keyword in ["allOf", "oneOf", "anyOf"] {
                guard let members = node[keyword] else { continue }
                var schemas = try members.elements().map { try Schema(parsing: $0) }
                // `oneOf: [X, {type: null}]` is how 3.1 writes a nullable X, and
                // `allOf: [X, {nullable: true}]` how 3.0 descriptions often do.
                let withoutNull = schemas.filter { !$0.isNullOnly }
                if withoutNull.count < schemas.count, keyword != "allOf" || !withoutNull.isEmpty {
                    nullable = true
                    schemas = withoutNull
                }
                if schemas.count == 1, var only = schemas.first, properties(of: node) == nil {
                    only.nullable = only.nullable || nullable
                    only.summary = summary ?? only.summary
                    only.title = title ?? only.title
                    only.deprecated = deprecated || only.deprecated
                    self = only
                    return
                }
                switch keyword {
                case "allOf":
                    // Properties beside `allOf` are one more member to merge.
                    if properties(of: node) != nil {
                        schemas.append(Schema(kind: .object(try ObjectSchema(parsing: node)), pointer: node.pointer))
                    }
                    kind = .allOf(schemas)
                case "oneOf": kind = .oneOf(schemas)
                default: kind = .anyOf(schemas)
                }
                if keyword != "allOf", let discriminator = node["discriminator"] {
                    self.discriminator = try Discriminator(parsing: discriminator)
                }
                return
            }
            guard types.count <= 1 else { return }  // several types: any JSON value
            let properties = properties(of: node)
            switch types.first ?? (properties != nil || node["additionalProperties"] != nil ? "object" : nil) {
            case "string":
                if let values = node["enum"] {
                    let strings = try values.elements().filter { !$0.isNull }.map { try $0.text() }
                    kind = .stringEnum(strings)
                } else {
                    kind = .string(format: try node.text("format"))
                }
            case "integer": kind = .integer
            case "number": kind = .number
            case "boolean": kind = .boolean
            case "array":
                let items =
                    try node["items"].map { try Schema(parsing: $0) }
                    ?? Schema(kind: .any, pointer: node.pointer.appending("items"))
                kind = .array(items: items)
            case "object":
                kind = .object(try ObjectSchema(parsing: node))
                // A base schema that components extend through `allOf`.
                discriminator = try node["discriminator"].map { try Discriminator(parsing: $0) }
            case "null":
                nullable = true
            case nil:
                return
            case let other?:
                throw node["type"]!.malformed("unknown type '\(other)'")
            }
        }

        /// Whether this schema accepts only `null`.
        var isNullOnly: Bool {
            if case .any = kind, nullable, title == nil { return true }
            return false
        }

        /// The name of the component schema that a `$ref` names.
        static func componentName(in reference: String, at node: DescriptionNode) throws -> String {
            let prefix = "#/components/schemas/"
            guard reference.hasPrefix(prefix), reference.count > prefix.count else {
                throw node.malformed(
                    "only references to '#/components/schemas/…' are supported here, found '\(reference)'")
            }
            return String(reference.dropFirst(prefix.count)).removingPointerEscapes
        }
    }

    private func properties(of node: DescriptionNode) -> DescriptionNode? {
        node["properties"]
    }

    extension ObjectSchema {
        init(parsing node: DescriptionNode) throws {
            if let members = node["properties"] {
                properties = try members.entries().map { name, value in (name, try Schema(parsing: value)) }
            }
            if let names = node["required"] {
                required = Set(try names.elements().map { try $0.text() })
            }
            if let additional = node["additionalProperties"] {
                if case .scalar = additional.node, let allowed = additional.node.bool {
                    additionalProperties = allowed ? .any : nil
                } else {
                    additionalProperties = .schema(try Schema(parsing: additional))
                }
            }
        }
    }

    extension String {
        /// The text of a JSON pointer token: `~1` is `/`, `~0` is `~`.
        var removingPointerEscapes: String {
            guard contains("~") else { return self }
            return replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }
#endif
