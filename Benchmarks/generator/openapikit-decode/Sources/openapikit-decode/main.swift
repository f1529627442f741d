import Foundation
import OpenAPIKit30
import OpenAPIKitCompat
import Yams

// Reads an OpenAPI 3.0 description into OpenAPIKit's model the way a generator built on it would,
// and prints how long each step took. Yams' own decoder fails on GitHub's description (a quoted
// "+1" key is looked up as a number), so the YAML tree goes to JSON and then to JSONDecoder.

func jsonValue(_ node: Node) -> Any {
    switch node {
    case .scalar(let scalar):
        guard scalar.style == .plain else { return scalar.string }
        if let value = Bool.construct(from: scalar) { return value }
        if let value = Int.construct(from: scalar) { return value }
        if let value = Double.construct(from: scalar) { return value }
        if NSNull.construct(from: scalar) != nil { return NSNull() }
        return scalar.string
    case .mapping(let mapping):
        var object: [String: Any] = [:]
        for (key, value) in mapping { object[key.string ?? ""] = jsonValue(value) }
        return object
    case .sequence(let sequence):
        return sequence.map(jsonValue)
    case .alias:
        return NSNull()
    }
}

func seconds(since start: ContinuousClock.Instant) -> String {
    let elapsed = ContinuousClock.now - start
    return String(format: "%.2f s", Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
}

let text = try String(contentsOfFile: CommandLine.arguments[1], encoding: .utf8)
var start = ContinuousClock.now
let node = try Yams.compose(yaml: text)!
print("Yams parse:          \(seconds(since: start))")
start = ContinuousClock.now
let json = try JSONSerialization.data(withJSONObject: jsonValue(node))
print("tree to JSON:        \(seconds(since: start))")
start = ContinuousClock.now
let document = try JSONDecoder().decode(OpenAPIKit30.OpenAPI.Document.self, from: json)
print("OpenAPIKit decoding: \(seconds(since: start))")
start = ContinuousClock.now
let converted = document.convert(to: .v3_1_1)
print("3.0 to 3.1:          \(seconds(since: start))")
print("\(converted.allOperationIds.count) operations, \(converted.components.schemas.count) schemas")
