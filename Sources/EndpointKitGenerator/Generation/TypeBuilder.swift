#if OpenAPIGenerator
    /// Turns schemas into Swift types: named types for component schemas, nested types for inline
    /// objects, enums and choices, and type expressions (`[Label]`, `URL?`) for properties.
    struct TypeBuilder {
        let document: OpenAPIDescription
        /// The Swift name of each component schema.
        let componentTypes: [String: String]
        var warnings: [GeneratorWarning] = []
        /// The component whose type is being declared, with the types nested in it.
        var currentComponent: String?
        /// Whether a property was stored out of line, so the module needs `Indirect`.
        private(set) var needsIndirect = false

        init(document: OpenAPIDescription, componentTypes: [String: String]) {
            self.document = document
            self.componentTypes = componentTypes
        }

        /// Where nested types go: inside a struct, or beside a top-level alias.
        struct Container {
            var declarations: [Declaration] = []
            var names: NameScope
        }

        /// A scope for the types nested in `name`: they must not hide a top-level type that the
        /// schemas in it use (so `Body.Milestone` is fine unless `Body` also uses `Milestone`).
        func nestedScope(in name: String, for schemas: [Schema]) -> Container {
            let used = Reachability.directReferences(in: schemas).compactMap { componentTypes[$0] }
            return Container(names: NameScope(reserving: SwiftName.reservedTypeNames.union(used).union([name])))
        }

        // MARK: Named types

        /// The declaration of a type named `name` for `schema`.
        mutating func declaration(named name: String, for schema: Schema, beside container: inout Container) throws
            -> Declaration
        {
            let documentation = Documentation.lines(
                title: schema.title, summary: schema.summary, deprecated: schema.deprecated)
            switch schema.kind {
            case .object(let object) where !object.properties.isEmpty:
                if let subtypes = polymorphicSubtypes(of: schema) {
                    // A base schema with a discriminator: a value is one of the components extending it.
                    return .choice(
                        try choice(
                            named: name, members: subtypes, discriminator: schema.discriminator, at: schema.pointer,
                            documentation: documentation))
                }
                return .structure(try structure(named: name, object: object, documentation: documentation))
            case .allOf:
                if let object = try merged(schema) {
                    return .structure(try structure(named: name, object: object, documentation: documentation))
                }
                warnings.append(
                    GeneratorWarning(
                        "allOf of members that are not all objects: decoded as any JSON value", at: schema.pointer))
                return .alias(name: name, type: "JSONValue", documentation: documentation)
            case .stringEnum(let values):
                return .openEnum(openEnum(named: name, values: values, documentation: documentation))
            case .oneOf(let members), .anyOf(let members):
                return .choice(
                    try choice(
                        named: name, members: members, discriminator: schema.discriminator, at: schema.pointer,
                        documentation: documentation))
            default:
                var plain = schema
                plain.nullable = false
                let type = try typeExpression(for: plain, suggestedName: name + "Item", in: &container)
                return .alias(name: name, type: type, documentation: documentation)
            }
        }

        private mutating func structure(named name: String, object: ObjectSchema, documentation: [String]) throws
            -> StructDeclaration
        {
            var nested = nestedScope(in: name, for: object.properties.map(\.schema))
            var properties: [StructDeclaration.Property] = []
            for ((jsonName, schema), propertyName) in zip(object.properties, Self.propertyNames(of: object)) {
                let type = try typeExpression(for: schema, suggestedName: SwiftName.type(jsonName), in: &nested)
                let isRequired = object.required.contains(jsonName)
                let isOptional = isNullable(schema) || !isRequired
                // A struct cannot hold itself, even through an optional: such a property is boxed.
                let isIndirect = currentComponent.map { componentsHeldByValue(in: schema).contains($0) } ?? false
                needsIndirect = needsIndirect || isIndirect
                properties.append(
                    StructDeclaration.Property(
                        name: propertyName, jsonName: jsonName, type: type, isOptional: isOptional,
                        documentation: Documentation.lines(
                            title: nil, summary: schema.summary, deprecated: schema.deprecated),
                        isIndirect: isIndirect, encodesNull: isRequired && isOptional))
            }
            return StructDeclaration(
                name: name, documentation: documentation, properties: properties, nested: nested.declarations)
        }

        /// The Swift names of an object's properties, in order, as its struct declares them.
        static func propertyNames(of object: ObjectSchema) -> [String] {
            var memberNames = NameScope(reserving: ["init", "CodingKeys"])
            return object.properties.map { memberNames.claim(SwiftName.member($0.name)) }
        }

        private func openEnum(named name: String, values: [String], documentation: [String]) -> OpenEnumDeclaration {
            var names = NameScope(reserving: ["rawValue", "description", "init", "parameterValue", "hashValue", "self"])
            var cases: [(String, String)] = []
            for value in values where !cases.contains(where: { $0.1 == value }) {
                cases.append((names.claim(value.isEmpty ? "empty" : SwiftName.member(value)), value))
            }
            return OpenEnumDeclaration(name: name, documentation: documentation, cases: cases)
        }

        private mutating func choice(
            named name: String, members: [Schema], discriminator: Discriminator?, at pointer: JSONPointer,
            documentation: [String]
        ) throws -> ChoiceDeclaration {
            var nested = nestedScope(in: name, for: members)
            var caseNames = NameScope(reserving: ["unknown", "init"])
            var cases: [(String, String)] = []
            var specificity: [Int] = []
            for (index, member) in members.enumerated() {
                let suggested = member.title.map(SwiftName.type) ?? Self.memberName(member, index: index)
                let type = try typeExpression(for: member, suggestedName: suggested, in: &nested)
                let caseName = caseNames.claim(Self.caseName(forType: type))
                cases.append((caseName, member.nullable ? type + "?" : type))
                specificity.append(try requiredCount(member))
            }
            // Try the member with the most required properties first: one whose properties are all
            // optional would decode from any object.
            let order = cases.indices.sorted {
                specificity[$0] > specificity[$1] || specificity[$0] == specificity[$1] && $0 < $1
            }
            return ChoiceDeclaration(
                name: name, documentation: documentation, cases: cases, decodingOrder: order,
                discriminator: try discriminator.map {
                    try discriminatorDeclaration($0, members: members, in: name, at: pointer)
                },
                constants: try members.map(fixedMembers), nested: nested.declarations)
        }

        /// The name of an inline `oneOf` member without a title: `Object` for an object, else `Option2`…
        static func memberName(_ member: Schema, index: Int) -> String {
            switch member.kind {
            case .object, .allOf: return "Object"
            default: return "Option\(index + 1)"
            }
        }

        /// `SimpleUser` → `simpleUser`; `[String]` → `strings`; `[[Int]]` → `integerArrays`;
        /// `[String: Int]` → `dictionary`.
        static func caseName(forType type: String) -> String {
            if type.hasPrefix("["), type.hasSuffix("]") {
                let inner = String(type.dropFirst().dropLast())
                if inner.contains(":") { return "dictionary" }
                return elementName(forType: inner) + "s"
            }
            let base = type.hasSuffix("?") ? String(type.dropLast()) : type
            switch base {
            case "Int": return "integer"
            case "Double": return "number"
            case "Bool": return "boolean"
            case "JSONValue": return "value"
            default: return SwiftName.member(base.split(separator: ".").last.map(String.init) ?? base)
            }
        }

        /// What one element of an array case is called: `integer` for `Int`, `integerArray` for `[Int]`.
        private static func elementName(forType type: String) -> String {
            guard type.hasPrefix("["), type.hasSuffix("]"), !type.contains(":") else { return caseName(forType: type) }
            return elementName(forType: String(type.dropFirst().dropLast())) + "Array"
        }

        // MARK: Type expressions

        /// The Swift type for `schema` where a property or parameter uses it, declaring a nested type
        /// named after `suggestedName` in `container` when the schema is inline.
        mutating func typeExpression(for schema: Schema, suggestedName: String, in container: inout Container) throws
            -> String
        {
            switch schema.kind {
            case .reference(let component):
                guard let type = componentTypes[component] else {
                    throw GeneratorError.malformedDescription(
                        "'#/components/schemas/\(component)' names no schema", at: schema.pointer, line: nil)
                }
                return type
            case .string(let format):
                switch format {
                case "date-time": return "Date"
                case "uri", "url": return "URL"
                default: return "String"
                }
            case .integer: return "Int"
            case .number: return "Double"
            case .boolean: return "Bool"
            case .any: return "JSONValue"
            case .array(let items):
                let element = try typeExpression(
                    for: items, suggestedName: Self.singular(suggestedName), in: &container)
                return "[\(items.nullable && !element.hasSuffix("?") ? element + "?" : element)]"
            case .object(let object) where object.properties.isEmpty:
                guard case .schema(let values) = object.additionalProperties else { return "[String: JSONValue]" }
                let value = try typeExpression(for: values, suggestedName: suggestedName + "Value", in: &container)
                return "[String: \(values.nullable ? value + "?" : value)]"
            case .object, .allOf, .stringEnum, .oneOf, .anyOf:
                let name = container.names.claim(
                    SwiftName.reservedTypeNames.contains(suggestedName) ? suggestedName + "Value" : suggestedName)
                var plain = schema
                plain.title = nil
                plain.summary = nil
                let declaration = try declaration(named: name, for: plain, beside: &container)
                container.declarations.append(declaration)
                return name
            }
        }

        /// `labels` → `Label`, `Entries` → `Entry`; otherwise the name with `Item` appended.
        static func singular(_ name: String) -> String {
            if name.hasSuffix("ies"), name.count > 3 { return String(name.dropLast(3)) + "y" }
            if name.hasSuffix("s"), !name.hasSuffix("ss"), name.count > 1 { return String(name.dropLast()) }
            return name + "Item"
        }

        // MARK: allOf

        /// The object that `allOf` members make together, or `nil` when one member is not an object.
        func merged(_ schema: Schema, depth: Int = 0) throws -> ObjectSchema? {
            guard depth < 32 else { return nil }
            switch schema.kind {
            case .object(let object): return object
            case .reference(let component):
                guard let target = document.schemas[component] else { return nil }
                return try merged(target, depth: depth + 1)
            case .allOf(let members):
                var result = ObjectSchema()
                for member in members {
                    guard let object = try merged(member, depth: depth + 1) else { return nil }
                    for property in object.properties {
                        if let index = result.properties.firstIndex(where: { $0.name == property.name }) {
                            result.properties[index] = property
                        } else {
                            result.properties.append(property)
                        }
                    }
                    result.required.formUnion(object.required)
                    result.additionalProperties = result.additionalProperties ?? object.additionalProperties
                }
                return result
            default:
                return nil
            }
        }

        /// The schema a reference names, followed until it is not a reference; the schema itself
        /// otherwise. Whether it accepts `null` is kept from each step.
        func resolved(_ schema: Schema) -> Schema {
            var current = schema
            var nullable = schema.nullable
            for _ in 0..<32 {
                guard case .reference(let component) = current.kind, let target = document.schemas[component] else {
                    break
                }
                current = target
                nullable = nullable || target.nullable
            }
            current.nullable = nullable
            return current
        }

        /// The object a struct is declared for: an object with properties, or `allOf` members merged;
        /// `nil` for anything else. References are followed.
        func structObject(_ schema: Schema) throws -> ObjectSchema? {
            switch resolved(schema).kind {
            case .object(let object) where !object.properties.isEmpty: return object
            case .allOf: return try merged(resolved(schema))
            default: return nil
            }
        }

        /// The components a value of `schema` stores inline: through references, object properties
        /// and `allOf`, but not through arrays, dictionaries or choices (enums are `indirect`).
        func componentsHeldByValue(in schema: Schema) -> Set<String> {
            var held: Set<String> = []
            var pending = [schema]
            while let next = pending.popLast() {
                switch next.kind {
                case .reference(let name):
                    if held.insert(name).inserted, let target = document.schemas[name] { pending.append(target) }
                case .object(let object):
                    pending.append(contentsOf: object.properties.map(\.schema))
                case .allOf(let members):
                    pending.append(contentsOf: members)
                case .array, .oneOf, .anyOf, .string, .stringEnum, .integer, .number, .boolean, .any:
                    break
                }
            }
            return held
        }

        /// Whether `schema` accepts `null`, following references.
        func isNullable(_ schema: Schema, depth: Int = 0) -> Bool {
            if schema.nullable { return true }
            guard case .reference(let component) = schema.kind, depth < 32, let target = document.schemas[component]
            else {
                return false
            }
            return isNullable(target, depth: depth + 1)
        }

        private func requiredCount(_ schema: Schema) throws -> Int {
            switch schema.kind {
            case .object, .allOf, .reference: return try merged(schema)?.required.count ?? 0
            default: return 0
            }
        }
    }
#endif
