import EndpointKit
import Foundation

/// `GET` of any path, decoded as `Value`.
struct GetValue<Value: JSONObject>: GET {
    typealias ResponseType = Value
    var path = "/value"
}

/// A test failure with a message, for `throw` in helpers.
struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
