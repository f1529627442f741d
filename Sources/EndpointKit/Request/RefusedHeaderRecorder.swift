import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking

    /// Hands an authenticator a `URLRequest` that remembers the header values Foundation refused.
    ///
    /// swift-corelibs-foundation's `setValue(_:forHTTPHeaderField:)` and `addValue(_:forHTTPHeaderField:)`
    /// drop a value with CR, LF or NUL *silently* and keep the previous one (Linux Notes; the test
    /// "Linux's URLRequest.setValue drops a value with CR/LF without a word" keeps that fact
    /// checked). An authenticator that sets a broken credential that way would send the request
    /// without it, and nobody would be told. Apple's Foundation keeps such a value, and
    /// ``RequestAuthentication`` refuses it when it compares the headers before and after.
    ///
    /// So on Linux, and only there, the authenticator's request is backed by
    /// ``RecordingMutableURLRequest``: it checks each value set through those two methods as every
    /// header EndpointKit sends is checked (``HeaderValidation``), notes the name of a refused one,
    /// then lets Foundation do what it always does. Its copies (a `URLRequest` copies its storage on
    /// the first change of a shared value) keep recording into the same list.
    struct RefusedHeaderRecorder: Sendable {
        private let refused = RefusedHeaderNames()

        /// `request`, backed by a recording request; `request` itself when Foundation will not
        /// bridge it (then nothing is recorded, as before).
        func watching(_ request: URLRequest) -> URLRequest {
            guard let url = request.url else { return request }
            let recording = RecordingMutableURLRequest(
                url: url, cachePolicy: request.cachePolicy, timeoutInterval: request.timeoutInterval)
            recording.refused = refused
            recording.copyFields(of: request)
            let bridged: Any = recording
            return bridged as? URLRequest ?? request
        }

        /// The name of the first header whose value Foundation refused, if any.
        var firstRefusedName: String? { refused.first }
    }

    /// The header names whose values were refused, shared by a recording request and its copies.
    final class RefusedHeaderNames: Sendable {
        private let names = Locked<[String]>([])

        func append(_ name: String) {
            names.withLock { $0.append(name) }
        }

        var first: String? {
            names.withLock { $0.first }
        }
    }

    /// An `NSMutableURLRequest` that notes the names of header values it is asked to set or add
    /// which EndpointKit would refuse, and whose copies do the same.
    final class RecordingMutableURLRequest: NSMutableURLRequest {
        var refused = RefusedHeaderNames()

        override func setValue(_ value: String?, forHTTPHeaderField field: String) {
            if let value { record(value, named: field) }
            super.setValue(value, forHTTPHeaderField: field)
        }

        override func addValue(_ value: String, forHTTPHeaderField field: String) {
            record(value, named: field)
            super.addValue(value, forHTTPHeaderField: field)
        }

        override func copy(with zone: NSZone? = nil) -> Any {
            mutableCopy(with: zone)
        }

        /// A recording copy, with every field that Foundation's own copy carries over but
        /// `httpShouldUsePipelining`: deprecated, and meaningless to the libcurl of URLSession on
        /// Linux, which dropped HTTP/1 pipelining in 7.62.
        override func mutableCopy(with zone: NSZone? = nil) -> Any {
            guard let url else { return super.mutableCopy(with: zone) }
            let copy = RecordingMutableURLRequest(url: url, cachePolicy: cachePolicy, timeoutInterval: timeoutInterval)
            copy.refused = refused
            copy.mainDocumentURL = mainDocumentURL
            copy.httpMethod = httpMethod
            copy.allHTTPHeaderFields = allHTTPHeaderFields
            if let httpBodyStream {
                copy.httpBodyStream = httpBodyStream
            } else {
                copy.httpBody = httpBody
            }
            copy.networkServiceType = networkServiceType
            copy.allowsCellularAccess = allowsCellularAccess
            copy.httpShouldHandleCookies = httpShouldHandleCookies
            return copy
        }

        /// Takes every field of `request` but its URL, cache policy and timeout (set by `init`).
        func copyFields(of request: URLRequest) {
            mainDocumentURL = request.mainDocumentURL
            httpMethod = request.httpMethod
            allHTTPHeaderFields = request.allHTTPHeaderFields
            if let stream = request.httpBodyStream {
                httpBodyStream = stream
            } else {
                httpBody = request.httpBody
            }
            networkServiceType = request.networkServiceType
            allowsCellularAccess = request.allowsCellularAccess
            httpShouldHandleCookies = request.httpShouldHandleCookies
        }

        private func record(_ value: String, named name: String) {
            do {
                try HeaderValidation.validate(value: value, named: name)
            } catch {
                refused.append(name)
            }
        }
    }
#endif
