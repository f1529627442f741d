import EndpointKit
import Foundation

// Downloads and uploads large files with a progress bar, against the local fault server
// (Tests/Servers/fault_server.py, started by scripts/measure-transfers):
//
//   transfers download BASE_URL SIZE_IN_BYTES DESTINATION
//   transfers upload BASE_URL FILE
//
// Neither holds the file in memory: peak memory stays the same whatever the size.

let arguments = Array(CommandLine.arguments.dropFirst())
let usage = "usage: transfers download BASE_URL SIZE DESTINATION | transfers upload BASE_URL FILE"

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("transfers: \(message)\n".utf8))
    exit(1)
}

guard arguments.count >= 3, let baseURL = URL(string: arguments[1]) else { fail(usage) }
let client = Client(baseURL: baseURL) {
    $0.decoder = .json(keyDecoding: .convertFromSnakeCase)
}

do {
    switch arguments[0] {
    case "download" where arguments.count == 4:
        guard let size = Int(arguments[2]) else { fail("SIZE must be a number of bytes") }
        let destination = URL(fileURLWithPath: arguments[3])
        let bar = ProgressBar(label: "download")
        let download = client.downloadTask(LargeFile(size: size), to: destination)
        for await progress in download.progress {
            bar.update(progress)
        }
        let response = try await download.value
        print("downloaded \(size) bytes to \(response.value.path) (status \(response.statusCode))")
    case "upload" where arguments.count == 3:
        let file = URL(fileURLWithPath: arguments[2])
        let bar = ProgressBar(label: "upload  ")
        let receipt = try await client.upload(UploadFile(file: file), progress: bar.update).value
        for part in receipt.parts {
            print("server received part \(part.name ?? "?"): \(part.bytes) bytes, SHA-256 \(part.sha256)")
        }
    default:
        fail(usage)
    }
} catch {
    fail("\(error)")
}
