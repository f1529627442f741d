#!/usr/bin/env python3
"""Checks a running Tests/Servers/cache_origin_server.py against its documented contract (standard
library only).

    CACHE_ORIGIN_URL=http://127.0.0.1:PORT python3 Tests/Servers/cache_origin_selftest.py

Prints one line per check ("ok   ..." or "FAIL ..."), then a count; exits 1 if any check failed.
It resets the server (POST /_reset) first and last. Starts nothing itself. Not part of
scripts/test: run it by hand after changing the server.
"""

import email.utils
import http.client
import os
import sys
import time

from server_selftest import check, run_groups, send

BASE = os.environ.get("CACHE_ORIGIN_URL", "").rstrip("/")
JANUARY = "Thu, 01 Jan 2026 00:00:00 GMT"
LATER = "Thu, 01 Jan 2026 01:00:00 GMT"
EARLIER = "Wed, 31 Dec 2025 00:00:00 GMT"


def call(method, path, headers=(), body=None):
    return send(BASE, method, path, headers, body)



def log(resource=None):
    return call("GET", "/_log" + (f"?resource={resource}" if resource else "")).json()["requests"]


def headers_and_body():
    headers = [
        ["Cache-Control", "max-age=60, public"], ["Expires", LATER], ["Age", "5"], ["Last-Modified", EARLIER],
        ["ETag", '"v1"'], ["Vary", "Accept"], ["Content-Location", "/cache/a.json"], ["Location", "/cache/b"],
        ["X-Extra", "one"], ["X-Extra", "two"],
    ]
    put = call("PUT", "/_resources/a", body={"headers": headers, "body": "version one", "date": JANUARY})
    check("PUT /_resources/a: version 1", put.status == 200 and put.json()["version"] == 1, put.body)
    got = call("GET", "/cache/a?page=2")
    check("GET: 200 with the body", got.status == 200 and got.body == b"version one", (got.status, got.body))
    sent = [[name, value] for name, value in got.headers if name not in ("Content-Type", "Content-Length")]
    check("every header as set, in order, repeats kept, the given Date first", sent == [["Date", JANUARY]] + headers,
          got.headers)
    check("Content-Length and a default Content-Type; no Server",
          got.field("Content-Length") == "11" and got.field("Content-Type") == "text/plain; charset=utf-8"
          and got.field("Server") is None, got.headers)
    head = call("HEAD", "/cache/a")
    check("HEAD: the GET's headers and length, no content",
          head.status == 200 and head.body == b"" and head.field("Content-Length") == "11", head.headers)
    call("PUT", "/_resources/omit", body={"date": "omit"})
    check("date omit: no Date field", call("GET", "/cache/omit").field("Date") is None)
    call("PUT", "/_resources/now", body={})
    now = call("GET", "/cache/now").field("Date")
    seconds = email.utils.parsedate_to_datetime(now).timestamp() if now else 0
    check("date now (default): the server's clock", abs(seconds - time.time()) < 5, now)


def conditional_requests():
    representation = {"headers": [["ETag", 'W/"v1"'], ["Last-Modified", JANUARY], ["Cache-Control", "max-age=5"],
                                  ["X-Extra", "1"]], "body": "one", "date": JANUARY}
    call("PUT", "/_resources/c", body=representation)
    for given in ('"v1"', 'W/"v1"', '"x", W/"v1"', "*"):
        answer = call("GET", "/cache/c", [("If-None-Match", given)])
        check(f"If-None-Match {given}: 304 with no content", answer.status == 304 and answer.body == b"", answer.status)
    answer = call("GET", "/cache/c", [("If-None-Match", '"v1"')])
    names = [name for name, _ in answer.headers]
    check("the 304 carries RFC 9110 §15.4.5's fields only", names == ["Date", "ETag", "Cache-Control"], answer.headers)
    answer = call("GET", "/cache/c", [("If-None-Match", '"v2"'), ("If-Modified-Since", LATER)])
    check("If-None-Match not matching: 200, If-Modified-Since ignored", answer.status == 200 and answer.body == b"one")
    for given, status in ((JANUARY, 304), (LATER, 304), (EARLIER, 200), ("not a date", 200)):
        answer = call("GET", "/cache/c", [("If-Modified-Since", given)])
        check(f"If-Modified-Since {given}: {status}", answer.status == status, answer.status)
    call("PATCH", "/_resources/c", body={"notModified": {
        "copy": ["ETag", "Date"], "headers": [["ETag", '"v2"'], ["Content-Length", "999"], ["X-New", "yes"]]}})
    answer = call("GET", "/cache/c", [("If-None-Match", 'W/"v1"')])
    check("notModified: the copied fields, then the given ones in place of the same names",
          answer.status == 304 and answer.headers == [("Date", JANUARY), ("ETag", '"v2"'), ("Content-Length", "999"),
                                                      ("X-New", "yes")], answer.headers)
    call("PATCH", "/_resources/c", body={"conditional": False})
    check("conditional false: 200 though the validator matches",
          call("GET", "/cache/c", [("If-None-Match", 'W/"v1"')]).status == 200)
    call("PUT", "/_resources/gone", body={"status": 404, "headers": [["ETag", '"g"']]})
    check("no 304 when the full answer is not a 2xx",
          call("GET", "/cache/gone", [("If-None-Match", '"g"')]).status == 404)
    entries = log("c")
    check("the log: conditional and matched for each request",
          [(entry["conditional"], entry["matched"]) for entry in entries[:5]]
          == [(True, True)] * 5 and entries[5]["status"] == 200 and not entries[5]["matched"], entries[:6])


def versions_and_unsafe_methods():
    call("PUT", "/_resources/v", body={"headers": [["ETag", '"1"']], "body": "first",
                                       "unsafe": {"status": 201, "headers": [["Location", "/cache/w"]]}})
    patched = call("PATCH", "/_resources/v", body={"headers": [["ETag", '"2"']], "body": "second"})
    check("PATCH: a new version, other fields kept", patched.json()["version"] == 2
          and patched.json()["representation"]["unsafe"]["status"] == 201, patched.body)
    answer = call("GET", "/cache/v", [("If-None-Match", '"1"')])
    check("the old validator no longer matches: 200 with the new version",
          answer.status == 200 and answer.body == b"second" and answer.field("ETag") == '"2"')
    for method in ("POST", "PUT", "PATCH", "DELETE"):
        answer = call(method, "/cache/v", [("If-None-Match", '"2"'), ("Content-Type", "text/plain")], b"payload")
        check(f"{method}: the unsafe answer, never a 304",
              answer.status == 201 and answer.field("Location") == "/cache/w", (answer.status, answer.headers))
    entries = log("v")
    check("the log: method, body, version", [entry["method"] for entry in entries] == ["GET", "POST", "PUT", "PATCH",
          "DELETE"] and entries[1]["body"] == "payload" and {entry["version"] for entry in entries} == {2}, entries)
    got = call("GET", "/_resources/v").json()
    check("GET /_resources/v: version and representation", got["version"] == 2 and got["representation"]["body"] ==
          "second", got)


def variants():
    call("PUT", "/_resources/n", body={"headers": [["Vary", "Accept"], ["ETag", '"json"']], "body": "{}",
                                       "variants": [{"when": [["Accept", "application/xml"]], "body": "<x/>",
                                                     "headers": [["Vary", "Accept"], ["ETag", '"xml"']]}]})
    xml = call("GET", "/cache/n", [("accept", " application/xml ")])
    other = call("GET", "/cache/n", [("Accept", "application/json")])
    check("the variant whose fields equal the request's", xml.body == b"<x/>" and xml.field("ETag") == '"xml"')
    check("the base representation otherwise", other.body == b"{}" and other.field("ETag") == '"json"')
    check("the log names the variant", [entry["variant"] for entry in log("n")] == [0, None])


def failing():
    call("PUT", "/_resources/f", body={"body": "fine", "headers": [["Cache-Control", "max-age=1"]]})
    call("POST", "/_resources/f/fail", body={"times": 2, "status": 502, "body": "down"})
    statuses = [call("GET", "/cache/f").status for _ in range(3)]
    check("fail times 2 status 502: two 502s, then the representation", statuses == [502, 502, 200], statuses)
    call("POST", "/_resources/f/fail", body={"times": 1, "disconnect": True})
    try:
        call("GET", "/cache/f")
        dropped = False
    except (http.client.HTTPException, ConnectionError):
        dropped = True
    check("fail disconnect: the connection ends with no answer", dropped)
    check("then the representation again", call("GET", "/cache/f").body == b"fine")
    entries = log("f")
    check("the log: failure kinds and statuses", [(entry["failure"], entry["status"]) for entry in entries] ==
          [("status", 502), ("status", 502), (None, 200), ("disconnect", None), (None, 200)], entries)


def log_and_errors():
    everything = log()
    check("the log: indexes in order", [entry["index"] for entry in everything] == list(range(1, len(everything) + 1)))
    first = log("a")[0]
    check("the log: target with its query and the request's headers",
          first["target"] == "/cache/a?page=2" and any(name == "Host" for name, _ in first["headers"]), first)
    for body, what in (({"bogus": 1}, "an unknown field"), ({"headers": [["Date", JANUARY]]}, "a Date in headers"),
                       ({"date": "yesterday"}, "a date that is no HTTP-date"), ({"status": 1000}, "a bad status")):
        answer = call("PUT", "/_resources/bad", body=body)
        check(f"PUT with {what}: 400 saying why", answer.status == 400 and "error" in answer.json(), answer.body)
    missing = call("GET", "/cache/never-set")
    check("an unknown resource: 404, logged", missing.status == 404 and log("never-set")[0]["status"] == 404)
    call("POST", "/_reset")
    check("POST /_reset forgets resources and the log",
          log() == [] and call("GET", "/_resources/a").status == 404)


def health_and_reset():
    check("GET /health", call("GET", "/health").json() == {"ok": True})
    call("POST", "/_reset")


def reset_at_the_end():
    call("POST", "/_reset")


def main():
    return run_groups((health_and_reset, headers_and_body, conditional_requests, versions_and_unsafe_methods,
                       variants, failing, log_and_errors, reset_at_the_end), BASE, "CACHE_ORIGIN_URL")


if __name__ == "__main__":
    sys.exit(main())
