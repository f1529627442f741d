#!/usr/bin/env python3
"""Checks a running Tests/Servers/ratelimit_server.py against its documented contract (standard
library only): each mode, each limit and each counter.

    RATELIMIT_SERVER_URL=http://127.0.0.1:PORT python3 Tests/Servers/ratelimit_selftest.py

Prints one line per check ("ok   ..." or "FAIL ..."), then a count; exits 1 if any check failed.
Each group works in scenarios of its own (selftest-…), deleted at the end. Starts nothing itself;
run it by hand after changing the server, as the other *_selftest.py are.
"""

import os
import sys
import threading
import uuid

from server_selftest import check, run_groups, send

BASE = os.environ.get("RATELIMIT_SERVER_URL", "").rstrip("/")
EPOCH = 1_767_225_600
MADE = []


def call(method, path, headers=(), body=None, timeout=20):
    return send(BASE, method, path, headers, body, timeout)


def scenario(config):
    """A new scenario with `config`: its path prefix."""
    name = "selftest-" + uuid.uuid4().hex[:8]
    MADE.append(name)
    answer = call("PUT", f"/scenarios/{name}/_config", body=config)
    if answer.status != 200:
        raise AssertionError(f"PUT _config {config}: {answer.status} {answer.body!r}")
    return f"/scenarios/{name}"


def stats(prefix):
    return call("GET", prefix + "/_stats").json()


def at_once(count, method, path, body=None):
    """`count` requests sent from as many threads: their statuses, in no order."""
    statuses, threads = [], []

    def one():
        statuses.append(call(method, path, body=body).status)

    for _ in range(count):
        threads.append(threading.Thread(target=one))
        threads[-1].start()
    return threads, statuses


def github_primary():
    prefix = scenario({"resources": {"core": {"limit": 3, "window": 3600}}})
    answers = [call("GET", prefix + "/repos/o/r") for _ in range(4)]
    check("primary: three 200s, then 403", [a.status for a in answers] == [200, 200, 200, 403],
          [a.status for a in answers])
    first, last = answers[0], answers[3]
    check("primary: every rate header on a 200",
          [first.field(f"x-ratelimit-{n}") for n in ("limit", "remaining", "used", "resource")] == ["3", "2", "1", "core"]
          and first.field("x-ratelimit-reset") == str(EPOCH + 3600), first.headers)
    check("primary: the refusal carries remaining 0 and GitHub's message",
          last.field("x-ratelimit-remaining") == "0" and last.json()["message"].startswith("API rate limit exceeded"),
          (last.headers, last.body))
    counted = stats(prefix)
    check("primary: refused and after-wait counted once each",
          counted["refusedBy"] == {"primary": 1} and counted["afterWaitBy"] == {"primary": 1}
          and counted["requests"] == 4, counted)
    search = call("GET", prefix + "/search/issues")
    check("search has a budget of its own", search.status == 200 and search.field("x-ratelimit-resource") == "search"
          and search.field("x-ratelimit-limit") == "30", search.headers)
    rate = call("GET", prefix + "/rate_limit").json()
    check("GET rate_limit: each resource, not counted",
          rate["resources"]["core"]["remaining"] == 0 and rate["resources"]["search"]["used"] == 1
          and stats(prefix)["requests"] == 5, rate)
    call("POST", prefix + "/_clock", body={"advance": 3600})
    again = call("GET", prefix + "/repos/o/r")
    check("primary: after the reset, a new window and no wait",
          again.status == 200 and again.field("x-ratelimit-remaining") == "2"
          and stats(prefix)["afterWait"] == 1, (again.status, again.headers))


def github_conditional_and_429():
    prefix = scenario({"resources": {"core": {"limit": 2}}, "primaryStatus": 429})
    full = call("GET", prefix + "/repos/o/r")
    etag = full.field("ETag")
    again = call("GET", prefix + "/repos/o/r", headers={"If-None-Match": etag})
    check("a matching If-None-Match: 304 with every rate header, not counted",
          again.status == 304 and again.field("x-ratelimit-remaining") == "1"
          and again.field("x-ratelimit-used") == "1" and again.field("x-ratelimit-reset") is not None, again.headers)
    call("GET", prefix + "/repos/o/r")
    refused = call("GET", prefix + "/repos/o/r")
    check("primaryStatus 429", refused.status == 429, refused.status)
    conditional = call("GET", prefix + "/repos/o/r", headers={"If-None-Match": etag})
    check("a 304 asked for after remaining 0 is refused too", conditional.status == 429, conditional.status)


def github_concurrency():
    prefix = scenario({"concurrency": 10, "gate": True, "retryAfter": 30})
    threads, statuses = at_once(32, "GET", prefix + "/repos/o/r")
    arrived = call("GET", prefix + "/_await?requests=32&held=10&timeout=20")
    check("32 at once against 10: 10 held at the gate", arrived.status == 200 and arrived.json()["held"] == 10,
          arrived.body)
    check("22 refused by concurrency while they are held",
          arrived.json()["refusedBy"] == {"concurrency": 22}, arrived.body)
    released = call("POST", prefix + "/_gate", body={"release": 4})
    check("release 4: the gate counts them", released.status == 200, released.body)
    call("GET", prefix + "/_await?answered=26")
    call("POST", prefix + "/_gate", body={"open": True})
    for thread in threads:
        thread.join()
    counted = stats(prefix)
    check("10 admitted, 22 refused with 403", sorted(statuses).count(200) == 10 and statuses.count(403) == 22,
          sorted(statuses))
    check("maxInFlight 10", counted["maxInFlight"] == 10 and counted["inFlight"] == 0, counted)
    check("refusals after the first answered one count as after a wait",
          0 < counted["afterWaitBy"].get("secondary", 0) <= 21, counted["afterWaitBy"])
    refused = call("GET", prefix + "/repos/o/r")
    check("during retry-after: refused with retry-after and GitHub's secondary message",
          refused.status == 403 and refused.field("retry-after") == "30"
          and "secondary rate limit" in refused.json()["message"], (refused.status, refused.headers))
    call("POST", prefix + "/_clock", body={"advance": 30})
    check("after retry-after: served", call("GET", prefix + "/repos/o/r").status == 200)


def github_points_and_content():
    prefix = scenario({"pointsPerMinute": 12, "secondaryStatus": 429, "refuseDuringWait": False})
    statuses = [call("POST", prefix + "/repos/o/r/issues", body={"title": "t"}).status for _ in range(3)]
    check("points: two POSTs (5 each) fit in 12, the third is refused 429", statuses == [201, 201, 429], statuses)
    check("points: a GET (1 point) still fits", call("GET", prefix + "/repos/o/r").status == 200)
    counted = stats(prefix)
    check("points: refusedBy points", counted["refusedBy"] == {"points": 1}, counted)
    refused = call("GET", prefix + "/repos/o/r")
    check("refuseDuringWait false: GETs in the minute's wait are served but counted",
          refused.status == 200 and stats(prefix)["afterWaitBy"] == {"secondary": 2}, (refused.status, stats(prefix)))

    prefix = scenario({"contentPerMinute": 2})
    statuses = [call("POST", prefix + "/graphql", body={"query": "mutation { addStar }"}).status for _ in range(3)]
    message = call("PATCH", prefix + "/repos/o/r").json().get("message", "")
    check("content creation: two mutations, then 403", statuses == [200, 200, 403], statuses)
    check("content creation: GitHub's content-creation message, no retry-after",
          "content creation" in message, message)
    check("refuseDuringWait: a query in the wait is refused too",
          call("POST", prefix + "/graphql", body={"query": "{ viewer }"}).status == 403)
    call("POST", prefix + "/_clock", body={"advance": 60})
    check("a minute later: served", call("POST", prefix + "/graphql", body={"query": "{ viewer }"}).status == 200)
    statuses = [call("POST", prefix + "/graphql", body={"query": q}).status
                for q in ("mutation { a }", "mutation { b }", "{ viewer }")]
    check("a GraphQL query is no mutation: served after the budget's two mutations", statuses == [200, 200, 200],
          statuses)


def ietf_mode():
    prefix = scenario({"mode": "ietf", "policies": [{"name": "burst", "quota": 2, "window": 10},
                                                    {"name": "day", "quota": 100, "window": 86400, "unit": "requests"}]})
    first = call("GET", prefix + "/items")
    check("IETF: RateLimit-Policy names each policy",
          first.field("RateLimit-Policy") == '"burst";q=2;w=10, "day";q=100;w=86400;qu="requests"',
          first.field("RateLimit-Policy"))
    check("IETF: RateLimit gives each remaining and reset",
          first.field("RateLimit") == '"burst";r=1;t=10, "day";r=99;t=86400', first.field("RateLimit"))
    call("POST", prefix + "/_clock", body={"advance": 4})
    second = call("GET", prefix + "/items")
    third = call("GET", prefix + "/items")
    check("IETF: r=0 on the last, then 429 with Retry-After",
          second.field("RateLimit").startswith('"burst";r=0;t=6') and third.status == 429
          and third.field("Retry-After") == "6", (second.headers, third.status, third.headers))
    counted = stats(prefix)
    check("IETF: refusedBy policy, afterWait policy",
          counted["refusedBy"] == {"policy": 1} and counted["afterWaitBy"] == {"policy": 1}, counted)
    after = call("GET", prefix + "/items", headers={"X-Test-Clock-Now": str(EPOCH + 10)})
    check("X-Test-Clock-Now moves the clock: a new window",
          after.status == 200 and after.field("RateLimit").startswith('"burst";r=1;t=10'), after.headers)
    tokens = scenario({"mode": "ietf", "policyNames": "token", "policies": [{"name": "perMinute", "quota": 5}]})
    named = call("GET", tokens + "/items")
    check("policyNames token: the names as Tokens",
          named.field("RateLimit-Policy") == "perMinute;q=5;w=60" and named.field("RateLimit") == "perMinute;r=4;t=60",
          named.headers)
    bad = call("PUT", tokens + "/_config", body={"mode": "ietf", "policyNames": "token", "policies": [{"name": "9x"}]})
    check("policyNames token: a name that is no Token is 400", bad.status == 400, bad.body)
    etag = after.field("ETag")
    not_modified = call("GET", prefix + "/items", headers={"If-None-Match": etag})
    check("IETF: a 304 carries both fields", not_modified.status == 304
          and not_modified.field("RateLimit") is not None and not_modified.field("RateLimit-Policy") is not None,
          not_modified.headers)


def isolation_and_errors():
    one = scenario({"resources": {"core": {"limit": 1}}})
    two = scenario({"resources": {"core": {"limit": 1}}})
    call("GET", one + "/x")
    check("scenarios do not share budgets", call("GET", two + "/x").status == 200)
    call("POST", one + "/_clock", body={"advance": 100})
    check("nor clocks", call("GET", two + "/_clock").json()["now"] == EPOCH)
    check("PUT _clock sets", call("PUT", one + "/_clock", body={"now": EPOCH + 5}).json()["now"] == EPOCH + 5)
    call("POST", one + "/_reset")
    reset = stats(one)
    check("_reset: counters and clock back", reset["requests"] == 0 and reset["now"] == EPOCH, reset)
    bad = call("PUT", one + "/_config", body={"concurrency": 0})
    check("a bad config is 400 naming the field", bad.status == 400 and "concurrency" in bad.json()["error"], bad.body)
    unknown = call("PUT", one + "/_config", body={"burst": 1})
    check("an unknown field is 400", unknown.status == 400 and "burst" in unknown.json()["error"], unknown.body)
    check("an unknown scenario is 404", call("GET", "/scenarios/never-made/x").status == 404)
    check("a step backwards is 400", call("POST", two + "/_clock", body={"advance": -1}).status == 400)
    timeout = call("GET", two + "/_await?requests=99&timeout=0.2")
    check("_await times out with 408", timeout.status == 408, timeout.status)
    check("a log entry per request", [e["status"] for e in stats(two)["log"]] == [200], stats(two)["log"])


def backlog():
    prefix = scenario({"gate": True})
    threads, statuses = at_once(64, "GET", prefix + "/x")
    held = call("GET", prefix + "/_await?held=64&timeout=30")
    check("64 connections at once: all admitted and held", held.status == 200, held.body)
    call("POST", prefix + "/_gate", body={"open": True})
    for thread in threads:
        thread.join()
    check("64 answered 200", statuses.count(200) == 64 and stats(prefix)["maxInFlight"] == 64, sorted(statuses))


def main():
    status = run_groups([github_primary, github_conditional_and_429, github_concurrency, github_points_and_content,
                         ietf_mode, isolation_and_errors, backlog], BASE, "RATELIMIT_SERVER_URL")
    for name in MADE:
        call("DELETE", f"/scenarios/{name}")
    return status


if __name__ == "__main__":
    sys.exit(main())
