#if OpenAPIGenerator
    import Foundation

    /// Writes declarations as Swift source, four spaces per level, in the order it is given them.
    struct SwiftWriter {
        private(set) var text = ""
        var level = 0
        /// The access level of every declaration written.
        let accessModifier: AccessModifier

        init(accessModifier: AccessModifier = .public) {
            self.accessModifier = accessModifier
        }

        /// What starts a declaration: `public `, `package `, or nothing for `internal`.
        var access: String { accessModifier.keyword }

        mutating func line(_ content: String = "") {
            if content.isEmpty {
                text += "\n"
            } else {
                text += String(repeating: "    ", count: level) + content + "\n"
            }
        }

        /// `public struct Name: A, B, C {` (with the writer's access level),, with the conformances on a second line when they do not fit.
        mutating func typeOpening(
            _ keyword: String, _ name: String, _ conformances: [String], _ body: (inout SwiftWriter) -> Void
        ) {
            let single = "\(access)\(keyword) \(name): \(conformances.joined(separator: ", "))"
            if 4 * level + single.count + 2 <= 120 {
                block(single, body)
                return
            }
            var first = "\(access)\(keyword) \(name):"
            var rest = conformances[...]
            while let next = rest.first, 4 * level + first.count + next.count + 2 <= 120 {
                first += " " + next + (rest.count > 1 ? "," : "")
                rest = rest.dropFirst()
            }
            line(first)
            line("    " + rest.joined(separator: ", "))
            line("{")
            level += 1
            body(&self)
            level -= 1
            line("}")
        }

        mutating func block(_ opening: String, _ body: (inout SwiftWriter) -> Void) {
            line(opening + " {")
            level += 1
            body(&self)
            level -= 1
            line("}")
        }

        // MARK: Types

        mutating func declaration(_ declaration: Declaration) {
            switch declaration {
            case .structure(let structure): self.structure(structure)
            case .openEnum(let openEnum): self.openEnum(openEnum)
            case .choice(let choice): self.choice(choice)
            case .alias(let name, let type, let documentation):
                self.documentation(documentation, fallback: "A value of the API description.")
                line("\(access)typealias \(name) = \(type)")
            }
        }

        private mutating func structure(_ structure: StructDeclaration) {
            documentation(structure.documentation, fallback: "An object of the API description.")
            typeOpening("struct", structure.name, ["Codable", "Hashable", "Sendable", "JSONObject"]) { writer in
                for property in structure.properties {
                    writer.documentation(property.documentation, fallback: "The `\(property.jsonName)` member.")
                    writer.storedProperty(
                        property.name, property.type, isOptional: property.isOptional, isIndirect: property.isIndirect)
                }
                writer.line()
                writer.line("/// A value with the given members; those left out are absent.")
                writer.memberwiseInitializer(structure.properties.map { ($0.name, $0.type, $0.isOptional) })
                let encodesNull = structure.properties.contains(where: \.encodesNull)
                if encodesNull || structure.properties.contains(where: { $0.name != $0.jsonName }) {
                    writer.line()
                    writer.block("private enum CodingKeys: String, CodingKey") { writer in
                        writer.packed(
                            "case ",
                            structure.properties.map { property in
                                let name = SwiftName.escaped(property.name)
                                return property.name == property.jsonName
                                    ? name : "\(name) = \(literal(property.jsonName))"
                            })
                    }
                }
                if encodesNull {
                    writer.line()
                    writer.encoderWritingNulls(structure.properties)
                }
                for nested in structure.nested {
                    writer.line()
                    writer.declaration(nested)
                }
            }
        }

        mutating func memberwiseInitializer(_ properties: [(name: String, type: String, isOptional: Bool)]) {
            guard !properties.isEmpty else {
                line("\(access)init() {}")
                return
            }
            let parameters = properties.map { property in
                "\(SwiftName.escaped(property.name)): \(property.type)\(property.isOptional ? "? = nil" : "")"
            }
            let opening = "\(access)init(\(parameters.joined(separator: ", ")))"
            if properties.count == 1 {
                let name = SwiftName.escaped(properties[0].name)
                let single = "\(opening) { self.\(name) = \(name) }"
                if 4 * level + single.count <= 120 {
                    line(single)
                    return
                }
            }
            if 4 * level + opening.count + 2 <= 120 {
                block(opening) { writer in writer.initializerAssignments(properties) }
                return
            }
            // As swift-format lays out a long parameter list: as many to a line as fit.
            line("\(access)init(")
            level += 1
            packed("", parameters, continuing: true)
            level -= 1
            block(")") { writer in writer.initializerAssignments(properties) }
        }

        private mutating func initializerAssignments(_ properties: [(name: String, type: String, isOptional: Bool)]) {
            for property in properties {
                let name = SwiftName.escaped(property.name)
                line("self.\(name) = \(name)")
            }
        }

        /// `prefix` and the items, separated by commas, over as few lines as fit in 120 columns, each
        /// line starting with `prefix`: `case id, nodeID = "node_id", url`. When `continuing`, the
        /// items are one list (parameters), and every line but the last ends with a comma.
        mutating func packed(_ prefix: String, _ items: [String], continuing: Bool = false) {
            var current = ""
            for item in items {
                if !current.isEmpty, 4 * level + prefix.count + current.count + 2 + item.count + 1 > 120 {
                    line(prefix + current + (continuing ? "," : ""))
                    current = ""
                }
                current += (current.isEmpty ? "" : ", ") + item
            }
            if !current.isEmpty { line(prefix + current) }
        }

        /// `declaration { expression }` on one line, or over three when that is too long.
        mutating func computed(_ declaration: String, _ expression: String) {
            let single = "\(declaration) { \(expression) }"
            if 4 * level + single.count <= 120 {
                line(single)
            } else {
                block(declaration) { $0.line(expression) }
            }
        }

        private mutating func openEnum(_ openEnum: OpenEnumDeclaration) {
            documentation(openEnum.documentation, fallback: "One of a set of strings; values added later decode too.")
            let name = openEnum.name
            let conformances = [
                "RawRepresentable", "Codable", "Hashable", "Sendable", "CustomStringConvertible", "JSONObject",
                "ParameterValueConvertible",
            ]
            typeOpening("struct", name, conformances) { writer in
                for (caseName, value) in openEnum.cases {
                    writer.line("/// `\(value.replacingOccurrences(of: "`", with: "'"))`.")
                    writer.line(
                        "\(writer.access)static let \(SwiftName.escaped(caseName)) = \(name)(rawValue: \(literal(value)))"
                    )
                }
                writer.line()
                writer.line("/// The value as the API writes it.")
                writer.line("\(writer.access)var rawValue: String")
                writer.line("/// A value, known or not.")
                writer.computed("\(writer.access)init(rawValue: String)", "self.rawValue = rawValue")
                writer.line("/// The value as the API writes it.")
                writer.line("\(writer.access)var description: String { rawValue }")
            }
        }

        private mutating func choice(_ choice: ChoiceDeclaration) {
            documentation(choice.documentation, fallback: "One of several types.")
            // A choice with a `String` or an `Int` case can be written as a literal: `title: "Bug"`.
            let literals = [
                ("String", "ExpressibleByStringLiteral", "stringLiteral"),
                ("Int", "ExpressibleByIntegerLiteral", "integerLiteral"),
            ]
            .compactMap { type, conformance, label in
                choice.cases.first { $0.type == type }.map { (conformance, label, type, $0.name) }
            }
            let conformances = ["Codable", "Hashable", "Sendable", "JSONObject"] + literals.map(\.0)
            typeOpening("indirect enum", choice.name, conformances) { writer in
                for (caseName, type) in choice.cases {
                    writer.line("/// \("AEIOU".contains(type.first ?? "x") ? "An" : "A") `\(type)`.")
                    writer.line("case \(SwiftName.escaped(caseName))(\(type))")
                }
                writer.line("/// A value that matches none of the cases above, as it was.")
                writer.line("case unknown(JSONValue)")
                writer.line()
                writer.choiceInitializer(choice)
                writer.line()
                for (_, label, type, caseName) in literals {
                    writer.line("/// The `\(caseName)` case.")
                    let value = "self = .\(SwiftName.escaped(caseName))(value)"
                    writer.computed("\(writer.access)init(\(label) value: \(type))", value)
                    writer.line()
                }
                writer.line("/// The case's value, as it was decoded.")
                writer.block("\(writer.access)func encode(to encoder: any Encoder) throws") { writer in
                    writer.line("var container = encoder.singleValueContainer()")
                    writer.line("switch self {")
                    for (caseName, _) in choice.cases {
                        writer.line("case .\(SwiftName.escaped(caseName))(let value): try container.encode(value)")
                    }
                    writer.line("case .unknown(let value): try container.encode(value)")
                    writer.line("}")
                }
                for nested in choice.nested {
                    writer.line()
                    writer.declaration(nested)
                }
            }
        }

        // MARK: Endpoints

        mutating func endpoint(_ endpoint: EndpointDeclaration) {
            documentation(endpoint.documentation)
            if endpoint.deprecated {
                line("@available(*, deprecated, message: \"Deprecated in the API description.\")")
            }
            block("\(access)struct \(endpoint.name): \(endpoint.conformance)") { writer in
                writer.members(
                    [
                        Member { writer in
                            writer.line("/// The body of a successful response.")
                            writer.line("\(writer.access)typealias ResponseType = \(endpoint.responseType)")
                            if let method = endpoint.customMethod {
                                writer.line("/// The operation's method.")
                                writer.line("\(writer.access)static let method: HTTPMethod = \(literal(method))")
                            }
                        },
                        Member(standsApart: true) { $0.endpointProperties(endpoint.properties) },
                        Member { writer in
                            writer.line("/// The request, from its parameters; optional ones left out are not sent.")
                            writer.memberwiseInitializer(endpoint.properties.map { ($0.name, $0.type, $0.isOptional) })
                        },
                        Member { writer in
                            writer.line("/// The path, each parameter one percent-encoded segment.")
                            writer.computed("\(writer.access)var path: String", "\"\(endpoint.pathLiteral)\"")
                        },
                        Member { writer in
                            writer.line("/// The path as the description writes it, for logs, metrics and traces.")
                            writer.computed(
                                "\(writer.access)static var pathTemplate: String?", literal(endpoint.pathTemplate))
                        },
                        Member { $0.endpointQuery(endpoint.properties) },
                        Member { $0.endpointHeaders(endpoint.properties) },
                        Member { $0.endpointBody(endpoint) },
                        Member { writer in
                            let errorBody = endpoint.errorBodyType.map { ", errorBodyType: \($0).self" } ?? ""
                            writer.documentation([
                                "Decodes with the description's names and ISO 8601 dates, whatever the client's decoder; "
                                    + (endpoint.errorBodyType.map { "errors as `\($0)`." }
                                        ?? "no error body declared.")
                            ])
                            writer.computed(
                                "\(writer.access)var options: CallOptions", "CallOptions(decoder: .json\(errorBody))")
                        },
                    ] + endpoint.nested.map { nested in Member { $0.declaration(nested) } })
            }
        }

        /// The endpoint's parameters and body, as stored properties.
        private mutating func endpointProperties(_ properties: [EndpointDeclaration.Property]) {
            for property in properties {
                let fallback: String
                switch property.placement {
                case .path: fallback = "A path parameter."
                case .query(let name, _), .queryObject(let name, _, _):
                    fallback = "The `\(name)` query parameter."
                case .header(let name, _): fallback = "The `\(name)` header."
                case .body, .rawBody: fallback = "The request body."
                case .formField(let name), .formObject(let name, _, _), .formJSON(let name):
                    fallback = "The `\(name)` field of the form body."
                case .multipartPart(let name, _, _), .multipartJSON(let name, _, _):
                    fallback = "The `\(name)` part of the multipart body."
                }
                documentation(property.documentation, fallback: fallback)
                storedProperty(property.name, property.type, isOptional: property.isOptional)
            }
        }

        /// `public var name: Type?`, with `@Indirect` in front when the value is stored out of line.
        mutating func storedProperty(_ name: String, _ type: String, isOptional: Bool, isIndirect: Bool = false) {
            let declaration = "\(access)var \(SwiftName.escaped(name)): \(type)\(isOptional ? "?" : "")"
            line(isIndirect ? "@Indirect " + declaration : declaration)
        }

        /// `body`: the request body property as JSON, text or bytes; `.empty` for a method that
        /// requires a body when the operation takes none.
        private mutating func endpointBody(_ endpoint: EndpointDeclaration) {
            if formBody(endpoint) { return }
            // The body property, and how its value (an expression) becomes a `RequestBody`.
            let bodies = endpoint.properties.lazy.compactMap {
                property -> (EndpointDeclaration.Property, (String) -> String)? in
                switch property.placement {
                case .body:
                    return (property, { ".json(\($0), encoder: .json)" })
                case .rawBody(let contentType):
                    let data = property.type == "String" ? { "Data(\($0).utf8)" } : { $0 }
                    return (property, { ".data(\(data($0)), contentType: \(literal(contentType)))" })
                default:
                    return nil
                }
            }
            guard let (property, body) = bodies.first else {
                guard ["POST", "PUT", "PATCH"].contains(endpoint.conformance) else { return }
                line()
                line("/// No body: the operation takes none.")
                line("\(access)var body: RequestBody { .empty }")
                return
            }
            let name = SwiftName.escaped(property.name)
            line()
            line("/// The request body, as the description's media type.")
            if property.isOptional {
                computed("\(access)var body: RequestBody", "\(name).map { \(body("$0")) } ?? .empty")
            } else {
                computed("\(access)var body: RequestBody", body(name))
            }
        }
    }

    /// A Swift string literal for `text`.
    func literal(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
#endif
