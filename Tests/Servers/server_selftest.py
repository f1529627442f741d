"""What the self-tests of Tests/Servers/ share (Python 3 standard library only): one line per check,
groups of checks that each run to the end, the count, and one request at a time.

    from server_selftest import check, run_groups, send
    def basics():
        answer = send(BASE, "GET", "/health")
        check("GET /health", answer.status == 200, answer.status)
    sys.exit(run_groups([basics], BASE, "MY_SERVER_URL"))
"""

import http.client
import json
import sys
from urllib.parse import urlsplit

failures = []


class Answer:
    """A response: its status, its headers in order (repeats kept) and its body."""

    def __init__(self, status, headers, body):
        self.status, self.headers, self.body = status, headers, body

    def field(self, name):
        """The field's values joined by ", ", or None without one."""
        values = [value for key, value in self.headers if key.lower() == name.lower()]
        return ", ".join(values) if values else None

    def json(self):
        return json.loads(self.body)


def send(base, method, path, headers=(), body=None, timeout=10):
    """One request on a connection of its own to the server at `base`: a dict or list body is sent
    as JSON; the Answer."""
    location = urlsplit(base)
    connection = http.client.HTTPConnection(location.hostname, location.port, timeout=timeout)
    try:
        data = json.dumps(body).encode() if isinstance(body, (dict, list)) else body
        connection.request(method, path, body=data, headers=dict(headers))
        response = connection.getresponse()
        return Answer(response.status, response.getheaders(), response.read())
    finally:
        connection.close()


def check(name, condition, detail=""):
    """Prints "ok   NAME", or "FAIL NAME  [DETAIL]" and counts a failure."""
    print(("ok   " if condition else "FAIL ") + name + ("" if condition else f"  [{detail}]"), flush=True)
    if not condition:
        failures.append(name)


def run_groups(groups, base, variable):
    """Runs each group of checks (a crash in one fails it, the others still run) against the server
    at `base`, read from the environment variable `variable`; returns the exit status: 0, 1 when a
    check failed, 2 when `base` is empty."""
    if not base:
        print(f"error: set {variable}", file=sys.stderr)
        return 2
    for group in groups:
        try:
            group()
        except Exception as error:
            check(f"{group.__name__} ran to the end", False, repr(error))
    print(f"{'FAILED' if failures else 'passed'}: {len(failures)} failure(s)")
    return 1 if failures else 0
