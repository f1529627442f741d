#!/usr/bin/env python3
"""Checks a running Tests/Servers/oauth_server.py against its documented contract (standard library only).

    OAUTH_SERVER_URL=http://127.0.0.1:PORT python3 Tests/Servers/oauth_server_selftest.py

Prints one line per check ("ok   ..." or "FAIL ..."), then a count; exits 1 if any check failed.
Takes about 10 s (it waits for real expiries of 1 s). It resets the server (POST /test/reset) first.
Not part of scripts/test: run it by hand after changing the server.
"""

import base64
import hashlib
import json
import os
import secrets
import sys
import time
import urllib.error
import urllib.request
from urllib.parse import parse_qs, urlencode, urlsplit

from server_selftest import check, run_groups

BASE = os.environ.get("OAUTH_SERVER_URL", "").rstrip("/")
DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code"


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}), NoRedirect)


class Answer:
    def __init__(self, status, headers, body):
        self.status, self.headers, self.text = status, headers, body.decode()

    def json(self):
        return json.loads(self.text)

    def form(self):
        return {k: v[0] for k, v in parse_qs(self.text).items()}


def call(method, path, form=None, headers=None, query=None, json_body=None):
    url = BASE + path + ("?" + urlencode(query) if query else "")
    data = None
    headers = dict(headers or {})
    if form is not None:
        data = urlencode(form).encode()
        headers.setdefault("Content-Type", "application/x-www-form-urlencoded")
    if json_body is not None:
        data = json.dumps(json_body).encode()
        headers["Content-Type"] = "application/json"
    req = urllib.request.Request(url, data=data, headers=headers, method=method)
    try:
        with OPENER.open(req, timeout=10) as response:
            return Answer(response.status, response.headers, response.read())
    except urllib.error.HTTPError as error:
        return Answer(error.code, error.headers, error.read())


def basic(client_id, secret):
    return {"Authorization": "Basic " + base64.b64encode(f"{client_id}:{secret}".encode()).decode()}



def check_error(name, answer, status, error):
    body = answer.json() if answer.text.startswith("{") else {}
    check(name, answer.status == status and body.get("error") == error, f"{answer.status} {answer.text[:200]}")


def me(token):
    return call("GET", "/api/me", headers={"Authorization": f"Bearer {token}"})


def token(form, headers=None):
    return call("POST", "/token", form, headers)


def pkce():
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    return verifier, challenge


def authorize(**params):
    """GET /authorize; the redirect's Location split into (url without query, query dict)."""
    answer = call("GET", "/authorize", query=params)
    location = answer.headers.get("Location") or ""
    parts = urlsplit(location)
    return answer, location.split("?")[0], {k: v[0] for k, v in parse_qs(parts.query).items()}


def device_code(client_id="cli-tool", headers=None, github=False, **extra):
    path = "/github/login/device/code" if github else "/device/code"
    return call("POST", path, {"client_id": client_id, **extra}, headers)


def poll(code, client_id="cli-tool"):
    return token({"grant_type": DEVICE_GRANT, "device_code": code, "client_id": client_id})


def github_poll(code, accept_json=False, client_id="cli-tool"):
    headers = {"Accept": "application/json"} if accept_json else {}
    return call("POST", "/github/login/oauth/access_token",
                {"client_id": client_id, "device_code": code, "grant_type": DEVICE_GRANT}, headers)


def hook(path, **form):
    return call("POST", "/test/device/" + path, form)


# --- the checks ---------------------------------------------------------------------------------------

def basics():
    check("GET /health", call("GET", "/health").json() == {"ok": True})
    meta = call("GET", "/.well-known/oauth-authorization-server").json()
    check("RFC 8414 metadata names /token and S256", meta["token_endpoint"] == BASE + "/token"
          and meta["code_challenge_methods_supported"] == ["S256"], meta)
    check("POST /test/reset", call("POST", "/test/reset").json() == {"ok": True})


def client_credentials():
    a = token({"grant_type": "client_credentials", "scope": "read write"}, basic("confidential-basic", "basic-secret"))
    body = a.json()
    check("client_credentials, client_secret_basic: 200 Bearer, scope, expires_in 3600, no refresh_token",
          a.status == 200 and body["token_type"] == "Bearer" and body["scope"] == "read write"
          and body["expires_in"] == 3600 and "refresh_token" not in body, a.text)
    check("  Cache-Control: no-store", a.headers.get("Cache-Control") == "no-store")
    m = me(body["access_token"])
    check("/api/me with it: client_id, user null, scope", m.status == 200 and m.json() == {
        "client_id": "confidential-basic", "user": None, "scope": "read write"}, m.text)
    a = token({"grant_type": "client_credentials", "client_id": "confidential-post", "client_secret": "post-secret"})
    check("client_credentials, client_secret_post: 200, default scope read",
          a.status == 200 and a.json()["scope"] == "read", a.text)
    a = token({"grant_type": "client_credentials"}, basic("confidential-basic", "wrong"))
    check_error("wrong secret in Basic: 401 invalid_client", a, 401, "invalid_client")
    check("  with WWW-Authenticate: Basic", (a.headers.get("WWW-Authenticate") or "").startswith("Basic "))
    a = token({"grant_type": "client_credentials", "client_id": "confidential-post", "client_secret": "wrong"})
    check_error("wrong secret in the body: 400 invalid_client", a, 400, "invalid_client")
    check("  without WWW-Authenticate", a.headers.get("WWW-Authenticate") is None)
    a = token({"grant_type": "client_credentials", "client_id": "confidential-basic", "client_secret": "basic-secret"})
    check_error("confidential-basic's secret in the body (not its method): invalid_client", a, 400, "invalid_client")
    a = token({"grant_type": "client_credentials"}, basic("confidential-post", "post-secret"))
    check_error("confidential-post's secret in Basic (not its method): 401 invalid_client", a, 401, "invalid_client")
    a = token({"grant_type": "client_credentials"}, basic("nobody", "x"))
    check_error("unknown client in Basic: 401 invalid_client", a, 401, "invalid_client")
    a = token({"grant_type": "client_credentials", "client_id": "cli-tool"})
    check_error("public client, client_credentials: invalid_client", a, 400, "invalid_client")
    a = token({"grant_type": "client_credentials", "scope": "read delete"}, basic("confidential-basic", "basic-secret"))
    check_error("unknown scope: invalid_scope", a, 400, "invalid_scope")
    a = token({"grant_type": "password"}, basic("confidential-basic", "basic-secret"))
    check_error("grant_type password: unsupported_grant_type", a, 400, "unsupported_grant_type")
    a = token({"grant_type": "client_credentials"}, {**basic("confidential-basic", "basic-secret"), "X-Test-Expires-In": "x"})
    check_error("X-Test-Expires-In: x: invalid_request", a, 400, "invalid_request")


def resource():
    a = me("garbage")
    check("/api/me with a garbage token: 401 invalid_token + WWW-Authenticate Bearer error=invalid_token",
          a.status == 401 and a.json()["error"] == "invalid_token"
          and 'error="invalid_token"' in a.headers.get("WWW-Authenticate", "")
          and a.headers.get("WWW-Authenticate", "").startswith("Bearer "), f"{a.status} {a.headers} {a.text}")
    a = call("GET", "/api/me")
    check("/api/me without Authorization: 401 invalid_token", a.status == 401 and a.json()["error"] == "invalid_token"
          and 'error="invalid_token"' in a.headers.get("WWW-Authenticate", ""), a.text)
    a = call("GET", "/api/me", headers=basic("confidential-basic", "basic-secret"))
    check("/api/me with Basic: 401 invalid_token", a.status == 401 and a.json()["error"] == "invalid_token", a.text)
    a = token({"grant_type": "client_credentials"}, {**basic("confidential-basic", "basic-secret"), "X-Test-Expires-In": "1"})
    check("X-Test-Expires-In: 1 gives expires_in 1", a.json().get("expires_in") == 1, a.text)
    short = a.json()["access_token"]
    check("  /api/me with it at once: 200", me(short).status == 200)
    time.sleep(2)
    a = me(short)
    check("  /api/me with it 2 s later: 401 invalid_token (expired)", a.status == 401 and "expired" in a.text, a.text)


def authorization_code():
    verifier, challenge = pkce()
    redirect = "http://127.0.0.1:53111/callback"
    common = {"response_type": "code", "client_id": "public-app", "redirect_uri": redirect, "scope": "read write",
              "state": "xyz 1", "code_challenge": challenge, "code_challenge_method": "S256"}
    a, target, query = authorize(**common, user="alice")
    check("/authorize user=alice, loopback any port: 302 with code and state echoed",
          a.status == 302 and target == redirect and query.get("state") == "xyz 1" and "code" in query, a.headers)
    code = query.get("code")
    exchange = {"grant_type": "authorization_code", "code": code, "client_id": "public-app", "redirect_uri": redirect}
    a = token({**exchange, "code_verifier": secrets.token_urlsafe(48)})
    check_error("wrong code_verifier: invalid_grant", a, 400, "invalid_grant")
    a = token({**exchange, "code_verifier": "short"})
    check_error("malformed code_verifier: invalid_request", a, 400, "invalid_request")
    a = token(exchange)
    check_error("no code_verifier: invalid_request", a, 400, "invalid_request")
    a = token({**exchange, "redirect_uri": "http://127.0.0.1:1/callback", "code_verifier": verifier})
    check_error("another redirect_uri at /token: invalid_grant", a, 400, "invalid_grant")
    a = token({**exchange, "code_verifier": verifier})
    body = a.json()
    check("right code_verifier (after failed attempts): 200 with refresh_token", a.status == 200
          and body.get("refresh_token") and body["scope"] == "read write", a.text)
    m = me(body.get("access_token"))
    check("/api/me: user alice, client public-app", m.json() == {"client_id": "public-app", "user": "alice",
                                                                  "scope": "read write"}, m.text)
    a = token({**exchange, "code_verifier": verifier})
    check_error("code used twice: invalid_grant", a, 400, "invalid_grant")
    check("  and the first exchange's access token is revoked", me(body.get("access_token")).status == 401)

    a, target, query = authorize(**{**common, "code_challenge": None, "code_challenge_method": None}, user="alice")
    check("public client without code_challenge: redirect error=invalid_request, state",
          a.status == 302 and query.get("error") == "invalid_request" and query.get("state") == "xyz 1", a.headers)
    a, target, query = authorize(**{**common, "code_challenge_method": "plain"}, user="alice")
    check("code_challenge_method=plain: redirect error=invalid_request", query.get("error") == "invalid_request",
          a.headers)
    a, target, query = authorize(**common, deny="1")
    check("deny=1: redirect error=access_denied, state", a.status == 302 and target == redirect
          and query.get("error") == "access_denied" and query.get("state") == "xyz 1", a.headers)
    a, target, query = authorize(**common)
    check("neither user nor deny: redirect error=access_denied", query.get("error") == "access_denied", a.headers)
    a, target, query = authorize(**{**common, "scope": "read delete"}, user="alice")
    check("unknown scope: redirect error=invalid_scope", query.get("error") == "invalid_scope", a.headers)
    a, target, query = authorize(**{**common, "redirect_uri": "com.example.app:/oauth"}, user="bob")
    check("custom scheme redirect URI com.example.app:/oauth", target == "com.example.app:/oauth" and "code" in query,
          a.headers)
    a, _, _ = authorize(**{**common, "redirect_uri": "https://evil.example/callback"}, user="alice")
    check("unregistered redirect URI: 400, no redirect", a.status == 400 and "Location" not in a.headers, a.text)
    a, _, _ = authorize(**{**common, "redirect_uri": None}, user="alice")
    check("no redirect_uri with two registered: 400, no redirect", a.status == 400 and "Location" not in a.headers,
          a.text)

    a, target, query = authorize(response_type="code", client_id="confidential-basic", state="s", user="carol")
    check("confidential client without PKCE: 302 with code", "code" in query, a.headers)
    a = token({"grant_type": "authorization_code", "code": query.get("code")}, basic("confidential-basic", "basic-secret"))
    check("  exchanged with Basic: 200, scope read", a.status == 200 and a.json()["scope"] == "read", a.text)


def refresh_rotation():
    verifier, challenge = pkce()
    _, _, query = authorize(response_type="code", client_id="public-app", redirect_uri="com.example.app:/oauth",
                            scope="read write", code_challenge=challenge, code_challenge_method="S256", user="dave")
    first = token({"grant_type": "authorization_code", "code": query["code"], "client_id": "public-app",
                   "redirect_uri": "com.example.app:/oauth", "code_verifier": verifier}).json()
    refresh = {"grant_type": "refresh_token", "client_id": "public-app"}
    a = token({**refresh, "refresh_token": first["refresh_token"], "scope": "read write admin"})
    check_error("refresh widening the scope: invalid_scope", a, 400, "invalid_scope")
    a = token({**refresh, "refresh_token": first["refresh_token"], "scope": "read"})
    second = a.json()
    check("refresh: 200, a new refresh token, narrowed scope", a.status == 200 and second["refresh_token"]
          != first["refresh_token"] and second["scope"] == "read", a.text)
    check("  the new access token works", me(second["access_token"]).json().get("user") == "dave")
    check("  the old access token still works until it expires", me(first["access_token"]).status == 200)
    a = token({**refresh, "refresh_token": first["refresh_token"]})
    check_error("the rotated refresh token again: invalid_grant", a, 400, "invalid_grant")
    a = token({**refresh, "refresh_token": second["refresh_token"]})
    check_error("  which revoked the newer one too (reuse detection): invalid_grant", a, 400, "invalid_grant")
    check("  and the family's access tokens", me(second["access_token"]).status == 401
          and me(first["access_token"]).status == 401)
    a = token({**refresh, "refresh_token": "garbage"})
    check_error("unknown refresh token: invalid_grant", a, 400, "invalid_grant")


def device_flow():
    a = device_code(scope="read write")
    dev = a.json()
    check("POST /device/code: 200 with device_code, XXXX-XXXX user_code, verification_uri(_complete), 600, 5",
          a.status == 200 and len(dev["user_code"]) == 9 and dev["user_code"][4] == "-"
          and dev["verification_uri"] == BASE + "/device" and dev["verification_uri_complete"].endswith(dev["user_code"])
          and dev["expires_in"] == 600 and dev["interval"] == 5, a.text)
    code, user_code = dev["device_code"], dev["user_code"]
    check_error("first poll: authorization_pending", poll(code), 400, "authorization_pending")
    check_error("second poll at once: slow_down", poll(code), 400, "slow_down")
    polls = call("GET", "/test/polls", query={"user_code": user_code}).json()
    check("/test/polls: two polls, the interval raised to 10", [p["answer"] for p in polls] == [
        "authorization_pending", "slow_down"] and polls[1]["interval"] == 10 and polls[0]["at"] <= polls[1]["at"], polls)
    check_error("another client's device code: invalid_grant", poll(code, "public-app"), 400, "invalid_grant")
    a = hook("approve", user_code=user_code.lower().replace("-", ""), user="erin")
    check("POST /test/device/approve (user_code in any case, no hyphen)", a.status == 200, a.text)
    a = poll(code)
    check("poll after approval: 200 tokens with refresh_token, scope", a.status == 200 and a.json().get("refresh_token")
          and a.json()["scope"] == "read write", a.text)
    check("  /api/me: user erin", me(a.json().get("access_token")).json().get("user") == "erin")
    check_error("poll once more: invalid_grant", poll(code), 400, "invalid_grant")
    check_error("unknown device code: invalid_grant", poll("nope"), 400, "invalid_grant")
    check("POST /test/device/approve, unknown user_code: 404", hook("approve", user_code="NOPE-NOPE").status == 404)

    dev = device_code().json()
    hook("deny", user_code=dev["user_code"])
    check_error("denied: access_denied", poll(dev["device_code"]), 400, "access_denied")
    dev = device_code().json()
    hook("expire", user_code=dev["user_code"])
    check_error("expired by the hook: expired_token", poll(dev["device_code"]), 400, "expired_token")
    dev = device_code(headers={"X-Test-Expires-In": "1", "X-Test-Interval": "1"}).json()
    check("X-Test-Expires-In / X-Test-Interval set expires_in 1 and interval 1",
          dev["expires_in"] == 1 and dev["interval"] == 1, dev)
    check_error("  poll: authorization_pending", poll(dev["device_code"]), 400, "authorization_pending")
    time.sleep(1.2)
    check_error("  1.2 s later: expired_token", poll(dev["device_code"]), 400, "expired_token")
    dev = device_code(headers={"X-Test-Interval": "1"}).json()
    poll(dev["device_code"])
    time.sleep(1.1)
    check_error("polls 1.1 s apart with interval 1: authorization_pending", poll(dev["device_code"]), 400,
                "authorization_pending")

    dev = device_code(scope="admin").json()
    a = hook("script", user_code=dev["user_code"], answers="authorization_pending,slow_down,authorization_pending,approve",
             user="frank")
    check("POST /test/device/script", a.status == 200, a.text)
    answers = [poll(dev["device_code"]) for _ in range(4)]
    check("scripted polls, all at once: pending, slow_down, pending, then tokens",
          [x.json().get("error") for x in answers[:3]] == ["authorization_pending", "slow_down", "authorization_pending"]
          and answers[3].status == 200, [x.text for x in answers])
    check("  tokens for the script's user, scope admin", me(answers[3].json().get("access_token")).json() == {
        "client_id": "cli-tool", "user": "frank", "scope": "admin"})
    polls = call("GET", "/test/polls", query={"user_code": dev["user_code"]}).json()
    check("  /test/polls: scripted, interval 5, 10, 10, 10",
          [p["interval"] for p in polls] == [5, 10, 10, 10] and all(p["scripted"] for p in polls)
          and polls[3]["answer"] == "token", polls)
    dev = device_code().json()
    hook("script", user_code=dev["user_code"], answers="slow_down")
    check_error("script used up: the timing rules again (first: slow_down scripted)", poll(dev["device_code"]), 400,
                "slow_down")
    check_error("  then at once: slow_down by timing", poll(dev["device_code"]), 400, "slow_down")
    a = hook("script", user_code=dev["user_code"], answers="approve,maybe")
    check("script with an unknown answer: 400", a.status == 400, a.text)
    a = device_code("confidential-post", client_secret="post-secret")
    check_error("device code for a confidential client: invalid_client", a, 400, "invalid_client")
    a = device_code(scope="delete")
    check_error("device code with unknown scope: invalid_scope", a, 400, "invalid_scope")


def github_variant():
    a = device_code(github=True, scope="read write")
    dev = a.form()
    check("GitHub device code: form-encoded, expires_in 900, interval 5, no verification_uri_complete",
          a.status == 200 and a.headers.get("Content-Type", "").startswith("application/x-www-form-urlencoded")
          and dev.get("expires_in") == "900" and dev.get("interval") == "5"
          and dev.get("verification_uri") == BASE + "/github/login/device" and "verification_uri_complete" not in dev,
          a.text)
    a = github_poll(dev["device_code"])
    form = a.form()
    check("GitHub poll: HTTP 200, error=authorization_pending, error_description, error_uri (form)",
          a.status == 200 and form.get("error") == "authorization_pending" and form.get("error_description")
          and form.get("error_uri", "").startswith("https://docs.github.com/"), a.text)
    a = github_poll(dev["device_code"], accept_json=True)
    check("GitHub poll at once, Accept JSON: HTTP 200 JSON error=slow_down, interval 10",
          a.status == 200 and a.headers.get("Content-Type", "").startswith("application/json")
          and a.json().get("error") == "slow_down" and a.json().get("interval") == 10, a.text)
    hook("approve", user_code=dev["user_code"], user="octocat")
    a = github_poll(dev["device_code"])
    form = a.form()
    check("GitHub poll after approval: access_token, token_type=bearer, scope=read,write (form)",
          a.status == 200 and form.get("access_token") and form.get("token_type") == "bearer"
          and form.get("scope") == "read,write", a.text)
    check("  the token works at /api/me", me(form.get("access_token")).json().get("user") == "octocat")
    a = github_poll(dev["device_code"], accept_json=True)
    check("GitHub poll once more: 200 incorrect_device_code", a.status == 200
          and a.json().get("error") == "incorrect_device_code", a.text)
    a = github_poll(dev["device_code"], client_id="nobody")
    check("GitHub unknown client: 200 incorrect_client_credentials", a.status == 200
          and a.form().get("error") == "incorrect_client_credentials", a.text)
    a = call("POST", "/github/login/device/code", json_body={"client_id": "cli-tool"},
             headers={"Accept": "application/json"})
    dev = a.json()
    check("GitHub device code, JSON body and Accept JSON: JSON answer", a.status == 200 and "device_code" in dev, a.text)
    hook("deny", user_code=dev["user_code"])
    a = github_poll(dev["device_code"], accept_json=True)
    check("GitHub denied: 200 access_denied", a.status == 200 and a.json().get("error") == "access_denied", a.text)
    dev = device_code(github=True).form()
    hook("expire", user_code=dev["user_code"])
    a = github_poll(dev["device_code"])
    check("GitHub expired: 200 expired_token", a.status == 200 and a.form().get("error") == "expired_token", a.text)
    dev = device_code(github=True).form()
    hook("script", user_code=dev["user_code"], answers="slow_down,approve")
    a = github_poll(dev["device_code"], accept_json=True)
    check("GitHub scripted slow_down reports interval 10", a.json().get("interval") == 10, a.text)
    check("GitHub scripted approve: access_token", "access_token" in github_poll(dev["device_code"]).form())


def recorded_requests():
    call("POST", "/test/reset")
    token({"grant_type": "client_credentials"}, basic("confidential-basic", "basic-secret"))
    token({"grant_type": "client_credentials", "client_id": "confidential-post", "client_secret": "post-secret"})
    device_code()
    a = call("GET", "/test/requests")
    seen = a.json()
    check("/test/requests: three requests", len(seen) == 3, seen)
    check("  Basic: auth basic, fields [grant_type], client_id", seen[0]["auth"] == "basic"
          and seen[0]["fields"] == ["grant_type"] and seen[0]["client_id"] == "confidential-basic"
          and seen[0]["grant_type"] == "client_credentials" and seen[0]["status"] == 200, seen[0])
    check("  post: auth post, client_secret among the field names", seen[1]["auth"] == "post"
          and seen[1]["fields"] == ["client_id", "client_secret", "grant_type"], seen[1])
    check("  device code: path, auth none", seen[2]["path"] == "/device/code" and seen[2]["auth"] == "none", seen[2])
    check("  no secret value anywhere", "basic-secret" not in a.text and "post-secret" not in a.text)
    kept = token({"grant_type": "client_credentials"}, basic("confidential-basic", "basic-secret")).json()
    call("POST", "/test/reset")
    check("POST /test/reset forgets tokens and requests", me(kept["access_token"]).status == 401
          and call("GET", "/test/requests").json() == [])


def main():
    return run_groups((basics, client_credentials, resource, authorization_code, refresh_rotation, device_flow,
                       github_variant, recorded_requests), BASE, "OAUTH_SERVER_URL")


if __name__ == "__main__":
    sys.exit(main())
