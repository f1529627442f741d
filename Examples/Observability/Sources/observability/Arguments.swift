import Foundation

/// The command line: `observability GITHUB_URL TOKEN RECEIVER_URL`.
struct Arguments {
    /// How to call the example.
    static let usage = "usage: observability GITHUB_URL TOKEN RECEIVER_URL"

    /// The GitHub-like API (Tests/Servers/github_server.py), such as `http://127.0.0.1:8080`.
    let gitHubURL: URL
    /// A token that the API accepts.
    let token: String
    /// The OTLP/HTTP receiver (otlp_receiver.py), such as `http://127.0.0.1:4318`.
    let receiverURL: URL

    /// Reads the arguments that follow the program's name, or `nil` when they are not three, or
    /// a URL is not an absolute `http` one.
    init?(_ arguments: [String]) {
        guard arguments.count == 3, let gitHubURL = Self.httpURL(arguments[0]),
            let receiverURL = Self.httpURL(arguments[2]), !arguments[1].isEmpty
        else { return nil }
        self.gitHubURL = gitHubURL
        self.token = arguments[1]
        self.receiverURL = receiverURL
    }

    private static func httpURL(_ text: String) -> URL? {
        guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            return nil
        }
        return url
    }
}
