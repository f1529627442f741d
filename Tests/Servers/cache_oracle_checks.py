"""What Tests/Servers/cache_oracle_server.py checks in a scenario before and while hishel decides
(Python 3 standard library only): that it is well formed (else InvalidRepresentation, a 400), and
where it uses something that hishel 2.0 does not model, or models otherwise than RFC 9111 (and
RFC 5861) ask, so that the oracle says so instead of giving an answer a test would trust.

Each such place is a record {"step": i, "feature": "...", "why": "..."}. check_scenario finds the
ones a request shows; check_answer the ones an origin's answer shows, as hishel receives it.
"""

import re

from origin_responses import InvalidRepresentation, check_representation, field, header_pairs, parse_http_date

SAFE_METHODS = ("GET", "HEAD", "OPTIONS", "TRACE")  # hishel's; every other method invalidates
HEURISTICALLY_CACHEABLE = (200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501)
PRECONDITION_WHY = ("hishel does not evaluate a client's own precondition against a stored response (RFC 9111 "
                    "§4.3.2: answer 304 when it matches) and sends the stored response's validators in its "
                    "place when it revalidates")
UNMODELED_REQUEST_FIELDS = {
    "Pragma": "hishel ignores Pragma; RFC 9111 §5.4 deprecates it, yet browsers treat Pragma: no-cache "
              "without Cache-Control as no-cache",
    **{name: PRECONDITION_WHY
       for name in ("If-None-Match", "If-Modified-Since", "If-Match", "If-Unmodified-Since", "If-Range")},
    "Range": "hishel bypasses the cache for a Range request and would store a 200 answered to it; partial "
             "content (RFC 9111 §3.3, §3.4) is not modeled",
}
MODELED_REQUEST_DIRECTIVES = ("no-cache", "no-transform")
SCENARIO_FIELDS = ("shared", "epoch", "allowStale", "dateOnReceipt", "allowUnmodeled", "steps")
STEP_FIELDS = ("at", "request", "origin", "allowStale")
REQUEST_FIELDS = ("method", "url", "headers")
DEFAULT_EPOCH = 1_767_225_600  # 2026-01-01T00:00:00Z, EndpointKitTesting's ManualClock's start


def record(step, feature, why):
    return {"step": step, "feature": feature, "why": why}


def directives(value):
    """The directives of a Cache-Control value, in order: [(name in lower case, value or None)]."""
    found = []
    for match in re.finditer(r'\s*([^=,\s]+)\s*(?:=\s*("(?:[^"\\]|\\.)*"|[^,]*))?\s*(?:,|$)', value or ""):
        if match.group(1):
            argument = match.group(2)
            found.append((match.group(1).lower(), argument.strip().strip('"') if argument is not None else None))
    return found


def flag(value, where):
    if not isinstance(value, bool):
        raise InvalidRepresentation(f"{where} must be true or false, not {value!r}")
    return value


def seconds(value, where):
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
        raise InvalidRepresentation(f"{where} must be a number of seconds, not {value!r}")
    return value


def check_scenario(scenario):
    """(settings, steps) of a well-formed scenario; settings["unmodeled"] lists what its requests
    use that hishel does not model."""
    if not isinstance(scenario, dict):
        raise InvalidRepresentation("a scenario is a JSON object with \"steps\"")
    unknown = sorted(set(scenario) - set(SCENARIO_FIELDS))
    if unknown:
        raise InvalidRepresentation(f"the scenario has unknown fields {unknown}; known: {list(SCENARIO_FIELDS)}")
    epoch = scenario.get("epoch", DEFAULT_EPOCH)
    if isinstance(epoch, str):
        if parse_http_date(epoch) is None:
            raise InvalidRepresentation(f"epoch must be an HTTP-date or seconds since 1970, not {epoch!r}")
        epoch = int(parse_http_date(epoch))  # HTTP-dates have whole seconds
    settings = {
        "shared": flag(scenario.get("shared", False), "shared"),
        "epoch": seconds(epoch, "epoch"),
        "allowStale": flag(scenario.get("allowStale", False), "allowStale"),
        "dateOnReceipt": flag(scenario.get("dateOnReceipt", False), "dateOnReceipt"),
        "allowUnmodeled": flag(scenario.get("allowUnmodeled", False), "allowUnmodeled"),
    }
    steps = scenario.get("steps")
    if not isinstance(steps, list) or not steps:
        raise InvalidRepresentation("steps must be a non-empty list")
    previous = 0
    for index, step in enumerate(steps):
        where = f"steps[{index}]"
        if not isinstance(step, dict) or set(step) - set(STEP_FIELDS) or "request" not in step:
            raise InvalidRepresentation(f"{where} must be an object with \"request\" and only {list(STEP_FIELDS)}")
        at = seconds(step.get("at", previous), f"{where}.at")
        if at < previous:
            raise InvalidRepresentation(f"{where}.at ({at}) is earlier than the step before ({previous})")
        step["at"] = previous = at
        step["request"] = check_request(step["request"], f"{where}.request")
        if "allowStale" in step:
            flag(step["allowStale"], f"{where}.allowStale")
        origin = step.get("origin")
        if isinstance(origin, dict) and "disconnect" in origin:
            if origin != {"disconnect": True}:
                raise InvalidRepresentation(f"{where}.origin: a disconnecting origin is {{\"disconnect\": true}} alone")
        elif origin is not None:
            check_representation(origin, f"{where}.origin")
    settings["unmodeled"] = [found for index, step in enumerate(steps) for found in request_checks(index, step)]
    settings["unmodeled"] += method_and_vary_checks(steps)
    return settings, steps


def check_request(request, where):
    if not isinstance(request, dict) or set(request) - set(REQUEST_FIELDS):
        raise InvalidRepresentation(f"{where} must be an object with only {list(REQUEST_FIELDS)}")
    method = request.get("method", "GET")
    if not isinstance(method, str) or not re.fullmatch(r"[A-Z]+", method):
        raise InvalidRepresentation(f"{where}.method must be an upper-case method name, not {method!r}")
    url = request.get("url")
    if not isinstance(url, str) or not re.match(r"https?://[^/\s]+", url):
        raise InvalidRepresentation(f"{where}.url must be an absolute http or https URL, not {url!r}")
    return {"method": method, "url": url, "headers": header_pairs(request.get("headers", []), f"{where}.headers")}


def request_checks(index, step):
    headers = step["request"]["headers"]
    for name, _ in directives(field(headers, "Cache-Control")):
        if name not in MODELED_REQUEST_DIRECTIVES:
            yield record(index, f"request Cache-Control {name}",
                         "hishel reads only no-cache of a request's Cache-Control; RFC 9111 §5.2.1 also "
                         "defines max-age, max-stale, min-fresh, no-store and only-if-cached")
    for name, why in UNMODELED_REQUEST_FIELDS.items():
        if field(headers, name) is not None:
            yield record(index, f"request {name}", why)


def method_and_vary_checks(steps):
    """A URL asked with both HEAD and GET; values of a Vary-named field that hishel's exact string
    comparison tells apart although they differ only in whitespace or lines (RFC 9111 §4.1)."""
    methods, varied = {}, {}
    for step in steps:
        url = step["request"]["url"]
        methods.setdefault(url, set()).add(step["request"]["method"])
        origin = step.get("origin") or {}
        pairs = list(origin.get("headers", [])) + list((origin.get("notModified") or {}).get("headers", []))
        for _, value in [pair for pair in pairs if pair[0].lower() == "vary"]:
            varied.setdefault(url, set()).update(name.strip().lower() for name in value.split(",") if name.strip())
    found = []
    for url, seen in methods.items():
        if {"GET", "HEAD"} <= seen:
            found.append(record(None, f"HEAD and GET of {url}",
                                "hishel keeps HEAD and GET apart: a stored GET response never answers a "
                                "HEAD, and a HEAD response never freshens a stored GET response (RFC 9111 "
                                "§4, §4.3.5)"))
    for url, names in varied.items():
        for name in sorted(names - {"*"}):
            values = {", ".join(v for k, v in step["request"]["headers"] if k.lower() == name) or None
                      for step in steps if step["request"]["url"] == url}
            normal = {}
            for value in values:
                normal.setdefault(None if value is None else ",".join(p.strip() for p in value.split(",")),
                                  set()).add(value)
            if any(len(group) > 1 for group in normal.values()):
                found.append(record(None, f"Vary {name} of {url}",
                                    "hishel compares a Vary-named field's values as exact strings; RFC 9111 "
                                    "§4.1 matches them after removing whitespace and combining lines"))
    return found


def check_answer(index, request, status, headers, now, settings, allow_stale):
    """What the origin's answer (`status`, header pairs as hishel receives them) to hishel's
    `request` at the time `now` uses that hishel does not model."""
    found = []
    if field(headers, "Age") is not None:
        found.append(record(index, "response Age",
                            "hishel's age is now minus Date alone: it ignores the Age field, and the "
                            "request and response times, of RFC 9111 §4.2.3"))
    date = parse_http_date(field(headers, "Date") or "")
    if field(headers, "Date") is None:
        found.append(record(index, "response without Date",
                            "hishel's age of a response without Date stays 0 for ever; RFC 9110 §6.6.1 "
                            "has the recipient use the time it received it (set \"dateOnReceipt\")"))
    elif date is not None and date > now:
        found.append(record(index, "response Date later than the step",
                            "hishel's age is max(0, now - Date), so the time before that Date is lost; "
                            "RFC 9111 §4.2.3 adds the time the response was resident to an apparent age "
                            "of 0"))
    cache_control = directives(field(headers, "Cache-Control"))
    names = [name for name, _ in cache_control]
    for name in ("stale-while-revalidate", "stale-if-error"):
        if name in names:
            found.append(record(index, f"response Cache-Control {name}",
                                "RFC 5861 is not modeled: hishel neither serves a stale response while it "
                                "revalidates nor when the origin fails"))
    if "must-understand" in names:
        found.append(record(index, "response Cache-Control must-understand",
                            "hishel ignores must-understand, so it honours a no-store beside it "
                            "(RFC 9111 §5.2.2.3)"))
    if settings["shared"] and allow_stale and ("proxy-revalidate" in names or "s-maxage" in names):
        found.append(record(index, "proxy-revalidate or s-maxage with allowStale in a shared cache",
                            "hishel's allowStale serves such a response stale, which RFC 9111 §5.2.2.8 "
                            "and §5.2.2.10 forbid a shared cache"))
    for name in ("max-age", "s-maxage"):
        values = [value for directive, value in cache_control if directive == name]
        if len(values) > 1 or any(value is None or not value.isdigit() for value in values):
            found.append(record(index, f"response Cache-Control {name} repeated or not a number",
                                "hishel takes the last one and ignores one that is not a number; RFC 9111 "
                                "§4.2.1 asks for the first one, or to consider the response stale"))
    explicit = ("max-age" in names or (settings["shared"] and "s-maxage" in names)
                or field(headers, "Expires") is not None)
    heuristic = status in HEURISTICALLY_CACHEABLE or "public" in names
    if (request.method in ("GET", "HEAD") and status != 304 and heuristic and not explicit
            and field(headers, "Last-Modified") is not None):
        found.append(record(index, "heuristic freshness",
                            "hishel's heuristic lifetime is 10% of now minus Last-Modified, computed anew at "
                            "each lookup (at most a week), so it grows as the response ages; browsers take "
                            "10% of Date minus Last-Modified, once (RFC 9111 §4.2.2)"))
    if request.method not in SAFE_METHODS and status < 400:
        for name in ("Location", "Content-Location"):
            if field(headers, name) is not None:
                found.append(record(index, f"{name} of an unsafe method's answer",
                                    "hishel invalidates only the target URI; RFC 9111 §4.4 lets a cache "
                                    "invalidate the Location and Content-Location URIs too (same origin), "
                                    "which issue 47 asks for"))
    return found
