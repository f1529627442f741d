#if OpenAPIGenerator
    import Foundation

    /// One operation of an OpenAPI description: a method on a path, with what it takes and answers.
    struct Operation {
        var operationID: String?
        /// Lowercase, as in the description: `get`, `post`…
        var method: String
        var path: String
        var tags: [String]
        var summary: String?
        var details: String?
        var externalDocs: ExternalDocs?
        var deprecated: Bool
        var parameters: [Parameter]
        var requestBody: RequestBodyDescription?
        var responses: [(status: String, response: ResponseDescription)]
        var pointer: JSONPointer
        /// Parts the generator cannot represent; when there are any, the operation is skipped.
        var unsupported: [GeneratorWarning]
    }

    struct ExternalDocs {
        var url: String
        var summary: String?
    }

    struct Parameter {
        enum Location: String {
            case path, query, header, cookie
        }

        var name: String
        var location: Location
        var required: Bool
        var schema: Schema
        var summary: String?
        var deprecated: Bool
        var style: String?
        var explode: Bool?
        /// The media type when the parameter has `content` (a JSON value, say) instead of `schema`.
        var mediaType: String? = nil
        var pointer: JSONPointer
    }

    /// Media types and their schemas, as in a request body's or a response's `content`.
    struct Content {
        var entries: [(mediaType: String, schema: Schema?)] = []
        /// The `encoding` of a form or multipart media type's properties, by media type, then property.
        var encodings: [String: [String: PartEncoding]] = [:]

        /// The first JSON media type (`application/json`, `application/*+json`) and its schema.
        var json: (mediaType: String, schema: Schema?)? {
            entries.first { Content.isJSON($0.mediaType) }
        }

        static func isJSON(_ mediaType: String) -> Bool {
            let essence = essence(of: mediaType)
            return essence == "application/json" || (essence.hasPrefix("application/") && essence.hasSuffix("+json"))
        }

        /// `Text/HTML; charset=utf-8` → `text/html`.
        static func essence(of mediaType: String) -> String {
            mediaType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        }
    }

    /// How one property of a form or multipart body is sent (`encoding` in a media type).
    struct PartEncoding {
        var contentType: String?
        var style: String?
        var explode: Bool?
    }

    struct RequestBodyDescription {
        var required: Bool
        var summary: String?
        var content: Content
        var pointer: JSONPointer
    }

    struct ResponseDescription {
        var summary: String?
        var content: Content
        var pointer: JSONPointer
    }
#endif
