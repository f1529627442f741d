import Foundation
import Testing

@testable import EndpointKit

/// EndpointKit's one way to put a finished file in place of another, which the token storage, a
/// download's store and both transports' downloads use.
@Suite("Putting a finished file in place of another")
struct FileReplacementTests {
    @Test("A rename replaces an existing file in one step, and the source is gone")
    func renameReplaces() throws {
        let place = try TemporaryFile(bytes: Array("old".utf8))
        let new = place.sibling("new")
        try Data("new".utf8).write(to: new)
        try FileReplacement.rename(new, over: place.url, durably: true)
        #expect(try Data(contentsOf: place.url) == Data("new".utf8))
        #expect(place.directoryContents == [place.url.lastPathComponent])
    }

    @Test("A rename that fails throws its POSIX error and leaves the source where it was")
    func failedRename() throws {
        let place = try TemporaryFile(bytes: Array("data".utf8))
        let nowhere = place.sibling("missing-folder").appendingPathComponent("file")
        #expect(throws: POSIXError(.ENOENT)) { try FileReplacement.rename(place.url, over: nowhere) }
        #expect(try Data(contentsOf: place.url) == Data("data".utf8))
    }

    @Test("A move puts the file in place of another, across volumes too (/dev/shm to the temporary folder)")
    func moveAcrossVolumes() throws {
        let place = try TemporaryFile(bytes: Array("old".utf8))
        let folder = URL(fileURLWithPath: "/dev/shm", isDirectory: true)
        let source =
            FileManager.default.fileExists(atPath: folder.path)
            ? folder.appendingPathComponent("endpointkit-\(UUID().uuidString)") : place.sibling("source")
        defer { try? FileManager.default.removeItem(at: source) }
        try Data("moved".utf8).write(to: source)
        try FileReplacement.move(source, over: place.url)
        #expect(try Data(contentsOf: place.url) == Data("moved".utf8))
        #expect(!FileManager.default.fileExists(atPath: source.path))
    }
}
