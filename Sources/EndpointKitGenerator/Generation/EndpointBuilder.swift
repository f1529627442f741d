#if OpenAPIGenerator
    import Foundation

    /// Turns an operation into an ``EndpointDeclaration``, or into warnings when it needs something
    /// the generator cannot represent.
    struct EndpointBuilder {
        var types: TypeBuilder
        /// Choices between error body types that several operations share, by name.
        private(set) var errorChoices: [String: Declaration] = [:]
        private(set) var warnings: [GeneratorWarning] = []
        /// Whether an endpoint that was generated sends a multipart body, so the module needs `MultipartFile`.
        private(set) var needsMultipartSupport = false

        init(types: TypeBuilder) {
            self.types = types
        }

        /// Names endpoint properties must not take: the requirements of `Endpoint`.
        static let endpointMembers: Set<String> = [
            "path", "query", "headers", "options", "body", "method", "init", "ResponseType",
        ]

        mutating func endpoint(for operation: Operation, named name: String) throws -> EndpointDeclaration? {
            let typesBefore = types
            var problems = operation.unsupported
            var nested = types.nestedScope(in: name, for: Reachability.schemas(of: operation))
            var memberNames = NameScope(reserving: Self.endpointMembers)
            var properties: [EndpointDeclaration.Property] = []
            var pathNames: [String: String] = [:]

            for parameter in operation.parameters {
                if parameter.location == .cookie { continue }
                if parameter.location == .header,
                    ["accept", "content-type", "authorization"].contains(parameter.name.lowercased())
                {
                    continue  // OpenAPI says these are ignored: EndpointKit and the authenticator set them.
                }
                let placement: EndpointDeclaration.Placement
                let asString: Bool
                switch try decision(for: parameter) {
                case .skip(let reason):
                    problems.append(GeneratorWarning(reason, at: parameter.pointer))
                    pathNames[parameter.name] = parameter.name  // skipped with the operation, so not "undeclared"
                    continue
                case .send(let chosen, let isString):
                    placement = chosen
                    asString = isString
                }
                var propertyName = SwiftName.member(parameter.name)
                if Self.endpointMembers.contains(propertyName) { propertyName += "Parameter" }
                propertyName = memberNames.claim(propertyName)
                if case .path = placement { pathNames[parameter.name] = propertyName }
                // `oneOf: [integer, string]` and the like: any of them is written as text.
                let type =
                    asString
                    ? "String"
                    : try types.typeExpression(
                        for: parameter.schema, suggestedName: SwiftName.type(parameter.name), in: &nested)
                properties.append(
                    .init(
                        name: propertyName, type: type,
                        isOptional: !parameter.required || types.isNullable(parameter.schema),
                        documentation: Documentation.lines(
                            title: nil, summary: parameter.summary, deprecated: parameter.deprecated),
                        placement: placement))
            }

            let pathLiteral: String
            do {
                pathLiteral = try Self.pathLiteral(operation.path, names: pathNames)
            } catch let missing as MissingPathParameter {
                problems.append(
                    GeneratorWarning("path parameter '\(missing.name)' is not declared", at: operation.pointer))
                pathLiteral = ""
            }

            var hasBody = false
            var sendsMultipart = false
            if let body = operation.requestBody {
                if let json = body.content.json {
                    let type =
                        try json.schema.map { try types.typeExpression(for: $0, suggestedName: "Body", in: &nested) }
                        ?? "JSONValue"
                    properties.append(
                        .init(
                            name: memberNames.claim("requestBody"), type: type, isOptional: !body.required,
                            documentation: Documentation.lines(title: nil, summary: body.summary, deprecated: false),
                            placement: .body))
                    hasBody = true
                } else if let first = body.content.entries.first(where: {
                    BodyKind(mediaType: $0.mediaType) != .unsupported
                })
                    ?? body.content.entries.first
                {
                    let kind = BodyKind(mediaType: first.mediaType)
                    switch kind {
                    case .form, .multipart:
                        let fields = try formFields(
                            of: first.schema, mediaType: first.mediaType, body: body, isMultipart: kind == .multipart,
                            memberNames: &memberNames, nested: &nested)
                        properties += fields.properties
                        problems += fields.problems
                        hasBody = true
                        sendsMultipart = kind == .multipart
                    case .text, .binary:
                        let isText = kind == .text
                        properties.append(
                            .init(
                                name: memberNames.claim("requestBody"), type: isText ? "String" : "Data",
                                isOptional: !body.required,
                                documentation: Documentation.lines(
                                    title: nil, summary: body.summary, deprecated: false),
                                placement: .rawBody(
                                    contentType: first.mediaType.contains("*")
                                        ? "application/octet-stream" : first.mediaType)))
                        hasBody = true
                    case .unsupported:
                        problems.append(
                            GeneratorWarning(
                                "request body of type '\(first.mediaType)' is not supported "
                                    + "(JSON, form, multipart, text and binary are)",
                                at: body.pointer))
                    }
                }
            }

            let conformance: String
            var customMethod: String?
            switch operation.method {
            case "get", "delete":
                let protocolName = operation.method.uppercased()
                conformance = hasBody ? "\(protocolName), EndpointWithBody" : protocolName
                if hasBody && operation.method == "get" {
                    problems.append(
                        GeneratorWarning("a GET with a request body is not supported", at: operation.pointer))
                }
            case "post", "put", "patch":
                conformance = operation.method.uppercased()
            default:
                conformance = hasBody ? "EndpointWithBody" : "Endpoint"
                customMethod = operation.method.uppercased()
            }

            guard problems.isEmpty else {
                // Nothing of a skipped operation is kept: not the warnings its types gave.
                types = typesBefore
                let label = operation.operationID ?? "\(operation.method.uppercased()) \(operation.path)"
                warnings.append(
                    contentsOf: problems.map {
                        GeneratorWarning("\($0.message); operation '\(label)' skipped", at: $0.pointer)
                    })
                return nil
            }
            needsMultipartSupport = needsMultipartSupport || sendsMultipart
            // Only now that the operation is known to be generated: its error bodies may register a
            // choice that other operations share.
            let responseType = try successType(of: operation, in: &nested)
            let errorBodyType = try errorType(of: operation, in: &nested)
            var documentation = Documentation.lines(
                title: operation.summary, summary: operation.details, deprecated: false)
            if !documentation.isEmpty { documentation.append("") }
            var reference = "`\(operation.method.uppercased()) \(operation.path)`"
            if let docs = operation.externalDocs {
                reference += " · [\(docs.summary ?? "API documentation")](\(docs.url))"
            }
            documentation.append(reference)
            return EndpointDeclaration(
                name: name, tag: operation.tags.first ?? "default",
                documentation: documentation, conformance: conformance, customMethod: customMethod,
                deprecated: operation.deprecated, responseType: responseType, properties: properties,
                pathLiteral: pathLiteral, pathTemplate: operation.path, errorBodyType: errorBodyType,
                nested: nested.declarations)
        }

        /// How a request body that is not JSON is sent.
        private enum BodyKind {
            case text, binary, form, multipart, unsupported

            init(mediaType: String) {
                let essence = Content.essence(of: mediaType)
                if essence == "application/x-www-form-urlencoded" {
                    self = .form
                } else if essence == "multipart/form-data" {
                    self = .multipart
                } else if essence.hasSuffix("xml") || essence.hasPrefix("multipart/") {
                    self = .unsupported
                } else if essence.hasPrefix("text/") {
                    self = .text
                } else {
                    self = .binary
                }
            }
        }

        private struct MissingPathParameter: Error {
            var name: String
        }

        /// `/users/{username}/repos` → `/users/\(segment: username)/repos`, escaping `\` and `"`.
        private static func pathLiteral(_ path: String, names: [String: String]) throws -> String {
            var literal = ""
            var rest = Substring(path)
            while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                literal += escapeLiteral(rest[..<open])
                let name = String(rest[rest.index(after: open)..<close])
                guard let property = names[name] else { throw MissingPathParameter(name: name) }
                literal += "\\(segment: \(SwiftName.escaped(property)))"
                rest = rest[rest.index(after: close)...]
            }
            return literal + escapeLiteral(rest)
        }

        private static func escapeLiteral(_ text: Substring) -> String {
            text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        }

        // MARK: Responses

        private static func statusOrder(_ status: String) -> Int? {
            if let code = Int(status) { return code }
            if status.count == 3, status.hasSuffix("XX"), let first = Int(status.prefix(1)) { return first * 100 + 99 }
            return nil
        }

        private mutating func successType(of operation: Operation, in nested: inout TypeBuilder.Container) throws
            -> String
        {
            let successes = operation.responses
                .compactMap { entry in Self.statusOrder(entry.status).map { ($0, entry.response) } }
                .filter { (200..<300).contains($0.0) }
                .sorted { $0.0 < $1.0 }
            guard let (_, response) = successes.first(where: { !$0.1.content.entries.isEmpty }) ?? successes.first
            else {
                return "NoContent"
            }
            if let json = response.content.json {
                guard let schema = json.schema else { return "JSONValue" }
                let type = try types.typeExpression(for: schema, suggestedName: "ResponseBody", in: &nested)
                return types.isNullable(schema) ? type + "?" : type
            }
            guard let first = response.content.entries.first else { return "NoContent" }
            return first.mediaType.hasPrefix("text/") ? "String" : "Data"
        }

        private mutating func errorType(of operation: Operation, in nested: inout TypeBuilder.Container) throws
            -> String?
        {
            var schemas: [Schema] = []
            var components: [String] = []
            for (status, response) in operation.responses {
                let isError = status == "default" || (Self.statusOrder(status).map { $0 >= 400 } ?? false)
                guard isError, let schema = response.content.json?.schema else { continue }
                if case .reference(let component) = schema.kind {
                    if components.contains(component) { continue }
                    components.append(component)
                }
                schemas.append(schema)
            }
            guard schemas.count > 1 else {
                return try schemas.first.map {
                    try types.typeExpression(for: $0, suggestedName: "ErrorBody", in: &nested)
                }
            }
            guard components.count == schemas.count else {
                // An inline error body among them: a choice of this endpoint's own.
                return try types.typeExpression(
                    for: Schema(kind: .oneOf(schemas), pointer: operation.pointer.appending("responses")),
                    suggestedName: "ErrorBody", in: &nested)
            }
            // Operations that declare the same error bodies share one choice between them.
            let typeNames = components.map { types.componentTypes[$0] ?? $0 }.sorted()
            let name = typeNames.joined(separator: "Or")
            if errorChoices[name] == nil {
                let members = components.sorted { (types.componentTypes[$0] ?? $0) < (types.componentTypes[$1] ?? $1) }
                    .map { Schema(kind: .reference($0), pointer: .root) }
                var container = TypeBuilder.Container(names: NameScope())
                errorChoices[name] = try types.declaration(
                    named: name,
                    for: Schema(
                        kind: .oneOf(members), summary: "One of the error bodies that an operation declares.",
                        pointer: .root),
                    beside: &container)
            }
            return name
        }
    }
#endif
