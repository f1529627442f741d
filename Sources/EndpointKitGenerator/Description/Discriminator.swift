#if OpenAPIGenerator
    /// The `discriminator` of a `oneOf` or `anyOf`: the property whose value names the member.
    struct Discriminator {
        /// The name of the property, which every member must require.
        var propertyName: String
        /// Values and the component schemas they name, in the description's order. A value the
        /// mapping leaves out names the member by its component name, or by the value the member
        /// itself gives the property.
        var mapping: [(value: String, component: String)] = []
    }

    /// The single value a schema allows: `const`, or an `enum` of one value.
    enum SchemaConstant: Equatable {
        case string(String)
        case integer(Int)
        case boolean(Bool)

        /// A `JSONValue` literal for the value, in generated code: `.string("cat")`.
        var jsonValueLiteral: String {
            switch self {
            case .string(let value): return ".string(\(literal(value)))"
            case .integer(let value): return ".int(\(value))"
            case .boolean(let value): return ".bool(\(value))"
            }
        }
    }

    extension Discriminator {
        init(parsing node: DescriptionNode) throws {
            guard let name = try node.text("propertyName") else {
                throw node.malformed("a discriminator needs a `propertyName`")
            }
            propertyName = name
            let prefix = "#/components/schemas/"
            for (value, target) in try node["mapping"]?.entries() ?? [] {
                let reference = try target.text()
                // `#/components/schemas/Dog`, or `Dog` alone.
                let component = reference.hasPrefix(prefix) ? String(reference.dropFirst(prefix.count)) : reference
                mapping.append((value, component.removingPointerEscapes))
            }
        }
    }

    extension SchemaConstant {
        /// The value of `const`, or of an `enum` with one value besides `null`; `nil` otherwise.
        init?(parsing node: DescriptionNode) throws {
            let value: DescriptionNode
            if let constant = node["const"] {
                value = constant
            } else if let values = (try? node["enum"]?.elements())?.filter({ !$0.isNull }), values.count == 1 {
                value = values[0]
            } else {
                return nil
            }
            guard case .scalar(let scalar) = value.node, !value.isNull else { return nil }
            if scalar.style == .plain, let number = value.node.int {
                self = .integer(number)
            } else if scalar.style == .plain, let flag = value.node.bool {
                self = .boolean(flag)
            } else {
                self = .string(scalar.string)
            }
        }
    }
#endif
