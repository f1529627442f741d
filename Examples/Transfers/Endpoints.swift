import EndpointKit
import Foundation

/// `GET /download?size=N`: N bytes from the local fault server (Tests/Servers/fault_server.py).
struct LargeFile: GET {
    typealias ResponseType = Data
    let size: Int
    var path: String { "/download" }
    var query: Parameters { ["size": size] }
}

/// `POST /upload` with a file as multipart form data; the server reads the body as it arrives
/// and answers with what it received.
struct UploadFile: POST {
    struct Receipt: Decodable, JSONObject {
        struct Part: Decodable {
            let name: String?
            let filename: String?
            let bytes: Int
            let sha256: String
        }
        let bytes: Int
        let parts: [Part]
    }
    typealias ResponseType = Receipt
    let file: URL
    let path = "/upload"
    var body: RequestBody { .multipart([.field("purpose", "example"), .file(file, name: "file")]) }
}
