"""What an origin answers for one of its representations, shared by Tests/Servers/cache_origin_server.py
and Tests/Servers/cache_oracle_server.py (Python 3 standard library only), so that the origin the
Swift tests talk to and the origin of the oracle's scenarios decide alike.

A representation is a JSON object (every field optional; an unknown field is an error):

    {"status": 200,                           the status of a full answer
     "headers": [["Cache-Control", "max-age=60"], ["ETag", "\\"v1\\""], ["X-Extra", "1"], ...],
                                              sent as given, in order, repeats kept; not Date
                                              (see "date"), Content-Length or Transfer-Encoding
     "date": "now" | "omit" | "<HTTP-date>",  the Date field: the origin's clock (default), none,
                                              or exactly this value (a test's manual clock)
     "body": "text",                          UTF-8, with Content-Length (Content-Type
                                              text/plain; charset=utf-8 unless "headers" has one)
     "conditional": true,                     false: validators are ignored, always a full answer
     "notModified": {"copy": ["Cache-Control", "Content-Location", "Date", "ETag", "Expires", "Vary"],
                     "headers": [["ETag", "\\"v2\\""], ["Content-Length", "999"]]}}
                                              what a 304 carries: the fields named in "copy" (by
                                              default the ones RFC 9110 §15.4.5 lists) from the
                                              full answer, then "headers" in place of any copied
                                              field of the same name, or added

Preconditions (RFC 9110 §13.1.2, §13.1.3, §13.2), for GET and HEAD when the full answer would be
a 2xx: `If-None-Match` matches when one of its entity-tags equals the representation's `ETag`
by the weak comparison (`W/` ignored), or it is `*`; without `If-None-Match`, `If-Modified-Since`
matches when `Last-Modified` is not later than it. A match is answered 304 with no content.
"""

import email.utils
import re
import time

NOT_MODIFIED_FIELDS = ("Cache-Control", "Content-Location", "Date", "ETag", "Expires", "Vary")
REPRESENTATION_FIELDS = ("status", "headers", "date", "body", "conditional", "notModified")
FORBIDDEN_HEADERS = ("date", "content-length", "transfer-encoding")
ENTITY_TAG = re.compile(r'\s*((?:W/)?"[^"]*")\s*(?:,|$)')


class InvalidRepresentation(ValueError):
    """A representation (or one of its fields) that cannot be served, saying which and why."""


def check_representation(value, where, extra_fields=()):
    """Checks the representation `value`, found at `where` (for the error), and returns it; fields
    in `extra_fields` are allowed too and left to the caller."""
    if not isinstance(value, dict):
        raise InvalidRepresentation(f"{where} must be a JSON object, not {type(value).__name__}")
    unknown = sorted(set(value) - set(REPRESENTATION_FIELDS) - set(extra_fields))
    if unknown:
        raise InvalidRepresentation(f"{where} has unknown fields {unknown}; known: {list(REPRESENTATION_FIELDS)}")
    status = value.get("status", 200)
    if not isinstance(status, int) or isinstance(status, bool) or not 100 <= status <= 599:
        raise InvalidRepresentation(f"{where}.status must be a status code, not {status!r}")
    for name, _ in header_pairs(value.get("headers", []), f"{where}.headers"):
        if name.lower() in FORBIDDEN_HEADERS:
            raise InvalidRepresentation(
                f"{where}.headers must not set {name}: the origin writes it (use \"date\" for Date)")
    date = value.get("date", "now")
    if not isinstance(date, str) or (date not in ("now", "omit") and parse_http_date(date) is None):
        raise InvalidRepresentation(f"{where}.date must be \"now\", \"omit\" or an HTTP-date, not {date!r}")
    if not isinstance(value.get("body", ""), str):
        raise InvalidRepresentation(f"{where}.body must be a string")
    if not isinstance(value.get("conditional", True), bool):
        raise InvalidRepresentation(f"{where}.conditional must be true or false")
    not_modified = value.get("notModified", {})
    if not isinstance(not_modified, dict) or set(not_modified) - {"copy", "headers"}:
        raise InvalidRepresentation(f"{where}.notModified must be an object with \"copy\" and \"headers\" only")
    copy = not_modified.get("copy", list(NOT_MODIFIED_FIELDS))
    if not isinstance(copy, list) or not all(isinstance(name, str) for name in copy):
        raise InvalidRepresentation(f"{where}.notModified.copy must be a list of field names")
    header_pairs(not_modified.get("headers", []), f"{where}.notModified.headers")
    return value


def header_pairs(value, where):
    """`value`, a list of [name, value] string pairs, as tuples; raises InvalidRepresentation."""
    if not isinstance(value, list) or not all(
        isinstance(pair, list) and len(pair) == 2 and all(isinstance(part, str) for part in pair) for pair in value
    ):
        raise InvalidRepresentation(f"{where} must be a list of [name, value] string pairs")
    for name, field_value in value:
        if not re.fullmatch(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+", name) or any(c in field_value for c in "\r\n\0"):
            raise InvalidRepresentation(f"{where} has a field that cannot be sent: {name!r}: {field_value!r}")
    return [tuple(pair) for pair in value]


def parse_http_date(value):
    """Seconds since 1970 for an HTTP-date (IMF-fixdate or an obsolete form), or None."""
    try:
        parts = email.utils.parsedate_tz(value)
        if parts is None:
            return None
        return float(email.utils.mktime_tz(parts[:9] + (parts[9] or 0,)))
    except (TypeError, ValueError, OverflowError, IndexError):
        return None


def http_date(seconds):
    """The IMF-fixdate for `seconds` since 1970: "Thu, 01 Jan 2026 00:00:00 GMT"."""
    return email.utils.formatdate(seconds, usegmt=True)


def field(headers, name):
    """The value of the field `name` in `headers` (pairs), its lines joined with ", ", or None."""
    values = [value for key, value in headers if key.lower() == name.lower()]
    return ", ".join(values) if values else None


def entity_tags(value):
    """The entity-tags of an If-None-Match value, "*" as ["*"]; None when it is malformed."""
    if value.strip() == "*":
        return ["*"]
    tags, position = [], 0
    value = value.strip()
    while position < len(value):
        match = ENTITY_TAG.match(value, position)
        if not match:
            return None
        tags.append(match.group(1))
        position = match.end()
    return tags


def weakly_equal(first, second):
    """RFC 9110 §8.8.3.2: two entity-tags are weakly equal when their opaque tags are."""
    return first.removeprefix("W/") == second.removeprefix("W/")


def evaluate_preconditions(method, status, response_headers, request_headers):
    """Whether the request is conditional (If-None-Match or If-Modified-Since) and whether its
    condition matched the representation, so that the answer is 304: (conditional, matched)."""
    if_none_match = field(request_headers, "If-None-Match")
    if_modified_since = field(request_headers, "If-Modified-Since")
    conditional = if_none_match is not None or if_modified_since is not None
    if not conditional or method not in ("GET", "HEAD") or not 200 <= status <= 299:
        return conditional, False
    if if_none_match is not None:  # §13.1.3: If-Modified-Since is then ignored
        etag = field(response_headers, "ETag")
        tags = entity_tags(if_none_match) or []
        return True, tags == ["*"] or (etag is not None and any(weakly_equal(tag, etag) for tag in tags))
    last_modified = parse_http_date(field(response_headers, "Last-Modified") or "")
    since = parse_http_date(if_modified_since)
    return True, last_modified is not None and since is not None and last_modified <= since


class Answer:
    """What the origin sends: status, header pairs (without Content-Length, which the server adds
    for a full answer) and content, and whether the request was conditional and matched."""

    def __init__(self, status, headers, body, conditional=False, matched=False):
        self.status, self.headers, self.body = status, headers, body
        self.conditional, self.matched = conditional, matched


def answer(representation, method, request_headers, now=None):
    """The answer of `representation` (checked by check_representation) to a request with
    `method` and `request_headers` (pairs), when the origin's clock reads `now` (default: the
    real time). For HEAD too, the content is the GET's: the server sends its length, not it."""
    status = representation.get("status", 200)
    headers = list(header_pairs(representation.get("headers", []), "headers"))
    date = representation.get("date", "now")
    if date != "omit":
        headers.insert(0, ("Date", http_date(time.time() if now is None else now) if date == "now" else date))
    if field(headers, "Content-Type") is None:
        headers.append(("Content-Type", "text/plain; charset=utf-8"))
    body = representation.get("body", "").encode()
    conditional, matched = evaluate_preconditions(method, status, headers, request_headers)
    if not matched or not representation.get("conditional", True):
        return Answer(status, headers, body, conditional, False)
    not_modified = representation.get("notModified", {})
    copy = {name.lower() for name in not_modified.get("copy", NOT_MODIFIED_FIELDS)}
    replacing = header_pairs(not_modified.get("headers", []), "notModified.headers")
    replaced = {name.lower() for name, _ in replacing}
    kept = [(name, value) for name, value in headers if name.lower() in copy and name.lower() not in replaced]
    return Answer(304, kept + replacing, b"", conditional, True)
