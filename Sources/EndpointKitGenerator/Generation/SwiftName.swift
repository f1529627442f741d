#if OpenAPIGenerator
    /// Turns names from a description (`repos/list-for-user`, `total_count`, `+1`, `@type`) into
    /// Swift identifiers that read as a person would have written them.
    enum SwiftName {
        /// `repos/list-for-user` → `ReposListForUser`; `nullable-simple-user` → `NullableSimpleUser`.
        static func type(_ name: String) -> String {
            var result = words(in: name).map { initialisms[$0.lowercased()] ?? capitalizingFirst($0) }.joined()
            if result.isEmpty { result = "Value" }
            if result.first!.isNumber { result = "_" + result }
            if reservedTypeNames.contains(result) { result += "Value" }
            return result
        }

        /// `total_count` → `totalCount`; `+1` → `plus1`; `@type` → `type`; `HTMLURL` → `htmlurl`.
        static func member(_ name: String) -> String {
            let parts = words(in: name)
            guard let first = parts.first else { return "value" }
            var result =
                lowercasingLeadingCapitals(first)
                + parts.dropFirst().map { initialisms[$0.lowercased()] ?? capitalizingFirst($0) }.joined()
            if result.first!.isNumber { result = "_" + result }
            // Names that even backticks cannot make a stored property that an initializer can set.
            if ["self", "Self", "init", "Type", "Protocol"].contains(result) { result += "Value" }
            return result
        }

        /// A member name as it is written in a declaration or an expression: keywords in backticks.
        static func escaped(_ identifier: String) -> String {
            keywords.contains(identifier) ? "`\(identifier)`" : identifier
        }

        /// Words of a name: runs of letters and digits; `+` and `-` at the start read as `plus`, `minus`.
        static func words(in name: String) -> [String] {
            var words: [String] = []
            var current = ""
            for (offset, character) in name.enumerated() {
                if character.isASCII && (character.isLetter || character.isNumber) {
                    current.append(character)
                    continue
                }
                if offset == 0 || current.isEmpty && words.isEmpty {
                    if character == "+" { words.append("plus") } else if character == "-" { words.append("minus") }
                }
                if !current.isEmpty {
                    words.append(current)
                    current = ""
                }
            }
            if !current.isEmpty { words.append(current) }
            return words
        }

        /// Words that the Swift API Design Guidelines write in one case: `html_url` → `htmlURL`,
        /// `node_id` → `nodeID`.
        static let initialisms: [String: String] = [
            "id": "ID", "ids": "IDs", "url": "URL", "urls": "URLs", "uri": "URI", "api": "API", "html": "HTML",
            "json": "JSON", "http": "HTTP", "https": "HTTPS", "ssh": "SSH", "sha": "SHA", "ip": "IP", "uuid": "UUID",
        ]

        private static func capitalizingFirst(_ word: String) -> String {
            word.prefix(1).uppercased() + word.dropFirst()
        }

        /// `URL` → `url`, `HTMLUrl` → `htmlUrl`, `Name` → `name`.
        private static func lowercasingLeadingCapitals(_ word: String) -> String {
            let characters = Array(word)
            var upperRun = 0
            while upperRun < characters.count, characters[upperRun].isUppercase { upperRun += 1 }
            if upperRun <= 1 || upperRun == characters.count {
                return word.prefix(upperRun == characters.count ? upperRun : 1).lowercased()
                    + word.dropFirst(upperRun == characters.count ? upperRun : 1)
            }
            // `HTMLUrl`: keep the capital that starts the next word.
            return String(characters[0..<(upperRun - 1)]).lowercased() + String(characters[(upperRun - 1)...])
        }

        /// Names generated code uses from Swift, Foundation and EndpointKit: a schema that has one
        /// of these names gets `Value` appended, so that it does not hide the original.
        static let reservedTypeNames: Set<String> = [
            "Any", "Array", "Bool", "Codable", "CodingKey", "CodingKeys", "Data", "Date", "Decodable", "Decoder",
            "Dictionary", "Double", "Encodable", "Encoder", "Error", "Float", "Hashable", "Int", "Int64", "JSONObject",
            "JSONValue", "Never", "Optional", "Parameters", "Protocol", "RequestBody", "Result", "Self", "Sendable",
            "Set", "String", "Type", "URL", "UUID", "Void", "CallOptions", "HTTPHeaders", "HTTPMethod", "NoContent",
            "Endpoint", "EndpointKit", "Foundation", "Indirect", "GET", "POST", "PUT", "PATCH", "DELETE",
            "Response", "JSON", "JSONCodingKey", "DecodingError", "MultipartPart", "MultipartFile",
        ]

        static let keywords: Set<String> = [
            "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
            "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
            "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
            "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
            "where", "while", "Any", "as", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
            "await", "async", "Type", "Protocol", "some", "any",
        ]
    }

    /// Hands out names that are unique within one scope, appending 2, 3… to repeats.
    struct NameScope {
        private var taken: Set<String>
        /// Whether `Foo` and `foo` count as the same name, as file names do on macOS.
        private let ignoresCase: Bool

        init(reserving names: Set<String> = [], ignoringCase: Bool = false) {
            ignoresCase = ignoringCase
            taken = ignoringCase ? Set(names.map { $0.lowercased() }) : names
        }

        mutating func claim(_ name: String) -> String {
            var candidate = name
            var counter = 2
            while taken.contains(ignoresCase ? candidate.lowercased() : candidate) {
                candidate = "\(name)\(counter)"
                counter += 1
            }
            taken.insert(ignoresCase ? candidate.lowercased() : candidate)
            return candidate
        }
    }
#endif
