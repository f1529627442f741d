#if OpenAPIGenerator
    /// Where a parameter goes and how its value is written, or why it cannot be sent: decided on
    /// its schema with references followed, by the style rules of OpenAPI for its location.
    extension EndpointBuilder {
        enum ParameterDecision {
            /// Sent with this placement; `asString` when a choice of scalars is held as text.
            case send(EndpointDeclaration.Placement, asString: Bool)
            case skip(String)
        }

        /// What a schema is to a parameter, references followed.
        private enum Shape {
            case scalar
            /// `oneOf`/`anyOf` of strings, numbers and Booleans only: sent as text.
            case scalarChoice
            case array(items: Schema)
            case object(EndpointDeclaration.ObjectMembers)
            /// Why the schema cannot be a parameter.
            case unsupported(String)
        }

        func decision(for parameter: Parameter) throws -> ParameterDecision {
            let name = parameter.name
            let shape = try self.shape(of: parameter)
            if case .unsupported(let reason) = shape { return .skip(reason) }
            if let mediaType = parameter.mediaType {
                switch shape {
                case .array, .object:
                    return .skip("parameter '\(name)' is sent as '\(mediaType)' content, which is not supported")
                default: break
                }
            }
            let asString: Bool
            if case .scalarChoice = shape { asString = true } else { asString = false }

            switch parameter.location {
            case .path:
                switch shape {
                case .array: return .skip("path parameter '\(name)' is an array")
                case .object: return .skip("path parameter '\(name)' is an object, which is not supported")
                default: break
                }
                if let style = parameter.style, style != "simple" {
                    return .skip("path parameter style '\(style)' is not supported")
                }
                return .send(.path, asString: asString)
            case .query:
                let style = parameter.style ?? "form"
                if case .object(let members) = shape {
                    switch style {
                    case "deepObject":
                        return .send(.queryObject(name: name, style: .deepObject, members: members), asString: false)
                    case "form":
                        let explode = parameter.explode ?? true
                        return .send(
                            .queryObject(name: name, style: .form(explode: explode), members: members), asString: false)
                    default:
                        return .skip("query parameter style '\(style)' is not supported for an object")
                    }
                }
                guard ["form", "spaceDelimited", "pipeDelimited"].contains(style) else {
                    return .skip("query parameter style '\(style)' is not supported")
                }
                return .send(.query(name: name, separator: Self.arraySeparator(parameter, shape)), asString: asString)
            case .header:
                if case .object = shape {
                    return .skip("header parameter '\(name)' is an object, which is not supported")
                }
                if let style = parameter.style, style != "simple" {
                    return .skip("header parameter style '\(style)' is not supported")
                }
                let isDate: Bool
                if case .string(let format) = types.resolved(parameter.schema).kind, format == "date-time" {
                    isDate = true
                } else {
                    isDate = false
                }
                var isArray = false
                if case .array = shape { isArray = true }
                return .send(.header(name: name, asText: isArray || isDate), asString: asString)
            case .cookie:
                return .skip("cookie parameter '\(name)' is not supported")
            }
        }

        private func shape(of parameter: Parameter) throws -> Shape {
            let name = parameter.name
            let schema = types.resolved(parameter.schema)
            switch schema.kind {
            case .string, .stringEnum, .integer, .number, .boolean:
                return .scalar
            case .oneOf(let members), .anyOf(let members):
                guard members.allSatisfy(isScalar) else {
                    return .unsupported(
                        "parameter '\(name)' is a choice of types that are not all scalars, which is not supported")
                }
                return .scalarChoice
            case .array(let items):
                switch types.resolved(items).kind {
                case .array: return .unsupported("parameter '\(name)' is an array of arrays")
                case .object, .allOf: return .unsupported("parameter '\(name)' is an array of objects")
                case .string, .stringEnum, .integer, .number, .boolean: return .array(items: items)
                default: return .unsupported("parameter '\(name)' is an array of values that are not all scalars")
                }
            case .object(let object) where object.properties.isEmpty:
                guard case .schema(let values) = object.additionalProperties, isScalar(values) else {
                    return .unsupported(
                        "parameter '\(name)' is an object whose members are not strings, numbers or Booleans, "
                            + "which is not supported")
                }
                return .object(.dictionary)
            case .object, .allOf:
                guard let object = try types.structObject(schema) else {
                    return .unsupported("parameter '\(name)' is an object or a choice of types, which is not supported")
                }
                for property in object.properties where !isScalar(property.schema) {
                    return .unsupported(
                        "parameter '\(name)' has a member '\(property.name)' that is not a string, a number or "
                            + "a Boolean, which is not supported")
                }
                let names = TypeBuilder.propertyNames(of: object)
                return .object(.properties(zip(object.properties, names).map { ($0.0.name, $0.1) }))
            case .any:
                return .unsupported("parameter '\(name)' is an object or a choice of types, which is not supported")
            case .reference:
                return .scalar  // names no schema: declaring its type says so
            }
        }

        /// Whether a value of `schema` is a string, a number or a Boolean, references followed.
        func isScalar(_ schema: Schema) -> Bool {
            switch types.resolved(schema).kind {
            case .string, .stringEnum, .integer, .number, .boolean: return true
            default: return false
            }
        }

        /// How an array query parameter is written: `nil` for a repeated name (`form`, exploded, the
        /// default), else the separator of its values in one parameter: `,` for `form` not exploded,
        /// a space for `spaceDelimited`, `|` for `pipeDelimited` (neither exploded by default).
        private static func arraySeparator(_ parameter: Parameter, _ shape: Shape) -> String? {
            guard case .array = shape else { return nil }
            switch parameter.style ?? "form" {
            case "spaceDelimited": return parameter.explode == true ? nil : " "
            case "pipeDelimited": return parameter.explode == true ? nil : "|"
            default: return parameter.explode == false ? "," : nil
            }
        }
    }
#endif
