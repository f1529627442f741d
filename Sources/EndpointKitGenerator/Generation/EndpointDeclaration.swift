#if OpenAPIGenerator
    /// An endpoint struct the generator writes for one operation.
    struct EndpointDeclaration {
        enum Placement {
            case path
            /// With `separator`, an array's values go in one parameter, joined.
            case query(name: String, separator: String?)
            case header(name: String)
            case body
            /// Text or bytes sent as they are, with this `Content-Type`.
            case rawBody(contentType: String)
            /// A field of an `application/x-www-form-urlencoded` body.
            case formField(name: String)
            /// A part of a `multipart/form-data` body: text, or with `isFile`, a `MultipartFile` (or an
            /// array of them) sent with `contentType`, or the type its file or its bytes suggest.
            case multipartPart(name: String, isFile: Bool, contentType: String?)
        }

        struct Property {
            var name: String
            var type: String
            var isOptional: Bool
            var documentation: [String]
            var placement: Placement
        }

        var name: String
        var tag: String
        var documentation: [String]
        /// `GET`, `POST`…, `DELETE, EndpointWithBody`, or `Endpoint` with ``customMethod``.
        var conformance: String
        var customMethod: String?
        var deprecated: Bool
        var responseType: String
        var properties: [Property]
        /// The path as a Swift string literal's contents: `/users/\(segment: username)/repos`.
        var pathLiteral: String
        /// The path as the description writes it: `/users/{username}/repos`.
        var pathTemplate: String
        var errorBodyType: String?
        var nested: [Declaration]
    }
#endif
