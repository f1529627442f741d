"""The limits a rate-limit scenario enforces (Python 3 standard library only), GitHub's and the
IETF draft's, each deciding one request at a time on the scenario's clock, under its lock.

    rules = GitHubRules(config)        # or IETFRules(config); config: ratelimit_config.py
    decision = rules.decide(Request("GET", "/repos/o/r", {}, b""), now, in_flight, waits)
    decision.status, decision.headers, decision.body, decision.refused_by, decision.announces

GitHub's (docs.github.com, "Rate limits for the REST API"): a primary limit per resource (`core`,
`search`, `graphql`, or any resource a test names), a fixed window that starts with its first
request, reported on every answer in `x-ratelimit-limit`, `-remaining`, `-used`, `-reset` (seconds
since 1970, rounded up) and `-resource`, and refused with 403 or 429 once `remaining` is 0; and
secondary limits, each refused with 403 or 429 and GitHub's secondary-limit message (with
`retry-after` when configured): requests in flight, points per minute (1 for a read, 5 for a
mutation), content creation per minute (mutations: POST, PATCH, PUT, DELETE, and GraphQL
requests whose body says `mutation`). A refused request counts against no limit; a 304 counts
against the points but not the primary limit, as on GitHub.

The IETF draft's (draft-ietf-httpapi-ratelimit-headers-12): every answer carries
`RateLimit-Policy` (each policy: its name, `q` quota, `w` window, `qu` unit, `pk` partition key)
and `RateLimit` (each policy: its name, `r` remaining, `t` seconds until the reset, `pk`), both
Structured Field Lists, the names Strings (or Tokens, with `"policyNames": "token"`); every request takes one unit from each policy, and a request that finds
a policy at 0 is refused 429 (or 503) with `Retry-After`, the seconds until that reset.

Which answers tell the client to wait (`announces`: kind, key, until): an answer with a primary
`remaining` of 0 (until its reset, for that resource), a secondary refusal (until retry-after, or
`secondaryWait` seconds, for every request), an IETF answer with `r=0` (until that policy's reset)
and an IETF refusal (until its Retry-After).
"""

import base64
import hashlib
import math
from dataclasses import dataclass, field

DOCS = "https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api"
READS = ("GET", "HEAD", "OPTIONS")
MUTATIONS = ("POST", "PATCH", "PUT", "DELETE")
# GitHub's messages, which clients recognise the limit by.
PRIMARY_MESSAGE = "API rate limit exceeded for user ID 1."
SECONDARY_MESSAGE = "You have exceeded a secondary rate limit. Please wait a few minutes before you try again."
CONTENT_MESSAGE = ("You have exceeded a secondary rate limit and have been temporarily blocked from content "
                   "creation. Please retry your request again later.")


@dataclass
class Request:
    method: str
    path: str  # below the scenario's prefix: "/repos/o/r"
    headers: dict  # lower-case name -> value
    body: bytes


@dataclass
class Decision:
    status: int
    headers: list  # [(name, value)], in order
    body: dict | None  # JSON, or None: no content
    resource: str | None = None
    refused_by: str | None = None  # "primary", "concurrency", "points", "contentCreation", "policy"
    admitted: bool = False
    announces: list = field(default_factory=list)  # [(kind, key, until)]
    remaining: int | None = None  # the primary remaining, or the lowest policy's r


class Window:
    """A fixed window of `limit` units and `length` seconds, which starts with the first unit taken
    after the previous one ended; its reset is rounded up to a whole second."""

    def __init__(self, limit, length):
        self.limit, self.length, self.reset, self.used = limit, length, None, 0

    def roll(self, now):
        if self.reset is not None and now >= self.reset:
            self.reset, self.used = None, 0

    def reset_at(self, now):
        self.roll(now)
        return self.reset if self.reset is not None else math.ceil(now + self.length)

    def remaining(self, now):
        self.roll(now)
        return max(0, self.limit - self.used)

    def fits(self, now, amount):
        return self.remaining(now) >= amount

    def take(self, now, amount):
        self.roll(now)
        if self.reset is None:
            self.reset = math.ceil(now + self.length)
        self.used += amount


def etag(path):
    """A strong validator per path, so that a test can send `If-None-Match` and get a 304."""
    return '"' + hashlib.sha1(path.encode()).hexdigest()[:16] + '"'


def not_modified(request):
    return request.method in ("GET", "HEAD") and request.headers.get("if-none-match", "").strip() in (
        etag(request.path), "*")


def served(request, decision_headers, resource=None):
    """The answer to an admitted request: 200 (201 to a REST POST, 204 to a DELETE, 304 to a matching
    If-None-Match) with a JSON echo of it."""
    headers = list(decision_headers)
    if not_modified(request):
        return 304, headers + [("ETag", etag(request.path))], None
    if request.method == "DELETE":
        return 204, headers, None
    if request.method in READS:
        headers.append(("ETag", etag(request.path)))
    status = 201 if request.method == "POST" and resource != "graphql" else 200
    return status, headers, {"method": request.method, "path": request.path, "resource": resource}


class GitHubRules:
    def __init__(self, config):
        self.config = config
        self.primary = {name: Window(limit["limit"], limit["window"]) for name, limit in config["resources"].items()}
        self.points = config["pointsPerMinute"] and Window(config["pointsPerMinute"], 60)
        self.content = config["contentPerMinute"] and Window(config["contentPerMinute"], 60)

    def resource_of(self, path):
        """The first segment when it names a resource other than core (/search/…, /graphql), else core."""
        first = path.strip("/").split("/", 1)[0]
        return first if first in self.primary and first != "core" else "core"

    def is_mutation(self, request, resource):
        if resource == "graphql":
            return request.method == "POST" and b"mutation" in request.body
        return request.method in MUTATIONS

    def rate(self, resource, now):
        """GitHub's rate object: limit, remaining, reset, used, resource."""
        window = self.primary[resource]
        remaining = window.remaining(now)
        return {"limit": window.limit, "remaining": remaining, "reset": window.reset_at(now),
                "used": window.limit - remaining, "resource": resource}

    def rate_headers(self, resource, now):
        rate = self.rate(resource, now)
        return [(f"x-ratelimit-{name}", str(value)) for name, value in rate.items()]

    def rate_limit_answer(self, now):
        """`GET /rate_limit`'s body: every resource's rate, and core's as `rate`; counted against none."""
        resources = {name: self.rate(name, now) for name in self.primary}
        return {"resources": resources, "rate": resources["core"]}

    def refusal(self, limit, resource, now):
        config = self.config
        headers = self.rate_headers(resource, now)
        if limit == "primary":
            reset = self.primary[resource].reset_at(now)
            return Decision(config["primaryStatus"], headers, {"message": PRIMARY_MESSAGE, "documentation_url": DOCS},
                            resource, "primary", announces=[("primary", resource, reset)], remaining=0)
        wait = config["retryAfter"] if config["retryAfter"] is not None else config["secondaryWait"]
        if config["retryAfter"] is not None:
            headers.append(("retry-after", str(config["retryAfter"])))
        message = CONTENT_MESSAGE if limit == "contentCreation" else SECONDARY_MESSAGE
        return Decision(config["secondaryStatus"], headers, {"message": message, "documentation_url": DOCS},
                        resource, limit, announces=[("secondary", limit, now + wait)],
                        remaining=self.primary[resource].remaining(now))

    def decide(self, request, now, in_flight, secondary_wait):
        """The decision for one request arriving at `now` with `in_flight` others admitted and not
        answered yet; `secondary_wait` is the limit whose wait runs now, or None."""
        resource = self.resource_of(request.path)
        mutation = self.is_mutation(request, resource)
        cost = 5 if mutation else 1
        primary = self.primary[resource]
        if secondary_wait is not None and self.config["refuseDuringWait"]:
            return self.refusal(secondary_wait, resource, now)
        if primary.remaining(now) == 0:
            return self.refusal("primary", resource, now)
        if self.config["concurrency"] is not None and in_flight >= self.config["concurrency"]:
            return self.refusal("concurrency", resource, now)
        if self.points and not self.points.fits(now, cost):
            return self.refusal("points", resource, now)
        if self.content and mutation and not self.content.fits(now, 1):
            return self.refusal("contentCreation", resource, now)
        if not not_modified(request):
            primary.take(now, 1)
        if self.points:
            self.points.take(now, cost)
        if self.content and mutation:
            self.content.take(now, 1)
        status, headers, body = served(request, self.rate_headers(resource, now), resource)
        remaining = primary.remaining(now)
        announces = [("primary", resource, primary.reset_at(now))] if remaining == 0 else []
        return Decision(status, headers, body, resource, admitted=True, announces=announces, remaining=remaining)


def sf_string(text):
    return '"' + text + '"'  # the config allows no quote or backslash in it


class IETFRules:
    def __init__(self, config):
        self.config = config
        self.policies = [(policy, Window(policy["quota"], policy["window"])) for policy in config["policies"]]

    @staticmethod
    def partition_key(policy):
        key = policy["partitionKey"]
        return "" if key is None else ";pk=:" + base64.b64encode(key.encode()).decode() + ":"

    def headers(self, now):
        """`RateLimit-Policy` and `RateLimit`, one List member per policy, in the configured order."""
        described, current = [], []
        for policy, window in self.policies:
            unit = "" if policy["unit"] is None else ";qu=" + sf_string(policy["unit"])
            name = sf_string(policy["name"]) if self.config["policyNames"] == "string" else policy["name"]
            described.append(f'{name};q={policy["quota"]};w={policy["window"]}{unit}' + self.partition_key(policy))
            reset = max(0, math.ceil(window.reset_at(now) - now))
            current.append(f'{name};r={window.remaining(now)};t={reset}' + self.partition_key(policy))
        return [("RateLimit-Policy", ", ".join(described)), ("RateLimit", ", ".join(current))]

    def decide(self, request, now, in_flight, secondary_wait):
        exhausted = [(policy, window) for policy, window in self.policies if window.remaining(now) == 0]
        if exhausted:
            wait = max(max(0, math.ceil(window.reset_at(now) - now)) for _, window in exhausted)
            headers = self.headers(now)
            announces = [("policy", policy["name"], window.reset_at(now)) for policy, window in exhausted]
            if self.config["ietfRetryAfter"]:
                headers.append(("Retry-After", str(wait)))
                announces.append(("retryAfter", None, now + wait))
            body = {"title": "Too Many Requests", "policy": exhausted[0][0]["name"]}
            return Decision(self.config["ietfStatus"], headers, body, refused_by="policy", announces=announces,
                            remaining=0)
        for _, window in self.policies:
            window.take(now, 1)
        status, headers, body = served(request, self.headers(now))
        announces = [("policy", policy["name"], window.reset_at(now))
                     for policy, window in self.policies if window.remaining(now) == 0]
        remaining = min(window.remaining(now) for _, window in self.policies)
        return Decision(status, headers, body, admitted=True, announces=announces, remaining=remaining)


def rules_for(config):
    return GitHubRules(config) if config["mode"] == "github" else IETFRules(config)
