#if OpenAPIGenerator
    /// What tells the members of a `oneOf` apart besides their types: a `discriminator`, and the
    /// properties a member fixes to one value (`const`, or an `enum` of one value).
    extension TypeBuilder {
        /// The discriminator's property and, for each member, the values that pick it: the mapping's,
        /// else the value the member fixes the property to, else the member's component name.
        /// A value that two members claim picks the first. A member left with no value (none mapped,
        /// and none it fixes or its name gives that another has not taken) is decoded when the data's
        /// value names no member, as the choice's initializer says.
        mutating func discriminatorDeclaration(
            _ discriminator: Discriminator, members: [Schema], in name: String, at pointer: JSONPointer
        ) throws -> (propertyName: String, values: [[String]]) {
            let components = members.map { member -> String? in
                if case .reference(let component) = member.kind { return component }
                return nil
            }
            var values: [[String]] = members.map { _ in [] }
            var claimed: Set<String> = []
            for (value, component) in discriminator.mapping {
                guard let index = components.firstIndex(of: component) else {
                    warnings.append(
                        GeneratorWarning(
                            "discriminator value '\(value)' of \(name) names '\(component)', which is not one of its "
                                + "members: never decoded",
                            at: pointer.appending("discriminator")))
                    continue
                }
                if claimed.insert(value).inserted { values[index].append(value) }
            }
            for index in members.indices where values[index].isEmpty {
                let own = try constant(of: discriminator.propertyName, in: members[index])
                let implicit: String?
                if case .string(let value) = own { implicit = value } else { implicit = components[index] }
                if let implicit, claimed.insert(implicit).inserted { values[index].append(implicit) }
            }
            return (discriminator.propertyName, values)
        }

        /// The components that extend `schema` when it is the component being declared and has a
        /// discriminator, as references; `nil` when it is not such a base or nothing extends it.
        func polymorphicSubtypes(of schema: Schema) -> [Schema]? {
            guard schema.discriminator != nil, let component = currentComponent,
                document.schemas[component]?.pointer == schema.pointer
            else {
                return nil
            }
            let subtypes = document.subtypes(of: component)
            return subtypes.isEmpty ? nil : subtypes.map { Schema(kind: .reference($0), pointer: schema.pointer) }
        }

        /// The properties that `member` fixes to one value, as `JSONValue` literals, and whether it
        /// requires them.
        func fixedMembers(_ member: Schema) throws -> [(name: String, value: String, isRequired: Bool)] {
            guard let object = try merged(member) else { return [] }
            return object.properties.compactMap { property in
                fixedValue(of: property.schema).map {
                    (property.name, $0.jsonValueLiteral, object.required.contains(property.name))
                }
            }
        }

        /// The value that `member` fixes its property `name` to, if any.
        private func constant(of name: String, in member: Schema) throws -> SchemaConstant? {
            guard let object = try merged(member), let property = object.properties.last(where: { $0.name == name })
            else {
                return nil
            }
            return fixedValue(of: property.schema)
        }

        /// The one value `schema` allows, following references; `nil` when it also allows `null`.
        private func fixedValue(of schema: Schema, depth: Int = 0) -> SchemaConstant? {
            guard !schema.nullable else { return nil }
            if let constant = schema.constant { return constant }
            guard case .reference(let component) = schema.kind, depth < 32, let target = document.schemas[component]
            else {
                return nil
            }
            return fixedValue(of: target, depth: depth + 1)
        }
    }
#endif
