import EndpointKit
import Foundation
import Testing

@Suite("FileOAuthTokenStorage leaves no temporary file behind and creates nothing wider than 0600")
struct FileOAuthTokenStorageTests {
    /// `tokens.json` (empty until a save) in a folder of its own, and its storage.
    private static func makeStorage() throws -> (TemporaryFile, FileOAuthTokenStorage) {
        let file = try TemporaryFile(name: "tokens", pathExtension: "json")
        return (file, FileOAuthTokenStorage(url: file.url))
    }

    /// The file's permission bits, by `stat`.
    private static func permissions(of url: URL) throws -> Int {
        var status = stat()
        guard stat(url.path, &status) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return Int(status.st_mode & 0o777)
    }

    /// A file as a killed save leaves it: `.tokens.json.<UUID>.tmp`, here with mode `0644`.
    private static func leaveTemporaryFile(next file: TemporaryFile, holding contents: String) throws -> URL {
        let url = file.sibling(".tokens.json.\(UUID().uuidString).tmp")
        #expect(FileManager.default.createFile(atPath: url.path, contents: Data(contents.utf8)))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)
        return url
    }

    private static let tokens = OAuthTokens(accessToken: AccessToken("a"), refreshToken: "r")

    enum Step: String, CaseIterable, CustomTestStringConvertible {
        case load, save, remove
        var testDescription: String { rawValue }

        func run(on storage: FileOAuthTokenStorage) async throws {
            switch self {
            case .load: _ = try await storage.load()
            case .save: try await storage.save(FileOAuthTokenStorageTests.tokens)
            case .remove: try await storage.remove()
            }
        }
    }

    @Test(
        "Temporary files that killed saves left (with tokens, or empty and 0644) are removed by the next load, save or remove; other files stay",
        arguments: Step.allCases)
    func staleTemporaryFilesAreRemoved(by step: Step) async throws {
        let (file, storage) = try Self.makeStorage()
        try await storage.save(Self.tokens)
        _ = try Self.leaveTemporaryFile(next: file, holding: #"{"access_token":"live"}"#)
        _ = try Self.leaveTemporaryFile(next: file, holding: "")
        let others = [".other.json.\(UUID().uuidString).tmp", ".tokens.json.backup.tmp", "tokens.json.tmp"]
        for name in others {
            #expect(FileManager.default.createFile(atPath: file.sibling(name).path, contents: nil))
        }

        try await step.run(on: storage)

        let kept = others + (step == .remove ? [] : ["tokens.json"])
        #expect(file.directoryContents == kept.sorted())
    }

    @Test("A temporary file that a save in progress holds locked is left alone, and removed once its lock is gone")
    func lockedTemporaryFileIsLeftAlone() async throws {
        let (file, storage) = try Self.makeStorage()
        let inProgress = try Self.leaveTemporaryFile(next: file, holding: "{")
        let descriptor = open(inProgress.path, O_RDONLY)
        #expect(descriptor >= 0)
        #expect(flock(descriptor, LOCK_EX) == 0)

        try await storage.save(Self.tokens)
        #expect(file.directoryContents == [inProgress.lastPathComponent, "tokens.json"])

        close(descriptor)
        #expect(try await storage.load() == Self.tokens)
        #expect(file.directoryContents == ["tokens.json"])
    }

    @Test(
        "Saves killed at any moment leave the old tokens or the new, only 0600 files (umask 022), and no temporary file after the next load"
    )
    func killedSavesLeaveNothingBehind() async throws {
        let (file, storage) = try Self.makeStorage()
        // Most kills land between two saves: kill until 3 landed inside one (a temporary file
        // left), in 30 rounds at least and 400 at most.
        var round = 0
        var insideASave = 0
        while round < 30 || (insideASave < 3 && round < 400) {
            round += 1
            let saves = try await TokenFileWriter.killedWhileSaving(to: file.url, afterSaves: 1 + round % 3)
            // What the killed process left, before anything cleans it.
            for name in file.directoryContents {
                #expect(try Self.permissions(of: file.sibling(name)) == 0o600, "\(name) after round \(round)")
                if name != "tokens.json" { insideASave += 1 }
            }

            let loaded = try #require(try await storage.load(), "round \(round)")
            let number = Int(loaded.accessToken.value.dropFirst("access-".count)) ?? 0
            #expect(number >= saves && loaded.refreshToken == "refresh-\(number)", "round \(round)")
            #expect(file.directoryContents == ["tokens.json"], "round \(round)")
        }
        #expect(insideASave >= 1, "no kill in \(round) landed inside a save: nothing was proved")
    }
}
