#if OpenAPIGenerator
    /// An endpoint struct the generator writes for one operation.
    struct EndpointDeclaration {
        enum Placement {
            case path
            /// With `separator`, an array's values go in one parameter, joined.
            case query(name: String, separator: String?)
            /// An object's members, as OpenAPI's `deepObject` or `form` style writes them.
            case queryObject(name: String, style: ObjectStyle, members: ObjectMembers)
            /// With `asText`, the value is written as its parameter text (a date in RFC 3339, an
            /// array's values joined by commas); otherwise as Swift prints it.
            case header(name: String, asText: Bool)
            case body
            /// Text or bytes sent as they are, with this `Content-Type`.
            case rawBody(contentType: String)
            /// A field of an `application/x-www-form-urlencoded` body.
            case formField(name: String)
            /// An object field of an `application/x-www-form-urlencoded` body, its members written as
            /// the encoding's `style` says.
            case formObject(name: String, style: ObjectStyle, members: ObjectMembers)
            /// A field of an `application/x-www-form-urlencoded` body sent as its JSON text.
            case formJSON(name: String)
            /// A part of a `multipart/form-data` body: text, or with `isFile`, a `MultipartFile` (or an
            /// array of them) sent with `contentType`, or the type its file or its bytes suggest.
            case multipartPart(name: String, isFile: Bool, contentType: String?)
            /// A part of a `multipart/form-data` body that holds a value's JSON, sent with `contentType`;
            /// with `isArray`, one part per element.
            case multipartJSON(name: String, contentType: String, isArray: Bool)
        }

        /// How an object parameter's members are written.
        enum ObjectStyle: Equatable {
            /// `name[member]=value`.
            case deepObject
            /// Exploded: `member=value` each; not exploded: `name=member,value,member,value`.
            case form(explode: Bool)
        }

        /// Where an object parameter's members come from.
        enum ObjectMembers {
            /// A struct's properties: their JSON names and Swift names.
            case properties([(jsonName: String, name: String)])
            /// A dictionary's entries.
            case dictionary
            /// A `JSONValue`: an object's members; any other value as itself.
            case jsonValue
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
