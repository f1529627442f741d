import Foundation

/// `endpointkit-benchmarks --scenario NAME [options]`: runs one scenario and prints one
/// `RESULT …` line. One scenario per process, so each peak RSS belongs to one scenario; a
/// network scenario `--versus` another prints a line for each (their peak RSS is the process's).
@main
enum Benchmarks {
    static let usage = """
        usage: endpointkit-benchmarks --scenario NAME [--option value …]

        network (a local nginx): urlsession-shared, urlsession-raw, urlsession-endpointkit,
          ahc-raw, ahc-endpointkit, ahc-raw-urlrequest (execute by hand from a URLRequest made per call),
          ahc-raw-delegate (AsyncHTTPClient's delegate API by hand),
          ahc-raw-delegate-request-tls (the same, the CA in each request's tlsConfiguration),
          ahc-endpointkit-request-tls (the TLSPolicy on the transport only, set on each request),
          ahc-endpointkit-minimal-transport (diagnosis: EndpointKit over the least transport),
          ahc-endpointkit-minimal-async-transport (the same over AsyncHTTPClient's async execute)
          the HTTP cache: cache-hit-memory-urlsession, cache-hit-disk-urlsession, cache-hit-memory-ahc,
          cache-hit-disk-ahc (--location max-age; every timed call a fresh hit, nginx sees none),
          cache-miss-memory-urlsession, cache-miss-disk-urlsession, cache-miss-memory-ahc,
          cache-miss-disk-ahc (--location no-store; every call looked up, sent and not stored)
          --base-url URL --status-url URL --payload 2k|1m|empty --expect N --requests N --concurrency N
          [--max-connections N] [--ca PEM] [--http-version automatic|1.1] [--location max-age|no-store]
          [--versus SCENARIO [--blocks N]] (both in one process, in N alternating blocks each)
          (an https --base-url: --ca is the CA AsyncHTTPClient trusts; URLSession trusts the system's)
        generated clients of Sources/IssuesSwiftOpenAPI/openapi.yaml (a local nginx):
          generated-ahc-endpointkit, generated-ahc-swiftopenapi, generated-ahc-swiftopenapi-fastest,
          generated-urlsession-endpointkit, generated-urlsession-swiftopenapi,
          generated-urlsession-swiftopenapi-fastest, generated-ahc-byhand, generated-urlsession-byhand
          the network options, --call list|create (--expect 5 for list, 1 for create)
        decoding: decode-jsondecoder, decode-responsedecoder, decode-client,
          decode-jsonserialization, decode-jsonobject, decode-snake-jsondecoder,
          decode-snake-responsedecoder, decode-concurrent-jsondecoder and decode-concurrent-client
          (32 in flight on every core, over the in-memory transport)
          --fixtures DIR --payload 2k|1m --iterations N
        overhead: overhead-baseline-get, overhead-endpointkit-get, overhead-baseline-post,
          overhead-endpointkit-post, overhead-observed-noop-get, overhead-observed-logging-get,
          overhead-observed-memory-get
          --requests N
        streaming, in process: sse-parse-endpointkit, sse-parse-openapi
          --events N --size BYTES --place main|off
        streaming over loopback (a local nginx): sse-urlsession-raw, sse-urlsession-endpointkit,
          sse-ahc-raw, sse-ahc-endpointkit
          --base-url URL --events N (nginx serves /events-N.sse)
        idle timeout (a silent server of its own): idle-timeout-urlsession, idle-timeout-ahc
          --idle SECONDS --requests N
        rate-limit pacing on the real clock (the rate-limit server, Tests/Servers/ratelimit_server.py):
          ratelimit-pacing, cases ietf (a default Client against an IETF policy of Q per W s),
          mutations (K POSTs at once, the .gitHub profile), primary (a core budget of Q per W s, .gitHub)
          --server-url URL [--case ietf|mutations|primary|all] [--rounds R] [--requests N]
          [--concurrency N] [--quota Q] [--window W] [--mutations K] [--server-log DIR]
        """

    static func main() async {
        do {
            let options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
            let scenario = try options.string("scenario")
            let results: [ScenarioResult]
            if scenario.hasPrefix("sse-parse-") {
                results = [try await StreamParseScenario(name: scenario, options: options).run()]
            } else if scenario.hasPrefix("sse-") {
                results = [try await StreamNetworkScenario(name: scenario, options: options).run()]
            } else if scenario.hasPrefix("idle-timeout-") {
                results = [try await IdleTimeoutScenario(name: scenario, options: options).run()]
            } else if scenario.hasPrefix("decode-") {
                results = [try await DecodeScenario(name: scenario, options: options).run()]
            } else if scenario == "ratelimit-pacing" {
                results = try await RateLimitPacingScenario(options: options).run()
            } else if scenario.hasPrefix("overhead-") {
                results = [try await OverheadScenario(name: scenario, options: options).run()]
            } else {
                results = try await NetworkScenario(name: scenario, options: options).run()
            }
            results.forEach { $0.printLine() }
        } catch let error as UsageError {
            FileHandle.standardError.write(Data("error: \(error)\n\n\(usage)\n".utf8))
            exit(2)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            exit(1)
        }
    }
}
