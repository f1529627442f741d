#if OpenAPIGenerator
    extension SwiftWriter {
        /// `encode(to:)` for a struct with members that are required but nullable: those are
        /// encoded as `null` when `nil` (the synthesized one would leave them out, and a server
        /// that checks `required` refuses the object); optional members are still left out when
        /// `nil`.
        mutating func encoderWritingNulls(_ properties: [StructDeclaration.Property]) {
            line("/// Encodes every member; those the description requires are `null` when `nil`, not left out.")
            block("\(access)func encode(to encoder: any Encoder) throws") { writer in
                writer.line("var container = encoder.container(keyedBy: CodingKeys.self)")
                for property in properties {
                    let name = SwiftName.escaped(property.name)
                    let method = property.isOptional && !property.encodesNull ? "encodeIfPresent" : "encode"
                    // `self.`: a member may be called `container` or `encoder`.
                    writer.line("try container.\(method)(self.\(name), forKey: .\(name))")
                }
            }
        }
    }
#endif
