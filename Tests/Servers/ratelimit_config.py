"""A rate-limit scenario's configuration (Python 3 standard library only): the JSON object that
`PUT /scenarios/NAME/_config` of Tests/Servers/ratelimit_server.py takes, checked and completed
with its defaults. Every field is optional; an unknown field, or a value of the wrong type, is a
ConfigError (the server answers 400 with its message).

    {"mode": "github",                              # or "ietf"
     "start": 1767225600,                           # the clock's start, seconds since 1970
     "gate": false, "latency": 0,                   # holding admitted requests (below)
     # GitHub mode
     "resources": {"core": {"limit": 5000, "window": 3600},
                   "search": {"limit": 30, "window": 60},
                   "graphql": {"limit": 5000, "window": 3600}},
     "primaryStatus": 403,                          # 403 or 429, when remaining is 0
     "concurrency": null,                           # at most N requests in flight
     "pointsPerMinute": null,                       # GET, HEAD, OPTIONS 1 point, others 5
     "contentPerMinute": null,                      # POST, PATCH, PUT, DELETE (GraphQL: mutations)
     "secondaryStatus": 403,                        # 403 or 429
     "retryAfter": null,                            # seconds: a secondary refusal's retry-after
     "secondaryWait": 60,                           # the wait a secondary refusal without
                                                    # retry-after announces (GitHub: a minute)
     "refuseDuringWait": true,                      # refuse requests sent during that wait
     # IETF mode
     "policies": [{"name": "default", "quota": 100, "window": 60}],   # also "unit", "partitionKey"
     "ietfStatus": 429,                             # 429 or 503
     "ietfRetryAfter": true,                        # send Retry-After on a refusal
     "policyNames": "string"}                       # or "token": "default" or default

`resources` is merged with the defaults resource by resource (a test names only the one it
limits); `policies` replaces the default list.
"""

import copy
import re

from ratelimit_clock import EPOCH, ClockError, seconds

DEFAULT_RESOURCES = {
    "core": {"limit": 5000, "window": 3600},
    "search": {"limit": 30, "window": 60},
    "graphql": {"limit": 5000, "window": 3600},
}
DEFAULTS = {
    "mode": "github", "start": EPOCH, "gate": False, "latency": 0,
    "resources": DEFAULT_RESOURCES, "primaryStatus": 403,
    "concurrency": None, "pointsPerMinute": None, "contentPerMinute": None,
    "secondaryStatus": 403, "retryAfter": None, "secondaryWait": 60, "refuseDuringWait": True,
    "policies": [{"name": "default", "quota": 100, "window": 60}],
    "ietfStatus": 429, "ietfRetryAfter": True, "policyNames": "string",
}
SF_TOKEN = re.compile(r"[A-Za-z*][A-Za-z0-9!#$%&'*+\-.^_`|~:/]*")
POLICY_FIELDS = {"name", "quota", "window", "unit", "partitionKey"}


class ConfigError(ValueError):
    """A configuration that the server cannot run, saying which field is wrong and why."""


def count(value, what, positive=False):
    """`value` as an int of at least 0 (1 with `positive`), never a bool."""
    if isinstance(value, bool) or not isinstance(value, int) or value < (1 if positive else 0):
        raise ConfigError(f"{what} must be {'a positive' if positive else 'a'} whole number, not {value!r}")
    return value


def optional_count(value, what):
    return None if value is None else count(value, what, positive=True)


def one_of(value, allowed, what):
    if isinstance(value, bool) or value not in allowed:
        raise ConfigError(f"{what} must be one of {', '.join(map(str, allowed))}, not {value!r}")
    return value


def flag(value, what):
    if not isinstance(value, bool):
        raise ConfigError(f"{what} must be true or false, not {value!r}")
    return value


def duration(value, what):
    try:
        value = seconds(value, what)
    except ClockError as error:
        raise ConfigError(str(error)) from None
    if value < 0:
        raise ConfigError(f"{what} must not be negative, not {value!r}")
    return value


def window(value, what):
    """A fixed window: {"limit": N, "window": SECONDS}."""
    if not isinstance(value, dict) or set(value) - {"limit", "window"}:
        raise ConfigError(f"{what} must be {{\"limit\": N, \"window\": SECONDS}}, not {value!r}")
    return {"limit": count(value.get("limit", 0), f"{what}.limit"),
            "window": count(value.get("window", 60), f"{what}.window", positive=True)}


def resources(value):
    if not isinstance(value, dict):
        raise ConfigError(f"resources must be an object of resource name to window, not {value!r}")
    merged = copy.deepcopy(DEFAULT_RESOURCES)
    for name, limit in value.items():
        if not isinstance(name, str) or not name.isidentifier():
            raise ConfigError(f"a resource's name must be a word like core or search, not {name!r}")
        if not isinstance(limit, dict):
            raise ConfigError(f"resources.{name} must be {{\"limit\": N, \"window\": SECONDS}}, not {limit!r}")
        merged[name] = window({**merged.get(name, {}), **limit}, f"resources.{name}")
    return merged


def policies(value):
    if not isinstance(value, list) or not value:
        raise ConfigError(f"policies must be a non-empty list, not {value!r}")
    checked, names = [], set()
    for index, policy in enumerate(value):
        what = f"policies[{index}]"
        if not isinstance(policy, dict) or set(policy) - POLICY_FIELDS:
            raise ConfigError(f"{what} must be an object with {', '.join(sorted(POLICY_FIELDS))}, not {policy!r}")
        name = policy.get("name", "default")
        if not isinstance(name, str) or not name or not name.isprintable() or '"' in name or "\\" in name:
            raise ConfigError(f"{what}.name must be printable text without quotes or backslashes, not {name!r}")
        if name in names:
            raise ConfigError(f"{what}.name {name!r} is used twice")
        names.add(name)
        unit = policy.get("unit")
        if unit is not None and (not isinstance(unit, str) or '"' in unit or "\\" in unit or not unit.isprintable()):
            raise ConfigError(f"{what}.unit must be printable text without quotes or backslashes, not {unit!r}")
        key = policy.get("partitionKey")
        if key is not None and not isinstance(key, str):
            raise ConfigError(f"{what}.partitionKey must be text, not {key!r}")
        checked.append({"name": name, "quota": count(policy.get("quota", 0), f"{what}.quota"),
                        "window": count(policy.get("window", 60), f"{what}.window", positive=True),
                        "unit": unit, "partitionKey": key})
    return checked


CHECKS = {
    "mode": lambda value: one_of(value, ("github", "ietf"), "mode"),
    "start": lambda value: duration(value, "start"),
    "gate": lambda value: flag(value, "gate"),
    "latency": lambda value: duration(value, "latency"),
    "resources": resources,
    "primaryStatus": lambda value: one_of(value, (403, 429), "primaryStatus"),
    "concurrency": lambda value: optional_count(value, "concurrency"),
    "pointsPerMinute": lambda value: optional_count(value, "pointsPerMinute"),
    "contentPerMinute": lambda value: optional_count(value, "contentPerMinute"),
    "secondaryStatus": lambda value: one_of(value, (403, 429), "secondaryStatus"),
    "retryAfter": lambda value: None if value is None else count(value, "retryAfter"),
    "secondaryWait": lambda value: count(value, "secondaryWait"),
    "refuseDuringWait": lambda value: flag(value, "refuseDuringWait"),
    "policies": policies,
    "ietfStatus": lambda value: one_of(value, (429, 503), "ietfStatus"),
    "ietfRetryAfter": lambda value: flag(value, "ietfRetryAfter"),
    "policyNames": lambda value: one_of(value, ("string", "token"), "policyNames"),
}


def scenario_config(value):
    """The checked configuration, every field present: the defaults, then `value`'s fields."""
    if value is None:
        value = {}
    if not isinstance(value, dict):
        raise ConfigError(f"the configuration must be a JSON object, not {value!r}")
    unknown = sorted(set(value) - set(CHECKS))
    if unknown:
        raise ConfigError(f"unknown field(s) {', '.join(unknown)}; known: {', '.join(CHECKS)}")
    config = copy.deepcopy(DEFAULTS)
    config["policies"] = policies(config["policies"])
    for name, field_value in value.items():
        config[name] = CHECKS[name](field_value)
    if config["policyNames"] == "token":
        for policy in config["policies"]:
            if not SF_TOKEN.fullmatch(policy["name"]):
                raise ConfigError(f"policy name {policy['name']!r} is no Structured Field Token (RFC 9651 "
                                  "§3.3.4: a letter or '*', then letters, digits and !#$%&'*+-.^_`|~:/)")
    return config
