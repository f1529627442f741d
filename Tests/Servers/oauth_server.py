#!/usr/bin/env python3
"""A local OAuth 2.0 authorization server for EndpointKit's integration tests (Authlib on Flask).

    .venv/bin/python Tests/Servers/oauth_server.py --port PORT [--exit-with-parent]

Needs Authlib 1.x and Flask 3.x (Tests/Servers/oauth-server.sh installs them into .venv/). Serves
on 127.0.0.1 only (--port 0: a free port, whose URL it prints), threaded, HTTP/1.1 (Werkzeug's
server: every response says Connection: close), silently (no line per request); stops on SIGTERM or SIGINT, and with --exit-with-parent once the process that
started it has ended. Exit status 75 when the port is taken. Everything is in memory; nothing is
random but the codes and tokens themselves. Built on Authlib's AuthorizationServer: the
client_credentials, authorization_code (with rfc7636.CodeChallenge), refresh_token and RFC 8628
device_code grants, its DeviceAuthorizationEndpoint and its ResourceProtector.

Clients (test fixtures, fixed):
    confidential-basic  secret basic-secret, client_secret_basic only; grants client_credentials,
                        refresh_token, authorization_code; redirect URI http://127.0.0.1/callback
    confidential-post   secret post-secret, client_secret_post only; the same grants and redirect URI
    public-app          public (auth method none), PKCE S256 required; grants authorization_code,
                        refresh_token, device_code; redirect URIs http://127.0.0.1/callback and
                        com.example.app:/oauth (two, so /authorize needs redirect_uri)
    cli-tool            public (none); grants device_code and refresh_token; its access and refresh
                        tokens start with gho_ and ghr_, as GitHub's OAuth tokens do
A client may authenticate only with its own method: confidential-basic's secret in the body, or
confidential-post's in a Basic header, is invalid_client. A loopback redirect URI matches a
registered http://127.0.0.1/... one on any port (RFC 8252 §7.3): http://127.0.0.1:53111/callback.

Scopes: read, write, admin (space-separated); any other is invalid_scope. No scope asked for means
"read" (RFC 6749 §3.3's pre-defined default). A refresh may narrow the scope, never widen it.

Endpoints (form bodies, application/x-www-form-urlencoded; JSON answers unless said otherwise):
    POST /token          RFC 6749 token endpoint; grant_type client_credentials, refresh_token,
                         authorization_code or urn:ietf:params:oauth:grant-type:device_code.
                         200 {"access_token", "token_type": "Bearer", "expires_in", "scope",
                         "refresh_token" (not for client_credentials)}, Cache-Control: no-store.
                         Errors (RFC 6749 §5.2) {"error", "error_description"}: 400; invalid_client
                         is 401 with `WWW-Authenticate: Basic error="invalid_client", ...` when the
                         request carried an Authorization header, 400 without that header when not.
                         Access tokens live 3600 s, or N s with the request header
                         `X-Test-Expires-In: N` (a positive integer; anything else invalid_request).
                         Refresh tokens do not expire but ROTATE: each refresh answers a new one and
                         revokes the one used (the old access token stays valid until it expires);
                         a rotated refresh token is invalid_grant, and using it also revokes every
                         token descended from the same grant, the newest refresh token included
                         (reuse detection, OAuth 2.0 Security BCP, RFC 9700 §4.14.2).
                         Authorization codes live 600 s and are single-use: a second exchange is
                         invalid_grant and revokes the tokens the first exchange issued (RFC 6749
                         §4.1.2). redirect_uri must repeat the authorization request's, if it had one.
                         PKCE (RFC 7636): a wrong code_verifier is invalid_grant; a missing one, or one
                         that is not 43-128 unreserved characters, invalid_request; a verifier for a
                         code that had no challenge, invalid_request. A failed exchange leaves the code
                         usable (Authlib's behaviour).
                         Device code polls (RFC 8628 §3.5): authorization_pending until approved;
                         slow_down, and the code's interval + 5 s, when this poll comes less than
                         `interval` seconds after the previous poll of the same device code (server
                         monotonic clock); access_denied once denied; expired_token once expired; then
                         tokens, once; afterwards (and for an unknown device code, or another client's)
                         invalid_grant. All 400.
    POST /device/code    RFC 8628 §3.1 device authorization (client_id, scope; public-app or cli-tool,
                         auth none; a client without the device_code grant is unauthorized_client).
                         200 {"device_code", "user_code": "WDJB-MJHT"-like (8 consonants, a hyphen),
                         "verification_uri": "{base}/device", "verification_uri_complete":
                         "{base}/device?user_code=...", "expires_in": 600, "interval": 5}. Request
                         headers `X-Test-Expires-In: N` and `X-Test-Interval: N` change those two.
    GET  /authorize      RFC 6749 §4.1 authorization endpoint, no login page: response_type=code,
                         client_id, redirect_uri, scope, state, code_challenge,
                         code_challenge_method=S256 (public clients must send both; plain is not
                         supported) and either `user=NAME` (approve as NAME) or `deny=1`. 302 to the
                         redirect URI with code and state (state echoed), or with error=access_denied
                         (deny=1, or neither user nor deny given), invalid_request, invalid_scope,
                         unauthorized_client... and state. An unknown client, or a redirect URI that is
                         not the client's (or none when the client has two), is no redirect: 400 JSON.
    GET  /device         the verification_uri; ?user_code=...&user=NAME approves, &deny=1 denies,
                         otherwise it only says how (text/plain).
    GET  /api/me         protected resource: `Authorization: Bearer TOKEN` -> 200 {"client_id",
                         "user" (null for client_credentials), "scope"}; missing, non-Bearer, unknown,
                         expired (server wall clock) or revoked -> 401 {"error": "invalid_token",
                         "error_description"} with `WWW-Authenticate: Bearer realm="oauth-server",
                         error="invalid_token", error_description="..."`.
    GET  /.well-known/oauth-authorization-server   RFC 8414 metadata of the above
    GET  /health         {"ok": true}

GitHub-style variant (client cli-tool; the same device codes, tokens and test hooks):
    POST /github/login/device/code         client_id, scope -> device_code, user_code,
                                           verification_uri ({base}/github/login/device),
                                           expires_in (900), interval (5); no
                                           verification_uri_complete
    POST /github/login/oauth/access_token  client_id, device_code, grant_type=urn:...:device_code
                                           -> access_token, token_type=bearer, scope (scopes joined
                                           with commas, as GitHub does), expires_in, refresh_token
    Both answer application/x-www-form-urlencoded (`device_code=...&user_code=...`) unless the request
    has `Accept: application/json`; both take a form or a JSON body. Every error of the access_token
    endpoint is HTTP 200 with error, error_description and error_uri (and, for slow_down, interval =
    the new interval): authorization_pending, slow_down, expired_token, access_denied,
    incorrect_device_code (unknown, used, or another client's device code), incorrect_client_credentials
    (unknown client), unsupported_grant_type, and the rest as Authlib names them. Errors of
    /github/login/device/code keep their RFC status (400/401) in the same encoding.

Test hooks (only this server has them; form bodies; user_code is matched ignoring case and hyphens;
an unknown user_code is 404 {"error": "not_found"}):
    POST /test/device/approve  user_code, user (default alice): the device code is approved
    POST /test/device/deny     user_code: access_denied from the next poll on
    POST /test/device/expire   user_code: expired_token from the next poll on
    POST /test/device/script   user_code, answers=a,b,c (each authorization_pending, slow_down,
                               access_denied, expired_token or approve), user (default alice, for
                               approve): the next polls of that device code get exactly these answers
                               in this order whatever their timing; `approve` issues the tokens (as
                               `user`); a scripted slow_down still raises the interval by 5 (and
                               reports it on the GitHub variant); a scripted access_denied or
                               expired_token answers that one poll only. Once the script is used up
                               the normal rules apply (timed from the last poll). A new script
                               replaces the old. -> {"user_code", "answers"}
    GET  /test/polls?user_code=...  [{"at": server monotonic seconds, "answer": the error code or
                               "token", "interval": the interval after this poll, "scripted": bool}]
    GET  /test/requests        the last 500 requests to /token, /device/code and the /github/ ones,
                               oldest first: [{"method", "path", "fields": sorted form (or JSON) field
                               NAMES, "query": sorted query parameter names, "auth": "basic", "post",
                               "basic+post" or "none" (where a client secret was sent), "client_id"
                               (from the Basic header or the body), "grant_type", "status"}]; never a
                               value of a secret, code or token
    POST /test/reset           forgets every token, code, device code, poll and recorded request
                               -> {"ok": true}
"""

import argparse
import base64
import hmac
import itertools
import json
import logging
import os
import re
import socket
import sys
import threading
import time
import traceback
from collections import deque
from functools import wraps
from urllib.parse import urlencode, urlsplit

os.environ.setdefault("AUTHLIB_INSECURE_TRANSPORT", "1")  # Authlib refuses http:// without it

from authlib.integrations.flask_oauth2 import AuthorizationServer, ResourceProtector  # noqa: E402
from authlib.oauth2.rfc6749 import ClientMixin, TokenMixin, grants  # noqa: E402
from authlib.oauth2.rfc6749.errors import (  # noqa: E402
    AccessDeniedError, InvalidGrantError, InvalidRequestError, OAuth2Error, UnauthorizedClientError)
from authlib.oauth2.rfc6750 import BearerTokenGenerator, BearerTokenValidator, InvalidTokenError  # noqa: E402
from authlib.oauth2.rfc7636 import CodeChallenge  # noqa: E402
from authlib.oauth2.rfc8628 import (  # noqa: E402
    DEVICE_CODE_GRANT_TYPE, AuthorizationPendingError, DeviceAuthorizationEndpoint, DeviceCodeGrant,
    ExpiredTokenError, SlowDownError)
from authlib.common.security import generate_token  # noqa: E402
from flask import Flask, Response, g, jsonify, request  # noqa: E402
from werkzeug.datastructures import ImmutableMultiDict  # noqa: E402
from werkzeug.exceptions import HTTPException  # noqa: E402
from werkzeug.serving import make_server  # noqa: E402

SCOPES = ("read", "write", "admin")
DEFAULT_SCOPE = "read"
ACCESS_TOKEN_LIFETIME = 3600
CODE_LIFETIME = 600
DEVICE_LIFETIME, GITHUB_DEVICE_LIFETIME, DEVICE_INTERVAL = 600, 900, 5
REALM = "oauth-server"
GITHUB_ERROR_URI = "https://docs.github.com/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps#error-codes-for-the-device-flow"
GITHUB_DESCRIPTIONS = {
    "authorization_pending": "The authorization request is still pending.",
    "slow_down": "Too many requests have been made in the same timeframe.",
    "expired_token": "The device code has expired.",
    "access_denied": "The authorization request was denied.",
    "incorrect_device_code": "The device_code provided is not valid.",
    "incorrect_client_credentials": "The client_id and/or client_secret passed are incorrect.",
    "unsupported_grant_type": "The grant type is not supported.",
}
SCRIPT_ANSWERS = ("authorization_pending", "slow_down", "access_denied", "expired_token", "approve")
RECORDED_PATHS = ("/token", "/device/code", "/github/login/device/code", "/github/login/oauth/access_token")
MAX_RECORDED = 500


# --- Models ---------------------------------------------------------------------------------------

class Client(ClientMixin):
    """A registered client; auth_method is its only token endpoint authentication method."""

    def __init__(self, client_id, secret, auth_method, grant_types, redirect_uris=(), pkce_required=False):
        self.client_id, self.secret, self.auth_method = client_id, secret, auth_method
        self.grant_types, self.redirect_uris, self.pkce_required = set(grant_types), list(redirect_uris), pkce_required

    def get_client_id(self):
        return self.client_id

    def get_default_redirect_uri(self):
        """The only registered redirect URI; none when there are several (RFC 6749 §3.1.2.3)."""
        return self.redirect_uris[0] if len(self.redirect_uris) == 1 else None

    def get_allowed_scope(self, scope):
        """The scope normalized (each once, in the order asked); None (invalid_scope) if unknown."""
        names = list(dict.fromkeys((scope or DEFAULT_SCOPE).split()))
        return " ".join(names) if names and all(name in SCOPES for name in names) else None

    def check_redirect_uri(self, redirect_uri):
        return any(redirect_uri_matches(registered, redirect_uri) for registered in self.redirect_uris)

    def check_client_secret(self, client_secret):
        return self.secret is not None and hmac.compare_digest(self.secret, client_secret)

    def check_endpoint_auth_method(self, method, endpoint):
        return method == self.auth_method

    def check_response_type(self, response_type):
        return response_type == "code" and "authorization_code" in self.grant_types

    def check_grant_type(self, grant_type):
        return grant_type in self.grant_types


def redirect_uri_matches(registered, requested):
    """Exact match, or (RFC 8252 §7.3) the same loopback URI with any port."""
    if registered == requested:
        return True
    a, b = urlsplit(registered), urlsplit(requested)
    loopback = ("127.0.0.1", "::1")
    return (a.scheme == b.scheme == "http" and a.hostname in loopback and a.hostname == b.hostname
            and (a.path, a.query) == (b.path, b.query))


CLIENTS = {client.client_id: client for client in [
    Client("confidential-basic", "basic-secret", "client_secret_basic",
           ["client_credentials", "refresh_token", "authorization_code"], ["http://127.0.0.1/callback"]),
    Client("confidential-post", "post-secret", "client_secret_post",
           ["client_credentials", "refresh_token", "authorization_code"], ["http://127.0.0.1/callback"]),
    Client("public-app", None, "none", ["authorization_code", "refresh_token", DEVICE_CODE_GRANT_TYPE],
           ["http://127.0.0.1/callback", "com.example.app:/oauth"], pkce_required=True),
    Client("cli-tool", None, "none", [DEVICE_CODE_GRANT_TYPE, "refresh_token"]),
]}


class Token(TokenMixin):
    """An issued access token and its refresh token; family ties together all tokens of one grant."""

    def __init__(self, data, client_id, user, family):
        self.access_token, self.refresh_token = data["access_token"], data.get("refresh_token")
        self.client_id, self.user, self.scope = client_id, user, data.get("scope", "")
        self.expires_in, self.issued_at, self.family = data["expires_in"], time.time(), family
        self.access_revoked = self.refresh_revoked = False

    def check_client(self, client):
        return self.client_id == client.get_client_id()

    def get_scope(self):
        return self.scope

    def get_expires_in(self):
        return self.expires_in

    def is_expired(self):
        return time.time() >= self.issued_at + self.expires_in

    def is_revoked(self):
        return self.access_revoked

    def get_user(self):
        return self.user

    def get_client(self):
        return CLIENTS.get(self.client_id)


class AuthorizationCode:
    """A code from /authorize, with its PKCE challenge and the tokens exchanged for it."""

    def __init__(self, code, client_id, redirect_uri, scope, user, challenge, method):
        self.code, self.client_id, self.redirect_uri, self.scope, self.user = code, client_id, redirect_uri, scope, user
        self.code_challenge, self.code_challenge_method = challenge, method
        self.expires_at, self.used, self.families = time.time() + CODE_LIFETIME, False, []

    def get_redirect_uri(self):
        return self.redirect_uri

    def get_scope(self):
        return self.scope


class DeviceCredential(dict):
    """A device authorization (Authlib's DeviceCredentialMixin) plus its polling state."""

    def __init__(self, data, client_id, scope, github):
        super().__init__(data, client_id=client_id, scope=scope)
        self.expires_at, self.github = time.time() + data["expires_in"], github
        self.status, self.user = "pending", None  # pending, approved, denied, expired, used
        self.last_poll, self.polls, self.script, self.script_user = None, [], deque(), "alice"

    def get_client_id(self):
        return self["client_id"]

    def get_scope(self):
        return self["scope"]

    def get_user_code(self):
        return self["user_code"]

    def is_expired(self):
        return self.status == "expired" or time.time() >= self.expires_at


class Store:
    """Everything the server remembers; every view runs under `lock`."""

    def __init__(self):
        self.lock = threading.RLock()
        self.reset()

    def reset(self):
        self.tokens, self.refresh_tokens, self.codes = {}, {}, {}
        self.devices, self.user_codes = {}, {}
        self.requests = deque(maxlen=MAX_RECORDED)
        self.families = itertools.count(1)

    def add_token(self, token):
        self.tokens[token.access_token] = token
        if token.refresh_token:
            self.refresh_tokens[token.refresh_token] = token

    def revoke_family(self, family):
        for token in self.tokens.values():
            if token.family == family:
                token.access_revoked = token.refresh_revoked = True

    def device_by_user_code(self, user_code):
        return self.user_codes.get(normalize_user_code(user_code or ""))


def normalize_user_code(user_code):
    return re.sub(r"[^0-9A-Z]", "", user_code.upper())


store = Store()


# --- Authlib: server, grants, endpoints -------------------------------------------------------------

def test_lifetime(header, default):
    """The positive integer in request header `header`, or default; invalid_request if malformed."""
    value = request.headers.get(header)
    if value is None:
        return default
    if not value.strip().isdigit() or int(value) < 1:
        raise InvalidRequestError(f"{header} must be a positive integer.")
    return int(value)


class Server(AuthorizationServer):
    """Authlib's Flask AuthorizationServer with in-memory storage and RFC 6749 §5.2 invalid_client."""

    def handle_error_response(self, oauth_request, error):
        """invalid_client: 401 + WWW-Authenticate Basic if an Authorization header came, else 400."""
        if error.error == "invalid_client":
            error.status_code = 401 if request.headers.get("Authorization") else 400
            if "cannot authenticate with methods" in (error.description or ""):
                error.description = ("Client authentication failed: unknown client, wrong secret, or not "
                                     "the client's own authentication method.")
        return super().handle_error_response(oauth_request, error)


def save_token(data, oauth_request):
    """Authlib's save_token: remembers the token, in the family of the refresh token or code used."""
    old, code = oauth_request.refresh_token, oauth_request.authorization_code
    family = old.family if old is not None else next(store.families)
    if code is not None:
        code.families.append(family)
    if oauth_request.credential is not None:  # a device code gives tokens once
        oauth_request.credential.status = "used"
    store.add_token(Token(data, oauth_request.client.client_id, oauth_request.user, family))


def token_generator():
    """Bearer tokens that live ACCESS_TOKEN_LIFETIME s, or as the X-Test-Expires-In header says.
    cli-tool's tokens start as GitHub's OAuth tokens do (gho_ and ghr_), so that the GitHub-like
    server can accept them (its --token-prefix gho_) in scripts/run-examples' sign-in."""
    def prefixed(prefix, length):
        return lambda client=None, **_: (prefix if client is not None and client.client_id == "cli-tool" else "") \
            + generate_token(length)
    return BearerTokenGenerator(prefixed("gho_", 40), prefixed("ghr_", 48),
                                lambda client, grant_type: test_lifetime("X-Test-Expires-In", ACCESS_TOKEN_LIFETIME))


class ClientCredentialsGrant(grants.ClientCredentialsGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post"]


class AuthorizationCodeGrant(grants.AuthorizationCodeGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post", "none"]

    def save_authorization_code(self, code, oauth_request):
        data = oauth_request.payload.data
        store.codes[code] = AuthorizationCode(
            code, oauth_request.client.client_id, oauth_request.payload.redirect_uri, oauth_request.scope,
            oauth_request.user, data.get("code_challenge"), data.get("code_challenge_method"))

    def query_authorization_code(self, code, client):
        """The unused, unexpired code of this client; a used one revokes what it was exchanged for."""
        found = store.codes.get(code)
        if found is None or found.client_id != client.client_id or time.time() >= found.expires_at:
            return None
        if found.used:
            for family in found.families:
                store.revoke_family(family)
            return None
        return found

    def delete_authorization_code(self, authorization_code):
        authorization_code.used = True  # kept, so that a replay can be recognized

    def authenticate_user(self, authorization_code):
        return authorization_code.user


class S256CodeChallenge(CodeChallenge):
    """RFC 7636 with S256 only, and a challenge required of public clients at /authorize already."""

    DEFAULT_CODE_CHALLENGE_METHOD = "S256"
    SUPPORTED_CODE_CHALLENGE_METHOD = ["S256"]

    def validate_code_challenge(self, grant, redirect_uri):
        data = grant.request.payload.data
        if grant.request.client.pkce_required:
            if not data.get("code_challenge"):
                raise InvalidRequestError("Missing 'code_challenge': this client must use PKCE.")
            if data.get("code_challenge_method") != "S256":
                raise InvalidRequestError("'code_challenge_method' must be S256.")
        elif data.get("code_challenge") and data.get("code_challenge_method", "plain") != "S256":
            raise InvalidRequestError("'code_challenge_method' must be S256.")
        super().validate_code_challenge(grant, redirect_uri)


class RefreshTokenGrant(grants.RefreshTokenGrant):
    """Rotation: a new refresh token each time; reuse of a rotated one revokes its whole family."""

    TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post", "none"]
    INCLUDE_NEW_REFRESH_TOKEN = True

    def authenticate_refresh_token(self, refresh_token):
        token = store.refresh_tokens.get(refresh_token)
        if token is None:
            return None
        if token.refresh_revoked:
            store.revoke_family(token.family)
            return None
        return token

    def authenticate_user(self, refresh_token):
        return refresh_token.user

    def revoke_old_credential(self, refresh_token):
        refresh_token.refresh_revoked = True


class DeviceGrant(DeviceCodeGrant):
    """RFC 8628 polling with slow_down timing, test scripts, and a poll log."""

    def validate_token_request(self):
        """Authlib's, but an unknown, used or other client's device code is invalid_grant."""
        device_code = self.request.payload.data.get("device_code")
        if not device_code:
            raise InvalidRequestError("Missing 'device_code' in payload")
        client = self.authenticate_token_endpoint_client()
        if not client.check_grant_type(self.GRANT_TYPE):
            raise UnauthorizedClientError(f"The client is not authorized to use 'grant_type={self.GRANT_TYPE}'")
        credential = store.devices.get(device_code)
        if credential is None or credential.get_client_id() != client.client_id or credential.status == "used":
            raise InvalidGrantError("Unknown or already used 'device_code'.")
        self.request.user = self.validate_device_credential(credential)
        self.request.client, self.request.credential = client, credential

    def validate_device_credential(self, credential):
        """The user once approved; else raises the RFC 8628 §3.5 error this poll earns."""
        now = time.monotonic()
        previous, credential.last_poll = credential.last_poll, now
        scripted = bool(credential.script)
        answer = credential.script.popleft() if scripted else self.timed_answer(credential, previous, now)
        if answer == "slow_down":
            credential["interval"] += 5
        credential.polls.append({"at": now, "answer": "token" if answer == "approve" else answer,
                                 "interval": credential["interval"], "scripted": scripted})
        if answer == "approve":
            return credential.script_user if scripted else credential.user
        raise {"authorization_pending": AuthorizationPendingError, "slow_down": SlowDownError,
               "access_denied": AccessDeniedError, "expired_token": ExpiredTokenError}[answer]()

    @staticmethod
    def timed_answer(credential, previous, now):
        if credential.is_expired():
            return "expired_token"
        if credential.status == "denied":
            return "access_denied"
        if credential.status == "approved":
            return "approve"
        if previous is not None and now - previous < credential["interval"]:
            return "slow_down"
        return "authorization_pending"


class DeviceEndpoint(DeviceAuthorizationEndpoint):
    """RFC 8628 §3.1; lifetimes from the X-Test-* headers; g.github for the GitHub variant."""

    CLIENT_AUTH_METHODS = ["none"]

    def authenticate_client(self, oauth_request):
        client = super().authenticate_client(oauth_request)
        if not client.check_grant_type(DEVICE_CODE_GRANT_TYPE):
            raise UnauthorizedClientError("The client is not authorized to use the device_code grant.")
        return client

    def get_verification_uri(self):
        return request.host_url + ("github/login/device" if g.get("github") else "device")

    def save_device_credential(self, client_id, scope, data):
        # `data` is the very dict the endpoint answers with, so changing it here changes the answer.
        github = bool(g.get("github"))
        data["expires_in"] = test_lifetime("X-Test-Expires-In", GITHUB_DEVICE_LIFETIME if github else DEVICE_LIFETIME)
        data["interval"] = test_lifetime("X-Test-Interval", DEVICE_INTERVAL)
        if github:
            del data["verification_uri_complete"]
        credential = DeviceCredential(data, client_id, scope, github)
        store.devices[data["device_code"]] = credential
        store.user_codes[normalize_user_code(data["user_code"])] = credential


class Validator(BearerTokenValidator):
    def authenticate_token(self, token_string):
        return store.tokens.get(token_string)

    def validate_token(self, token, scopes, oauth_request):
        """Authlib's checks, each with its own description."""
        problem = ("Unknown access token." if token is None else "The access token has expired." if token.is_expired()
                   else "The access token has been revoked." if token.is_revoked() else None)
        if problem:
            raise InvalidTokenError(problem, realm=REALM)


class Protector(ResourceProtector):
    def raise_error_response(self, error):
        """Every failure is invalid_token (a missing or non-Bearer header too), with WWW-Authenticate."""
        if not isinstance(error, InvalidTokenError):
            error = InvalidTokenError("No bearer token in the Authorization header.", realm=REALM)
        super().raise_error_response(error)


def create_app():
    app = Flask(__name__)
    app.config.update(OAUTH2_SCOPES_SUPPORTED=list(SCOPES))
    server = Server(app, query_client=CLIENTS.get, save_token=save_token)
    server.register_token_generator("default", token_generator())
    server.register_grant(ClientCredentialsGrant)
    server.register_grant(AuthorizationCodeGrant, [S256CodeChallenge(required=True)])
    server.register_grant(RefreshTokenGrant)
    server.register_grant(DeviceGrant)
    server.register_endpoint(DeviceEndpoint)
    protector = Protector()
    protector.register_token_validator(Validator(realm=REALM))
    app.extensions["oauth_server"], app.extensions["oauth_protector"] = server, protector
    register_views(app, server, protector)
    return app


# --- Views ----------------------------------------------------------------------------------------

def locked(view):
    @wraps(view)
    def run(*args, **kwargs):
        with store.lock:
            return view(*args, **kwargs)
    return run


def wants_json():
    return "application/json" in request.headers.get("Accept", "")


def github_answer(payload, status=200):
    """GitHub's encoding: a form body, or JSON with Accept: application/json."""
    if wants_json():
        return Response(json.dumps(payload), status, content_type="application/json; charset=utf-8")
    return Response(urlencode(payload), status, content_type="application/x-www-form-urlencoded; charset=utf-8")


def github_error(error, description=None, **extra):
    return github_answer({"error": error, "error_description": description or GITHUB_DESCRIPTIONS.get(error, error),
                          "error_uri": GITHUB_ERROR_URI, **extra})


def authorization_header_client():
    scheme, _, value = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "basic":
        return None
    try:
        return base64.b64decode(value.strip()).decode().partition(":")[0]
    except ValueError:
        return None


def record_request(response):
    """One /test/requests entry: names, never values, of what the client sent."""
    basic, posted = request.headers.get("Authorization", "").lower().startswith("basic "), "client_secret" in request.form
    store.requests.append({
        "method": request.method, "path": request.path, "fields": sorted(request.form.keys()),
        "query": sorted(request.args.keys()), "auth": "+".join(n for n, on in (("basic", basic), ("post", posted)) if on)
        or "none", "client_id": authorization_header_client() or request.form.get("client_id"),
        "grant_type": request.form.get("grant_type"), "status": response.status_code})


def register_views(app, server, protector):
    """Routes every endpoint, hook and error handler onto app."""

    @app.before_request
    def json_bodies_as_forms():
        """The GitHub endpoints take JSON bodies too: Authlib reads the form."""
        if request.path.startswith("/github/") and request.is_json:
            body = request.get_json(silent=True)
            if isinstance(body, dict):
                request.__dict__["form"] = ImmutableMultiDict({k: str(v) for k, v in body.items()})

    @app.after_request
    def remember(response):
        if request.path in RECORDED_PATHS:
            with store.lock:
                record_request(response)
        return response

    @app.errorhandler(HTTPException)
    def http_error(error):
        """Flask's own errors (404, 405, ...) as JSON."""
        if hasattr(error, "body"):  # Authlib's ResourceProtector raises its error response so
            return error.get_response()
        return jsonify(error=error.name.lower().replace(" ", "_"), error_description=error.description), error.code

    @app.errorhandler(Exception)
    def server_error(error):
        traceback.print_exception(error)
        return jsonify(error="server_error", error_description=str(error)), 500

    @app.get("/health")
    def health():
        """Whether the server serves."""
        return {"ok": True}

    @app.get("/.well-known/oauth-authorization-server")
    def metadata():
        """RFC 8414 authorization server metadata."""
        base = request.host_url.rstrip("/")
        return {"issuer": base, "authorization_endpoint": base + "/authorize", "token_endpoint": base + "/token",
                "device_authorization_endpoint": base + "/device/code", "scopes_supported": list(SCOPES),
                "response_types_supported": ["code"], "code_challenge_methods_supported": ["S256"],
                "grant_types_supported": ["client_credentials", "refresh_token", "authorization_code",
                                          DEVICE_CODE_GRANT_TYPE],
                "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post", "none"]}

    @app.post("/token")
    @locked
    def token():
        """RFC 6749 token endpoint, all four grants."""
        return server.create_token_response()

    @app.post("/device/code")
    @locked
    def device_code():
        """RFC 8628 device authorization endpoint."""
        return server.create_endpoint_response("device_authorization")

    @app.get("/authorize")
    @locked
    def authorize():
        """RFC 6749 authorization endpoint: user=NAME approves, deny=1 (or nothing) denies."""
        user = None if request.args.get("deny") else request.args.get("user") or None
        try:
            grant = server.get_consent_grant(end_user=user)
        except OAuth2Error as error:
            return server.handle_error_response(None, error)
        return server.create_authorization_response(grant_user=user, grant=grant)

    @app.get("/device")
    @app.get("/github/login/device")
    @locked
    def verification():
        """The verification URI: user_code with user=NAME approves, with deny=1 denies."""
        credential = store.device_by_user_code(request.args.get("user_code"))
        if credential is None or not (request.args.get("user") or request.args.get("deny")):
            return Response("EndpointKit's OAuth test server: GET this page with user_code=CODE and user=NAME to "
                            "approve, or deny=1 to deny (or use POST /test/device/approve).\n",
                            content_type="text/plain; charset=utf-8")
        decide(credential, None if request.args.get("deny") else request.args["user"])
        return Response("Done.\n", content_type="text/plain; charset=utf-8")

    @app.get("/api/me")
    @locked
    def me():
        """The protected resource: who the bearer token speaks for."""
        with protector.acquire() as token:
            return {"client_id": token.client_id, "user": token.user, "scope": token.scope}

    @app.post("/github/login/device/code")
    @locked
    def github_device_code():
        """GitHub's POST /login/device/code."""
        g.github = True
        response = server.create_endpoint_response("device_authorization")
        return github_answer(response.get_json(), response.status_code)

    @app.post("/github/login/oauth/access_token")
    @locked
    def github_access_token():
        """GitHub's POST /login/oauth/access_token: device flow polling, errors with HTTP 200."""
        response = server.create_token_response()
        payload = response.get_json()
        if response.status_code != 200:
            return github_token_error(payload)
        answer = {"access_token": payload["access_token"], "token_type": "bearer",
                  "scope": ",".join(payload.get("scope", "").split()), "expires_in": payload["expires_in"]}
        if "refresh_token" in payload:
            answer["refresh_token"] = payload["refresh_token"]
        return github_answer(answer)

    def github_token_error(payload):
        error = {"invalid_grant": "incorrect_device_code",
                 "invalid_client": "incorrect_client_credentials"}.get(payload["error"], payload["error"])
        extra = {}
        if error == "slow_down":
            credential = store.devices.get(request.form.get("device_code", ""))
            extra["interval"] = credential["interval"] if credential else DEVICE_INTERVAL
        description = None if error in GITHUB_DESCRIPTIONS else payload.get("error_description")
        return github_error(error, description, **extra)

    register_test_hooks(app)


def decide(credential, user):
    """Approves the device code as user, or denies it when user is None."""
    if credential.status in ("pending", "approved", "denied"):
        credential.status, credential.user = ("approved", user) if user else ("denied", None)


def register_test_hooks(app):
    """The /test/ hooks, which only this test server has."""

    def device_or_404(view):
        @wraps(view)
        def run():
            credential = store.device_by_user_code(request.values.get("user_code"))
            if credential is None:
                return jsonify(error="not_found", error_description="No device code has this user_code."), 404
            return view(credential)
        return run

    @app.post("/test/device/approve")
    @locked
    @device_or_404
    def approve(credential):
        """Approves the device code as `user` (default alice)."""
        decide(credential, request.form.get("user") or "alice")
        return {"user_code": credential.get_user_code(), "status": credential.status}

    @app.post("/test/device/deny")
    @locked
    @device_or_404
    def deny(credential):
        """The user denies: access_denied from the next poll on."""
        decide(credential, None)
        return {"user_code": credential.get_user_code(), "status": credential.status}

    @app.post("/test/device/expire")
    @locked
    @device_or_404
    def expire(credential):
        """The device code expires now: expired_token from the next poll on."""
        if credential.status != "used":
            credential.status = "expired"
        return {"user_code": credential.get_user_code(), "status": credential.status}

    @app.post("/test/device/script")
    @locked
    @device_or_404
    def script(credential):
        """The answers of the next polls, in order, whatever their timing."""
        answers = [a.strip() for a in request.form.get("answers", "").split(",") if a.strip()]
        unknown = [a for a in answers if a not in SCRIPT_ANSWERS]
        if unknown or not answers:
            return jsonify(error="invalid_request", error_description=f"answers must be a comma-separated list of "
                           f"{', '.join(SCRIPT_ANSWERS)}; not {unknown or 'empty'}"), 400
        credential.script, credential.script_user = deque(answers), request.form.get("user") or "alice"
        return {"user_code": credential.get_user_code(), "answers": answers}

    @app.get("/test/polls")
    @locked
    @device_or_404
    def polls(credential):
        """The polls of that device code so far."""
        return jsonify(credential.polls)

    @app.get("/test/requests")
    @locked
    def requests_seen():
        """The recorded token and device code requests, without any secret."""
        return jsonify(list(store.requests))

    @app.post("/test/reset")
    @locked
    def reset():
        """Forgets all tokens, codes, device codes, polls and recorded requests."""
        store.reset()
        return {"ok": True}


# --- Main -----------------------------------------------------------------------------------------

def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True, help="port on 127.0.0.1 (0: any free one)")
    parser.add_argument("--exit-with-parent", action="store_true", help="stop when the process that started it ends")
    args = parser.parse_args(argv)
    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # no line per request
    try:  # bound here, not by Werkzeug, which would exit with status 1 when the port is taken
        listener = socket.create_server(("127.0.0.1", args.port), backlog=128)
    except OSError as failure:
        print(f"oauth_server: cannot listen on 127.0.0.1:{args.port}: {failure}", file=sys.stderr)
        return 75  # EX_TEMPFAIL: Tests/Servers/oauth-server.sh then tries another port
    server = make_server("127.0.0.1", args.port, create_app(), threaded=True, fd=listener.fileno())
    listener.close()  # Werkzeug serves a duplicate of it
    server.daemon_threads = True
    from local_server import exit_with_parent, serve_until_stopped
    if args.exit_with_parent:
        exit_with_parent()
    serve_until_stopped(server, f"http://127.0.0.1:{server.port}" if args.port == 0 else None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
