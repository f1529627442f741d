#!/usr/bin/env python3
"""A server that meters its callers as GitHub does, or as the IETF RateLimit fields say, on a clock
the test drives, and counts every request that exceeded a limit or came after it had said to wait
(Python 3 standard library only).

    python3 Tests/Servers/ratelimit_server.py --port PORT [--exit-with-parent]

127.0.0.1 only; HTTP/1.1 keep-alive; a listen backlog of 128 (local_server.py); stops on SIGTERM.
Each test works in a scenario of its own, under /scenarios/NAME/ (NAME: letters, digits, '.', '_',
'-'), with its own configuration (ratelimit_config.py), clock (ratelimit_clock.py), limits
(ratelimit_rules.py) and counters (ratelimit_scenarios.py). Control answers are JSON; a bad
control call is 400 {"error": "..."}, an unknown scenario 404 {"error": "..."}.

Routes (the full contract, with examples: Tests/Servers/README.md):
  GET    /health                               200 {"ok": true}
  PUT    /scenarios/NAME/_config               a new scenario NAME (replacing one): 200 {"name", "config"}
  GET    /scenarios/NAME/_config               200 {"name", "config"}
  DELETE /scenarios/NAME                       forgets it: 200 {"deleted": true}
  POST   /scenarios/NAME/_reset                counters, waits, log, clock and gate as configured
  GET    /scenarios/NAME/_clock                200 {"now"}
  PUT    /scenarios/NAME/_clock {"now": T}     sets the clock (seconds since 1970)
  POST   /scenarios/NAME/_clock {"advance": S} moves it forward
  POST   /scenarios/NAME/_gate                 {"release": N} | {"open": true} | {"close": true}
  GET    /scenarios/NAME/_stats[?log=0]        the counters, and the log unless log=0
  GET    /scenarios/NAME/_await?requests=N&held=N&answered=N&refused=N&timeout=S
                                               blocks until each count is reached: 200 the counters,
                                               or 408 with them after S real seconds (default 10)
  GET    /scenarios/NAME/rate_limit            GitHub mode: GitHub's rate-limit object, not counted
  ANY    /scenarios/NAME/PATH                  a metered resource (PATH not starting with "_")

A metered request may carry `X-Test-Clock-Now: SECONDS` (the test's manual clock): the scenario's
clock moves forward to it first.
"""

import json
import re
from urllib.parse import parse_qs, unquote, urlsplit

from local_server import JSONRequestHandler, parse_json, serve
from ratelimit_clock import ClockError, seconds
from ratelimit_config import ConfigError, count
from ratelimit_rules import Request
from ratelimit_scenarios import SCENARIOS

NAME = re.compile(r"[A-Za-z0-9._-]{1,100}")
MAX_BODY = 1 << 20


class ControlError(ValueError):
    """A control call that cannot be done: 400 with its message."""


class RateLimitHandler(JSONRequestHandler):  # every method goes to `route`
    def route(self):
        url = urlsplit(self.path)
        try:
            body = self.read_body()
            parts = [unquote(part) for part in url.path.split("/") if part]
            if parts == ["health"]:
                return self.send_json(200, {"ok": True})
            if len(parts) < 2 or parts[0] != "scenarios" or not NAME.fullmatch(parts[1]):
                return self.send_json(404, {"error": f"no route {self.command} {url.path}: "
                                                    "use /scenarios/NAME/..., NAME of letters, digits, '.', '_', '-'"})
            name, rest = parts[1], parts[2:]
            if rest == ["_config"] and self.command == "PUT":
                scenario = SCENARIOS.configure(name, self.json_body(body))
                return self.send_json(200, {"name": name, "config": scenario.config})
            scenario = SCENARIOS.get(name)
            if scenario is None:
                return self.send_json(404, {"error": f"no scenario {name!r}: PUT /scenarios/{name}/_config first"})
            if rest and rest[0].startswith("_") or (not rest and self.command == "DELETE"):
                return self.control(scenario, rest, url.query, body)
            if rest == ["rate_limit"] and self.command == "GET" and scenario.config["mode"] == "github":
                return self.send_json(200, scenario.rate_limit())
            self.metered(scenario, "/" + "/".join(rest), body)
        except (ConfigError, ClockError, ControlError) as error:
            self.send_json(400, {"error": str(error)})
        except ConnectionError:
            self.close_connection = True

    def control(self, scenario, rest, query, body):
        command, fields = self.command, parse_qs(query)
        if not rest:
            SCENARIOS.remove(scenario.name)
            return self.send_json(200, {"deleted": True})
        if rest == ["_config"] and command == "GET":
            return self.send_json(200, {"name": scenario.name, "config": scenario.config})
        if rest == ["_reset"] and command == "POST":
            scenario.reset()
            return self.send_json(200, scenario.stats(with_log=False))
        if rest == ["_clock"] and command in ("GET", "PUT", "POST"):
            change = {} if command == "GET" else self.json_object(body)
            allowed = {"PUT": {"now"}, "POST": {"advance"}}.get(command, set())
            if set(change) != allowed and command != "GET":
                raise ControlError(f"{command} /_clock takes {{\"{allowed.pop()}\": SECONDS}}, not {change!r}")
            return self.send_json(200, scenario.control_clock(change))
        if rest == ["_gate"] and command == "POST":
            change = self.json_object(body)
            if change not in ({"open": True}, {"close": True}) and set(change) != {"release"}:
                raise ControlError(f"POST /_gate takes {{\"release\": N}}, {{\"open\": true}} or "
                                   f"{{\"close\": true}}, not {change!r}")
            if "release" in change:
                count(change["release"], "release", positive=True)
            return self.send_json(200, scenario.control_gate(change))
        if rest == ["_stats"] and command == "GET":
            return self.send_json(200, scenario.stats(with_log=fields.get("log", ["1"])[-1] != "0"))
        if rest == ["_await"] and command == "GET":
            wanted = {}
            for key in ("requests", "held", "answered", "refused"):
                if key in fields:
                    try:
                        wanted[key] = count(int(fields[key][-1]), key)
                    except ValueError:
                        raise ControlError(f"{key} must be a whole number, not {fields[key][-1]!r}") from None
            try:
                timeout = seconds(float(fields.get("timeout", ["10"])[-1]), "timeout")
            except ValueError:
                raise ControlError("timeout must be a number of seconds") from None
            reached, summary = scenario.wait_until(wanted, min(timeout, 120))
            return self.send_json(200 if reached else 408, summary)
        self.send_json(404, {"error": f"no control {command} /{'/'.join(rest)}"})

    def metered(self, scenario, path, body):
        headers = {name.lower(): value for name, value in self.headers.items()}
        request = Request(self.command, path, headers, body)
        entry, decision = scenario.arrive(request, headers.get("x-test-clock-now"))
        status, answer_headers, payload = decision.status, decision.headers, decision.body
        if not scenario.hold(entry, decision):
            status, payload = 504, {"error": "held at the closed gate and never released"}
        # Counted as answered before the first byte is written: a request the client sends once it
        # has read this answer must find it out of flight and its waits begun, never racing them.
        scenario.finish(entry, decision, status)
        self.send(status, answer_headers, payload)

    # Helpers

    def send(self, status, headers, payload):
        data = b"" if payload is None else json.dumps(payload).encode()
        self.send_response_only(status)
        for name, value in headers:
            self.send_header(name, value)
        if status not in (204, 304):
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if data and self.command != "HEAD":
            self.wfile.write(data)

    def read_body(self):
        """The request's content: Content-Length or chunked."""
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            chunks = []
            while (size := int(self.rfile.readline(100).split(b";")[0].strip() or b"0", 16)) > 0:
                if sum(map(len, chunks)) + size > MAX_BODY:
                    raise ControlError("the body is larger than 1 MiB")
                chunks.append(self.rfile.read(size))
                self.rfile.readline(100)
            while self.rfile.readline(8192).strip():  # trailer fields
                pass
            return b"".join(chunks)
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            raise ControlError("Content-Length is not a number") from None
        if not 0 <= length <= MAX_BODY:
            self.close_connection = True
            raise ControlError("Content-Length must be 0 to 1 MiB")
        return self.rfile.read(length)

    @staticmethod
    def json_body(body):
        return parse_json(body, ControlError)

    def json_object(self, body):
        value = self.json_body(body)
        if not isinstance(value, dict):
            raise ControlError(f"the body must be a JSON object, not {value!r}")
        return value


def main():
    serve(RateLimitHandler, "EndpointKit's rate-limit test server (127.0.0.1 only).")


if __name__ == "__main__":
    main()
