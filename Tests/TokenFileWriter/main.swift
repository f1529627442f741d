import EndpointKit
import Foundation

// Saves tokens to the file named by its argument with FileOAuthTokenStorage, over and over, under
// umask 022, and prints each save's number once the save returned. The test "A save killed at
// any moment…" (FileOAuthTokenStorageTests) kills it at random points, many times.
guard CommandLine.arguments.count == 2 else {
    try? FileHandle.standardError.write(contentsOf: Data("usage: token-file-writer FILE\n".utf8))
    exit(2)
}
umask(0o022)
let storage = FileOAuthTokenStorage(url: URL(fileURLWithPath: CommandLine.arguments[1]))
var number = 0
while true {
    number += 1
    try await storage.save(
        OAuthTokens(accessToken: AccessToken("access-\(number)"), refreshToken: "refresh-\(number)", scope: nil))
    try FileHandle.standardOutput.write(contentsOf: Data("\(number)\n".utf8))
}
