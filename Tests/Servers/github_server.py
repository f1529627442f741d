#!/usr/bin/env python3
"""A local, GitHub-like REST API for EndpointKit's tests and demos (Python standard library only).

    python3 Tests/Servers/github_server.py --port PORT [--token TOKEN ...] [--repos N] [--rate-limit N]
                                     [--flaky PATH ...] [--exit-with-parent]
                                     [--tls-cert PEM --tls-key PEM]
                                     [--app-id ID --app-public-key PEM] [--token-prefix PREFIX ...]

Serves on 127.0.0.1 only (--port 0: a free port, whose URL it prints), HTTP/1.1 with keep-alive,
silently; over HTTPS with --tls-cert and --tls-key (Tests/Servers/local_server.py's TLS, so that
Tests/Servers/local-server.sh can start it as it starts the fault server's TLS twin); stops on SIGTERM or
SIGINT, and with --exit-with-parent once the process that started it has ended. Exit status 75 when the port is taken. User `octocat` (id 1)
owns N public repositories `repo-001` ... (default 250), all deterministic; tokens default to
ghp_testtoken; --token-prefix gho_ accepts, besides, any token that starts with gho_ (a stand-in for
GitHub knowing the OAuth tokens it issued: scripts/run-examples signs in with the device flow at
Tests/Servers/oauth_server.py, whose GitHub-style tokens start so); --rate-limit (default 5000) is
per token and hour. --flaky PATH (repeatable) makes
the first request to exactly that path (e.g. /user/repos; the query is not part of it) answer
503 {"message": "Service unavailable", ...}, before any authentication and without counting
against the rate limit, as a brief outage would; later requests to it are served normally.

Endpoints (all but /health and /stats need `Authorization: token T` or `Bearer T`):
    GET  /user                             the authenticated user
    GET  /user/repos                       octocat's repositories, by name; per_page (default 30,
    GET  /users/{login}/repos              max 100) and page (default 1), GitHub's Link header
    GET  /repos/{owner}/{repo}             one repository
    POST /repos/{owner}/{repo}/issues      create an issue: {"title", "body", "labels"} -> 201
    GET  /health                           {"ok": true}
    GET  /stats                            {"requests", "not_modified", "by_path", "by_status"}
HEAD works wherever GET does. Every response carries X-RateLimit-{Limit,Remaining,Used,Reset,
Resource}; every 200 GET carries a strong ETag and Last-Modified, and GitHub's
"Cache-Control: private, max-age=60, s-maxage=60" and "Vary: Accept, Authorization, Cookie";
If-None-Match or If-Modified-Since then gives a 304 that does not count against the rate limit. Errors have
GitHub's shape: 401 Bad credentials, 403 API rate limit exceeded, 404 Not Found, 400 Problems
parsing JSON, 422 Validation Failed with "errors".

With --app-id and --app-public-key it is also a GitHub App (Tests/Servers/github_apps.py, which
needs PyJWT: run it with the venv's python): /app, /app/installations, installation access tokens
and /installation/repositories, with test hooks.

Bodies carry every field that GitHub's OpenAPI description (api.github.com.yaml) requires, so that
types generated from it decode them; scripts/checks/check_github_server_schemas.py checks that. A
repository is a full-repository everywhere (thus also a minimal-repository and a repository), the
new issue an issue, /user a private-user, errors a basic-error or validation-error. The `url` of
a repository, of a new issue and of /user, Location and Link name this server (from the request's
Host); every other URL, the owner's `url` included, names https://api.github.com as GitHub's own
responses do, with RFC 6570 templates such as .../issues{/number} where GitHub has them. Nothing
is random; only a new issue's dates are the current time.
"""

import argparse
import base64
import calendar
import email.utils
import hashlib
import json
import sys
import threading
import time
import traceback
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler
from urllib.parse import parse_qsl, unquote_plus, urlsplit

from local_server import LocalServer, exit_with_parent, serve_until_stopped

DOCS = "https://docs.github.com/rest"
ISSUE_DOCS = DOCS + "/issues/issues#create-an-issue"
RATE_DOCS = DOCS + "/overview/resources-in-the-rest-api#rate-limiting"
JSON_TYPE = "application/json; charset=utf-8"
URL_SLOT = "\0url\0"  # stands for a repository's per-request url in its cached JSON text
MAX_BODY = 1 << 20
LOGIN, USER_ID = "octocat", 1
USER_CREATED = 1295981076  # 2011-01-25T18:44:36Z
REPOS_CREATED = 1296068472  # 2011-01-26T19:01:12Z
LANGUAGES = ["Swift", "Python", None, "Go", "Ruby", "JavaScript"]
TOPICS = [["swift", "networking"], [], ["api", "http", "testing"], ["demo"]]
API = "https://api.github.com"  # the other *_url fields name GitHub itself, as GitHub's own responses do
REPO_URLS = [  # a repository's *_url fields: its API URL + these (RFC 6570 templates where GitHub has them)
    ("forks_url", "/forks"), ("keys_url", "/keys{/key_id}"), ("collaborators_url", "/collaborators{/collaborator}"),
    ("teams_url", "/teams"), ("hooks_url", "/hooks"), ("issue_events_url", "/issues/events{/number}"),
    ("events_url", "/events"), ("assignees_url", "/assignees{/user}"), ("branches_url", "/branches{/branch}"),
    ("tags_url", "/tags"), ("blobs_url", "/git/blobs{/sha}"), ("git_tags_url", "/git/tags{/sha}"),
    ("git_refs_url", "/git/refs{/sha}"), ("trees_url", "/git/trees{/sha}"), ("statuses_url", "/statuses/{sha}"),
    ("languages_url", "/languages"), ("stargazers_url", "/stargazers"), ("contributors_url", "/contributors"),
    ("subscribers_url", "/subscribers"), ("subscription_url", "/subscription"), ("commits_url", "/commits{/sha}"),
    ("git_commits_url", "/git/commits{/sha}"), ("comments_url", "/comments{/number}"),
    ("issue_comment_url", "/issues/comments{/number}"), ("contents_url", "/contents/{+path}"),
    ("compare_url", "/compare/{base}...{head}"), ("merges_url", "/merges"), ("archive_url", "/{archive_format}{/ref}"),
    ("downloads_url", "/downloads"), ("issues_url", "/issues{/number}"), ("pulls_url", "/pulls{/number}"),
    ("milestones_url", "/milestones{/number}"), ("notifications_url", "/notifications{?since,all,participating}"),
    ("labels_url", "/labels{/name}"), ("releases_url", "/releases{/id}"), ("deployments_url", "/deployments")]
PERMISSIONS = {"admin": True, "maintain": True, "push": True, "triage": True, "pull": True}  # the owner's


def iso(ts):
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(ts))


def node_id(kind, ident):  # GitHub's legacy global ids: base64("04:User1")
    return base64.b64encode(f"0{len(kind)}:{kind}{ident}".encode()).decode()


class JSONText(str):
    """A payload already serialized, byte for byte as json.dumps(payload, ensure_ascii=False) has it."""


def error(message, docs=DOCS, **extra):
    return {"message": message, **extra, "documentation_url": docs}


NOT_FOUND = error("Not Found")
LICENSES = [{"key": "mit", "name": "MIT License", "spdx_id": "MIT", "url": f"{API}/licenses/mit",
             "node_id": node_id("License", 13)}, None,
            {"key": "apache-2.0", "name": "Apache License 2.0", "spdx_id": "Apache-2.0",
             "url": f"{API}/licenses/apache-2.0", "node_id": node_id("License", 2)}]
OWNER = {"login": LOGIN, "id": USER_ID, "node_id": node_id("User", USER_ID),  # GitHub's simple-user
         "avatar_url": "https://avatars.githubusercontent.com/u/1?v=4", "gravatar_id": "",
         "url": f"{API}/users/{LOGIN}", "html_url": "https://github.com/octocat",
         "followers_url": f"{API}/users/{LOGIN}/followers",
         "following_url": f"{API}/users/{LOGIN}/following{{/other_user}}",
         "gists_url": f"{API}/users/{LOGIN}/gists{{/gist_id}}",
         "starred_url": f"{API}/users/{LOGIN}/starred{{/owner}}{{/repo}}",
         "subscriptions_url": f"{API}/users/{LOGIN}/subscriptions", "organizations_url": f"{API}/users/{LOGIN}/orgs",
         "repos_url": f"{API}/users/{LOGIN}/repos", "events_url": f"{API}/users/{LOGIN}/events{{/privacy}}",
         "received_events_url": f"{API}/users/{LOGIN}/received_events", "type": "User", "site_admin": False}
USER = {**OWNER, "name": "The Octocat", "company": "@github", "blog": "https://github.blog",  # private-user
        "location": "San Francisco", "email": None, "hireable": None, "bio": None, "twitter_username": None,
        "public_repos": 0, "public_gists": 8, "followers": 20, "following": 0, "created_at": iso(USER_CREATED),
        "updated_at": iso(USER_CREATED), "private_gists": 0, "total_private_repos": 0, "owned_private_repos": 0,
        "disk_usage": 10000, "collaborators": 0, "two_factor_authentication": True,
        "plan": {"name": "free", "space": 976562499, "collaborators": 0, "private_repos": 10000}}


def make_repo(i, width):
    """Every field GitHub's full-repository requires, so also a minimal-repository and a repository."""
    name, rid, created = f"repo-{i:0{width}d}", 1296268 + i, REPOS_CREATED + (i - 1) * 86400
    updated, full = created + 30 * 86400 + (i % 24) * 3600, f"{LOGIN}/{name}"
    html, api, stars, forks = f"https://github.com/{full}", f"{API}/repos/{full}", i * 37 % 1000, i * 13 % 50
    return {"id": rid, "node_id": node_id("Repository", rid), "name": name, "full_name": full,
            "private": False, "owner": OWNER, "html_url": html,
            "description": None if i % 5 == 0 else f"Test repository number {i}", "fork": i % 7 == 0,
            "url": None,  # this server's URL of it, set per request by Handler.render
            **{field: api + suffix for field, suffix in REPO_URLS},
            "created_at": iso(created), "updated_at": iso(updated), "pushed_at": iso(updated - 600),
            "git_url": f"git://github.com/{full}.git", "ssh_url": f"git@github.com:{full}.git",
            "clone_url": f"{html}.git", "svn_url": html, "homepage": None, "size": i * 97 % 5000,
            "stargazers_count": stars, "watchers_count": stars,
            "language": LANGUAGES[(i - 1) % len(LANGUAGES)], "has_issues": True, "has_projects": True,
            "has_downloads": True, "has_wiki": True, "has_pages": False, "forks_count": forks,
            "mirror_url": None, "archived": False, "disabled": False,
            "open_issues_count": 0, "license": LICENSES[(i - 1) % len(LICENSES)], "allow_forking": True,
            "is_template": False, "topics": TOPICS[(i - 1) % len(TOPICS)], "visibility": "public",
            "forks": forks, "open_issues": 0, "watchers": stars, "default_branch": "main",
            "permissions": PERMISSIONS, "network_count": forks, "subscribers_count": i * 7 % 40}


class AcceptedTokens:
    """The tokens the server accepts: the given ones, and any that starts with a given prefix."""

    def __init__(self, tokens, prefixes=()):
        self.tokens, self.prefixes = set(tokens), tuple(prefixes)

    def __contains__(self, token):
        return token is not None and (token in self.tokens or (bool(self.prefixes) and token.startswith(self.prefixes)))


class GitHubServer(LocalServer):  # a ThreadingHTTPServer that can serve HTTPS
    request_queue_size = 128  # bursts of concurrent connections must not wait for SYN retries

    def __init__(self, address, repos, tokens, rate_limit, flaky=(), apps=None, token_prefixes=()):
        super().__init__(address, Handler)
        self.apps = apps  # a github_apps.GitHubApps, or None
        self.lock = threading.Lock()  # guards everything below
        width = max(3, len(str(repos)))
        self.repos = [make_repo(i, width) for i in range(1, repos + 1)]
        self.by_name = {repo["name"].lower(): repo for repo in self.repos}
        self.mtime = {repo["name"]: calendar.timegm(time.strptime(repo["updated_at"], "%Y-%m-%dT%H:%M:%SZ"))
                      for repo in self.repos}  # Last-Modified of each repository
        self.texts = {}  # name -> a repository's JSON text around URL_SLOT, made when first needed
        self.issues, self.next_issue_id = {}, 1
        self.tokens, self.rate_limit, self.buckets = AcceptedTokens(tokens, token_prefixes), rate_limit, {}
        self.flaky = {path.rstrip("/") or "/" for path in flaky}  # paths whose first request fails
        self.stats = {"requests": 0, "not_modified": 0, "by_path": {}, "by_status": {}}

    def bucket(self, token):  # [remaining, reset]; None is the anonymous one, never decremented
        now = int(time.time())
        if token not in self.buckets or now >= self.buckets[token][1]:
            self.buckets[token] = [self.rate_limit, now + 3600]
        return self.buckets[token]

    def rate_headers(self, bucket):
        return {"X-RateLimit-Limit": str(self.rate_limit), "X-RateLimit-Remaining": str(bucket[0]),
                "X-RateLimit-Used": str(self.rate_limit - bucket[0]), "X-RateLimit-Reset": str(bucket[1]),
                "X-RateLimit-Resource": "core"}

    def count(self, path, status):
        self.stats["requests"] += 1
        self.stats["not_modified"] += status == 304
        self.stats["by_path"][path] = self.stats["by_path"].get(path, 0) + 1
        self.stats["by_status"][str(status)] = self.stats["by_status"].get(str(status), 0) + 1


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def version_string(self):
        return "GitHub.com"

    def log_message(self, format, *args):
        pass

    def do_GET(self):
        body = self.read_body()
        if body is None:
            return
        url, server = urlsplit(self.path), self.server
        path = url.path.rstrip("/") or "/"
        with server.lock:
            try:
                status, headers, data = self.respond(path, url, body)
            except Exception:
                traceback.print_exc()
                status, headers, data = 500, server.rate_headers(server.bucket(None)), b'{"message":"Server Error"}'
            if path not in ("/health", "/stats"):
                server.count(path, status)
        self.send(status, headers, data)

    do_HEAD = do_POST = do_PUT = do_PATCH = do_DELETE = do_OPTIONS = do_GET

    def send(self, status, headers, data):
        self.send_response(status)
        if status != 304:  # a 304 has no body, so neither Content-Type nor Content-Length
            headers = {**headers, "Content-Type": JSON_TYPE, "Content-Length": str(len(data))}
        for name, value in headers.items():
            self.send_header(name, value)
        self.end_headers()
        if status != 304 and self.command != "HEAD":
            self.wfile.write(data)

    def send_error(self, code, message=None, explain=None):  # unparsable requests: JSON, then close
        with self.server.lock:
            rate = self.server.rate_headers(self.server.bucket(None))
        self.send(code, {**rate, "Connection": "close"}, json.dumps(error(message or HTTPStatus(code).phrase)).encode())

    def read_body(self):
        """The request body (Content-Length or chunked), or None after answering 400 or 413."""
        try:
            if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
                chunks = []
                while (size := int(self.rfile.readline(100).split(b";")[0].strip() or b"0", 16)) > 0:
                    if sum(map(len, chunks)) + size > MAX_BODY:
                        return self.send_error(413)
                    chunks.append(self.rfile.read(size))
                    self.rfile.readline(100)
                while self.rfile.readline(8192).strip():  # trailer fields
                    pass
                return b"".join(chunks)
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            return self.send_error(400, "Bad request body framing")
        if not 0 <= length <= MAX_BODY:
            return self.send_error(413 if length > 0 else 400)
        return self.rfile.read(length)

    def respond(self, path, url, body):
        """Runs under the lock: (status, headers, body bytes), rate limit applied."""
        server, reading = self.server, self.command in ("GET", "HEAD")
        token = self.token()
        bucket = server.bucket(token if token in server.tokens else None)
        if reading and path in ("/health", "/stats"):
            payload = {"ok": True} if path == "/health" else server.stats
            return 200, server.rate_headers(bucket), json.dumps(payload).encode()
        if path in server.flaky:  # its first request only
            server.flaky.remove(path)
            return 503, server.rate_headers(bucket), json.dumps(error("Service unavailable")).encode()
        if server.apps is not None and server.apps.handles(path):
            status, payload = server.apps.respond(self.command, path, url.query, token, self.headers,
                                                  body.decode())
            return status, server.rate_headers(bucket), json.dumps(payload).encode()
        if token not in server.tokens:
            status, headers, payload, mtime = 401, {}, error("Bad credentials"), None
        elif bucket[0] <= 0:
            message = f"API rate limit exceeded for user ID {USER_ID}."
            status, headers, payload, mtime = 403, {}, error(message, RATE_DOCS), None
        else:
            status, headers, payload, mtime = self.route(path, url.query, body)
        data = (payload if isinstance(payload, JSONText) else json.dumps(payload, ensure_ascii=False)).encode()
        if status == 200 and reading and mtime is not None:
            etag = '"%s"' % hashlib.sha1(data).hexdigest()
            headers.update({"ETag": etag, "Last-Modified": email.utils.formatdate(mtime, usegmt=True),
                            "Cache-Control": "private, max-age=60, s-maxage=60", "Vary": "Accept, Authorization, Cookie"})
            if self.not_modified(etag, mtime):
                status, data = 304, b""
        if token in server.tokens and status not in (304, 403):
            bucket[0] -= 1
        return status, {**headers, **server.rate_headers(bucket)}, data

    def token(self):
        scheme, _, value = self.headers.get("Authorization", "").strip().partition(" ")
        return value.strip() if scheme.lower() in ("token", "bearer") else None

    def not_modified(self, etag, mtime):
        if (tags := self.headers.get("If-None-Match")) is not None:  # RFC 9110: then ignore the date
            tags = [t.strip().removeprefix("W/").strip('"') for t in tags.split(",")]
            return "*" in tags or etag.strip('"') in tags
        try:
            since = email.utils.parsedate_to_datetime(self.headers.get("If-Modified-Since", ""))
        except (TypeError, ValueError):
            return False
        return since.tzinfo is not None and mtime <= since.timestamp()

    def base_url(self):
        scheme = "https://" if self.server.tls_context is not None else "http://"
        return scheme + (self.headers.get("Host") or "127.0.0.1:%d" % self.server.server_port).strip()

    def render(self, repo):
        """The repository as JSON text with its url on this server; the rest is serialized only once."""
        parts = self.server.texts.get(repo["name"])
        if parts is None:  # a page of 100 repositories is 0.5 MB, which json.dumps takes 5 ms for
            text = json.dumps({**repo, "url": URL_SLOT}, ensure_ascii=False)
            parts = self.server.texts[repo["name"]] = text.split(json.dumps(URL_SLOT), 1)
        return json.dumps(f"{self.base_url()}/repos/{repo['full_name']}", ensure_ascii=False).join(parts)

    def route(self, path, query, body):
        """(status, headers, payload, Last-Modified time or None) of an authenticated request."""
        server, parts, method = self.server, path.strip("/").split("/"), self.command
        method = "GET" if method == "HEAD" else method
        if method == "GET" and path == "/user":
            user = {**USER, "url": f"{self.base_url()}/users/{LOGIN}", "public_repos": len(server.repos)}
            return 200, {}, user, USER_CREATED
        if method == "GET" and path == "/user/repos":
            return self.list_repos(query)
        if method == "GET" and len(parts) == 3 and parts[0] == "users" and parts[2] == "repos":
            return self.list_repos(query) if parts[1].lower() == LOGIN else (404, {}, NOT_FOUND, None)
        repo = None
        if len(parts) in (3, 4) and parts[0] == "repos" and parts[1].lower() == LOGIN:
            repo = server.by_name.get(parts[2].lower())
        if method == "GET" and repo and len(parts) == 3:
            return 200, {}, JSONText(self.render(repo)), server.mtime[repo["name"]]
        if method == "POST" and repo and len(parts) == 4 and parts[3] == "issues":
            return self.create_issue(repo, body)
        return 404, {}, NOT_FOUND, None

    def list_repos(self, query):
        params, repos = dict(parse_qsl(query)), self.server.repos

        def number(name, default):
            try:
                return int(params.get(name, default))
            except ValueError:
                return default

        per_page, page = min(100, max(1, number("per_page", 30))), max(1, number("page", 1))
        last = max(1, -(-len(repos) // per_page))
        items = repos[(page - 1) * per_page:page * per_page]
        mtime = max((self.server.mtime[r["name"]] for r in items), default=USER_CREATED)
        kept = [p for p in query.split("&") if p and unquote_plus(p.split("=", 1)[0]) != "page"]
        path = urlsplit(self.path).path

        def link(n, rel):
            return '<%s%s?%s>; rel="%s"' % (self.base_url(), path, "&".join(kept + [f"page={n}"]), rel)

        links = [link(page - 1, "prev")] if page > 1 else []
        links += [link(page + 1, "next"), link(last, "last")] if page < last else []
        links += [link(1, "first")] if page > 1 else []
        page = JSONText("[" + ", ".join(self.render(r) for r in items) + "]")
        return 200, {"Link": ", ".join(links)} if links else {}, page, mtime

    def create_issue(self, repo, body):
        server = self.server
        try:
            issue = json.loads(body.decode("utf-8"))
        except ValueError:  # also UnicodeDecodeError
            issue = None
        if not isinstance(issue, dict):
            return 400, {}, error("Problems parsing JSON", ISSUE_DOCS), None
        title, text, labels = issue.get("title"), issue.get("body"), issue.get("labels") or []
        names = [x.get("name") if isinstance(x, dict) else x for x in labels] if isinstance(labels, list) else [0]
        problems = {}  # field -> code
        if title is None or isinstance(title, str) and not title.strip():
            problems["title"] = "missing_field"
        elif not isinstance(title, (str, int)) or isinstance(title, bool):
            problems["title"] = "invalid"
        if text is not None and not isinstance(text, str):
            problems["body"] = "invalid"
        if not all(isinstance(name, str) for name in names):
            problems["labels"] = "invalid"
        if problems:
            errors = [{"resource": "Issue", "field": field, "code": code} for field, code in problems.items()]
            return 422, {}, error("Validation Failed", ISSUE_DOCS, errors=errors), None
        now, full = int(time.time()), repo["full_name"]
        number = len(server.issues.setdefault(repo["name"], [])) + 1
        url, api = f"{self.base_url()}/repos/{full}/issues/{number}", f"{API}/repos/{full}"
        created = {"id": server.next_issue_id, "node_id": node_id("Issue", server.next_issue_id),  # an issue
                   "number": number, "title": str(title), "body": text, "state": "open", "url": url,
                   "repository_url": api, "labels_url": f"{api}/issues/{number}/labels{{/name}}",
                   "comments_url": f"{api}/issues/{number}/comments", "events_url": f"{api}/issues/{number}/events",
                   "html_url": f"https://github.com/{full}/issues/{number}", "user": OWNER,
                   "labels": [{"name": n} for n in names], "assignee": None, "assignees": [], "milestone": None,
                   "locked": False, "active_lock_reason": None, "comments": 0, "created_at": iso(now),
                   "updated_at": iso(now), "closed_at": None, "author_association": "OWNER",
                   "timeline_url": f"{api}/issues/{number}/timeline"}
        server.issues[repo["name"]].append(created)
        server.next_issue_id += 1
        # The repository changes too; its Last-Modified must grow even within one second.
        server.mtime[repo["name"]] = max(now, server.mtime[repo["name"]] + 1)
        repo.update(open_issues_count=repo["open_issues_count"] + 1, open_issues=repo["open_issues"] + 1,
                    updated_at=iso(server.mtime[repo["name"]]))
        server.texts.pop(repo["name"], None)
        return 201, {"Location": url}, created, None


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True, help="port on 127.0.0.1 (0: any free one)")
    parser.add_argument("--token", action="append", help="an accepted token, repeatable (default: ghp_testtoken)")
    parser.add_argument("--token-prefix", action="append", default=[], metavar="PREFIX",
                        help="also accept any token that starts with PREFIX, repeatable")
    parser.add_argument("--repos", type=int, default=250, help="repositories of octocat (default: 250)")
    parser.add_argument("--rate-limit", type=int, default=5000, help="requests per token and hour (default: 5000)")
    parser.add_argument("--flaky", action="append", default=[], metavar="PATH",
                        help="answer the first request to PATH with 503, repeatable")
    parser.add_argument("--exit-with-parent", action="store_true", help="stop when the process that started it ends")
    parser.add_argument("--tls-cert", help="serve HTTPS with this certificate chain (PEM)")
    parser.add_argument("--tls-key", help="the certificate's private key (PEM)")
    parser.add_argument("--app-id", help="serve a GitHub App with this ID (its JWTs' iss), with --app-public-key")
    parser.add_argument("--app-public-key", help="the app's RSA public key (PEM), which verifies its JWTs")
    args = parser.parse_args(argv)
    if args.repos < 0 or args.rate_limit < 0:
        parser.error("--repos and --rate-limit must not be negative")
    if bool(args.app_id) != bool(args.app_public_key):
        parser.error("--app-id and --app-public-key go together")
    try:
        server = GitHubServer(("127.0.0.1", args.port), args.repos, args.token or ["ghp_testtoken"], args.rate_limit,
                              args.flaky, token_prefixes=args.token_prefix)
        if args.app_id:
            from github_apps import GitHubApps  # PyJWT: only an app needs it
            with open(args.app_public_key) as key:
                server.apps = GitHubApps(args.app_id, key.read(), OWNER, server.repos)
    except OSError as failure:
        print(f"github_server: cannot listen on 127.0.0.1:{args.port}: {failure}", file=sys.stderr)
        return 75  # EX_TEMPFAIL: Tests/Servers/github-server.sh then tries another port
    if args.tls_cert:
        server.use_tls(args.tls_cert, args.tls_key)
    if args.exit_with_parent:
        exit_with_parent()
    url = f"{'https' if args.tls_cert else 'http'}://127.0.0.1:{server.server_port}"
    serve_until_stopped(server, url if args.port == 0 else None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
