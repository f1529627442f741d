import Foundation

/// The environment variables through which `scripts/test` tells the suites where its servers are.
package enum TestEnvironment {
    /// The variable that makes a server that is not there a failure instead of skipped suites
    /// (`scripts/test` sets it): ENDPOINTKIT_REQUIRE_HTTPBIN.
    package static let requiredVariable = "ENDPOINTKIT_REQUIRE_HTTPBIN"

    /// Whether the run asked for every integration suite to run, never to be skipped: the
    /// variable is set, and neither empty nor `0`.
    package static var isRequired: Bool {
        let value = self.value(requiredVariable) ?? ""
        return !value.isEmpty && value != "0"
    }

    /// The variable `name`, or `nil` when it is unset or empty.
    package static func value(_ name: String) -> String? {
        guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else { return nil }
        return value
    }

    /// The variable `name` as a URL, or `nil` when it is unset, empty or not a URL.
    package static func url(_ name: String) -> URL? {
        value(name).flatMap { URL(string: $0) }
    }
}
