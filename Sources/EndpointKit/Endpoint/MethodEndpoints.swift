/// An endpoint read with `GET`.
///
/// <!-- snippet needs: Repository, client -->
/// ```swift
/// struct Repo: GET {
///     typealias ResponseType = Repository
///     let owner: String, name: String
///     var path: String { "/repos/\(owner)/\(name)" }
/// }
/// let repo = try await client.get(Repo(owner: "apple", name: "swift"))
/// ```
public protocol GET: Endpoint {}

extension GET {
    /// `GET`.
    public static var method: HTTPMethod { .get }
}

/// An endpoint called with `POST`; it carries a ``EndpointWithBody/body``.
public protocol POST: EndpointWithBody {}

extension POST {
    /// `POST`.
    public static var method: HTTPMethod { .post }
}

/// An endpoint called with `PUT`; it carries a ``EndpointWithBody/body``.
public protocol PUT: EndpointWithBody {}

extension PUT {
    /// `PUT`.
    public static var method: HTTPMethod { .put }
}

/// An endpoint called with `PATCH`; it carries a ``EndpointWithBody/body``.
public protocol PATCH: EndpointWithBody {}

extension PATCH {
    /// `PATCH`.
    public static var method: HTTPMethod { .patch }
}

/// An endpoint called with `DELETE`.
///
/// Its ``Endpoint/ResponseType`` is often ``NoContent``.
public protocol DELETE: Endpoint {}

extension DELETE {
    /// `DELETE`.
    public static var method: HTTPMethod { .delete }
}
