import EndpointKit
import Foundation

/// The method of a ``ScenarioCall``.
protocol ScenarioMethod: Sendable {
    static var method: HTTPMethod { get }
}

enum ScenarioGET: ScenarioMethod { static var method: HTTPMethod { .get } }
enum ScenarioHEAD: ScenarioMethod { static var method: HTTPMethod { .head } }
enum ScenarioPOST: ScenarioMethod { static var method: HTTPMethod { .post } }
enum ScenarioPUT: ScenarioMethod { static var method: HTTPMethod { .put } }
enum ScenarioDELETE: ScenarioMethod { static var method: HTTPMethod { .delete } }

/// One step's request: any method, the scenario's headers, every status accepted (the cache's
/// decision is what the test compares, not the call's), no retries.
struct ScenarioCall<Method: ScenarioMethod>: Endpoint {
    typealias ResponseType = Data
    static var method: HTTPMethod { Method.method }
    var path: String
    var headers: HTTPHeaders
    var mode: CacheMode
    var options: CallOptions {
        var options = CallOptions(acceptableStatusCodes: [100...599], retryPolicy: .never)
        options.cacheMode = mode
        return options
    }
}
