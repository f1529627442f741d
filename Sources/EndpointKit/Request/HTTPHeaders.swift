/// An ordered list of HTTP header fields whose names compare case-insensitively.
///
/// ```swift
/// var headers: HTTPHeaders = ["Accept": "application/vnd.github+json"]
/// headers["x-github-api-version"] = "2022-11-28"
/// let accept = headers["ACCEPT"]   // "application/vnd.github+json"
/// ```
///
/// A transport builds the headers of its ``HTTPResponse`` from another library's fields with
/// ``add(_:for:)``, which keeps repeated fields (two `Set-Cookie`) in order:
///
/// <!-- snippet needs: url -->
/// ```swift
/// let httpURLResponse = HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: ["ETag": "\"1\""])!
/// var headers = HTTPHeaders()
/// for (name, value) in httpURLResponse.allHeaderFields {
///     headers.add("\(value)", for: "\(name)")
/// }
/// ```
public struct HTTPHeaders: Sendable, Equatable, ExpressibleByDictionaryLiteral, Sequence {
    /// One header field.
    public struct Field: Sendable, Equatable {
        /// The field's name, as it was given.
        public var name: String
        /// The field's value.
        public var value: String

        /// Creates a header field.
        ///
        /// - Parameters:
        ///   - name: The field's name.
        ///   - value: The field's value.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields in order.
    public private(set) var fields: [Field]

    /// Creates an empty list.
    public init() {
        fields = []
    }

    /// Creates a list from fields.
    ///
    /// - Parameter fields: The fields, in order.
    public init(_ fields: [Field]) {
        self.fields = fields
    }

    /// Creates a list from a dictionary literal, keeping its order.
    ///
    /// - Parameter elements: Names and values.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// The value of the first field with this name, compared case-insensitively. Setting it
    /// replaces every field of that name; setting `nil` removes them.
    ///
    /// - Parameter name: The field's name, in any case.
    public subscript(name: String) -> String? {
        get { fields.first { $0.name.equalsIgnoringASCIICase(name) }?.value }
        set {
            fields.removeAll { $0.name.equalsIgnoringASCIICase(name) }
            if let newValue { fields.append(Field(name: name, value: newValue)) }
        }
    }

    /// The values of every field with this name, in order.
    ///
    /// - Parameter name: The field's name, in any case.
    /// - Returns: The values; empty when there is no such field.
    public func values(for name: String) -> [String] {
        fields.filter { $0.name.equalsIgnoringASCIICase(name) }.map(\.value)
    }

    /// Adds a field at the end, keeping fields of the same name.
    ///
    /// - Parameters:
    ///   - value: The field's value.
    ///   - name: The field's name.
    public mutating func add(_ value: String, for name: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Returns this list with `other`'s fields replacing the fields of the same names.
    ///
    /// - Parameter other: The fields that win.
    /// - Returns: The merged list.
    public func merging(_ other: HTTPHeaders) -> HTTPHeaders {
        guard !other.isEmpty else { return self }
        var merged = self
        merged.fields.removeAll { field in other.fields.contains { $0.name.equalsIgnoringASCIICase(field.name) } }
        merged.fields += other.fields
        return merged
    }

    /// Iterates over the fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }
}

extension String {
    /// Whether the two strings are equal when ASCII letters are compared without case, as HTTP
    /// header names are; compares bytes, without allocating.
    func equalsIgnoringASCIICase(_ other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        return zip(utf8, other.utf8).allSatisfy { Self.lowercasedASCII($0) == Self.lowercasedASCII($1) }
    }

    private static func lowercasedASCII(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}
