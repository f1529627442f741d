#!/usr/bin/env python3
"""Checks Tests/Servers/github_server.py's responses against GitHub's OpenAPI description.

    python3 scripts/checks/check_github_server_schemas.py [--description PATH] [--url URL --token TOKEN]

scripts/test's generated stage runs it, with the venv's python (it needs PyYAML, which connexion
brings; or `pip install pyyaml`). It starts the server on a free port (or uses the one at --url),
fetches each response below and validates it against the named schema of the description
(default: Tests/EndpointKitGeneratorTests/Descriptions/api.github.com.yaml, the one the generated
GitHub endpoints come from), and also against the schema the description gives that operation's
response:

    GET  /user/repos, /users/octocat/repos    array of minimal-repository (all pages)
    GET  /repos/octocat/{repo}                full-repository
    POST /repos/octocat/repo-001/issues       201: issue; 422: validation-error; 400: basic-error
    GET  /user                                private-user
    401, 403 (rate limit), 404                basic-error

Checked: $ref, required, type (string, integer, number, boolean, array, object), nullable, enum,
format date-time (YYYY-MM-DDTHH:MM:SSZ) and uri (absolute, no spaces or braces), allOf, oneOf and
anyOf (at least one member validates), into properties, additionalProperties and items. Prints
every violation with its JSON path; exit status 1 if there is any, 2 if the check cannot run.
"""

import argparse
import calendar
import json
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from urllib.parse import urlsplit

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_DESCRIPTION = os.path.join(HERE, "..", "..", "Tests", "EndpointKitGeneratorTests", "Descriptions", "api.github.com.yaml")
DATE_TIME = re.compile(r"\A\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z\Z")
URI = re.compile(r"\A[A-Za-z][A-Za-z0-9+.-]*:[^\s{}<>\"\\^`|]+\Z")  # what Foundation's URL(string:) takes
TYPES = {"string": lambda v: isinstance(v, str), "boolean": lambda v: isinstance(v, bool),
         "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
         "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
         "array": lambda v: isinstance(v, list), "object": lambda v: isinstance(v, dict)}


class Validator:
    def __init__(self, description):
        self.description = description

    def resolve(self, schema):
        seen = 0
        while isinstance(schema, dict) and "$ref" in schema:
            ref = schema["$ref"]
            if not ref.startswith("#/"):
                raise ValueError(f"only local $refs are supported: {ref}")
            schema = self.description
            for token in ref[2:].split("/"):
                schema = schema[token.replace("~1", "/").replace("~0", "~")]
            seen += 1
            if seen > 64:
                raise ValueError(f"$ref cycle at {ref}")
        return schema

    def errors(self, value, schema, path="$"):
        """The violations of value against schema: a list of 'path: message'."""
        schema = self.resolve(schema)
        if schema is True or schema == {}:
            return []
        if schema is False:
            return [f"{path}: no value is allowed here"]
        found = []
        if value is None:
            if schema.get("nullable") or not (set(schema) & {"type", "allOf", "oneOf", "anyOf", "enum"}):
                return []
            if "type" in schema or "enum" in schema:
                return [f"{path}: null, but the schema is not nullable ({self.describe(schema)})"]
            # a composition without a type: null must satisfy it like any other value
        for sub in schema.get("allOf", []):
            found += self.errors(value, sub, path)
        for keyword in ("oneOf", "anyOf"):
            if keyword in schema:
                attempts = [self.errors(value, sub, path) for sub in schema[keyword]]
                if all(attempts):
                    closest = min(attempts, key=len)
                    found.append(f"{path}: matches none of the {len(attempts)} {keyword} members; the closest "
                                 f"fails with: " + "; ".join(closest))
        if value is None:
            return found
        kind = schema.get("type")
        if kind is not None:
            if kind not in TYPES:
                return found + [f"{path}: unsupported schema type {kind!r}"]
            if not TYPES[kind](value):
                return found + [f"{path}: expected {kind}, got {type(value).__name__} {json.dumps(value)[:80]}"]
        if "enum" in schema and value not in schema["enum"]:
            found.append(f"{path}: {json.dumps(value)} is not one of {schema['enum']}")
        if isinstance(value, str):
            found += self.format_errors(value, schema.get("format"), path)
        if isinstance(value, dict):
            for name in schema.get("required", []):
                if name not in value:
                    found.append(f"{path}: missing required field {name!r}")
            properties, extra = schema.get("properties", {}), schema.get("additionalProperties")
            for name, item in value.items():
                where = f"{path}.{name}" if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name) else \
                    f"{path}[{json.dumps(name)}]"
                if name in properties:
                    found += self.errors(item, properties[name], where)
                elif extra is not None:
                    found += self.errors(item, extra, where)
        if isinstance(value, list) and "items" in schema:
            for index, item in enumerate(value):
                found += self.errors(item, schema["items"], f"{path}[{index}]")
        return found

    @staticmethod
    def format_errors(value, form, path):
        if form == "date-time":
            if not DATE_TIME.match(value):
                return [f"{path}: {value!r} is not a date-time of the form YYYY-MM-DDTHH:MM:SSZ"]
            try:
                calendar.timegm(time.strptime(value, "%Y-%m-%dT%H:%M:%SZ"))
            except ValueError:
                return [f"{path}: {value!r} is not a real date and time"]
        elif form == "uri":
            parts = urlsplit(value) if URI.match(value) else None
            if parts is None or (parts.scheme.lower() in ("http", "https") and not parts.hostname):
                return [f"{path}: {value!r} is not an absolute URL without spaces or braces"]
        return []

    @staticmethod
    def describe(schema):
        return schema.get("title") or schema.get("type") or "schema"


class Server:
    """github_server.py on a free port, or the server at a given URL."""

    def __init__(self, url=None, token="ghp_testtoken", arguments=()):
        self.process, self.token = None, token
        if url is None:
            script = os.path.join(HERE, "..", "..", "Tests", "Servers", "github_server.py")
            self.process = subprocess.Popen([sys.executable, script, "--port", "0", *arguments],
                                            stdout=subprocess.PIPE, text=True)
            url = self.process.stdout.readline().strip()
            if not url.startswith("http"):
                self.stop()
                raise RuntimeError(f"{script} did not print its URL")
        self.url = url.rstrip("/")
        self.opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # no proxy for 127.0.0.1

    def request(self, method, path, body=None, token=None, raw=None):
        data = raw if raw is not None else None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method)
        request.add_header("Authorization", f"token {token or self.token}")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, dict(response.headers), response.read()
        except urllib.error.HTTPError as failure:
            return failure.code, dict(failure.headers), failure.read()

    def stop(self):
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self.process = None


def operation_schema(description, path, method, status):
    """The schema the description gives an operation's JSON response, or None."""
    responses = description["paths"][path][method]["responses"]
    response = responses.get(str(status))
    if response is None:
        return None
    while "$ref" in response:
        response = Validator(description).resolve(response)
    return response.get("content", {}).get("application/json", {}).get("schema")


def load(path):
    try:
        import yaml
    except ImportError:
        sys.exit("check_github_server_schemas: needs PyYAML (pip install pyyaml)")
    with open(path, "rb") as file:
        return yaml.load(file, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--description", default=DEFAULT_DESCRIPTION, help="GitHub's OpenAPI description (YAML)")
    parser.add_argument("--url", help="check the server at this URL instead of starting one")
    parser.add_argument("--token", default="ghp_testtoken", help="its token (default: ghp_testtoken)")
    args = parser.parse_args(argv)
    description = load(args.description)
    validator = Validator(description)
    schema = "#/components/schemas/"

    server = Server(args.url, args.token)
    limited = Server(None, "ghp_testtoken", ["--rate-limit", "0"]) if args.url is None else None
    try:
        checks = []  # (label, expected status, (status, headers, body), [(schema name, schema)])

        def check(label, expected, response, *schemas):
            checks.append((label, expected, response, [s for s in schemas if s[1] is not None]))

        def documented(path, method, status):
            return ("the operation's documented response", operation_schema(description, path, method, status))

        for listing, template in (("/user/repos", "/user/repos"), ("/users/octocat/repos", "/users/{username}/repos")):
            page, last = 1, None
            while True:
                response = server.request("GET", f"{listing}?per_page=100&page={page}")
                check(f"GET {listing}?per_page=100&page={page}", 200, response,
                      ("minimal-repository[]", {"type": "array", "items": {"$ref": schema + "minimal-repository"}}),
                      documented(template, "get", 200))
                if 'rel="next"' not in response[1].get("Link", "") or page >= 20:
                    break
                page += 1
        for name in ("repo-001", "repo-002", "repo-003", "repo-005", "repo-007", "repo-250"):
            check(f"GET /repos/octocat/{name}", 200, server.request("GET", f"/repos/octocat/{name}"),
                  ("full-repository", {"$ref": schema + "full-repository"}),
                  documented("/repos/{owner}/{repo}", "get", 200))
        issue = "/repos/octocat/repo-001/issues"
        for body in ({"title": "Found a bug"}, {"title": "With all", "body": "Steps: …", "labels": ["bug", {"name": "ui"}]}):
            check(f"POST {issue} {json.dumps(body, ensure_ascii=False)}", 201, server.request("POST", issue, body),
                  ("issue", {"$ref": schema + "issue"}), documented("/repos/{owner}/{repo}/issues", "post", 201))
        check("GET /repos/octocat/repo-001 after new issues", 200, server.request("GET", "/repos/octocat/repo-001"),
              ("full-repository", {"$ref": schema + "full-repository"}))
        for body in ({"title": ""}, {"title": 5.5, "body": 1, "labels": [1]}):
            check(f"POST {issue} {json.dumps(body)}", 422, server.request("POST", issue, body),
                  ("validation-error", {"$ref": schema + "validation-error"}),
                  documented("/repos/{owner}/{repo}/issues", "post", 422))
        check(f"POST {issue} (not JSON)", 400, server.request("POST", issue, raw=b"{not json"),
              ("basic-error", {"$ref": schema + "basic-error"}))
        check("GET /repos/octocat/missing", 404, server.request("GET", "/repos/octocat/missing"),
              ("basic-error", {"$ref": schema + "basic-error"}), documented("/repos/{owner}/{repo}", "get", 404))
        check("GET /users/somebody/repos", 404, server.request("GET", "/users/somebody/repos"),
              ("basic-error", {"$ref": schema + "basic-error"}))
        check("GET /user with a wrong token", 401, server.request("GET", "/user", token="ghp_wrong"),
              ("basic-error", {"$ref": schema + "basic-error"}), documented("/user", "get", 401))
        if limited is not None:
            check("GET /user over the rate limit", 403, limited.request("GET", "/user"),
                  ("basic-error", {"$ref": schema + "basic-error"}), documented("/user", "get", 403))
        check("GET /user", 200, server.request("GET", "/user"),
              ("private-user", {"$ref": schema + "private-user"}), documented("/user", "get", 200))
    finally:
        server.stop()
        if limited is not None:
            limited.stop()

    total = 0
    for label, expected, (status, headers, data), schemas in checks:
        problems = []
        if status != expected:
            problems.append(f"status {status}, expected {expected}")
        if not headers.get("Content-Type", "").startswith("application/json"):
            problems.append(f"Content-Type {headers.get('Content-Type')!r}")
        try:
            value = json.loads(data)
        except ValueError as failure:
            problems.append(f"the body is not JSON: {failure}")
            schemas = []
        for name, candidate in schemas:
            problems += [f"[{name}] {problem}" for problem in validator.errors(value, candidate)]
        total += len(problems)
        names = ", ".join(name for name, _ in schemas) or "-"
        print(f"{'ok  ' if not problems else 'FAIL'} {label} -> {status} ({names})"
              + (f": {len(problems)} violation(s)" if problems else ""))
        for problem in problems:
            print(f"       {problem}")
    print(f"{len(checks)} responses checked, {total} violation(s)")
    return 1 if total else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (OSError, RuntimeError, KeyError, ValueError) as failure:
        print(f"check_github_server_schemas: {failure}", file=sys.stderr)
        sys.exit(2)
