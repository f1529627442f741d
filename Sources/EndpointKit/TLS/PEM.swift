import Foundation

/// The blocks of a PEM text: `-----BEGIN LABEL-----`, base64, `-----END LABEL-----`.
///
/// EndpointKit's one PEM reader: TLS's certificates and keys, and EndpointKitGitHub's GitHub App
/// keys, are read with it.
package struct PEM: Sendable {
    package struct Block: Sendable {
        /// The label, such as `CERTIFICATE` or `PRIVATE KEY`.
        package var label: String
        /// The decoded bytes between the two lines.
        package var bytes: Data
        /// The block as it was written, begin and end lines included.
        package var text: String
    }

    /// The blocks, in order; text outside them (comments, `Bag Attributes`) is skipped.
    package let blocks: [Block]

    /// Reads `text`.
    ///
    /// - Throws: ``TLSPolicyError/invalidPEM(source:reason:)`` when a block is not closed or its
    ///   base64 does not decode.
    package init(_ text: String, source: String) throws(TLSPolicyError) {
        var blocks: [Block] = []
        var open: (label: String, lines: [String], text: [String])?
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if let label = Self.label(of: line, marker: "BEGIN") {
                guard open == nil else {
                    throw .invalidPEM(source: source, reason: "a BEGIN \(label) line inside an open block")
                }
                open = (label, [], [line])
            } else if let label = Self.label(of: line, marker: "END") {
                guard let block = open, block.label == label else {
                    throw .invalidPEM(source: source, reason: "an END \(label) line without its BEGIN line")
                }
                guard let bytes = Data(base64Encoded: block.lines.joined()), !bytes.isEmpty else {
                    throw .invalidPEM(source: source, reason: "the \(label) block is not valid base64")
                }
                blocks.append(Block(label: label, bytes: bytes, text: (block.text + [line]).joined(separator: "\n")))
                open = nil
            } else if open != nil, !line.isEmpty {
                // Headers of legacy encrypted keys ("Proc-Type: 4,ENCRYPTED") are not base64.
                if line.contains(":") {
                    throw .invalidPEM(
                        source: source, reason: "the \(open!.label) block has headers (\(line)): an encrypted key?")
                }
                open!.lines.append(line)
                open!.text.append(line)
            }
        }
        if let block = open {
            throw .invalidPEM(source: source, reason: "the \(block.label) block has no END line")
        }
        self.blocks = blocks
    }

    private static func label(of line: String, marker: String) -> String? {
        let prefix = "-----\(marker) "
        guard line.hasPrefix(prefix), line.hasSuffix("-----"), line.count > prefix.count + 5 else { return nil }
        return String(line.dropFirst(prefix.count).dropLast(5))
    }

    /// Reads the file at `url`.
    static func contents(of url: URL) throws(TLSPolicyError) -> PEM {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw .unreadableFile(url.path, reason: (error as NSError).localizedDescription)
        }
        return try PEM(text, source: url.lastPathComponent)
    }
}
