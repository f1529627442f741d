import Foundation

/// An authenticator of EndpointKit's own, which refuses a credential that cannot go in a header
/// before it sets one, so that Linux's Foundation never drops its value in silence: its requests
/// need no `RefusedHeaderRecorder` (see `RequestAuthentication`).
package protocol SetsOnlyValidHeaders: Authenticator {}

extension TokenAuthenticator: SetsOnlyValidHeaders {}
extension BasicAuthenticator: SetsOnlyValidHeaders {}
extension RefreshingTokenAuthenticator: SetsOnlyValidHeaders {}
extension OAuthAuthenticator: SetsOnlyValidHeaders {}
