#if OpenAPIGenerator
    /// `Indirect`, which the generator writes into a module whose schemas contain themselves (a
    /// comment with a `parent` comment, say): a struct cannot hold itself, so such a property is
    /// stored out of line. The file is written only when a module needs it.
    enum IndirectSupport {
        static let path = "Support/Indirect.swift"

        /// The file's Swift source, its declarations `access`.
        static func source(access: AccessModifier) -> String {
            let access = access.keyword
            return """
                /// A value stored out of line, so that a struct can hold a value of its own type.
                ///
                /// `@Indirect public var parent: Category?` reads and writes like `Category?`, and is
                /// encoded and decoded as one: a missing key decodes as `nil`, and `nil` is not encoded.
                @propertyWrapper
                \(access)enum Indirect<Value: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
                    /// The value, boxed.
                    indirect case value(Value)

                    /// Stores `wrappedValue` out of line.
                    \(access)init(wrappedValue: Value) {
                        self = .value(wrappedValue)
                    }

                    /// The value.
                    \(access)var wrappedValue: Value {
                        get {
                            switch self {
                            case .value(let value): return value
                            }
                        }
                        set { self = .value(newValue) }
                    }

                    /// Decodes the value itself, with no wrapper around it.
                    \(access)init(from decoder: any Decoder) throws {
                        self = .value(try Value(from: decoder))
                    }

                    /// Encodes the value itself, with no wrapper around it.
                    \(access)func encode(to encoder: any Encoder) throws {
                        try wrappedValue.encode(to: encoder)
                    }
                }

                extension KeyedDecodingContainer {
                    /// A missing key or `null` is `nil`, as for an optional property without the wrapper.
                    \(access)func decode<Wrapped>(_ type: Indirect<Wrapped?>.Type, forKey key: Key) throws -> Indirect<Wrapped?> {
                        Indirect(wrappedValue: try decodeIfPresent(Wrapped.self, forKey: key))
                    }
                }

                extension KeyedEncodingContainer {
                    /// `nil` is left out, as for an optional property without the wrapper.
                    \(access)mutating func encode<Wrapped>(_ value: Indirect<Wrapped?>, forKey key: Key) throws {
                        try encodeIfPresent(value.wrappedValue, forKey: key)
                    }
                }

                """
        }
    }
#endif
