import EndpointKit
import Foundation
import Logging

// observability: a few calls to the GitHub-like API, traced, metered and logged by EndpointKit's
// observers, exported by swift-otel over OTLP/HTTP to a local receiver (otlp_receiver.py); then
// the tree of spans that the receiver got.
//
//     observability GITHUB_URL TOKEN RECEIVER_URL

guard let arguments = Arguments(Array(CommandLine.arguments.dropFirst())) else {
    FileHandle.standardError.write(Data("\(Arguments.usage)\n".utf8))
    exit(2)
}
do {
    // First: the loggers, tracers and metrics made from here on are swift-otel's.
    let telemetry = try Telemetry(exportingTo: arguments.receiverURL, serviceName: "endpointkit-example")
    let gitHub = Client.observedGitHub(
        baseURL: arguments.gitHubURL, renewingTo: arguments.token, logger: Logger(label: "github"))
    let lines = try await telemetry.run { try await MyRepositories(client: gitHub).list() }
    lines.forEach { print($0) }

    let received = try await Client(baseURL: arguments.receiverURL).get(ReceivedTelemetry())
    print("\nThe OTLP receiver got:")
    print(String(decoding: received, as: UTF8.self), terminator: "")
} catch {
    FileHandle.standardError.write(Data("observability: \(error)\n".utf8))
    exit(1)
}
