import Foundation

/// A TCP port on 127.0.0.1 that takes connections and never answers: a listening socket that is
/// never accepted. The kernel completes each handshake into the listen backlog and takes in what
/// the client sends, and nothing ever comes back, so every request to it runs into its idle
/// timeout.
///
/// A connection stays in the backlog until the socket is closed, even after the client gave up
/// on it, so the backlog must hold every connection the scenario opens; a full backlog would drop
/// the next handshakes instead, and delay the connection rather than the answer.
final class SilentServer: Sendable {
    /// The port it listens on, chosen by the system.
    let port: Int
    private let descriptor: Int32

    /// Listens on a free port of 127.0.0.1 with room for `connections` connections.
    init(connections: Int) throws {
        #if os(Linux)
            let maximum = (try? String(contentsOfFile: "/proc/sys/net/core/somaxconn", encoding: .utf8))
                .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            if let maximum, connections > maximum {
                // listen() would shorten the backlog without a word.
                throw UsageError(message: "\(connections) connections exceed net.core.somaxconn (\(maximum))")
            }
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Self.lastError() }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian  // 127.0.0.1
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && listen(descriptor, Int32(connections)) == 0
                    && getsockname(descriptor, address, &length) == 0
            }
        }
        guard listening else {
            let error = Self.lastError()
            close(descriptor)
            throw error
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// Closes the socket, and with it every connection still waiting in the backlog.
    func stop() {
        close(descriptor)
    }

    /// The error of the system call that just failed.
    private static func lastError() -> POSIXError {
        POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
}
