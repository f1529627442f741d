import Foundation
import Testing

/// One of the local servers that `scripts/test` starts, as the suites find it: by the variables
/// that its script in Tests/Servers/ exports. Tests/Servers/README.md lists them, with what each
/// serves and the suites that use it.
package struct TestServer: Sendable, CustomTestStringConvertible {
    /// What a note calls it: "the fault server".
    package let name: String
    /// Its script in Tests/Servers/, which starts it and exports ``variables``.
    package let script: String
    /// The variables its suites read.
    package let variables: [String]
    private let isThere: @Sendable () -> Bool

    /// A server that is there when `isThere` says so; by default, when each of `variables` is set
    /// and not empty.
    init(
        _ name: String, script: String, variables: [String], isThere: (@Sendable () -> Bool)? = nil
    ) {
        self.name = name
        self.script = script
        self.variables = variables
        self.isThere = isThere ?? { variables.allSatisfy { TestEnvironment.value($0) != nil } }
    }

    /// Whether it runs, by its variables.
    package var isRunning: Bool { isThere() }

    /// What a skipped suite or a failed environment test says: which variables, and what starts it.
    package var missingNote: String {
        "\(variables.joined(separator: ", ")) not set: run scripts/test, which starts \(name) (Tests/Servers/\(script))"
    }

    package var testDescription: String { name }

    /// Every server that `scripts/test` starts, in the order it starts them.
    package static let all: [TestServer] = [
        .httpbin, .fault, .gitHub, .gitHubApp, .stream, .tls, .faultOverTLS, .streamOverTLS, .gitHubOverTLS, .http2,
        .proxies, .roundTrip, .oauth, .cacheOrigin, .cacheOracle, .rateLimit,
    ]
}
