/// Checks header names and values before they go anywhere near the wire.
///
/// URLSession on Linux drops a value with CR/LF/NUL set through `setValue(_:forHTTPHeaderField:)`
/// silently and keeps the previous one, and writes CR/LF in a *name* raw onto the wire: header
/// injection (the Linux Notes article, `LinuxNotes.md`). So every header EndpointKit sends is checked here
/// first, and a bad one is an error, never a silent change.
enum HeaderValidation {
    /// RFC 9110 `tchar`: the characters allowed in a header name.
    private static let tokenCharacters = ASCIISet(
        "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")

    /// Throws unless `name` is a non-empty HTTP token.
    static func validate(name: String) throws(EndpointError) {
        guard !name.isEmpty, name.utf8.allSatisfy(tokenCharacters.contains) else {
            throw .invalidRequest(.invalidHeaderName(name))
        }
    }

    /// Throws if `value` has a control character other than horizontal tab (CR, LF and NUL
    /// among them). The value itself is not put in the error: it may be a credential.
    static func validate(value: String, named name: String) throws(EndpointError) {
        let isValid = value.utf8.allSatisfy { byte in
            byte == UInt8(ascii: "\t") || (byte >= 0x20 && byte != 0x7F)
        }
        guard isValid else {
            throw .invalidRequest(.invalidHeaderValue(name: name))
        }
    }

    /// Validates every field of `headers`.
    static func validate(_ headers: HTTPHeaders) throws(EndpointError) {
        for field in headers {
            try validate(name: field.name)
            try validate(value: field.value, named: field.name)
        }
    }
}
