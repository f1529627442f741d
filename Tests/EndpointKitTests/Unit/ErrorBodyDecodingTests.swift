import EndpointKit
import EndpointKitTesting
import Foundation
import Testing

/// Which decoder reads an error body, as the documentation says (TeachingEndpointKitAnotherAPI,
/// `APIProfile.errorBodyType`): the call's, the endpoint's own or else the client's.
@Suite("Error bodies: decoded with the call's decoder")
struct ErrorBodyDecodingTests {
    /// GitHub's error body, with a camelCase property for `documentation_url`.
    struct CamelCaseError: Decodable, JSONObject, Equatable {
        let message: String
        let documentationUrl: String
    }

    /// The same body, mapped by hand.
    struct HandMappedError: JSONObject, Equatable {
        let documentationURL: String
        init(json: JSON) throws {
            documentationURL = try json["documentation_url"].decode()
        }
    }

    struct Delete: DELETE {
        typealias ResponseType = NoContent
        let path = "/repos/octocat/hello"
        var options = CallOptions()
    }

    private static let body = #"{"message": "Not Found", "documentation_url": "https://docs.github.com/rest"}"#

    private func failure(
        errorBodyType: any JSONObject.Type, clientDecoder: JSONResponseDecoder, endpoint: Delete = Delete()
    ) async throws -> StatusFailure {
        var endpoint = endpoint
        endpoint.options.errorBodyType = errorBodyType
        let client = Client(baseURL: URL(string: "https://api.example.com")!) {
            $0.decoder = clientDecoder
            $0.retryPolicy = .never
            $0.transport = StubTransport(status: 404, body: Self.body)
        }
        do {
            _ = try await client.delete(endpoint)
        } catch .unacceptableStatus(let failure) {
            return failure
        } catch {
            throw TestFailure("expected an unacceptable status, got \(error)")
        }
        throw TestFailure("expected the call to fail")
    }

    @Test("A camelCase error type decodes a snake_case body only with the client's snake_case setting")
    func camelCaseNeedsTheSnakeCaseSetting() async throws {
        let plain = try await failure(errorBodyType: CamelCaseError.self, clientDecoder: .json)
        #expect(plain.errorBody == nil)
        #expect(plain.response.body == Data(Self.body.utf8))

        let snakeCase = try await failure(
            errorBodyType: CamelCaseError.self, clientDecoder: .json(keyDecoding: .convertFromSnakeCase))
        #expect(
            snakeCase.errorBody(as: CamelCaseError.self)
                == CamelCaseError(message: "Not Found", documentationUrl: "https://docs.github.com/rest"))
    }

    @Test("An endpoint's own decoder decodes its error body instead of the client's")
    func endpointDecoderWins() async throws {
        var snakeCaseEndpoint = Delete()
        snakeCaseEndpoint.options.decoder = JSONResponseDecoder.json(keyDecoding: .convertFromSnakeCase)
        let decoded = try await failure(
            errorBodyType: CamelCaseError.self, clientDecoder: .json, endpoint: snakeCaseEndpoint)
        #expect(decoded.errorBody(as: CamelCaseError.self)?.documentationUrl == "https://docs.github.com/rest")

        var plainEndpoint = Delete()
        plainEndpoint.options.decoder = JSONResponseDecoder.json
        let undecoded = try await failure(
            errorBodyType: CamelCaseError.self, clientDecoder: .json(keyDecoding: .convertFromSnakeCase),
            endpoint: plainEndpoint)
        #expect(undecoded.errorBody == nil)
    }

    @Test("A hand-mapped error type reads the keys as sent, whatever the decoder")
    func handMappedReadsKeysAsSent() async throws {
        for decoder in [JSONResponseDecoder.json, .json(keyDecoding: .convertFromSnakeCase)] {
            let failure = try await failure(errorBodyType: HandMappedError.self, clientDecoder: decoder)
            #expect(failure.errorBody(as: HandMappedError.self)?.documentationURL == "https://docs.github.com/rest")
        }
    }
}
