"""A GitHub App for Tests/Servers/github_server.py (`--app-id ID --app-public-key PEM`): the app's JWTs
are verified with PyJWT (pyjwt[crypto], installed by Tests/Servers/github-server.sh into the venv),
and installation access tokens are issued and checked as GitHub does.

    GET  /app                                        the app (JWT)
    GET  /app/installations                          its installations (JWT)
    POST /app/installations/{id}/access_tokens       a ghs_ token for an installation (JWT); optional
                                                     body {"repositories", "repository_ids",
                                                     "permissions"}; X-Test-Token-Lifetime: N makes
                                                     it expire N seconds from now (default 3600)
    GET  /installation/repositories                  the installation's repositories (its token)
    GET  /test/app-token-requests                    {"total": N, "by_installation": {"1001": N}}:
                                                     token POSTs that issued a token (no auth)
    POST /test/expire-installation-tokens?installation=ID
                                                     expires the tokens issued so far for installation
                                                     ID (every installation without it; no auth)

Installations 1001 to 1999 exist (account octocat, repositories repo-001 to repo-003), so that tests
running at once each use their own; any other ID is 404 Not Found. JWT refusals are 401 with a
GitHub-style message: a bad signature or an undecodable JWT, an expired `exp`, an `iat` in the
future, `exp` more than 10 minutes after `iat`, an `iss` that is not the app's. So are an expired or
unknown installation token.
"""

import json
import secrets
import time
from urllib.parse import parse_qsl

import jwt  # PyJWT

DOCS = "https://docs.github.com/rest/apps/apps"
INSTALLATIONS = range(1001, 2000)
TOKEN_DOCS = "https://docs.github.com/rest/apps/apps#create-an-installation-access-token-for-an-app"
APP_SLUG = "endpointkit-test-app"


def error(message, docs=DOCS):
    return {"message": message, "documentation_url": docs}


def iso(ts):
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(ts))


class GitHubApps:
    """The app's state; every method runs under the server's lock."""

    def __init__(self, app_id, public_key_pem, owner, repos):
        self.app_id, self.public_key, self.owner = str(app_id), public_key_pem, owner
        self.repos = [{key: repo[key] for key in ("id", "node_id", "name", "full_name", "private")}
                      for repo in repos[:3]]
        self.tokens = {}  # token -> {"installation", "expires_at", "permissions", "repositories"}
        self.token_requests = {}  # installation id -> tokens issued

    def handles(self, path):
        return path == "/app" or path.startswith("/app/") or path.startswith("/installation/") \
            or path.startswith("/test/app-") or path == "/test/expire-installation-tokens"

    def app(self):
        return {"id": int(self.app_id) if self.app_id.isdigit() else 1, "slug": APP_SLUG,
                "client_id": self.app_id, "node_id": "A_kwEndpointKit", "owner": self.owner,
                "name": "EndpointKit Test App", "description": "", "external_url": "https://example.com",
                "html_url": f"https://github.com/apps/{APP_SLUG}", "created_at": iso(1_700_000_000),
                "updated_at": iso(1_700_000_000), "permissions": {"issues": "write", "metadata": "read"},
                "events": []}

    def installation(self, ident):
        return {"id": ident, "account": self.owner, "app_id": self.app()["id"], "app_slug": APP_SLUG,
                "target_type": "User", "repository_selection": "selected",
                "permissions": {"issues": "write", "metadata": "read"}, "events": []}

    def verify_jwt(self, token, now):
        """None when the JWT is the app's and valid now, else the message of the 401."""
        if token is None:
            return "A JSON web token could not be decoded"
        try:
            claims = jwt.decode(token, self.public_key, algorithms=["RS256"],
                                options={"verify_exp": False, "verify_iat": False, "verify_iss": False,
                                         "require": ["iat", "exp", "iss"]})
        except jwt.PyJWTError:
            return "A JSON web token could not be decoded"
        iat, exp = claims.get("iat"), claims.get("exp")
        if not isinstance(iat, int) or not isinstance(exp, int):
            return "A JSON web token could not be decoded"
        if exp <= now:
            return ("'Expiration time' claim ('exp') must be a numeric value representing the future time at "
                    "which the assertion expires")
        if iat > now:
            return "'Issued at' claim ('iat') must be an Integer representing a time in the past"
        if exp - iat > 600:
            return "'Expiration time' claim ('exp') is too far in the future"
        if str(claims.get("iss")) != self.app_id:
            return "'Issuer' claim ('iss') must be the app's client ID or app ID"
        return None

    def respond(self, method, path, query, token, headers, body):
        """(status, payload) of a request to one of the app's paths."""
        now = int(time.time())
        parts = path.strip("/").split("/")
        if path == "/test/app-token-requests" and method == "GET":
            by_installation = {str(k): v for k, v in self.token_requests.items()}
            return 200, {"total": sum(self.token_requests.values()), "by_installation": by_installation}
        if path == "/test/expire-installation-tokens" and method == "POST":
            installation = dict(parse_qsl(query)).get("installation")
            expired = [issued for issued in self.tokens.values()
                       if installation is None or str(issued["installation"]) == installation]
            for issued in expired:
                issued["expires_at"] = min(issued["expires_at"], now)
            return 200, {"expired": len(expired)}
        if parts[0] == "installation":
            issued = self.tokens.get(token or "")
            if issued is None or issued["expires_at"] <= now:
                return 401, error("Bad credentials", "https://docs.github.com/rest")
            if method == "GET" and path == "/installation/repositories":
                repos = [repo for repo in self.repos
                         if issued["repositories"] is None or repo["name"] in issued["repositories"]]
                return 200, {"total_count": len(repos), "repository_selection": "selected", "repositories": repos}
            return 404, error("Not Found", "https://docs.github.com/rest")
        refusal = self.verify_jwt(token, now)
        if refusal is not None:
            return 401, error(refusal, "https://docs.github.com/rest")
        if method == "GET" and path == "/app":
            return 200, self.app()
        if method == "GET" and path == "/app/installations":
            return 200, [self.installation(ident) for ident in (1001, 1002)]
        if method == "POST" and len(parts) == 4 and parts[:2] == ["app", "installations"] \
                and parts[3] == "access_tokens":
            return self.issue_token(parts[2], headers, body, now)
        return 404, error("Not Found", "https://docs.github.com/rest")

    def issue_token(self, ident, headers, body, now):
        if not ident.isdigit() or int(ident) not in INSTALLATIONS:
            return 404, error("Not Found", TOKEN_DOCS)
        try:
            narrowing = json.loads(body) if body.strip() else {}
            assert isinstance(narrowing, dict)
        except (ValueError, AssertionError):
            return 400, error("Problems parsing JSON", TOKEN_DOCS)
        lifetime = int(headers.get("X-Test-Token-Lifetime") or 3600)
        names = narrowing.get("repositories")
        if names is not None and any(name not in {repo["name"] for repo in self.repos} for name in names):
            return 422, error("There is at least one repository that does not exist or is not accessible to "
                              "the parent installation.", TOKEN_DOCS)
        permissions = narrowing.get("permissions") or {"issues": "write", "metadata": "read"}
        token = "ghs_" + secrets.token_hex(18)
        self.tokens[token] = {"installation": int(ident), "expires_at": now + lifetime,
                              "permissions": permissions, "repositories": names}
        self.token_requests[int(ident)] = self.token_requests.get(int(ident), 0) + 1
        repositories = [repo for repo in self.repos if names is None or repo["name"] in names]
        return 201, {"token": token, "expires_at": iso(now + lifetime), "permissions": permissions,
                     "repository_selection": "selected", "repositories": repositories}
