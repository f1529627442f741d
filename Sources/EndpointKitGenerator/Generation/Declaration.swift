#if OpenAPIGenerator
    /// A Swift type the generator writes: a struct, an open set of strings, a choice between types,
    /// or an alias.
    indirect enum Declaration {
        case structure(StructDeclaration)
        case openEnum(OpenEnumDeclaration)
        case choice(ChoiceDeclaration)
        case alias(name: String, type: String, documentation: [String])

        var name: String {
            switch self {
            case .structure(let declaration): return declaration.name
            case .openEnum(let declaration): return declaration.name
            case .choice(let declaration): return declaration.name
            case .alias(let name, _, _): return name
            }
        }
    }

    /// A `Codable` struct for an object schema.
    struct StructDeclaration {
        struct Property {
            var name: String
            var jsonName: String
            /// The type without the `?` that ``isOptional`` adds.
            var type: String
            var isOptional: Bool
            var documentation: [String]
            /// Stored out of line (`@Indirect`), because the struct would otherwise contain itself.
            var isIndirect = false
            /// Required by the description but nullable: encoded as `null` when `nil`, not left out
            /// (a server that checks `required` refuses the object without it).
            var encodesNull = false
        }

        var name: String
        var documentation: [String]
        var properties: [Property]
        var nested: [Declaration]
    }

    /// A string `enum` as a struct of static values, so that values a server adds later still decode.
    struct OpenEnumDeclaration {
        var name: String
        var documentation: [String]
        var cases: [(name: String, value: String)]
    }

    /// `oneOf` or `anyOf`: an enum with a case per type, and `unknown` for anything else.
    struct ChoiceDeclaration {
        var name: String
        var documentation: [String]
        var cases: [(name: String, type: String)]
        /// Indices into ``cases``, in the order decoding tries them: the most specific first.
        var decodingOrder: [Int]
        /// The property whose value picks the case, and the values that pick each case (by index).
        var discriminator: (propertyName: String, values: [[String]])?
        /// For each case, the members it fixes to one value (`JSONValue` literals, by name), and whether
        /// it requires them: without a discriminator, data that holds another value there (or, for a
        /// required one, nothing) is not that case.
        var constants: [[(name: String, value: String, isRequired: Bool)]] = []
        var nested: [Declaration]
    }
#endif
