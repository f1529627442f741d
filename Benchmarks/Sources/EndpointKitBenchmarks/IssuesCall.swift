import Foundation

/// The call both generated clients of the issues description make, with the same values:
/// `GET /repos/octocat/hello-world/issues?state=open&per_page=5` with an `X-Request-ID` header,
/// which returns 5 issues, or `POST` to the same path with a new issue as JSON, which returns the
/// created one. `Benchmarks/run` has nginx answer both (`issues-5.json`, `issue-created.json`).
enum IssuesCall: String {
    case list
    case create

    static let owner = "octocat"
    static let repository = "hello-world"
    static let pageSize = 5
    /// The same on every measured call, so both sides send headers of the same length.
    static let requestID = "benchmark-request-0001"
    static let newTitle = "Benchmark issue"
    static let newBody = "Steps to reproduce: build in release mode, run the benchmarks, read the table."
    static let newLabels = ["bug", "performance"]
    /// 2026-12-01T12:00:00Z, sent as the new issue's `due_on`.
    static let dueOn = Date(timeIntervalSince1970: 1_796_126_400)

    /// How many issues a call decodes: what the benchmark's `--expect` checks.
    var expectedCount: Int { self == .list ? Self.pageSize : 1 }

    /// The path nginx serves the call on, from the base URL.
    static var path: String { "/repos/\(owner)/\(repository)/issues" }

    /// Where `Benchmarks/run` has nginx read a POST's whole body and log it (`bodies.log`), by
    /// proxying it to ``path``: each contender sends one call there before it is measured, so that
    /// the body each client really sent can be read back.
    static let bodyCheckPrefix = "/body-check"
}
