import EndpointKitTesting
import Foundation
import Testing

@testable import EndpointKit

/// The per-attempt stages as the retry loop runs them: an ordered list, prepared first to last
/// and judged last to first, any of which may answer (before sending, or after) or resend.
@Suite("Per-attempt stages: one ordered list, run by the retry loop")
struct AttemptStageTests {
    /// A stage that records what it is asked, and answers as told.
    struct Recording: AttemptStage {
        let name: String
        let log: Locked<[String]>
        var answersBeforeSending = false
        var resendsOnce = false

        func prepare(_ request: inout URLRequest, for call: Call, state: inout AttemptState)
            async throws(EndpointError) -> Preparation
        {
            log.withLock { $0.append("prepare \(name)") }
            request.addValue(name, forHTTPHeaderField: "X-Stages")
            guard answersBeforeSending else { return .send }
            return .answer(
                Attempts.Outcome(response: HTTPResponse(statusCode: 200, body: Data("[]".utf8)), source: .fresh))
        }

        func judge(_ sent: Sent, to request: URLRequest, for call: Call, state: inout AttemptState)
            async throws(EndpointError) -> Verdict
        {
            log.withLock { $0.append("judge \(name)") }
            guard resendsOnce, !state.hasRenewedCredential else { return .pass }
            state.hasRenewedCredential = true
            return .resend
        }
    }

    private func run(_ stages: [any AttemptStage], transport: StubTransport) async throws -> Attempts.Outcome {
        let configuration = Client.Configuration()
        let policy = CallPolicy(CallOptions(), defaults: configuration)
        let call = Call(
            endpoint: UserRepositories.self, method: .get,
            request: URLRequest(url: URL(string: "https://api.example.com/user/repos")!), policy: policy,
            delivery: .whole, deadline: nil, clock: ManualClock().clock)
        let attempts = Attempts(
            call: call, stages: stages, chain: MiddlewareChain(middleware: [], transport: transport), observation: nil)
        return try await attempts.run()
    }

    @Test("The request passes the stages first to last, the response last to first")
    func order() async throws {
        let log = Locked([String]())
        let transport = StubTransport(body: "[]")
        _ = try await run(["a", "b", "c"].map { Recording(name: $0, log: log) }, transport: transport)
        #expect(log.withLock { $0 } == ["prepare a", "prepare b", "prepare c", "judge c", "judge b", "judge a"])
        #expect(await transport.sentRequests.map { $0.value(forHTTPHeaderField: "X-Stages") } == ["a,b,c"])
    }

    @Test(
        "A stage that answers before sending ends the attempt: nothing is sent, the stages before it judge the answer")
    func answerBeforeSending() async throws {
        let log = Locked([String]())
        let transport = StubTransport(body: "[]")
        let stages = [
            Recording(name: "a", log: log), Recording(name: "b", log: log, answersBeforeSending: true),
            Recording(name: "c", log: log),
        ]
        let outcome = try await run(stages, transport: transport)
        #expect(outcome.isFromCache)
        #expect(log.withLock { $0 } == ["prepare a", "prepare b", "judge a"])
        #expect(await transport.sentRequests.isEmpty)
    }

    @Test("A resend prepares the request anew through every stage and sends it again, as the same attempt")
    func resend() async throws {
        let log = Locked([String]())
        let transport = StubTransport(body: "[]")
        let stages = [Recording(name: "a", log: log), Recording(name: "b", log: log, resendsOnce: true)]
        _ = try await run(stages, transport: transport)
        #expect(
            log.withLock { $0 } == [
                "prepare a", "prepare b", "judge b", "prepare a", "prepare b", "judge b", "judge a",
            ])
        #expect(await transport.sentRequests.count == 2)
    }

    @Test(
        "A client's stages, outermost first: status validation, the cache, the authenticator, the rate-limit pacer")
    func clientStages() {
        let unpaced = Client(baseURL: URL(string: "https://api.example.com")!) { $0.rateLimitPolicy = .unpaced }
        #expect(unpaced.pipeline.stages.map { "\(type(of: $0))" } == ["StatusValidationStage"])
        let bare = Client(baseURL: URL(string: "https://api.example.com")!)
        #expect(bare.pipeline.stages.map { "\(type(of: $0))" } == ["StatusValidationStage", "RateLimitPacing"])
        let full = Client(baseURL: URL(string: "https://api.example.com")!, authenticator: .bearer("t")) {
            $0.cache = InMemoryResponseCache()
        }
        #expect(
            full.pipeline.stages.map { "\(type(of: $0))" } == [
                "StatusValidationStage", "ResponseCaching", "RequestAuthentication", "RateLimitPacing",
            ])
    }
}
