/// A key or index in a JSON coding path.
public struct JSONCodingKey: CodingKey, Sendable, Hashable, CustomStringConvertible {
    /// The key, or the index as text.
    public let stringValue: String
    /// The index, for an array element.
    public let intValue: Int?

    /// Creates an object key.
    ///
    /// - Parameter key: The key.
    public init(_ key: String) {
        stringValue = key
        intValue = nil
    }

    /// Creates an array index.
    ///
    /// - Parameter index: The index.
    public init(_ index: Int) {
        stringValue = String(index)
        intValue = index
    }

    /// Creates an object key.
    ///
    /// - Parameter stringValue: The key.
    public init(stringValue: String) {
        self.init(stringValue)
    }

    /// Creates an array index.
    ///
    /// - Parameter intValue: The index.
    public init(intValue: Int) {
        self.init(intValue)
    }

    /// The key, or `[index]`.
    public var description: String {
        intValue.map { "[\($0)]" } ?? stringValue
    }

    /// Renders a coding path the way errors show it: `[3].owner.login`.
    ///
    /// - Parameter path: The keys from the top of the body.
    /// - Returns: The path as text; `""` for the top.
    public static func render(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }
}
