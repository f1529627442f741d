#if OpenAPIGenerator
    /// How a choice (`oneOf`, `anyOf`) decodes: by its discriminator when it has one, else by trying
    /// its types in turn, skipping those whose fixed members the data contradicts.
    extension SwiftWriter {
        mutating func choiceInitializer(_ choice: ChoiceDeclaration) {
            if let discriminator = choice.discriminator {
                discriminatedInitializer(choice, propertyName: discriminator.propertyName, values: discriminator.values)
                return
            }
            let checksConstants = choice.constants.contains { !$0.isEmpty }
            line("/// The first case whose type decodes, trying the types with most required members first;")
            if checksConstants {
                line(
                    "/// a type that fixes a member to one value is tried only when the data holds no other value there;"
                )
            }
            line("/// `unknown` when none does.")
            block("\(access)init(from decoder: any Decoder) throws") { writer in
                writer.line("let container = try decoder.singleValueContainer()")
                if checksConstants { writer.line("let json = JSON(try container.decode(JSONValue.self))") }
                for (position, index) in choice.decodingOrder.enumerated() {
                    let (caseName, type) = choice.cases[index]
                    let constants = index < choice.constants.count ? choice.constants[index] : []
                    let conditions =
                        constants.map { constant in
                            let value = "json[\(literal(constant.name))].value"
                            return constant.isRequired
                                ? "\(value) == \(constant.value)" : "[nil, .null, \(constant.value)].contains(\(value))"
                        }
                        + ["let value = try? container.decode(\(type).self)"]
                    writer.condition(position == 0 ? "if" : "} else if", conditions)
                    writer.line("    self = .\(SwiftName.escaped(caseName))(value)")
                }
                writer.line(choice.cases.isEmpty ? "do {" : "} else {")
                writer.line("    self = .unknown(try container.decode(JSONValue.self))")
                writer.line("}")
            }
        }

        /// `if a, b {`, or with each condition after the first on a line of its own when too long.
        private mutating func condition(_ keyword: String, _ conditions: [String]) {
            let single = "\(keyword) \(conditions.joined(separator: ", ")) {"
            if 4 * level + single.count <= 120 {
                line(single)
                return
            }
            line("\(keyword) \(conditions[0]),")
            for (offset, condition) in conditions.dropFirst().enumerated() {
                line("    " + condition + (offset == conditions.count - 2 ? "" : ","))
            }
            line("{")
        }

        private mutating func discriminatedInitializer(
            _ choice: ChoiceDeclaration, propertyName: String, values: [[String]]
        ) {
            guard values.allSatisfy({ !$0.isEmpty }) else {
                fallbackInitializer(choice, propertyName: propertyName, values: values)
                return
            }
            let known = values.flatMap { $0 }
            line("/// The case that the `\(propertyName)` member names; a value that names none is an error.")
            block("\(access)init(from decoder: any Decoder) throws") { writer in
                writer.line("let key = JSONCodingKey(\(literal(propertyName)))")
                writer.line("let members = try decoder.container(keyedBy: JSONCodingKey.self)")
                writer.line("let container = try decoder.singleValueContainer()")
                writer.line("let value = try members.decode(String.self, forKey: key)")
                writer.line("switch value {")
                for (index, (caseName, type)) in choice.cases.enumerated() where !values[index].isEmpty {
                    writer.line("case \(values[index].map(literal).joined(separator: ", ")):")
                    writer.line("    self = .\(SwiftName.escaped(caseName))(try container.decode(\(type).self))")
                }
                writer.line("default:")
                // The message names the value found, and as many known values as fit on its line.
                let indent = 4 * writer.level + 8
                func message(_ values: [String]) -> String {
                    literal(
                        "\u{0}' is none of the `\(propertyName)` values \(choice.name) knows: "
                            + values.joined(separator: ", ")
                    )
                    .replacingOccurrences(of: "\\u{0}", with: "'\\(value)")
                }
                var shown = known
                var text = message(known)
                while shown.count > 1, indent + "debugDescription: ".count + text.count + 1 > 120 {
                    shown.removeLast()
                    text = message(shown + ["…"])
                }
                writer.line("    throw DecodingError.dataCorruptedError(")
                writer.line("        forKey: key, in: members,")
                writer.line("        debugDescription: \(text))")
                writer.line("}")
            }
        }

        /// A discriminated choice with cases that no value names: the case the value names, else the
        /// first of those cases whose type decodes, in the description's order; `unknown` when none does.
        private mutating func fallbackInitializer(
            _ choice: ChoiceDeclaration, propertyName: String, values: [[String]]
        ) {
            line("/// The case that the `\(propertyName)` member names; when it names none, or is missing, the first")
            line("/// case with no `\(propertyName)` value of its own whose type decodes; `unknown` when none does.")
            block("\(access)init(from decoder: any Decoder) throws") { writer in
                writer.line("let key = JSONCodingKey(\(literal(propertyName)))")
                writer.line("let container = try decoder.singleValueContainer()")
                writer.line("let members = try? decoder.container(keyedBy: JSONCodingKey.self)")
                writer.line("switch try? members?.decodeIfPresent(String.self, forKey: key) {")
                for (index, (caseName, type)) in choice.cases.enumerated() where !values[index].isEmpty {
                    writer.line("case \(values[index].map { literal($0) + "?" }.joined(separator: ", ")):")
                    writer.line("    self = .\(SwiftName.escaped(caseName))(try container.decode(\(type).self))")
                }
                writer.line("default:")
                writer.level += 1
                let fallbacks = choice.cases.indices.filter { values[$0].isEmpty }
                for (position, index) in fallbacks.enumerated() {
                    let (caseName, type) = choice.cases[index]
                    writer.condition(
                        position == 0 ? "if" : "} else if", ["let value = try? container.decode(\(type).self)"])
                    writer.line("    self = .\(SwiftName.escaped(caseName))(value)")
                }
                writer.line("} else {")
                writer.line("    self = .unknown(try container.decode(JSONValue.self))")
                writer.line("}")
                writer.level -= 1
                writer.line("}")
            }
        }
    }
#endif
