import EndpointKit
import Foundation

// Asks an OpenAI-compatible chat completions endpoint a question and prints the reply token by
// token, as the Server-Sent Events arrive. scripts/run-examples runs it against
// Examples/Chat/server.py, a local stand-in that streams a canned reply with small delays:
//
//   chat BASE_URL "QUESTION"        (the API key, if any, in OPENAI_API_KEY)

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2, let baseURL = URL(string: arguments[0]) else {
    FileHandle.standardError.write(Data("usage: chat BASE_URL \"QUESTION\"\n".utf8))
    exit(2)
}
let apiKey = ProcessInfo.processInfo.environment["OPENAI_API_KEY"] ?? "local"
let client = Client(baseURL: baseURL, authenticator: .bearer(apiKey)) {
    $0.decoder = .json(keyDecoding: .convertFromSnakeCase)
    $0.timeouts = Timeouts(idle: 30)  // between tokens, not for the whole reply
}

let question = ChatCompletion(model: "local-model", messages: [.init(role: "user", content: arguments[1])])
do {
    var tokens = 0
    let started = Date()
    for try await event in client.stream(question) {
        guard let token = event.data.choices.first?.delta.content else { continue }
        tokens += 1
        FileHandle.standardOutput.write(Data(token.utf8))
    }
    let seconds = Date().timeIntervalSince(started)
    print("\n[\(tokens) tokens in \(String(format: "%.2f", seconds)) s]")
} catch {
    FileHandle.standardError.write(Data("chat: \(error)\n".utf8))
    exit(1)
}
