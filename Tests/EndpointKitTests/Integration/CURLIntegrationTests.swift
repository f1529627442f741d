import EndpointKit
import Foundation
import Testing

/// Runs shell commands for the cURL tests: `/bin/sh -c command`, stdin empty.
enum Shell {
    static let path = "/bin/sh"
    static let curlPath = "/usr/bin/curl"

    /// What the command wrote to standard output, or a failure naming its status and stderr.
    static func run(_ command: String) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-c", command]
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TestFailure("sh exited with \(process.terminationStatus): \(errorText)")
        }
        return data
    }
}

/// What a cURL command gives curl, as `/bin/sh` parses it: a shell function named `curl`
/// prints its arguments and the bytes piped into it, without any network.
struct ParsedCURLCall {
    static let endOfArguments = "--end-of-arguments--"
    static let fakeCURL =
        #"curl() { for argument do printf '%s\0' "$argument"; done; "#
        + #"printf '%s\0' '\#(endOfArguments)'; cat; }; "#

    var method = "GET"
    var url: String?
    var headers: [String] = []
    var body: Data?

    init(command: String) throws {
        let output = try Shell.run(Self.fakeCURL + command)
        var arguments: [String] = []
        var rest = output[...]
        while let end = rest.firstIndex(of: 0) {
            let argument = String(decoding: rest[..<end], as: UTF8.self)
            rest = rest[rest.index(after: end)...]
            if argument == Self.endOfArguments { break }
            arguments.append(argument)
        }
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "-X": method = iterator.next() ?? ""
            case "--head": method = "HEAD"
            case "--globoff": continue
            case "-H": headers.append(iterator.next() ?? "")
            case "--data-binary":
                let data = iterator.next() ?? ""
                body = data == "@-" ? Data(rest) : Data(data.utf8)
            default: url = argument
            }
        }
    }
}

@Suite("cURL commands through /bin/sh", .enabled(if: FileManager.default.isExecutableFile(atPath: Shell.path)))
struct CURLShellTests {
    @Test("The shell hands curl the request's method, URL, headers and exact body bytes", arguments: CURLCase.all)
    func shellParsesCommand(_ example: CURLCase) throws {
        let request = example.request
        let command = CURLCommand(request, redactingHeaders: example.redactedHeaders).description
        let call = try ParsedCURLCall(command: command)
        #expect(call.method == request.httpMethod)
        #expect(call.body == request.httpBody)
        guard example.sendsSameRequest else { return }
        #expect(call.url == request.url?.absoluteString)
        let headers = (request.allHTTPHeaderFields ?? [:]).map {
            $0.value.isEmpty ? "\($0.key);" : "\($0.key): \($0.value)"
        }
        #expect(call.headers.sorted() == headers.sorted())
    }
}

@Suite(
    "cURL commands against httpbin", .requiresHTTPBin,
    .enabled(if: FileManager.default.isExecutableFile(atPath: Shell.curlPath), "/usr/bin/curl is missing"))
struct CURLIntegrationTests {
    /// `POST /anything?x=a'b` with a header and a body of our choosing.
    struct Anything: POST {
        typealias ResponseType = HTTPBin.Echo
        let path = "/anything"
        var query: Parameters { ["x": "a'b"] }
        var headers: HTTPHeaders { ["X-Debug-Note": #"it's "quoted""#] }
        let body: RequestBody
    }

    /// httpbin's echo of `endpoint` sent by running its cURL command, and sent by the client.
    private func echoes(of endpoint: Anything) async throws -> (curl: HTTPBin.Echo, client: HTTPBin.Echo) {
        let client = Client(baseURL: try #require(HTTPBin.url)) {
            $0.retryPolicy = .never
        }
        let command = try await client.request(for: endpoint).curlCommand()
        let output = try Shell.run(command + " --silent --show-error --max-time 10")
        let viaCURL = try JSONDecoder().decode(HTTPBin.Echo.self, from: output)
        let viaClient = try await client.post(endpoint)
        return (viaCURL, viaClient)
    }

    private func expectSameRequest(_ curl: HTTPBin.Echo, _ client: HTTPBin.Echo) {
        #expect(curl.method == "POST")
        #expect(curl.method == client.method)
        #expect(curl.url == client.url)
        #expect(curl.args == client.args)
        #expect(curl.args["x"] == .string("a'b"))
        #expect(curl.header("X-Debug-Note") == #"it's "quoted""#)
        #expect(curl.header("X-Debug-Note") == client.header("X-Debug-Note"))
        #expect(curl.header("Content-Type") == client.header("Content-Type"))
        #expect(curl.header("Content-Length") == client.header("Content-Length"))
        // Each names itself in User-Agent; URLSession adds Accept-Encoding, Accept-Language and
        // Connection. Every other header is the same.
        let ownHeaders: Set<String> = ["user-agent", "accept-encoding", "accept-language", "connection"]
        let sharedCURLHeaders = curl.headers.filter { !ownHeaders.contains($0.key.lowercased()) }
        let sharedClientHeaders = client.headers.filter { !ownHeaders.contains($0.key.lowercased()) }
        #expect(sharedCURLHeaders == sharedClientHeaders)
    }

    @Test("A JSON body with a single quote and a newline arrives as EndpointKit sends it")
    func textBody() async throws {
        let json = "{\n  \"note\": \"it's\",\n  \"lines\": \"one\\ntwo\"\n}\n"
        let (curl, client) = try await echoes(
            of: Anything(body: .data(Data(json.utf8), contentType: "application/json")))
        expectSameRequest(curl, client)
        #expect(curl.data == json)
        #expect(curl.data == client.data)
    }

    @Test("A binary body arrives byte for byte as EndpointKit sends it")
    func binaryBody() async throws {
        let bytes = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF, 0x27, 0x25, 0x5C, 0x2D])
        let (curl, client) = try await echoes(
            of: Anything(body: .data(bytes, contentType: "application/octet-stream")))
        expectSameRequest(curl, client)
        #expect(try Self.bytes(ofDataURL: curl.data) == bytes)
        #expect(try Self.bytes(ofDataURL: client.data) == bytes)
    }

    /// The bytes of httpbin's `data:application/octet-stream;base64,…` echo of a binary body.
    private static func bytes(ofDataURL text: String?) throws -> Data {
        let text = try #require(text)
        let base64 = try #require(text.split(separator: ",", maxSplits: 1).last)
        return try #require(Data(base64Encoded: String(base64)))
    }
}
