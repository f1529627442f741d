#if OpenAPIGenerator
    /// The fields of an `application/x-www-form-urlencoded` or `multipart/form-data` request body,
    /// as endpoint properties: text values (strings, numbers, Booleans, dates, enums), arrays of them,
    /// and in a multipart body, files (`MultipartFile`) and arrays of files.
    extension EndpointBuilder {
        /// What a field holds, as far as a form or multipart body is concerned.
        private enum FieldShape {
            case text, texts, file, files, other
        }

        /// The endpoint properties for the fields of a form or multipart body whose schema is
        /// `schema`, and what keeps the body from being sent as the description says.
        mutating func formFields(
            of schema: Schema?, mediaType: String, body: RequestBodyDescription, isMultipart: Bool,
            memberNames: inout NameScope, nested: inout TypeBuilder.Container
        ) throws -> (properties: [EndpointDeclaration.Property], problems: [GeneratorWarning]) {
            let bodyName = isMultipart ? "multipart body" : "form body"
            guard let schema, let object = try types.merged(schema),
                !object.properties.isEmpty || object.additionalProperties == nil
            else {
                let pointer = schema?.pointer ?? body.pointer
                return (
                    [],
                    [
                        GeneratorWarning(
                            "a \(bodyName) that is not an object with properties is not supported", at: pointer)
                    ]
                )
            }
            let encodings = body.content.encodings[mediaType] ?? [:]
            var properties: [EndpointDeclaration.Property] = []
            var problems: [GeneratorWarning] = []
            for (name, field) in object.properties {
                let shape = shape(of: field)
                let encoding = encodings[name]
                let placement: EndpointDeclaration.Placement
                switch (shape, isMultipart) {
                case (.other, _):
                    problems.append(
                        GeneratorWarning(
                            "\(bodyName) field '\(name)' is an object or a choice of types, which is not supported",
                            at: field.pointer))
                    continue
                case (.file, false), (.files, false):
                    problems.append(
                        GeneratorWarning(
                            "form body field '\(name)' is binary, which only a multipart body can send",
                            at: field.pointer))
                    continue
                case (.texts, false)
                where encoding.map({ ($0.style ?? "form") != "form" || $0.explode == false }) == true:
                    problems.append(
                        GeneratorWarning(
                            "form body field '\(name)' is an array encoded other than as repeated fields, which is not supported",
                            at: field.pointer))
                    continue
                case (_, false):
                    placement = .formField(name: name)
                case (.file, true), (.files, true):
                    // One media type, not a list or a range, is the part's; else the file decides.
                    let contentType = encoding?.contentType.flatMap {
                        $0.contains(",") || $0.contains("*") ? nil : $0.trimmingCharacters(in: .whitespaces)
                    }
                    placement = .multipartPart(name: name, isFile: true, contentType: contentType)
                case (_, true):
                    placement = .multipartPart(name: name, isFile: false, contentType: nil)
                }
                let type: String
                switch shape {
                case .file: type = "MultipartFile"
                case .files: type = "[MultipartFile]"
                default: type = try types.typeExpression(for: field, suggestedName: SwiftName.type(name), in: &nested)
                }
                var propertyName = SwiftName.member(name)
                if Self.endpointMembers.contains(propertyName) { propertyName += "Field" }
                properties.append(
                    .init(
                        name: memberNames.claim(propertyName), type: type,
                        isOptional: !body.required || !object.required.contains(name) || types.isNullable(field),
                        documentation: Documentation.lines(
                            title: nil, summary: field.summary, deprecated: field.deprecated),
                        placement: placement))
            }
            return (properties, problems)
        }

        /// What `schema` holds, following references.
        private func shape(of schema: Schema, depth: Int = 0) -> FieldShape {
            switch schema.kind {
            case .reference(let component):
                guard depth < 32, let target = types.document.schemas[component] else { return .other }
                return shape(of: target, depth: depth + 1)
            case .string(let format) where format == "binary": return .file
            case .string, .stringEnum, .integer, .number, .boolean: return .text
            case .array(let items):
                switch shape(of: items, depth: depth + 1) {
                case .text: return .texts
                case .file: return .files
                default: return .other
                }
            case .object, .allOf, .oneOf, .anyOf, .any: return .other
            }
        }
    }
#endif
