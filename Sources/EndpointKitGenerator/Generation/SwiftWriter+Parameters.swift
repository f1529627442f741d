#if OpenAPIGenerator
    /// An endpoint's `query` and `headers`, each parameter written as its style says.
    extension SwiftWriter {
        mutating func endpointQuery(_ properties: [EndpointDeclaration.Property]) {
            let queryProperties = properties.filter {
                switch $0.placement {
                case .query, .queryObject: return true
                default: return false
                }
            }
            guard !queryProperties.isEmpty else { return }
            line()
            line("/// The query parameters; those that are `nil` are not sent.")
            let hasObject = queryProperties.contains {
                if case .queryObject = $0.placement { return true }
                return false
            }
            guard hasObject else {
                queryLiteral(queryProperties)
                return
            }
            // An object adds as many parameters as it has members: the list is built in order.
            block("\(access)var query: Parameters") { writer in
                writer.line("var query = Parameters()")
                for property in queryProperties {
                    let value = SwiftName.escaped(property.name)
                    switch property.placement {
                    case .query(let name, let separator):
                        writer.line(
                            "query.append(\(Self.queryValue(value, separator: separator)), for: \(literal(name)))")
                    case .queryObject(let name, let style, let members):
                        writer.appendObject(
                            value, isOptional: property.isOptional, named: name, style: style, members: members,
                            to: "query")
                    default:
                        break
                    }
                }
                writer.line("return query")
            }
        }

        /// Appends the members of the object `value` (an expression) to the `Parameters` named
        /// `variable`, as `style` writes them: `query.append(deepObject: [...], for: "name")`, on one
        /// line or over several; for a `JSONValue`, its members when it is an object, else the value.
        mutating func appendObject(
            _ value: String, isOptional: Bool, named name: String, style: EndpointDeclaration.ObjectStyle,
            members: EndpointDeclaration.ObjectMembers, to variable: String
        ) {
            // How a member is read: through `?.` when the object is optional.
            let memberOf = isOptional ? "\(value)?." : "\(value)."
            let label: String
            let trailing: String
            switch style {
            case .deepObject:
                label = "deepObject"
                trailing = "for: \(literal(name))"
            case .form(let explode):
                label = "formObject"
                trailing = "explode: \(explode), for: \(literal(name))"
            }
            switch members {
            case .dictionary:
                let dictionary = "Parameters(\(value)\(isOptional ? " ?? [:]" : ""))"
                objectAppend(to: variable, label: label, members: [dictionary], isList: false, trailing)
            case .properties(let names):
                let members = names.map { "\(literal($0.jsonName)): \(memberOf)\(SwiftName.escaped($0.name))" }
                objectAppend(to: variable, label: label, members: members, isList: true, trailing)
            case .jsonValue:
                line("if case .object(let members)\(isOptional ? "?" : "") = \(value) {")
                level += 1
                objectAppend(to: variable, label: label, members: ["Parameters(members)"], isList: false, trailing)
                level -= 1
                line("} else {")
                line("    \(variable).append(\(value), for: \(literal(name)))")
                line("}")
            }
        }

        /// `query.append(deepObject: [...], for: "name")`, on one line or over several.
        private mutating func objectAppend(
            to variable: String, label: String, members: [String], isList: Bool, _ trailing: String
        ) {
            let argument = isList ? "[\(members.joined(separator: ", "))]" : members[0]
            let single = "\(variable).append(\(label): \(argument), \(trailing))"
            if 4 * level + single.count <= 120 {
                line(single)
                return
            }
            line("\(variable).append(")
            level += 1
            if isList {
                line("\(label): [")
                for member in members { line("    \(member),") }
                line("],")
            } else {
                line("\(label): \(argument),")
            }
            line("\(trailing))")
            level -= 1
        }

        /// A parameter's value: an array joined into one text when it has a separator (dates in
        /// RFC 3339, as a single date is), the value itself otherwise.
        private static func queryValue(_ value: String, separator: String?) -> String {
            guard let separator else { return value }
            return "\(value).parameterValue?.text(separator: \(literal(separator)))"
        }

        /// `public var query: Parameters { ["a": a, "b": b] }`, over several lines when it is long.
        private mutating func queryLiteral(_ properties: [EndpointDeclaration.Property]) {
            let items = properties.compactMap { property -> String? in
                guard case .query(let name, let separator) = property.placement else { return nil }
                return "\(literal(name)): \(Self.queryValue(SwiftName.escaped(property.name), separator: separator))"
            }
            let single = "\(access)var query: Parameters { [\(items.joined(separator: ", "))] }"
            if single.count + 4 * level <= 120 {
                line(single)
                return
            }
            block("\(access)var query: Parameters") { writer in
                writer.line("[")
                for item in items { writer.line("    \(item),") }
                writer.line("]")
            }
        }

        mutating func endpointHeaders(_ properties: [EndpointDeclaration.Property]) {
            let headers = properties.compactMap { property -> (String, Bool, EndpointDeclaration.Property)? in
                guard case .header(let name, let asText) = property.placement else { return nil }
                return (name, asText, property)
            }
            guard !headers.isEmpty else { return }
            line()
            line("/// The header parameters; those that are `nil` are not sent.")
            block("\(access)var headers: HTTPHeaders") { writer in
                writer.line("var headers = HTTPHeaders()")
                for (name, asText, property) in headers {
                    let value = SwiftName.escaped(property.name)
                    let expression: String
                    if asText {
                        // Dates in RFC 3339, arrays as OpenAPI's `simple` style: values joined by commas.
                        expression = "\(value).parameterValue?.text()"
                    } else if property.isOptional {
                        expression = "\(value).map { \"\\($0)\" }"
                    } else {
                        expression = "\"\\(\(value))\""
                    }
                    writer.line("headers[\(literal(name))] = \(expression)")
                }
                writer.line("return headers")
            }
        }
    }
#endif
