#!/usr/bin/env python3
"""An RFC 9111 oracle for EndpointKit's HTTP cache: hishel (2.0, PyPI) decides, step by step, what a
cache does with a scenario of requests, so that a Swift test can replay the same scenario against
EndpointKit's cache (an in-memory transport, a ManualClock) and compare.

    .venv/bin/python Tests/Servers/cache_oracle_server.py --port PORT [--exit-with-parent]

127.0.0.1 only; in memory; every scenario starts with an empty cache. hishel's own sans-I/O state
machine (hishel._core._spec, driven by hishel._sync_rfc.handle_request_with_rfc, as its httpx
transport drives it) decides; this server is only its I/O: an in-memory storage, an origin that
answers from the scenario, and a clock.

  GET  /health     200 {"ok": true, "hishel": "2.0.0"}
  POST /decide     a scenario (below): 200 with hishel's decision for each step; 400 {"error"}
                   for a malformed scenario; 422 {"error", "unmodeled": [...]} when the scenario
                   uses something that hishel does not model, or models otherwise than RFC 9111
                   asks (each {"step", "feature", "why"}; "step" null for the scenario as a
                   whole), unless the scenario sets
                   "allowUnmodeled": then 200 all the same, with that list in "unmodeled"

A scenario (every field but "steps" optional; an unknown field is an error, never ignored):

  {"shared": false,           a private cache (EndpointKit's default) or a shared one (s-maxage,
                              private, Authorization: RFC 9111 §3.5); hishel models both
   "epoch": "Thu, 01 Jan 2026 00:00:00 GMT",
                              the time of "at": 0, an HTTP-date or seconds since 1970; by default
                              2026-01-01T00:00:00Z, EndpointKitTesting's ManualClock's start
   "allowStale": false,       hishel's allow_stale option: serve a stale response without
                              validation unless no-cache or must-revalidate forbid it (an
                              out-of-band permission, RFC 9111 §4.2.4); a step may set it too
   "dateOnReceipt": false,    true: an origin answer without Date gets one, the step's time, before
                              hishel sees it, as RFC 9110 §6.6.1 asks of a recipient (hishel
                              itself does not: such a response's age stays 0 for ever);
                              false: a missing Date is unmodeled
   "allowUnmodeled": false,
   "steps": [
     {"at": 0,                seconds after the epoch, not less than the previous step's
      "request": {"method": "GET", "url": "http://o/x", "headers": [["Accept", "a"]]},
      "origin": {...},        what the origin holds for this request now: a representation as
                              Tests/Servers/origin_responses.py describes it (the same JSON as the
                              cache origin server's PUT /_resources/NAME, without variants;
                              "date": "now" is the step's time), or {"disconnect": true} for an
                              origin that does not answer. It answers hishel's request exactly as
                              the cache origin server would, a matching validator with 304.
                              Optional: a step whose request hishel sends without it is an error
      "allowStale": false}]}

The answer: {"hishel": "2.0.0", "shared", "epoch" (seconds), "unmodeled": [], "steps": [
  {"step": 0, "at": 0,
   "outcome": "fresh"        from the cache, nothing sent, fresh by hishel's age and lifetime
            | "stale"        from the cache, nothing sent, stale (allowStale)
            | "revalidated"  a conditional request answered 304; the stored response, updated
            | "miss"         the origin's full answer, stored
            | "uncacheable"  the origin's full answer, not stored (no-store, private in a shared
                             cache, an unsafe method, a status without explicit freshness...)
            | "error",       the origin did not answer; hishel has nothing else to give
   "sentToOrigin": bool, "conditional": bool (the first request sent carried a validator),
   "originRequests": [{"method", "headers": [[name, value]], "conditional", "matched", "status"}],
                             every request hishel sent in this step (a 304 that matches no stored
                             response makes it send the request again, unconditionally)
   "status": 200, "headers": [[name, value], ...] (lower-case names, as hishel keeps them),
   "body": "...", "age": 12 (the Age field's value, or null),
                             what the client gets (null when "error")
   "stored": bool (hishel stored the origin's answer), "updated": bool (a 304 refreshed stored
   headers), "invalidated": n (stored responses hishel removed in this step),
   "hishel": {"from_cache", "revalidated", "stored"}}]}   hishel's own CacheStatus
"""

import importlib.metadata
import json
import threading
import uuid
from dataclasses import replace

import hishel._core._spec as hishel_spec
from hishel import BaseStorage, CacheOptions, Entry, Headers, Request, Response
from hishel._sync_rfc import handle_request_with_rfc

from cache_oracle_checks import DEFAULT_EPOCH, check_answer, check_scenario
from local_server import JSONRequestHandler, serve
from origin_responses import InvalidRepresentation, answer, field, http_date

HISHEL_VERSION = importlib.metadata.version("hishel")
MAXIMUM_SCENARIO = 4 << 20


class ScenarioClock:
    """What hishel's spec module sees as `time`: its `time()` is the scenario's clock. One scenario
    runs at a time (DECIDING), so that the shared module stays consistent."""

    now = float(DEFAULT_EPOCH)

    def time(self):
        return self.now


CLOCK = ScenarioClock()
hishel_spec.time = CLOCK  # get_age, get_freshness_lifetime, get_heuristic_freshness read it
DECIDING = threading.Lock()


class OriginDisconnected(Exception):
    pass


class MemoryStorage(BaseStorage):
    """hishel's storage interface, in memory: entries per key in the order stored, like
    SqliteStorage's rows, with their content kept whole."""

    def __init__(self):
        super().__init__()
        self.entries = {}  # key -> [Entry]
        self.bodies = {}  # entry id -> bytes
        self.stored = self.updated = self.removed = 0

    def create_entry(self, request, response, key, *, ttl=None, tti=None):
        body = b"".join(response.stream or [])
        entry = Entry(id=uuid.uuid4(), request=request, response=replace(response, stream=None))
        self.entries.setdefault(key, []).append(entry)
        self.bodies[entry.id] = body
        self.stored += 1
        return replace(entry, response=replace(response, stream=iter([body])))

    def get_entries(self, key):
        return [replace(entry, response=replace(entry.response, stream=iter([self.bodies[entry.id]])))
                for entry in self.entries.get(key, [])]

    def update_headers(self, id, headers):
        for entries in self.entries.values():
            for index, entry in enumerate(entries):
                if entry.id == id:
                    entries[index] = replace(entry, response=replace(entry.response, headers=headers))
                    self.updated += 1

    def remove_entry(self, id):
        for key, entries in self.entries.items():
            kept = [entry for entry in entries if entry.id != id]
            self.removed += len(entries) - len(kept)
            self.entries[key] = kept


def to_headers(pairs):
    grouped = {}
    for name, value in pairs:
        grouped.setdefault(name.lower(), []).append(value)
    return Headers(grouped)


def to_pairs(headers):
    return [[name, value] for name in headers for value in headers.get_list(name) or []]


def decide(scenario):
    """hishel's decisions for `scenario`: (HTTP status, the answer)."""
    settings, steps = check_scenario(scenario)
    unmodeled = list(settings["unmodeled"])
    storage = MemoryStorage()
    with DECIDING:
        results = [run_step(index, step, settings, storage, unmodeled) for index, step in enumerate(steps)]
    body = {"hishel": HISHEL_VERSION, "shared": settings["shared"], "epoch": settings["epoch"],
            "unmodeled": unmodeled, "steps": results}
    if unmodeled and not settings["allowUnmodeled"]:
        return 422, {"error": "the scenario uses what hishel does not model (or models otherwise than RFC "
                              "9111): see \"unmodeled\"; set \"allowUnmodeled\" for hishel's answer anyway",
                     "unmodeled": unmodeled}
    return 200, body


def run_step(index, step, settings, storage, unmodeled):
    now = settings["epoch"] + step["at"]
    CLOCK.now = now
    allow_stale = step.get("allowStale", settings["allowStale"])
    options = CacheOptions(shared=settings["shared"], allow_stale=allow_stale)
    request = step["request"]
    sent = []

    def send(hishel_request):
        request_pairs = to_pairs(hishel_request.headers)
        record = {"method": hishel_request.method, "headers": request_pairs,
                  "conditional": False, "matched": False, "status": None}
        sent.append(record)
        origin = step.get("origin")
        if origin is None:
            raise InvalidRepresentation(f"steps[{index}]: hishel sent {hishel_request.method} {hishel_request.url}, "
                                        "but the step has no \"origin\" to answer it")
        if origin.get("disconnect"):
            raise OriginDisconnected()
        result = answer(origin, hishel_request.method, [tuple(pair) for pair in request_pairs], now)
        headers = list(result.headers)
        if field(headers, "Date") is None and settings["dateOnReceipt"]:
            headers.insert(0, ("Date", http_date(now)))
        unmodeled.extend(check_answer(index, hishel_request, result.status, headers, now, settings, allow_stale))
        if result.status != 304:
            headers.append(("Content-Length", str(len(result.body))))
        record.update(conditional=result.conditional, matched=result.matched, status=result.status)
        content = b"" if hishel_request.method == "HEAD" else result.body
        return Response(status_code=result.status, headers=to_headers(headers), stream=iter([content]))

    before = (storage.stored, storage.updated, storage.removed)
    hishel_request = Request(method=request["method"], url=request["url"], headers=to_headers(request["headers"]))
    outcome = {"step": index, "at": step["at"]}
    try:
        response, status = handle_request_with_rfc(hishel_request, send, storage, request["url"], options)
    except OriginDisconnected:
        response, status = None, None
    outcome.update(
        outcome=classify(response, status, sent, settings["shared"]),
        sentToOrigin=bool(sent), conditional=bool(sent) and sent[0]["conditional"], originRequests=sent,
        status=response.status_code if response else None,
        headers=to_pairs(response.headers) if response else None,
        body=b"".join(response.stream or []).decode("utf-8", "replace") if response else None,
        age=int(response.headers["age"]) if response and "age" in response.headers else None,
        stored=storage.stored > before[0], updated=storage.updated > before[1],
        invalidated=storage.removed - before[2], hishel=dict(status) if status else None,
    )
    return outcome


def classify(response, status, sent, shared):
    if response is None:
        return "error"
    if status["from_cache"] and not sent:
        lifetime = hishel_spec.get_freshness_lifetime(response, shared)
        fresh = lifetime is not None and hishel_spec.get_age(response) < lifetime
        return "fresh" if fresh else "stale"
    if status["from_cache"]:
        return "revalidated"
    return "miss" if status["stored"] else "uncacheable"


class CacheOracleHandler(JSONRequestHandler):
    def do_GET(self):
        if self.path == "/health":
            return self.send_json(200, {"ok": True, "hishel": HISHEL_VERSION})
        self.send_json(404, {"error": f"no route GET {self.path}"})

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(min(length, MAXIMUM_SCENARIO + 1))
        if self.path != "/decide":
            return self.send_json(404, {"error": f"no route POST {self.path}"})
        if length > MAXIMUM_SCENARIO:
            self.close_connection = True
            return self.send_json(413, {"error": f"a scenario has at most {MAXIMUM_SCENARIO} bytes"})
        try:
            status, payload = decide(json.loads(body or b"null"))
        except ValueError as error:  # JSONDecodeError and InvalidRepresentation
            status, payload = 400, {"error": str(error)}
        self.send_json(status, payload)


def main():
    serve(CacheOracleHandler, "EndpointKit's RFC 9111 oracle, backed by hishel (127.0.0.1 only).")


if __name__ == "__main__":
    main()
