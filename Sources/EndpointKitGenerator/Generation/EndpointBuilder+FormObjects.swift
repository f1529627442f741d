#if OpenAPIGenerator
    /// How an object field of an `application/x-www-form-urlencoded` body is written, by its
    /// `encoding`: as JSON text when its `contentType` is JSON; else its members, as the `style`
    /// says (`form`, exploded by default: each member a field of its own; `deepObject`:
    /// `name[member]=value`).
    extension EndpointBuilder {
        enum FormObjectDecision {
            case send(EndpointDeclaration.Placement)
            /// Why the field cannot be sent.
            case skip(String)
        }

        func formObjectPlacement(_ name: String, field: Schema, isArray: Bool, encoding: PartEncoding?) throws
            -> FormObjectDecision
        {
            let onlyJSON = "which a form can send only as JSON (an `encoding` with `contentType: application/json`)"
            if let contentType = encoding?.contentType {
                guard Self.jsonMediaType(in: contentType) != nil else {
                    return .skip(
                        "form body field '\(name)' is an object sent as '\(contentType)', which is not supported "
                            + "(JSON is)")
                }
                return .send(.formJSON(name: name))
            }
            if isArray { return .skip("form body field '\(name)' is an array of objects or arrays, \(onlyJSON)") }
            let style: EndpointDeclaration.ObjectStyle
            switch encoding?.style ?? "form" {
            case "deepObject": style = .deepObject
            case "form": style = .form(explode: encoding?.explode ?? true)
            case let other:
                return .skip(
                    "form body field '\(name)' has style '\(other)', which is not supported for an object "
                        + "(form and deepObject are)")
            }
            let schema = types.resolved(field)
            let members: EndpointDeclaration.ObjectMembers
            switch schema.kind {
            case .any:
                members = .jsonValue
            case .object(let object) where object.properties.isEmpty:
                if case .schema(let values) = object.additionalProperties, !isFormMember(values) {
                    return .skip(
                        "form body field '\(name)' is an object whose members are not strings, numbers or Booleans, "
                            + onlyJSON)
                }
                members = .dictionary
            case .object, .allOf:
                guard let object = try types.structObject(schema) else {
                    return .skip(
                        "form body field '\(name)' is a combination of types that are not all objects, \(onlyJSON)")
                }
                if let member = object.properties.first(where: { !isFormMember($0.schema) }) {
                    return .skip(
                        "form body field '\(name)' has a member '\(member.name)' that is not a string, a number or "
                            + "a Boolean, \(onlyJSON)")
                }
                let names = TypeBuilder.propertyNames(of: object)
                members = .properties(zip(object.properties, names).map { ($0.0.name, $0.1) })
            default:
                return .skip("form body field '\(name)' is a choice of types that are not all scalars, \(onlyJSON)")
            }
            return .send(.formObject(name: name, style: style, members: members))
        }

        /// Whether a member of a form field's object can be written as text: a string, a number, a
        /// Boolean, or any value (a `JSONValue`, whose objects are written as their JSON).
        private func isFormMember(_ schema: Schema) -> Bool {
            if case .any = types.resolved(schema).kind { return true }
            return isScalar(schema)
        }
    }
#endif
