/// The status codes a client or an endpoint treats as success; any other status becomes
/// ``EndpointError/unacceptableStatus(_:)``.
///
/// <!-- snippet needs: url -->
/// ```swift
/// let client = Client(baseURL: url) { $0.acceptableStatusCodes = [200...299, 304...304] }
/// ```
public struct AcceptableStatusCodes: Sendable, Equatable, ExpressibleByArrayLiteral {
    /// The accepted ranges.
    public var ranges: [ClosedRange<Int>]

    /// Creates a set from ranges.
    ///
    /// - Parameter ranges: The accepted ranges.
    public init(_ ranges: [ClosedRange<Int>]) {
        self.ranges = ranges
    }

    /// Creates a set from an array literal of ranges.
    ///
    /// - Parameter elements: The accepted ranges.
    public init(arrayLiteral elements: ClosedRange<Int>...) {
        self.init(elements)
    }

    /// `200...299`, the default.
    public static let successful: AcceptableStatusCodes = [200...299]

    /// Whether `statusCode` is accepted.
    ///
    /// - Parameter statusCode: An HTTP status code.
    /// - Returns: `true` when one of the ranges contains it.
    public func contains(_ statusCode: Int) -> Bool {
        ranges.contains { $0.contains(statusCode) }
    }
}
