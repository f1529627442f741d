import EndpointKit
import Foundation

/// What a ``StubTransport`` answers a matching request with: a response, or an error, possibly
/// after a delay.
///
/// <!-- snippet resources: user.json -->
/// ```swift
/// let transport = StubTransport()
/// await transport.stub(.get, "/user/repos", with: .json([["name": "hello", "full_name": "octocat/hello"]]))
/// await transport.stub(.get, "/user", with: .fixture("user.json", in: .module))
/// await transport.stub(.post, "/repos/o/r/issues", with: .status(422, body: #"{"message": "Validation Failed"}"#))
/// await transport.stub(.get, "/slow", with: .json(["ok": true]).delayed(by: 2))
/// await transport.stub(.get, "/offline", with: .error(URLError(.notConnectedToInternet)))
/// ```
public struct Stub: Sendable {
    enum Outcome: Sendable {
        case response(statusCode: Int, headers: HTTPHeaders, body: Data)
        case failure(any Error)
        case stream(statusCode: Int, headers: HTTPHeaders, parts: [StreamPart])
        case sequence(StubSequence)
    }

    let outcome: Outcome
    /// Seconds to wait before answering; cancelling the request ends the wait.
    public var delay: TimeInterval = 0

    /// A response with these status, headers and body.
    ///
    /// - Parameters:
    ///   - data: The body.
    ///   - statusCode: The status; 200 by default.
    ///   - headers: The headers; none by default.
    /// - Returns: The stub.
    public static func data(_ data: Data, statusCode: Int = 200, headers: HTTPHeaders = [:]) -> Stub {
        Stub(outcome: .response(statusCode: statusCode, headers: headers, body: data))
    }

    /// An `Encodable` value as JSON, with `Content-Type: application/json`.
    ///
    /// - Parameters:
    ///   - value: The body's value.
    ///   - statusCode: The status; 200 by default.
    ///   - headers: More headers.
    ///   - encoder: The encoder; snake_case keys suit GitHub-style models.
    /// - Returns: The stub, or a stub that fails with the encoding error.
    public static func json(
        _ value: some Encodable, statusCode: Int = 200, headers: HTTPHeaders = [:],
        encoder: JSONEncoder = JSONEncoder()
    ) -> Stub {
        do {
            let body = try encoder.encode(value)
            let contentType: HTTPHeaders = ["Content-Type": "application/json"]
            return .data(body, statusCode: statusCode, headers: contentType.merging(headers))
        } catch {
            return .error(error)
        }
    }

    /// A file's contents, such as a JSON fixture in a test bundle, with
    /// `Content-Type: application/json` for `.json` files.
    ///
    /// - Parameters:
    ///   - name: The file name with extension, such as `"repos.json"`; looked up at the bundle's
    ///     top and in a `Fixtures` folder.
    ///   - bundle: The bundle, usually the test target's `Bundle.module`.
    ///   - statusCode: The status; 200 by default.
    ///   - headers: More headers.
    /// - Returns: The stub, or a stub that fails with ``StubError/missingFixture(_:)``.
    public static func fixture(
        _ name: String, in bundle: Bundle, statusCode: Int = 200, headers: HTTPHeaders = [:]
    ) -> Stub {
        let url =
            bundle.url(forResource: name, withExtension: nil)
            ?? bundle.url(forResource: name, withExtension: nil, subdirectory: "Fixtures")
        guard let url, let body = try? Data(contentsOf: url) else {
            return .error(StubError.missingFixture(name))
        }
        let contentType: HTTPHeaders = name.hasSuffix(".json") ? ["Content-Type": "application/json"] : [:]
        return .data(body, statusCode: statusCode, headers: contentType.merging(headers))
    }

    /// A status with an optional text body.
    ///
    /// - Parameters:
    ///   - statusCode: The status, such as 404 or 503.
    ///   - body: The body as UTF-8; empty by default.
    ///   - headers: The headers, such as `Retry-After`.
    /// - Returns: The stub.
    public static func status(_ statusCode: Int, body: String = "", headers: HTTPHeaders = [:]) -> Stub {
        .data(Data(body.utf8), statusCode: statusCode, headers: headers)
    }

    /// A transport failure, such as `URLError(.notConnectedToInternet)`.
    ///
    /// - Parameter error: The error the transport throws.
    /// - Returns: The stub.
    public static func error(_ error: any Error) -> Stub {
        Stub(outcome: .failure(error))
    }

    /// The same stub, answered after `seconds`.
    ///
    /// - Parameter seconds: The delay.
    /// - Returns: The delayed stub.
    public func delayed(by seconds: TimeInterval) -> Stub {
        var delayed = self
        delayed.delay = seconds
        return delayed
    }
}

extension Stub {
    /// The answer to `request`, after the delay: the response, with the request's URL, or the
    /// error.
    func answer(_ request: URLRequest) async throws -> HTTPResponse {
        if delay > 0 {
            try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
        }
        switch outcome {
        case .failure(let error):
            throw error
        case .response(let statusCode, let headers, let body):
            return HTTPResponse(statusCode: statusCode, headers: headers, body: body, url: request.url)
        case .stream(let statusCode, let headers, let parts):
            var body = Data()
            for part in parts {
                switch part.kind {
                case .bytes(let bytes): body.append(bytes)
                case .pause(let seconds): try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
                case .drop(let error): throw error
                }
            }
            return HTTPResponse(statusCode: statusCode, headers: headers, body: body, url: request.url)
        case .sequence(let sequence):
            return try await sequence.next().answer(request)
        }
    }
}

/// Why a ``StubTransport`` could not answer.
public enum StubError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No stub matches the request: the method and path are given.
    case noStub(method: String, path: String)
    /// The fixture file was not found in the bundle.
    case missingFixture(String)

    /// What went wrong.
    public var description: String {
        switch self {
        case .noStub(let method, let path): return "no stub for \(method) \(path)"
        case .missingFixture(let name): return "no fixture named \(name) in the bundle"
        }
    }
}
