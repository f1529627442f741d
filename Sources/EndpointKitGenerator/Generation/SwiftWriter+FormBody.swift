#if OpenAPIGenerator
    /// The `body` of an endpoint whose request body is `application/x-www-form-urlencoded` or
    /// `multipart/form-data`: its fields are the endpoint's properties.
    extension SwiftWriter {
        /// What one part of a multipart body holds.
        private enum PartKind {
            case text
            /// A `MultipartFile`, or an array of them, with the description's media type if any.
            case file(contentType: String?)
            /// A value's JSON; with `isArray`, one part per element.
            case json(contentType: String, isArray: Bool)
        }

        /// Writes `body` when `endpoint` has form or multipart fields; `false` when it has none.
        mutating func formBody(_ endpoint: EndpointDeclaration) -> Bool {
            var formFields: [String] = []
            var formProperties: [EndpointDeclaration.Property] = []
            var parts: [(name: String, property: EndpointDeclaration.Property, kind: PartKind)] = []
            for property in endpoint.properties {
                switch property.placement {
                case .formField(let name):
                    formFields.append("\(literal(name)): \(SwiftName.escaped(property.name))")
                    formProperties.append(property)
                case .formObject, .formJSON:
                    formProperties.append(property)
                case .multipartPart(let name, let isFile, let contentType):
                    parts.append((name, property, isFile ? .file(contentType: contentType) : .text))
                case .multipartJSON(let name, let contentType, let isArray):
                    parts.append((name, property, .json(contentType: contentType, isArray: isArray)))
                default:
                    continue
                }
            }
            if formFields.count < formProperties.count {
                builtFormBody(formProperties)
                return true
            }
            if !formFields.isEmpty {
                line()
                line("/// The request body: the fields, form-encoded; those that are `nil` are not sent.")
                let single = "\(access)var body: RequestBody { .form([\(formFields.joined(separator: ", "))]) }"
                if 4 * level + single.count <= 120 {
                    line(single)
                } else {
                    block("\(access)var body: RequestBody") { writer in
                        writer.line(".form([")
                        for field in formFields { writer.line("    \(field),") }
                        writer.line("])")
                    }
                }
                return true
            }
            guard !parts.isEmpty else { return false }
            line()
            line(
                "/// The request body: a multipart part for each field, one per array element; `nil` ones are not sent."
            )
            block("\(access)var body: RequestBody") { writer in
                writer.line("var parts: [MultipartPart] = []")
                for (name, property, kind) in parts {
                    let value = "self.\(SwiftName.escaped(property.name))"
                    let arguments: String
                    let append: String
                    let isArray: Bool
                    switch kind {
                    case .text:
                        writer.line("parts += MultipartPart.fields(\(literal(name)), \(value))")
                        continue
                    case .file(let contentType):
                        arguments = "named: \(literal(name)), contentType: \(contentType.map(literal) ?? "nil")"
                        append = "parts.append(file.part(\(arguments)))"
                        isArray = property.type.hasPrefix("[")
                        if !isArray && !property.isOptional {
                            writer.line("parts.append(\(value).part(\(arguments)))")
                            continue
                        }
                    case .json(let contentType, let array):
                        let type = contentType == "application/json" ? "" : ", contentType: \(literal(contentType))"
                        arguments = "name: \(literal(name))\(type)"
                        append = "parts.append(.json(value, \(arguments)))"
                        isArray = array
                        if !isArray && !property.isOptional {
                            writer.line("parts.append(.json(\(value), \(arguments)))")
                            continue
                        }
                    }
                    let local = if case .file = kind { "file" } else { "value" }
                    switch (isArray, property.isOptional) {
                    case (false, _): writer.computed("if let \(local) = \(value)", append)
                    case (true, false): writer.computed("for \(local) in \(value)", append)
                    case (true, true): writer.computed("for \(local) in \(value) ?? []", append)
                    }
                }
                writer.line("return .multipart(parts)")
            }
            return true
        }

        /// A form body with an object field: the fields appended in order, each object's members as
        /// its style says; in a function that may throw when a field is sent as JSON text.
        private mutating func builtFormBody(_ properties: [EndpointDeclaration.Property]) {
            let hasJSON = properties.contains {
                if case .formJSON = $0.placement { return true }
                return false
            }
            line()
            line(
                "/// The request body: the fields, form-encoded (objects as their `encoding` says); `nil` ones are not sent."
            )
            block("\(access)var body: RequestBody") { writer in
                if hasJSON {
                    writer.line(".form {")
                    writer.level += 1
                }
                writer.line("var fields = Parameters()")
                for property in properties {
                    let value = "self.\(SwiftName.escaped(property.name))"
                    switch property.placement {
                    case .formField(let name):
                        writer.line("fields.append(\(value), for: \(literal(name)))")
                    case .formJSON(let name):
                        writer.line("try fields.append(json: \(value), for: \(literal(name)))")
                    case .formObject(let name, let style, let members):
                        writer.appendObject(
                            value, isOptional: property.isOptional, named: name, style: style, members: members,
                            to: "fields")
                    default:
                        continue
                    }
                }
                if hasJSON {
                    writer.line("return fields")
                    writer.level -= 1
                    writer.line("}")
                } else {
                    writer.line("return .form(fields)")
                }
            }
        }
    }
#endif
