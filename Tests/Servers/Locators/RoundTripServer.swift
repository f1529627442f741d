import Foundation
import Testing

/// connexion serving the round-trip description in one of its four forms
/// (Tests/Servers/roundtrip-server.sh), at `ROUNDTRIP_<FORM>_URL`.
package struct RoundTripServer: Sendable, CustomTestStringConvertible {
    /// The form's name, as in the environment variable: `V30_YAML`, `V31_JSON`…
    package var form: String

    package init(form: String) { self.form = form }

    package var testDescription: String { form }

    /// The four forms: OpenAPI 3.0 and 3.1, YAML and JSON.
    package static let forms = ["V30_YAML", "V30_JSON", "V31_YAML", "V31_JSON"].map(RoundTripServer.init(form:))

    /// The variable that holds the form's base URL.
    package var urlVariable: String { "ROUNDTRIP_\(form)_URL" }

    /// The form's base URL, from `ROUNDTRIP_<FORM>_URL`.
    package var url: URL? { TestEnvironment.url(urlVariable) }
}

extension TestServer {
    /// connexion, serving every form.
    package static let roundTrip = TestServer(
        "the round-trip server", script: "roundtrip-server.sh", variables: RoundTripServer.forms.map(\.urlVariable))
}
