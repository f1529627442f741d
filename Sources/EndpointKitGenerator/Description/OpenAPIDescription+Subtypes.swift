#if OpenAPIGenerator
    extension OpenAPIDescription {
        /// The components that a base object schema's `discriminator` may name: those its mapping
        /// names, then the others that extend it with `allOf: [{$ref: base}, …]`, in the description's
        /// order. None when the component is not an object with a discriminator.
        func subtypes(of base: String) -> [String] {
            guard let schema = schemas[base], case .object = schema.kind, let discriminator = schema.discriminator
            else {
                return []
            }
            var subtypes: [String] = []
            for (_, component) in discriminator.mapping
            where component != base && schemas[component] != nil && !subtypes.contains(component) {
                subtypes.append(component)
            }
            for name in schemaNames where name != base && !subtypes.contains(name) {
                guard case .allOf(let members) = schemas[name]?.kind else { continue }
                let extendsBase = members.contains {
                    if case .reference(base) = $0.kind { return true }
                    return false
                }
                if extendsBase { subtypes.append(name) }
            }
            return subtypes
        }
    }
#endif
