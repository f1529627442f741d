import Foundation

/// The pages of a paginated endpoint, fetched one after the other by following each response's
/// `Link: <…>; rel="next"` header (RFC 8288, as GitHub paginates).
///
/// <!-- snippet needs: client, UserRepositories -->
/// ```swift
/// for try await page in client.pages(of: UserRepositories(), maximumPages: 10) {
///     print(page.value.count, page.nextPageURL?.absoluteString ?? "last page")
/// }
/// for try await repository in client.pages(of: UserRepositories()).elements() {
///     print(repository.fullName)
/// }
/// ```
///
/// The first page is the endpoint itself; each next page is the `next` link, sent with the
/// endpoint's headers, decoder and policies. A `next` link to another origin than the client's
/// base URL fails with ``EndpointError/invalidRequest(_:call:)``: credentials never follow it. A
/// `next` link to a page already fetched fails with ``EndpointError/invalidResponse(_:call:)``
/// (``InvalidResponse/repeatedPage(_:linkedFromPage:)``) instead of looping forever. Iteration
/// ends after the page without a `next` link, or after `maximumPages`.
public struct Pages<E: Endpoint>: AsyncSequence, Sendable {
    /// A page: the decoded value with its status, headers and links.
    public typealias Element = Response<E.ResponseType>

    let client: Client
    let endpoint: E
    let maximumPages: Int?

    /// Creates an iterator that fetches the first page on its first call.
    public func makeAsyncIterator() -> Iterator {
        Iterator(pages: self)
    }

    /// Fetches pages one at a time.
    public struct Iterator: AsyncIteratorProtocol {
        private let pages: Pages
        private var nextURL: URL?
        private var fetched = 0
        private var isFinished = false
        /// The URLs of the pages fetched so far, as they answered.
        private var visited: Set<String> = []
        /// The error the next call throws: the last page linked back to a page already fetched.
        private var loop: EndpointError?

        init(pages: Pages) {
            self.pages = pages
        }

        /// The next page, or `nil` after the last one.
        ///
        /// - Throws: ``EndpointError`` when a page fails; iteration then ends.
        public mutating func next() async throws(EndpointError) -> Element? {
            try await next(isolation: nil)
        }

        /// The next page, or `nil` after the last one, for a loop running on `actor`.
        ///
        /// - Parameter actor: The actor the loop runs on.
        /// - Throws: ``EndpointError`` when a page fails; iteration then ends.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(EndpointError) -> Element? {
            guard fetched < pages.maximumPages ?? .max else { return nil }
            if let loop {
                self.loop = nil
                throw loop
            }
            guard !isFinished else { return nil }
            let page: Element
            do {
                if let nextURL {
                    page = try await pages.client.send(NextPage(endpoint: pages.endpoint, url: nextURL))
                } else {
                    page = try await pages.client.send(pages.endpoint)
                }
            } catch {
                isFinished = true
                throw error
            }
            fetched += 1
            let pageURL = page.url ?? nextURL
            if let pageURL { visited.insert(pageURL.absoluteString) }
            nextURL = page.nextPageURL
            isFinished = nextURL == nil
            if let nextURL, visited.contains(nextURL.absoluteString) {
                // This page is returned; the next call reports the loop instead of fetching.
                isFinished = true
                loop = .invalidResponse(
                    .repeatedPage(nextURL, linkedFromPage: fetched),
                    call: CallContext(method: E.method, url: pageURL))
            }
            return page
        }

    }

    /// The elements of every page, in order, for endpoints whose response is an array.
    ///
    /// - Returns: A sequence of elements.
    public func elements<Item>() -> PageElements<E, Item> where E.ResponseType == [Item] {
        PageElements(pages: self)
    }
}

/// The elements of every page of a ``Pages`` sequence, in order.
public struct PageElements<E: Endpoint, Item: JSONObject>: AsyncSequence, Sendable where E.ResponseType == [Item] {
    /// One element of a page.
    public typealias Element = Item

    let pages: Pages<E>

    /// Creates an iterator that fetches pages as it needs them.
    public func makeAsyncIterator() -> Iterator {
        Iterator(pages: pages.makeAsyncIterator())
    }

    /// Fetches a page when the previous one is used up.
    public struct Iterator: AsyncIteratorProtocol {
        private var pages: Pages<E>.Iterator
        private var buffer: [Item] = []
        private var index = 0

        init(pages: Pages<E>.Iterator) {
            self.pages = pages
        }

        /// The next element, or `nil` after the last page.
        ///
        /// - Throws: ``EndpointError`` when a page fails.
        public mutating func next() async throws(EndpointError) -> Item? {
            try await next(isolation: nil)
        }

        /// The next element, or `nil` after the last page, for a loop running on `actor`.
        ///
        /// - Parameter actor: The actor the loop runs on.
        /// - Throws: ``EndpointError`` when a page fails.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(EndpointError) -> Item? {
            while index >= buffer.count {
                guard let page = try await pages.next(isolation: actor) else { return nil }
                buffer = page.value
                index = 0
            }
            defer { index += 1 }
            return buffer[index]
        }

    }
}

extension Client {
    /// The pages of `endpoint`, following `Link` headers' `next` relation.
    ///
    /// - Parameters:
    ///   - endpoint: The first page's endpoint, such as `UserRepositories()` with `per_page`.
    ///   - maximumPages: Stop after this many pages; no limit by default.
    /// - Returns: An asynchronous sequence of pages.
    public func pages<E: GET>(of endpoint: E, maximumPages: Int? = nil) -> Pages<E> {
        Pages(client: self, endpoint: endpoint, maximumPages: maximumPages)
    }
}

/// The page at a `next` link: the original endpoint's method, headers, decoder and policies,
/// with the link's absolute URL (which must be on the client's origin) as its path.
struct NextPage<Base: Endpoint>: Endpoint {
    typealias ResponseType = Base.ResponseType
    static var method: HTTPMethod { Base.method }
    /// The original endpoint's name: every page is a call of the same endpoint.
    static var operationName: String { Base.operationName }
    static var pathTemplate: String? { Base.pathTemplate }

    let endpoint: Base
    let url: URL

    var path: String { url.absoluteString }
    var headers: HTTPHeaders { endpoint.headers }
    var options: CallOptions { endpoint.options }
}
