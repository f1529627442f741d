#if OpenAPIGenerator
    /// The fields of an `application/x-www-form-urlencoded` or `multipart/form-data` request body,
    /// as endpoint properties: text values (strings, numbers, Booleans, dates, enums, and choices of
    /// them, held as text), arrays of them, objects, and in a multipart body, files (`MultipartFile`)
    /// and arrays of files.
    extension EndpointBuilder {
        /// What a field holds, as far as a form or multipart body is concerned.
        enum FieldShape {
            case text, texts, file, files
            /// A choice of strings, numbers and Booleans (`anyOf: [string, enum]`): sent as its text.
            case textChoice, textChoices
            /// An object, a dictionary, a choice of other types, or any value.
            case structured
            /// An array of structured values, or of arrays.
            case structuredArray
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
                case (.file, false), (.files, false):
                    problems.append(
                        GeneratorWarning(
                            "form body field '\(name)' is binary, which only a multipart body can send",
                            at: field.pointer))
                    continue
                case (.texts, false), (.textChoices, false):
                    guard encoding.map({ ($0.style ?? "form") != "form" || $0.explode == false }) != true else {
                        problems.append(
                            GeneratorWarning(
                                "form body field '\(name)' is an array encoded other than as repeated fields, "
                                    + "which is not supported",
                                at: field.pointer))
                        continue
                    }
                    placement = .formField(name: name)
                case (.structured, false), (.structuredArray, false):
                    switch try formObjectPlacement(
                        name, field: field, isArray: shape == .structuredArray, encoding: encoding)
                    {
                    case .send(let chosen):
                        placement = chosen
                    case .skip(let reason):
                        problems.append(GeneratorWarning(reason, at: field.pointer))
                        continue
                    }
                case (_, false):
                    placement = .formField(name: name)
                case (.file, true), (.files, true):
                    // One media type, not a list or a range, is the part's; else the file decides.
                    let contentType = encoding?.contentType.flatMap {
                        $0.contains(",") || $0.contains("*") ? nil : $0.trimmingCharacters(in: .whitespaces)
                    }
                    placement = .multipartPart(name: name, isFile: true, contentType: contentType)
                case (.structured, true), (.structuredArray, true):
                    // OpenAPI sends an object part as `application/json` unless its encoding says otherwise.
                    guard let contentType = Self.jsonMediaType(in: encoding?.contentType ?? "application/json") else {
                        problems.append(
                            GeneratorWarning(
                                "multipart body field '\(name)' is an object sent as '\(encoding?.contentType ?? "")', "
                                    + "which is not supported (JSON is)",
                                at: field.pointer))
                        continue
                    }
                    placement = .multipartJSON(
                        name: name, contentType: contentType, isArray: shape == .structuredArray)
                case (_, true):
                    placement = .multipartPart(name: name, isFile: false, contentType: nil)
                }
                let type: String
                switch shape {
                case .file: type = "MultipartFile"
                case .files: type = "[MultipartFile]"
                case .textChoice: type = "String"  // any of its types, written as text
                case .textChoices: type = "[String]"
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
        func shape(of schema: Schema, depth: Int = 0) -> FieldShape {
            switch schema.kind {
            case .reference(let component):
                guard depth < 32, let target = types.document.schemas[component] else { return .structured }
                return shape(of: target, depth: depth + 1)
            case .string(let format) where format == "binary": return .file
            case .string, .stringEnum, .integer, .number, .boolean: return .text
            case .oneOf(let members), .anyOf(let members):
                return members.allSatisfy(isScalar) ? .textChoice : .structured
            case .array(let items):
                switch shape(of: items, depth: depth + 1) {
                case .text: return .texts
                case .file: return .files
                case .textChoice: return .textChoices
                default: return .structuredArray
                }
            case .object, .allOf, .any: return .structured
            }
        }

        /// The JSON media type that `contentType` (an encoding's: one type, a list, or a range)
        /// allows, `application/json` for a range that holds it; `nil` when it allows none.
        static func jsonMediaType(in contentType: String) -> String? {
            let types = contentType.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if let json = types.first(where: Content.isJSON) { return json }
            let ranges = ["*/*", "application/*"]
            return types.contains { ranges.contains(Content.essence(of: $0)) } ? "application/json" : nil
        }
    }
#endif
