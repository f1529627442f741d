import EndpointKit
import Foundation

/// `GET /traces` of otlp_receiver.py: the spans it received, as a tree, then how many metric
/// data points and log records; plain text.
struct ReceivedTelemetry: GET {
    typealias ResponseType = Data
    let path = "/traces"
}
