// A tour of EndpointKit against httpbin (https://httpbin.org or a local one):
//
//     swift run tour http://127.0.0.1:8080
//     HTTPBIN_URL=http://127.0.0.1:8080 swift run tour
//
// Exits with 0 when every step got what it expected, 1 when one did not, 2 without a URL.

import EndpointKit
import Foundation

let argument = CommandLine.arguments.dropFirst().first ?? ProcessInfo.processInfo.environment["HTTPBIN_URL"]
guard let argument, let baseURL = URL(string: argument), baseURL.host != nil else {
    FileHandle.standardError.write(Data("usage: tour HTTPBIN_BASE_URL   (or set HTTPBIN_URL)\n".utf8))
    exit(2)
}

print("EndpointKit tour against \(baseURL.absoluteString)")
let failures = await Tour(baseURL: baseURL).run()
print(failures == 0 ? "\nAll steps passed." : "\n\(failures) step(s) failed.")
exit(failures == 0 ? 0 : 1)
