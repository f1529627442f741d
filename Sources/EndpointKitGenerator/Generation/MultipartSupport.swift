#if OpenAPIGenerator
    /// `MultipartFile`, and the parts a multipart body's fields become, which the generator writes
    /// into a module with an operation whose body is `multipart/form-data`.
    enum MultipartSupport {
        static let path = "Support/MultipartFile.swift"

        /// The file's Swift source, its declarations `access`.
        static func source(access: AccessModifier) -> String {
            let access = access.keyword
            return """
                /// The content of a binary part of a `multipart/form-data` body: a file on disk, or bytes in memory.
                \(access)enum MultipartFile: Sendable, Hashable {
                    /// A file, read while the request is sent rather than loaded whole; the server sees its
                    /// last path component as the file name.
                    case file(URL)
                    /// Bytes in memory, sent with the file name given; the field's name when it is `nil`.
                    case data(Data, filename: String? = nil)

                    /// The part that sends this content as the field `name`, with the description's media
                    /// type when it gives one (else guessed from a file's extension, or
                    /// `application/octet-stream`).
                    func part(named name: String, contentType: String?) -> MultipartPart {
                        switch self {
                        case .file(let url):
                            return .file(url, name: name, contentType: contentType)
                        case .data(let data, let filename):
                            return .data(
                                data, name: name, filename: filename ?? name,
                                contentType: contentType ?? "application/octet-stream")
                        }
                    }
                }

                extension MultipartPart {
                    /// The text parts of a field: one for a value, one per element of an array, none for `nil`;
                    /// values are written as in a form (dates in ISO 8601, Booleans as `true` or `false`).
                    static func fields(_ name: String, _ value: some ParameterValueConvertible) -> [MultipartPart] {
                        func parts(_ value: ParameterValue) -> [MultipartPart] {
                            switch value {
                            case .string(let text): return [.field(name, text)]
                            case .bool(let flag): return [.field(name, flag ? "true" : "false")]
                            case .array(let values): return values.flatMap(parts)
                            }
                        }
                        return value.parameterValue.map(parts) ?? []
                    }
                }

                """
        }
    }
#endif
