/// Bytes as lowercase hexadecimal text, two digits a byte: digests in cache keys and file names.
enum HexEncoding {
    private static let digits = Array("0123456789abcdef".utf8)

    /// `bytes` as lowercase hexadecimal, `[0x0f, 0xa0]` as `0fa0`, in one allocation.
    static func lowercase(_ bytes: some Collection<UInt8>) -> String {
        String(
            unsafeUninitializedCapacity: bytes.count * 2,
            initializingUTF8With: { buffer in
                var index = 0
                for byte in bytes {
                    buffer[index] = digits[Int(byte >> 4)]
                    buffer[index + 1] = digits[Int(byte & 0x0f)]
                    index += 2
                }
                return index
            })
    }
}
