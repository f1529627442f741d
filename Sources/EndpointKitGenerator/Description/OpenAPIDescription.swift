#if OpenAPIGenerator
    import Foundation
    import Yams

    /// An OpenAPI 3.0 or 3.1 description, read into what the generator needs.
    ///
    /// It reads YAML with Yams, JSON with ``JSONReader``, and walks the tree itself: every error names
    /// the JSON pointer of what is wrong (and its line, in YAML), and GitHub's 3 MB description is read
    /// in about half a second.
    struct OpenAPIDescription {
        var title: String
        var version: String
        var openAPIVersion: String
        /// Component schemas, by name, and their names in document order.
        var schemas: [String: Schema]
        var schemaNames: [String]
        var operations: [Operation]
        /// Parts of the document the generator skips wherever they are.
        var warnings: [GeneratorWarning]
        /// Webhooks, which the generator skips: requests to the API's clients, not to the API.
        var webhooks: [Webhook] = []
    }

    /// A webhook of the description, with what a filter selects operations by.
    struct Webhook {
        var name: String
        var pointer: JSONPointer
        var tags: [String]
        var operationIDs: [String]
    }

    extension OpenAPIDescription {
        /// Reads a description from the text of a YAML or JSON file: JSON (text that starts with
        /// `{`) as JSON, the rest as YAML.
        ///
        /// - Throws: ``GeneratorError/invalidSyntax(_:)`` or ``GeneratorError/malformedDescription(_:at:line:)``.
        init(text: String) throws {
            if JSONReader.isJSON(text) {
                try self.init(root: DescriptionNode(node: JSONReader.read(text), pointer: .root))
                return
            }
            let root: Node
            do {
                guard let node = try Yams.compose(yaml: text) else {
                    throw GeneratorError.malformedDescription("the file is empty", at: .root, line: nil)
                }
                root = node
            } catch let error as GeneratorError {
                throw error
            } catch {
                throw GeneratorError.invalidSyntax("\(error)")
            }
            try self.init(root: DescriptionNode(node: root, pointer: .root))
        }

        init(root: DescriptionNode) throws {
            guard root.isMapping else {
                throw root.malformed("expected an OpenAPI document (a mapping), found \(root.kindDescription)")
            }
            guard let openAPI = try root.text("openapi") else {
                if root["swagger"] != nil {
                    throw root.malformed("Swagger 2.0 is not supported: convert it to OpenAPI 3 first")
                }
                throw root.malformed("missing 'openapi' (the OpenAPI version, 3.0.x or 3.1.x)")
            }
            guard openAPI.hasPrefix("3.0") || openAPI.hasPrefix("3.1") else {
                throw root["openapi"]!.malformed(
                    "unsupported OpenAPI version '\(openAPI)': 3.0.x and 3.1.x are supported")
            }
            openAPIVersion = openAPI
            guard let info = root["info"] else { throw root.malformed("missing 'info'") }
            title = try info.text("title") ?? ""
            version = try info.text("version") ?? ""
            warnings = []

            let components = try ComponentTable(root["components"])
            schemas = [:]
            schemaNames = []
            for (name, node) in components.schemas {
                schemas[name] = try Schema(parsing: node)
                schemaNames.append(name)
            }

            operations = []
            if let paths = root["paths"] {
                for (path, item) in try paths.entries() {
                    try operations.append(contentsOf: Self.operations(path: path, item: item, components: components))
                }
            }
            if let webhooks = root["webhooks"] {
                for (name, item) in try webhooks.entries() where item.isMapping {
                    var tags: [String] = []
                    var operationIDs: [String] = []
                    for method in Self.methods {
                        guard let operation = item[method], operation.isMapping else { continue }
                        tags += try operation["tags"]?.elements().map { try $0.text() } ?? []
                        if let id = try operation.text("operationId") { operationIDs.append(id) }
                    }
                    self.webhooks.append(
                        Webhook(name: name, pointer: item.pointer, tags: tags, operationIDs: operationIDs))
                }
            }
        }

        private static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

        private static func operations(path: String, item: DescriptionNode, components: ComponentTable) throws
            -> [Operation]
        {
            guard path.hasPrefix("/") else { throw item.malformed("a path must start with '/'") }
            if let reference = try item.text("$ref") {
                throw item.malformed("a path item with '$ref' ('\(reference)') is not supported")
            }
            let shared = try item["parameters"].map { try $0.elements().map { try components.parameter($0) } } ?? []
            var operations: [Operation] = []
            for method in methods {
                guard let node = item[method] else { continue }
                operations.append(
                    try operation(method: method, path: path, node: node, shared: shared, components: components))
            }
            return operations
        }

        private static func operation(
            method: String, path: String, node: DescriptionNode, shared: [Parameter], components: ComponentTable
        ) throws -> Operation {
            var unsupported: [GeneratorWarning] = []
            var parameters = shared
            for element in try node["parameters"]?.elements() ?? [] {
                let parameter = try components.parameter(element)
                parameters.removeAll { $0.name == parameter.name && $0.location == parameter.location }
                parameters.append(parameter)
            }
            for parameter in parameters where parameter.location == .cookie {
                unsupported.append(
                    GeneratorWarning("cookie parameter '\(parameter.name)' is not supported", at: parameter.pointer))
            }
            if let callbacks = node["callbacks"] {
                unsupported.append(GeneratorWarning("callbacks are not supported", at: callbacks.pointer))
            }
            var externalDocs: ExternalDocs?
            if let docs = node["externalDocs"], let url = try docs.text("url") {
                externalDocs = ExternalDocs(url: url, summary: try docs.text("description"))
            }
            var responses: [(String, ResponseDescription)] = []
            for (status, response) in try node["responses"]?.entries() ?? [] {
                responses.append((status, try components.response(response)))
            }
            return Operation(
                operationID: try node.text("operationId"), method: method, path: path,
                tags: try node["tags"]?.elements().map { try $0.text() } ?? [], summary: try node.text("summary"),
                details: try node.text("description"), externalDocs: externalDocs,
                deprecated: try node.flag("deprecated") ?? false, parameters: parameters,
                requestBody: try node["requestBody"].map { try components.requestBody($0) }, responses: responses,
                pointer: node.pointer, unsupported: unsupported)
        }
    }

    /// The reusable parts under `components`, looked up by name when a `$ref` names one.
    private struct ComponentTable {
        var schemas: [(String, DescriptionNode)] = []
        var parameters: [String: DescriptionNode] = [:]
        var responses: [String: DescriptionNode] = [:]
        var requestBodies: [String: DescriptionNode] = [:]

        init(_ components: DescriptionNode?) throws {
            guard let components else { return }
            schemas = try components["schemas"]?.entries() ?? []
            parameters = try Self.table(components["parameters"])
            responses = try Self.table(components["responses"])
            requestBodies = try Self.table(components["requestBodies"])
        }

        private static func table(_ node: DescriptionNode?) throws -> [String: DescriptionNode] {
            guard let node else { return [:] }
            return Dictionary(try node.entries().map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        }

        /// The node a `$ref` to `#/components/SECTION/NAME` names, or the node itself.
        private func resolve(_ node: DescriptionNode, in section: String, _ table: [String: DescriptionNode]) throws
            -> DescriptionNode
        {
            guard let reference = try node.text("$ref") else { return node }
            let prefix = "#/components/\(section)/"
            guard reference.hasPrefix(prefix) else {
                throw node.malformed("expected a reference to '\(prefix)…', found '\(reference)'")
            }
            let name = String(reference.dropFirst(prefix.count)).removingPointerEscapes
            guard let target = table[name] else {
                throw node.malformed("'\(reference)' names no component")
            }
            return target
        }

        func parameter(_ element: DescriptionNode) throws -> Parameter {
            let node = try resolve(element, in: "parameters", parameters)
            guard let name = try node.text("name") else { throw node.malformed("a parameter needs a 'name'") }
            guard let locationText = try node.text("in") else { throw node.malformed("parameter '\(name)' needs 'in'") }
            guard let location = Parameter.Location(rawValue: locationText) else {
                throw node["in"]!.malformed(
                    "'\(locationText)' is not a parameter location (path, query, header, cookie)")
            }
            var schema = Schema(kind: .string(format: nil), pointer: node.pointer)
            var mediaType: String?
            if let schemaNode = node["schema"] {
                schema = try Schema(parsing: schemaNode)
            } else if let content = node["content"], let first = try content.entries().first {
                mediaType = first.key
                if let schemaNode = first.value["schema"] { schema = try Schema(parsing: schemaNode) }
            }
            return Parameter(
                name: name, location: location, required: location == .path ? true : try node.flag("required") ?? false,
                schema: schema, summary: try node.text("description"), deprecated: try node.flag("deprecated") ?? false,
                style: try node.text("style"), explode: try node.flag("explode"), mediaType: mediaType,
                pointer: node.pointer)
        }

        func requestBody(_ element: DescriptionNode) throws -> RequestBodyDescription {
            let node = try resolve(element, in: "requestBodies", requestBodies)
            return RequestBodyDescription(
                required: try node.flag("required") ?? false, summary: try node.text("description"),
                content: try content(node["content"]), pointer: node.pointer)
        }

        func response(_ element: DescriptionNode) throws -> ResponseDescription {
            let node = try resolve(element, in: "responses", responses)
            return ResponseDescription(
                summary: try node.text("description"), content: try content(node["content"]), pointer: node.pointer)
        }

        private func content(_ node: DescriptionNode?) throws -> Content {
            guard let node else { return Content() }
            var content = Content(
                entries: try node.entries().map { mediaType, value in
                    (mediaType, try value["schema"].map { try Schema(parsing: $0) })
                })
            for (mediaType, value) in try node.entries() {
                guard let encoding = value["encoding"] else { continue }
                for (property, part) in try encoding.entries() {
                    content.encodings[mediaType, default: [:]][property] = PartEncoding(
                        contentType: try part.text("contentType"), style: try part.text("style"),
                        explode: try part.flag("explode"))
                }
            }
            return content
        }
    }
#endif
