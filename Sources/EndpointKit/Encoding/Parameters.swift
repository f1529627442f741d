/// An ordered list of named parameter values: an endpoint's query, or form fields.
///
/// Write it as a dictionary literal; the order of the literal is kept and a name may repeat.
/// Values are anything ``ParameterValueConvertible``; a `nil` optional is left out.
///
/// <!-- snippet needs: SearchResults -->
/// ```swift
/// struct SearchRepositories: GET {
///     typealias ResponseType = SearchResults
///     let path = "/search/repositories"
///     let since: Date?
///     var query: Parameters { ["q": "swift+nio", "per_page": 50, "archived": false, "since": since] }
/// }
/// ```
public struct Parameters: Sendable, Equatable, ExpressibleByDictionaryLiteral, Sequence {
    /// One named value.
    public struct Item: Sendable, Equatable {
        /// The parameter's name.
        public var name: String
        /// The parameter's value.
        public var value: ParameterValue

        /// Creates a named value.
        ///
        /// - Parameters:
        ///   - name: The parameter's name.
        ///   - value: The parameter's value.
        public init(name: String, value: ParameterValue) {
            self.name = name
            self.value = value
        }
    }

    /// The parameters in order.
    public private(set) var items: [Item]

    /// Creates an empty list.
    public init() {
        items = []
    }

    /// Creates a list from a dictionary literal, keeping its order and leaving out `nil` values.
    ///
    /// - Parameter elements: The names and values.
    public init(dictionaryLiteral elements: (String, any ParameterValueConvertible)...) {
        items = []
        for (name, value) in elements {
            append(value, for: name)
        }
    }

    /// Whether the list has no parameters.
    public var isEmpty: Bool { items.isEmpty }

    /// Adds a value at the end; a `nil` value adds nothing.
    ///
    /// - Parameters:
    ///   - value: The value to add.
    ///   - name: The parameter's name.
    public mutating func append(_ value: some ParameterValueConvertible, for name: String) {
        if let parameterValue = value.parameterValue {
            items.append(Item(name: name, value: parameterValue))
        }
    }

    /// The value of the first parameter with this name, or `nil`.
    ///
    /// - Parameter name: The parameter's name, compared exactly.
    public subscript(name: String) -> ParameterValue? {
        items.first { $0.name == name }?.value
    }

    /// Iterates over the parameters in order.
    public func makeIterator() -> IndexingIterator<[Item]> {
        items.makeIterator()
    }
}
