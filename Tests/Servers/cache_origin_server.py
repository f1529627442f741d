#!/usr/bin/env python3
"""An origin for EndpointKit's HTTP cache tests (Python 3 standard library only): every caching
header of its answers is set by the test beforehand, and it records every request that reached it.

    python3 Tests/Servers/cache_origin_server.py --port PORT [--exit-with-parent]

127.0.0.1 only; HTTP/1.1 keep-alive; no Server header; stops on SIGTERM. All state is in memory,
under a lock. Control answers are JSON; a bad control call is 400 {"error": "..."}.

A resource is addressed by its path, /cache/NAME (a query string is allowed and recorded, and
does not change the answer, so one resource can sit behind several cache keys). What it answers
is set beforehand by a control call, never by the request: so the cache under test sends exactly
the requests it would send to any origin. The representation is the JSON object that
Tests/Servers/origin_responses.py describes (status, headers in order with repeats, date "now" |
"omit" | an HTTP-date, body, conditional, notModified: what a 304 carries), with three fields more:

    "variants": [{"when": [["Accept", "application/xml"]], "body": "<x/>", ...}, ...]
        the first variant whose "when" fields all equal the request's (names case-insensitive,
        values trimmed; a missing field never equals) replaces those top-level fields
    "unsafe": {"status": 201, "headers": [["Location", "/cache/other"]], "body": "", "date": ...}
        the answer to POST, PUT, PATCH and DELETE (default 200 with no content); never a 304
    (and, by its own call, failures: see /_resources/NAME/fail)

Routes:
  GET    /health                          200 {"ok": true}
  PUT    /_resources/NAME                 sets NAME's representation (JSON body), a new version:
                                          200 {"name", "version", "representation"}
  PATCH  /_resources/NAME                 replaces only the given top-level fields: a new version
  GET    /_resources/NAME                 200 {"name", "version", "representation", "failures"}
  POST   /_resources/NAME/fail            {"times": N, "status": 503, "headers": [...], "body": "..."}
                                          or {"times": N, "disconnect": true}: the next N requests
                                          to NAME (any method) answer that status (no validators
                                          evaluated), or have their connection shut down after the
                                          request is read, before any byte of an answer
  ANY    /cache/NAME[?QUERY]              the answer; 404 {"error"} when NAME was never set
  GET    /_log[?resource=NAME]            200 {"requests": [...]}: each request to /cache/..., in
                                          order: {"index": 1.., "method", "target" (path and
                                          query), "resource", "version" (null: unknown resource),
                                          "headers": [[name, value], ...] as received, "body"
                                          (text), "conditional" (it carried If-None-Match or
                                          If-Modified-Since), "matched" (a validator matched:
                                          answered 304), "status" (null when disconnected),
                                          "failure" (null, "status" or "disconnect"), "variant"
                                          (the index of the variant used, or null)}
  POST   /_reset                          forgets every resource, failure and logged request
"""

import socket
import threading
from urllib.parse import parse_qs, unquote, urlsplit

from local_server import JSONRequestHandler, parse_json, serve
from origin_responses import (
    InvalidRepresentation, answer, check_representation, header_pairs,
)

UNSAFE_METHODS = ("POST", "PUT", "PATCH", "DELETE")
EXTRA_FIELDS = ("variants", "unsafe")
LOCK = threading.Lock()
RESOURCES = {}  # name -> {"version": int, "representation": dict, "failures": dict | None}
LOG = []


def check_resource(representation):
    """Checks a resource's representation, its variants and its unsafe answer."""
    check_representation(representation, "representation", EXTRA_FIELDS)
    variants = representation.get("variants", [])
    if not isinstance(variants, list):
        raise InvalidRepresentation("representation.variants must be a list")
    for index, variant in enumerate(variants):
        where = f"representation.variants[{index}]"
        check_representation(variant, where, ("when",))
        if not header_pairs(variant.get("when", []), f"{where}.when"):
            raise InvalidRepresentation(f"{where}.when must name at least one request field")
    if "unsafe" in representation:
        check_representation(representation["unsafe"], "representation.unsafe")
    return representation


def check_failures(value):
    if not isinstance(value, dict) or set(value) - {"times", "status", "headers", "body", "disconnect"}:
        raise InvalidRepresentation("a failure is {\"times\", \"status\", \"headers\", \"body\"} or "
                                    "{\"times\", \"disconnect\": true}")
    times = value.get("times", 1)
    if not isinstance(times, int) or isinstance(times, bool) or times < 0:
        raise InvalidRepresentation("times must be a count")
    if value.get("disconnect") not in (None, True, False):
        raise InvalidRepresentation("disconnect must be true or false")
    if not value.get("disconnect"):
        check_representation({key: value[key] for key in ("status", "headers", "body") if key in value}, "failure")
    return dict(value, times=times) if value.get("disconnect") else dict(value, times=times, status=value.get("status", 503))


def selected_variant(representation, request_headers):
    """(index, the representation with that variant's fields) of the first matching variant."""
    for index, variant in enumerate(representation.get("variants", [])):
        wanted = variant["when"]
        if all(any(key.lower() == name.lower() and value.strip() == expected.strip()
                   for key, value in request_headers) for name, expected in wanted):
            fields = {key: value for key, value in variant.items() if key != "when"}
            return index, dict(representation, **fields)
    return None, representation


class CacheOriginHandler(JSONRequestHandler):  # every method goes to `route`
    def route(self):
        url = urlsplit(self.path)
        parts = [unquote(part) for part in url.path.split("/") if part]
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        try:
            if parts == ["health"]:
                return self.send_json(200, {"ok": True})
            if len(parts) == 2 and parts[0] == "cache":
                return self.serve_resource(parts[1], body)
            if parts == ["_reset"] and self.command == "POST":
                with LOCK:
                    RESOURCES.clear()
                    LOG.clear()
                return self.send_json(200, {"reset": True})
            if parts == ["_log"] and self.command == "GET":
                wanted = parse_qs(url.query).get("resource", [None])[-1]
                with LOCK:
                    requests = [dict(entry) for entry in LOG if wanted is None or entry["resource"] == wanted]
                return self.send_json(200, {"requests": requests})
            if len(parts) in (2, 3) and parts[0] == "_resources":
                return self.control(parts[1], parts[2:], body)
            self.send_json(404, {"error": f"no route {self.command} {url.path}"})
        except InvalidRepresentation as error:
            self.send_json(400, {"error": str(error)})
        except ConnectionError:
            self.close_connection = True

    def control(self, name, rest, body):
        if rest == ["fail"] and self.command == "POST":
            failures = check_failures(self.json_body(body))
            with LOCK:
                if name not in RESOURCES:
                    return self.send_json(404, {"error": f"no resource {name!r}: PUT /_resources/{name} first"})
                RESOURCES[name]["failures"] = failures
            return self.send_json(200, {"name": name, "failures": failures})
        if rest or self.command not in ("PUT", "PATCH", "GET"):
            return self.send_json(404, {"error": f"no route {self.command} {self.path}"})
        with LOCK:
            resource = RESOURCES.get(name)
            if self.command == "GET" or (self.command == "PATCH" and resource is None):
                if resource is None:
                    return self.send_json(404, {"error": f"no resource {name!r}: PUT /_resources/{name} first"})
                return self.send_json(200, dict(resource, name=name))
            change = self.json_body(body)
            if not isinstance(change, dict):
                raise InvalidRepresentation("the representation must be a JSON object")
            representation = dict(resource["representation"], **change) if self.command == "PATCH" else change
            check_resource(representation)
            version = resource["version"] + 1 if resource else 1
            failures = resource["failures"] if resource else None
            RESOURCES[name] = {"version": version, "representation": representation, "failures": failures}
        self.send_json(200, {"name": name, "version": version, "representation": representation})

    def serve_resource(self, name, body):
        request_headers = list(self.headers.items())
        entry = {
            "method": self.command, "target": self.path, "resource": name, "version": None,
            "headers": [list(pair) for pair in request_headers], "body": body.decode("utf-8", "replace"),
            "conditional": False, "matched": False, "status": None, "failure": None, "variant": None,
        }
        with LOCK:
            resource = RESOURCES.get(name)
            failures = resource and resource["failures"]
            failing = bool(failures and failures["times"] > 0)
            if failing:
                failures["times"] -= 1
            if resource:
                entry["version"] = resource["version"]
            LOG.append(entry)
            entry["index"] = len(LOG)
        if resource is None:
            with LOCK:
                entry["status"] = 404
            return self.send_json(404, {"error": f"no resource {name!r}: PUT /_resources/{name} first"})
        if failing and failures.get("disconnect"):
            with LOCK:
                entry["failure"] = "disconnect"
            self.connection.shutdown(socket.SHUT_RDWR)  # the request read, nothing answered
            self.close_connection = True
            return
        if failing:
            with LOCK:
                entry["failure"] = "status"
            representation = {key: failures[key] for key in ("status", "headers", "body") if key in failures}
        elif self.command in UNSAFE_METHODS:
            representation = resource["representation"].get("unsafe", {"status": 200})
        else:
            variant, representation = selected_variant(resource["representation"], request_headers)
            with LOCK:
                entry["variant"] = variant
        result = answer(representation, self.command, request_headers)  # a 304 only for a 2xx GET or HEAD
        with LOCK:
            entry.update(status=result.status, conditional=result.conditional, matched=result.matched)
        self.send(result)

    # Helpers

    def send(self, result):
        self.send_response_only(result.status)
        for name, value in result.headers:
            self.send_header(name, value)
        if result.status != 304:
            self.send_header("Content-Length", str(len(result.body)))
        self.end_headers()
        if result.body and self.command != "HEAD":
            self.wfile.write(result.body)

    @staticmethod
    def json_body(body):
        return parse_json(body, InvalidRepresentation)


def main():
    serve(CacheOriginHandler, "EndpointKit's cache test origin (127.0.0.1 only).")


if __name__ == "__main__":
    main()
