import EndpointKit
import Foundation

/// An endpoint with a sample response body, for tests and previews: ``StubTransport/stub(_:)``
/// answers the endpoint with it.
///
/// Declare the conformance in the test target (or a preview-only file), so that the app's
/// endpoints carry no test data:
///
/// <!-- snippet needs: Repository -->
/// ```swift
/// struct MyRepositories: GET {
///     typealias ResponseType = [Repository]
///     let path = "/user/repos"
/// }
///
/// extension MyRepositories: SampleDataProviding {
///     var sampleData: Data { Data(#"[{"name": "sample", "full_name": "octocat/sample"}]"#.utf8) }
/// }
///
/// let transport = StubTransport()
/// await transport.stub(MyRepositories())
/// ```
public protocol SampleDataProviding: Endpoint {
    /// A response body the endpoint could get, such as a fixture's contents.
    var sampleData: Data { get }
}
