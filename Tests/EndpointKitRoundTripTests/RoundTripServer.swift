import EndpointKit
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// connexion serving the round-trip description in one of its four forms
/// (Tests/Servers/roundtrip-server.sh, started by scripts/test).
struct RoundTripServer: Sendable, CustomTestStringConvertible {
    /// The form's name, as in the environment variable: `V30_YAML`, `V31_JSON`…
    var form: String

    var testDescription: String { form }

    static let forms = ["V30_YAML", "V30_JSON", "V31_YAML", "V31_JSON"].map(RoundTripServer.init(form:))

    /// The form's base URL, from `ROUNDTRIP_<FORM>_URL`.
    var url: URL? {
        ProcessInfo.processInfo.environment["ROUNDTRIP_\(form)_URL"].flatMap { $0.isEmpty ? nil : URL(string: $0) }
    }

    /// Whether any form's URL is set.
    static var isConfigured: Bool { forms.contains { $0.url != nil } }

    /// Whether scripts/test asked for every integration suite to run (a missing URL then fails).
    static var isRequired: Bool {
        let required = ProcessInfo.processInfo.environment["ENDPOINTKIT_REQUIRE_HTTPBIN"] ?? ""
        return !required.isEmpty && required != "0"
    }

    /// A client for this form's base URL that never retries.
    func client() throws -> Client {
        let url = try #require(url, "ROUNDTRIP_\(form)_URL is not set, so this suite would be skipped")
        return Client(baseURL: url) { $0.retryPolicy = .never }
    }
}
