/// An HTTP request method, such as `GET` or `POST`.
///
/// The set of methods is open: the common ones are static members, and any other token
/// can be written as a string literal.
///
/// ```swift
/// let method: HTTPMethod = .patch
/// let webDAV: HTTPMethod = "PROPFIND"
/// ```
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The method's name as it is sent on the wire, for example `"GET"`.
    public let rawValue: String

    /// Creates a method from its name as it is sent on the wire.
    ///
    /// - Parameter rawValue: The method's name; by convention upper-case.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a method from a string literal, for example `"PROPFIND"`.
    ///
    /// - Parameter value: The method's name.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    /// The method's name.
    public var description: String { rawValue }

    /// `GET`: read a resource.
    public static let get: HTTPMethod = "GET"
    /// `HEAD`: read a resource's headers only.
    public static let head: HTTPMethod = "HEAD"
    /// `POST`: create a resource or trigger an action.
    public static let post: HTTPMethod = "POST"
    /// `PUT`: replace a resource.
    public static let put: HTTPMethod = "PUT"
    /// `PATCH`: change part of a resource.
    public static let patch: HTTPMethod = "PATCH"
    /// `DELETE`: remove a resource.
    public static let delete: HTTPMethod = "DELETE"
    /// `OPTIONS`: ask which methods a resource supports.
    public static let options: HTTPMethod = "OPTIONS"

    /// Whether a request with this method may carry a body.
    ///
    /// `GET` and `HEAD` may not: servers ignore such bodies, and URLSession on Linux fails them
    /// with `URLError(-1103)` (see the Linux Notes article, `LinuxNotes.md`), so EndpointKit refuses them
    /// before sending.
    public var allowsRequestBody: Bool {
        self != .get && self != .head
    }
}
