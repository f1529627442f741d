import EndpointKit
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One call of a generated endpoint against connexion, checked both ways.
enum RoundTrip {
    /// Sends `endpoint` as the generated code builds it and expects connexion to accept it (a
    /// 2xx, not its 400 with the violation, which the failure shows); then calls it again through
    /// the client's whole pipeline, which decodes the served example, and expects the decoded value
    /// to encode back into that example member for member.
    /// - Returns: The decoded value.
    @discardableResult
    static func call<E: Endpoint>(
        _ endpoint: E, on server: RoundTripServer, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> E.ResponseType where E.ResponseType: Encodable {
        let served = try await send(endpoint, on: server, sourceLocation: sourceLocation)
        let value = try await server.client().send(endpoint).value
        let example = try JSONTree(parsing: served)
        let again = try JSONTree(encoding: value)
        let differences = example.differences(from: again)
        #expect(
            differences.isEmpty,
            "\(E.self) on \(server.form): the served example (left) and the decoded value encoded again (right) differ at \(differences.joined(separator: "; "))",
            sourceLocation: sourceLocation)
        return value
    }

    /// Sends `endpoint` as the generated code builds it, and expects connexion to accept it.
    /// - Returns: The response's body.
    @discardableResult
    static func send<E: Endpoint>(
        _ endpoint: E, on server: RoundTripServer, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Data {
        let client = try server.client()
        let request = try await client.request(for: endpoint)
        let response = try await client.transport.send(request)
        #expect(
            (200..<300).contains(response.statusCode),
            "connexion (\(server.form)) refused \(E.self) with \(response.statusCode): \(String(decoding: response.body, as: UTF8.self)); the request was \(request.url?.absoluteString ?? "?") \(request.allHTTPHeaderFields ?? [:])",
            sourceLocation: sourceLocation)
        return response.body
    }

    /// A date in whole seconds (as the examples' are), from its RFC 3339 form.
    static func date(_ text: String) -> Date {
        guard let date = ISO8601DateFormatter().date(from: text) else { preconditionFailure("not a date: \(text)") }
        return date
    }
}
