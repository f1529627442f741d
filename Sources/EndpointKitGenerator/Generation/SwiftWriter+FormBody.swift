#if OpenAPIGenerator
    /// The `body` of an endpoint whose request body is `application/x-www-form-urlencoded` or
    /// `multipart/form-data`: its fields are the endpoint's properties.
    extension SwiftWriter {
        /// Writes `body` when `endpoint` has form or multipart fields; `false` when it has none.
        mutating func formBody(_ endpoint: EndpointDeclaration) -> Bool {
            var formFields: [String] = []
            var parts: [(name: String, property: EndpointDeclaration.Property, isFile: Bool, contentType: String?)] = []
            for property in endpoint.properties {
                switch property.placement {
                case .formField(let name):
                    formFields.append("\(literal(name)): \(SwiftName.escaped(property.name))")
                case .multipartPart(let name, let isFile, let contentType):
                    parts.append((name, property, isFile, contentType))
                default:
                    continue
                }
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
                for (name, property, isFile, contentType) in parts {
                    let value = "self.\(SwiftName.escaped(property.name))"
                    guard isFile else {
                        writer.line("parts += MultipartPart.fields(\(literal(name)), \(value))")
                        continue
                    }
                    let arguments = "named: \(literal(name)), contentType: \(contentType.map(literal) ?? "nil")"
                    let append = "parts.append(file.part(\(arguments)))"
                    let isArray = property.type.hasPrefix("[")
                    switch (isArray, property.isOptional) {
                    case (false, false): writer.line("parts.append(\(value).part(\(arguments)))")
                    case (false, true): writer.computed("if let file = \(value)", append)
                    case (true, false): writer.computed("for file in \(value)", append)
                    case (true, true): writer.computed("for file in \(value) ?? []", append)
                    }
                }
                writer.line("return .multipart(parts)")
            }
            return true
        }
    }
#endif
