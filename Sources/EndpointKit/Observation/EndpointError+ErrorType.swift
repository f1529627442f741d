import Foundation

extension EndpointError {
    /// A short name for the kind of failure, with few possible values: what OpenTelemetry's
    /// `error.type` attribute and a metric's dimension want.
    ///
    /// It is the status code for an unacceptable or rate-limited response (`"404"`, `"429"`), and
    /// the case's name otherwise: `"invalidRequest"`, `"authenticationFailed"`,
    /// `"transportFailed"`, `"invalidResponse"`, `"decodingFailed"`, `"timedOut"` or
    /// `"cancelled"`. It never holds a URL, a value or a message.
    ///
    /// <!-- snippet needs: client, UserRepositories -->
    /// ```swift
    /// import Metrics
    ///
    /// do {
    ///     print(try await client.get(UserRepositories()).count)
    /// } catch {
    ///     Counter(label: "api_failures", dimensions: [("error.type", error.errorType)]).increment()
    /// }
    /// ```
    public var errorType: String {
        switch self {
        case .invalidRequest: "invalidRequest"
        case .authenticationFailed: "authenticationFailed"
        case .transportFailed: "transportFailed"
        case .unacceptableStatus(let failure): String(failure.statusCode)
        case .rateLimited(let failure): String(failure.response.statusCode)
        case .invalidResponse: "invalidResponse"
        case .decodingFailed: "decodingFailed"
        case .timedOut: "timedOut"
        case .cancelled: "cancelled"
        }
    }
}
