#!/usr/bin/env python3
"""Checks a running Tests/Servers/cache_oracle_server.py (standard library only): its mechanics
(errors, unmodeled features, the clock, the origin), and, scenario by scenario, whether hishel
decides what RFC 9111 requires.

    CACHE_ORACLE_URL=http://127.0.0.1:PORT python3 Tests/Servers/cache_oracle_selftest.py

Prints one line per check ("ok   ..." or "FAIL ..."); for each RFC scenario "agrees" or
"DISAGREES" and, where hishel disagrees, which step and field. A scenario that hishel is known to
decide otherwise (KNOWN_DEVIATIONS) must still disagree, so that the list stays true. Exits 1 if
any check failed. Starts nothing itself. Not part of scripts/test: run it by hand after changing
the server or hishel's version.
"""

import email.utils
import json
import os
import sys
import urllib.error
import urllib.request

from server_selftest import check, run_groups

BASE = os.environ.get("CACHE_ORACLE_URL", "").rstrip("/")
EPOCH = 1_767_225_600  # the oracle's default: 2026-01-01T00:00:00Z
OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def date(at):
    """The HTTP-date `at` seconds after the epoch."""
    return email.utils.formatdate(EPOCH + at, usegmt=True)


def decide(scenario):
    request = urllib.request.Request(BASE + "/decide", data=json.dumps(scenario).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with OPENER.open(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")



def get(url, at, origin=None, headers=()):
    step = {"at": at, "request": {"method": "GET", "url": url, "headers": [list(pair) for pair in headers]}}
    if origin is not None:
        step["origin"] = origin
    return step


def origin(*headers, body="v1", status=200, **fields):
    return dict({"status": status, "headers": [list(pair) for pair in headers], "body": body}, **fields)


X, Y = "http://o.test/x", "http://o.test/y"
V1 = origin(("Cache-Control", "max-age=60"), ("ETag", '"v1"'))

# name -> (scenario, [expected fields per step], why RFC 9111 requires them). Each expected dict is
# a subset of the step's answer ("header:NAME": the value of that field in what the client gets);
# an absent step is not checked.
SCENARIOS = {
    "fresh within max-age: no origin request": (
        {"steps": [get(X, 0, V1), get(X, 30, V1), get(X, 59, V1)]},
        [{"outcome": "miss", "stored": True}, {"outcome": "fresh", "sentToOrigin": False, "age": 30, "body": "v1"},
         {"sentToOrigin": False}],
        "§4.2: a fresh stored response is reused without contacting the origin"),
    "expired with an ETag: conditional, 304, revalidated and fresh again": (
        {"steps": [get(X, 0, V1), get(X, 61, V1), get(X, 100, V1)]},
        [{}, {"outcome": "revalidated", "conditional": True, "status": 200, "body": "v1"},
         {"outcome": "fresh", "sentToOrigin": False, "age": 39}],
        "§4.3.1 validators sent; §4.3.4 the 304 freshens the stored response (its Date)"),
    "expired and changed: a conditional request, the new version stored": (
        {"steps": [get(X, 0, V1), get(X, 61, origin(("Cache-Control", "max-age=60"), ("ETag", '"v2"'), body="v2")),
                   get(X, 70, V1)]},
        [{}, {"conditional": True, "status": 200, "body": "v2", "stored": True},
         {"sentToOrigin": False, "body": "v2"}],
        "§4.3.3: a full answer to a validation replaces what is used; the most recent response wins (§4)"),
    "no-store: never stored": (
        {"steps": [get(X, 0, origin(("Cache-Control", "no-store, max-age=60"))),
                   get(X, 1, origin(("Cache-Control", "no-store, max-age=60")))]},
        [{"outcome": "uncacheable", "stored": False}, {"sentToOrigin": True, "stored": False}],
        "§5.2.2.5: a cache MUST NOT store a response with no-store"),
    "Vary mismatch: the origin is asked; each variant then served to its own request": (
        {"steps": [
            get(X, 0, origin(("Cache-Control", "max-age=60"), ("Vary", "Accept"), ("ETag", '"a"'), body="a"),
                [("Accept", "text/a")]),
            get(X, 1, origin(("Cache-Control", "max-age=60"), ("Vary", "Accept"), ("ETag", '"b"'), body="b"),
                [("Accept", "text/b")]),
            get(X, 2, None, [("Accept", "text/a")]), get(X, 3, None, [("Accept", "text/b")])]},
        [{}, {"sentToOrigin": True, "body": "b"}, {"sentToOrigin": False, "body": "a"},
         {"sentToOrigin": False, "body": "b"}],
        "§4.1: a stored response is not used unless the Vary-named fields match"),
    "Expires against Date, max-age over Expires, an invalid Expires": (
        {"steps": [
            get(X, 0, origin(("Expires", date(50)), date=date(-50))), get(X, 40), get(X, 60, V1),
            get(Y, 100, origin(("Expires", date(200)), ("Cache-Control", "max-age=10"))), get(Y, 120, V1),
            get("http://o.test/z", 200, origin(("Expires", "0"))), get("http://o.test/z", 201, V1)]},
        [{}, {"sentToOrigin": False}, {"sentToOrigin": True}, {}, {"sentToOrigin": True}, {},
         {"sentToOrigin": True}],
        "§4.2.1: lifetime = Expires - Date (100 s, the response 50 s old on arrival); max-age first; "
        "§5.3 an invalid Expires is in the past"),
    "heuristic freshness from Last-Modified: 10% of Date - Last-Modified": (
        {"allowUnmodeled": True, "steps": [
            get(X, 0, origin(("Last-Modified", date(-1000)))), get(X, 50), get(X, 105, origin(("Last-Modified",
                                                                                              date(-1000))))]},
        [{"stored": True}, {"outcome": "fresh", "sentToOrigin": False}, {"sentToOrigin": True}],
        "§4.2.2: a heuristic lifetime of no more than a fraction of the interval since Last-Modified; "
        "browsers take 10% of Date - Last-Modified (100 s here), so at 105 s it is stale"),
    "must-revalidate: never served stale, even where stale is allowed": (
        {"allowStale": True, "steps": [
            get(X, 0, origin(("Cache-Control", "max-age=10"), ("ETag", '"v1"'))), get(X, 20, V1),
            get(Y, 30, origin(("Cache-Control", "max-age=10, must-revalidate"), ("ETag", '"v1"'))),
            get(Y, 50, origin(("Cache-Control", "max-age=10, must-revalidate"), ("ETag", '"v1"')))]},
        [{}, {"outcome": "stale", "sentToOrigin": False}, {}, {"sentToOrigin": True, "conditional": True}],
        "§5.2.2.2: once stale, a must-revalidate response is not reused without validation; "
        "§4.2.4: otherwise a permitted stale response may be"),
    "no-cache: stored, validated before each use": (
        {"steps": [get(X, 0, origin(("Cache-Control", "no-cache, max-age=60"), ("ETag", '"v1"'))),
                   get(X, 1, origin(("Cache-Control", "no-cache, max-age=60"), ("ETag", '"v1"')))]},
        [{"stored": True}, {"outcome": "revalidated", "conditional": True, "body": "v1"}],
        "§5.2.2.4: no-cache allows storing but not reuse without successful validation"),
    "private in a shared cache: not stored": (
        {"shared": True, "steps": [get(X, 0, origin(("Cache-Control", "private, max-age=60"))),
                                   get(X, 1, origin(("Cache-Control", "private, max-age=60")))]},
        [{"stored": False}, {"sentToOrigin": True}],
        "§5.2.2.7: a shared cache MUST NOT store a private response"),
    "private in a private cache: stored and fresh": (
        {"shared": False, "steps": [get(X, 0, origin(("Cache-Control", "private, max-age=60"))), get(X, 1)]},
        [{"stored": True}, {"outcome": "fresh", "sentToOrigin": False}],
        "§5.2.2.7: a private cache may store it"),
    "s-maxage in a shared cache, ignored by a private one": (
        {"shared": True, "steps": [get(X, 0, origin(("Cache-Control", "max-age=10, s-maxage=100"))), get(X, 50)]},
        [{}, {"outcome": "fresh", "sentToOrigin": False}],
        "§5.2.2.10: for a shared cache s-maxage overrides max-age"),
    "s-maxage ignored by a private cache": (
        {"steps": [get(X, 0, origin(("Cache-Control", "max-age=10, s-maxage=100"))), get(X, 50, V1)]},
        [{}, {"sentToOrigin": True}],
        "§5.2.2.10: s-maxage applies to shared caches only"),
    "Authorization in a shared cache: stored only with public": (
        {"shared": True, "steps": [
            get(X, 0, V1, [("Authorization", "Bearer t")]), get(X, 1, V1, [("Authorization", "Bearer t")]),
            get(Y, 2, origin(("Cache-Control", "public, max-age=60")), [("Authorization", "Bearer t")]),
            get(Y, 3, None, [("Authorization", "Bearer t")])]},
        [{"stored": False}, {"sentToOrigin": True}, {"stored": True}, {"sentToOrigin": False}],
        "§3.5: a shared cache stores an answer to a request with Authorization only with public, "
        "must-revalidate or s-maxage"),
    "an unsafe method's success invalidates the target URI, its failure does not": (
        {"steps": [get(X, 0, V1), {"at": 1, "request": {"method": "POST", "url": X}, "origin": origin(body="done")},
                   get(X, 2, V1), {"at": 3, "request": {"method": "DELETE", "url": X}, "origin": origin(status=500)},
                   get(X, 4, V1)]},
        [{}, {"sentToOrigin": True, "invalidated": 1}, {"sentToOrigin": True}, {"invalidated": 0},
         {"sentToOrigin": False}],
        "§4.4: a non-error answer to an unsafe method invalidates the target URI"),
    "a 304 updates the stored headers but not Content-Length": (
        {"steps": [get(X, 0, origin(("Cache-Control", "max-age=10"), ("ETag", '"v1"'))),
                   get(X, 20, origin(("Cache-Control", "max-age=10"), ("ETag", '"v1"'), notModified={
                       "headers": [["Cache-Control", "max-age=100"], ["Content-Length", "999"]]})),
                   get(X, 80)]},
        [{}, {"outcome": "revalidated", "header:content-length": "2"},
         {"outcome": "fresh", "sentToOrigin": False, "header:content-length": "2"}],
        "§3.2, §4.3.4: the 304's Cache-Control replaces the stored one; framing fields are not copied"),
    "a response without Date: its age counts from its receipt (dateOnReceipt)": (
        {"dateOnReceipt": True, "steps": [get(X, 0, origin(("Cache-Control", "max-age=60"), date="omit")),
                                          get(X, 30), get(X, 61, V1)]},
        [{}, {"sentToOrigin": False, "age": 30}, {"sentToOrigin": True}],
        "RFC 9110 §6.6.1 and RFC 9111 §4.2.3: the time received stands for a missing Date"),
    "a 503 without explicit freshness is not stored": (
        {"steps": [get(X, 0, origin(status=503, body="down")), get(X, 1, V1)]},
        [{"stored": False, "status": 503}, {"sentToOrigin": True, "body": "v1"}],
        "§3: a status that is not heuristically cacheable needs explicit freshness to be stored"),
    "the origin's Age counts in the response's age": (
        {"allowUnmodeled": True, "steps": [get(X, 0, origin(("Cache-Control", "max-age=60"), ("Age", "50"))),
                                           get(X, 20, V1)]},
        [{}, {"sentToOrigin": True}],
        "§4.2.3: current_age includes the Age field: 50 + 20 > 60"),
    "a response without Date ages from its receipt (hishel on its own)": (
        {"allowUnmodeled": True, "steps": [get(X, 0, origin(("Cache-Control", "max-age=60"), date="omit")),
                                           get(X, 100, V1)]},
        [{}, {"sentToOrigin": True}],
        "RFC 9110 §6.6.1: the recipient records the time received for a missing Date"),
    "request max-age=0 makes the cache validate a fresh response": (
        {"allowUnmodeled": True, "steps": [get(X, 0, V1), get(X, 10, V1, [("Cache-Control", "max-age=0")])]},
        [{}, {"sentToOrigin": True}],
        "§5.2.1.1: the client does not accept a response older than max-age"),
    "a client's own matching If-None-Match gets a 304 from a fresh stored response": (
        {"allowUnmodeled": True, "steps": [get(X, 0, V1), get(X, 10, V1, [("If-None-Match", '"v1"')])]},
        [{}, {"sentToOrigin": False, "status": 304}],
        "§4.3.2: a cache evaluates a received conditional request against its selected stored response"),
    "stale-if-error serves the stale response when the origin fails": (
        {"allowUnmodeled": True, "steps": [get(X, 0, origin(("Cache-Control", "max-age=10, stale-if-error=100"))),
                                           get(X, 20, origin(status=503, body="down"))]},
        [{}, {"status": 200, "body": "v1"}],
        "RFC 5861 §4: within stale-if-error, an error answer may be replaced by the stale response"),
}

KNOWN_DEVIATIONS = {
    "heuristic freshness from Last-Modified: 10% of Date - Last-Modified":
        "hishel's heuristic lifetime is 10% of now - Last-Modified at each lookup: 110 s at 105 s",
    "the origin's Age counts in the response's age": "hishel's age is now - Date, the Age field ignored",
    "a response without Date ages from its receipt (hishel on its own)":
        "hishel's age of a response without Date is 0 for ever",
    "request max-age=0 makes the cache validate a fresh response":
        "hishel reads only no-cache of a request's Cache-Control",
    "a client's own matching If-None-Match gets a 304 from a fresh stored response":
        "hishel answers the stored 200 to a client's conditional request",
    "stale-if-error serves the stale response when the origin fails": "hishel does not model RFC 5861",
}


def disagreements(answer, expected):
    found = []
    for index, fields in enumerate(expected):
        step = answer["steps"][index]
        for name, value in fields.items():
            if name.startswith("header:"):
                values = [field for key, field in step["headers"] or [] if key == name[len("header:"):]]
                got = ", ".join(values) if values else None
            else:
                got = step.get(name)
            if got != value:
                found.append(f"step {index} {name}: {got!r}, not {value!r}")
    return found


def rfc_scenarios():
    agreed = 0
    for name, (scenario, expected, why) in SCENARIOS.items():
        status, answer = decide(scenario)
        if status != 200:
            check(f"scenario decided: {name}", False, (status, answer))
            continue
        found = disagreements(answer, expected)
        agreed += not found
        known = KNOWN_DEVIATIONS.get(name)
        print(f"     {'agrees   ' if not found else 'DISAGREES'} {name} ({why})" +
              (f"\n               {'; '.join(found)}" if found else ""), flush=True)
        if known:
            check(f"  known deviation still there: {known}", bool(found))
        else:
            check(f"  hishel decides as RFC 9111 requires: {name}", not found, found)
    print(f"     hishel agrees with RFC 9111 in {agreed} of {len(SCENARIOS)} scenarios")


def mechanics():
    status, answer = decide({"steps": [get(X, 0, V1)], "epoch": date(0)})
    check("an HTTP-date epoch is the same as seconds", status == 200 and answer["epoch"] == EPOCH, answer)
    check("the origin's Date \"now\" is the step's time", status == 200 and
          ["date", date(0)] in answer["steps"][0]["headers"], answer)
    status, answer = decide({"steps": [get(X, 0, {"disconnect": True})]})
    check("an origin that disconnects: outcome error, no status", status == 200 and
          answer["steps"][0]["outcome"] == "error" and answer["steps"][0]["status"] is None, answer)
    status, answer = decide({"steps": [get(X, 0, V1), get(X, 61)]})
    check("a step with no origin where hishel sends: 400 saying so", status == 400 and "origin" in answer["error"],
          answer)
    for scenario, what in (({"steps": []}, "no steps"), ({"steps": [get(X, 0, V1)], "typo": 1}, "an unknown field"),
                           ({"steps": [get(X, 5, V1), get(X, 1, V1)]}, "a step earlier than the one before"),
                           ({"steps": [get("/relative", 0, V1)]}, "a relative URL"),
                           ({"steps": [get(X, 0, origin(("Date", date(0))))]}, "a Date in the origin's headers")):
        status, answer = decide(scenario)
        check(f"{what}: 400 saying why", status == 400 and answer.get("error"), (status, answer))
    for step, feature in (
        (get(X, 0, V1, [("Cache-Control", "max-stale=10")]), "request Cache-Control max-stale"),
        (get(X, 0, V1, [("If-None-Match", '"v1"')]), "request If-None-Match"),
        (get(X, 0, origin(("Cache-Control", "max-age=60, stale-while-revalidate=30"))),
         "response Cache-Control stale-while-revalidate"),
        (get(X, 0, origin(("Cache-Control", "max-age=60"), ("Age", "10"))), "response Age"),
        (get(X, 0, origin(("Cache-Control", "max-age=60"), date="omit")), "response without Date"),
        (get(X, 0, origin(("Cache-Control", "max-age=60"), date=date(30))), "response Date later than the step"),
        ({"at": 0, "request": {"method": "POST", "url": X}, "origin": origin(("Location", Y), status=201)},
         "Location of an unsafe method's answer"),
    ):
        status, answer = decide({"steps": [step]})
        check(f"unmodeled {feature}: 422 naming it", status == 422 and
              [found["feature"] for found in answer.get("unmodeled", [])] == [feature], (status, answer))
    status, answer = decide({"allowUnmodeled": True, "steps": [get(X, 0, V1, [("Cache-Control", "no-store")])]})
    check("allowUnmodeled: hishel's answer all the same, with the list", status == 200 and answer["unmodeled"]
          and answer["steps"][0]["stored"] is True, answer)


def health():
    with OPENER.open(BASE + "/health", timeout=10) as response:
        answer = json.loads(response.read())
    check("GET /health names hishel 2.0", answer.get("ok") and answer.get("hishel", "").startswith("2.0."), answer)


def main():
    return run_groups((health, mechanics, rfc_scenarios), BASE, "CACHE_ORACLE_URL")


if __name__ == "__main__":
    sys.exit(main())
