extension Parameters {
    /// A list of a dictionary's members, sorted by name so that the query is the same every time.
    ///
    /// Use it with ``append(deepObject:for:)`` or ``append(formObject:explode:for:)`` to send a
    /// dictionary as an object parameter.
    ///
    /// - Parameter members: The names and values; `nil` values are left out.
    public init<Value: ParameterValueConvertible>(_ members: [String: Value]) {
        self.init()
        for name in members.keys.sorted() {
            append(members[name]!, for: name)
        }
    }

    /// Adds an object's members the way OpenAPI's `deepObject` style writes them:
    /// `name[member]=value` for each member, in order.
    ///
    /// ```swift
    /// var query = Parameters()
    /// query.append(deepObject: ["color": "red", "size": 3], for: "filter")
    /// // filter[color]=red&filter[size]=3 (brackets percent-encoded)
    /// ```
    ///
    /// - Parameters:
    ///   - members: The object's members; `nil` members are already left out. With none, nothing
    ///     is added.
    ///   - name: The parameter's name.
    public mutating func append(deepObject members: Parameters, for name: String) {
        for member in members {
            append(member.value, for: "\(name)[\(member.name)]")
        }
    }

    /// Adds an object's members the way OpenAPI's `form` style writes them: exploded, each
    /// member is a parameter of its own (`color=red&size=3`); not exploded, one parameter holds
    /// each member's name and value, comma-separated (`filter=color,red,size,3`).
    ///
    /// ```swift
    /// var query = Parameters()
    /// query.append(formObject: ["from": 1, "to": 9], explode: false, for: "range")   // range=from,1,to,9
    /// ```
    ///
    /// - Parameters:
    ///   - members: The object's members; `nil` members are already left out. With none, nothing
    ///     is added.
    ///   - explode: Whether each member is a parameter of its own (OpenAPI's default for `form`).
    ///   - name: The parameter's name, used when `explode` is `false`.
    public mutating func append(formObject members: Parameters, explode: Bool, for name: String) {
        guard !members.isEmpty else { return }
        if explode {
            for member in members { append(member.value, for: member.name) }
        } else {
            append(members.map { "\($0.name),\($0.value.text())" }.joined(separator: ","), for: name)
        }
    }
}

extension Parameters {
    /// Adds a value as its JSON text, the way OpenAPI sends a form field whose encoding's
    /// `contentType` is `application/json`.
    ///
    /// ```swift
    /// var fields: Parameters = ["name": "Ada"]
    /// try fields.append(json: ["plan": "pro"], for: "metadata")   // metadata={"plan":"pro"}, escaped
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value to encode; `nil` adds nothing.
    ///   - name: The parameter's name.
    ///   - encoder: How the value becomes JSON; ``JSONBodyEncoder``'s defaults (ISO 8601 dates) by default.
    /// - Throws: `EncodingError` when the value cannot be encoded (a `Double.nan`, say).
    public mutating func append(json value: (some Encodable)?, for name: String, encoder: JSONBodyEncoder = .json)
        throws
    {
        guard let value else { return }
        append(String(decoding: try encoder.encodedBody(value), as: UTF8.self), for: name)
    }
}

extension ParameterValue {
    /// The value as one piece of text, the way OpenAPI's `simple` style writes a header and its
    /// delimited styles write a query parameter: a string as it is, a Boolean as `true` or
    /// `false`, an array's elements joined by `separator`.
    ///
    /// A date is already its ISO 8601 text (RFC 3339), so an array of dates is too:
    ///
    /// ```swift
    /// let days = [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 86_400)]
    /// let text = days.parameterValue?.text()   // "1970-01-01T00:00:00Z,1970-01-02T00:00:00Z"
    /// ```
    ///
    /// - Parameter separator: What goes between an array's elements; a comma by default.
    /// - Returns: The text.
    public func text(separator: String = ",") -> String {
        switch self {
        case .string(let string): return string
        case .bool(let bool): return bool ? "true" : "false"
        case .array(let elements): return elements.map { $0.text(separator: separator) }.joined(separator: separator)
        }
    }
}
