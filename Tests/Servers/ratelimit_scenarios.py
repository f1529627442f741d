"""The rate-limit scenarios of Tests/Servers/ratelimit_server.py (Python 3 standard library only):
each has its own configuration, clock, limits, gate and counters, so that tests running at the
same time never share a budget.

    scenario = SCENARIOS.configure("burst", {"mode": "github", "concurrency": 10, "gate": True})
    entry, decision = scenario.arrive(request, clock_header)   # counts it, decides it
    scenario.hold(entry, decision)                             # at the gate, while it is closed
    scenario.finish(entry, decision, status)                   # answering: its waits announced
    scenario.stats()

Everything a scenario holds is under its one lock (a Condition, which the gate and `_await`
wait on).
"""

import threading
import time

from ratelimit_clock import ScenarioClock
from ratelimit_config import scenario_config
from ratelimit_rules import rules_for

# How long a request stays at a closed gate before it is answered 504: a test that forgot to
# release it fails instead of hanging.
GATE_TIMEOUT = 60
LOG_LIMIT = 20_000


class Scenario:
    def __init__(self, name, config):
        self.name, self.config = name, config
        self.condition = threading.Condition()
        self.reset()

    def reset(self):
        """Forgets every count, wait and logged request; the clock back at its start, the gate as
        configured."""
        with self.condition:
            self.clock = ScenarioClock(self.config["start"])
            self.rules = rules_for(self.config)
            self.waits = {}  # (kind, key) -> until, on the scenario's clock
            self.log = []
            self.requests = self.answered = self.in_flight = self.max_in_flight = self.held = 0
            self.refused_by, self.after_wait_by, self.statuses = {}, {}, {}
            self.gate_open, self.releases = not self.config["gate"], 0
            self.condition.notify_all()

    # A request's way through

    def active_wait(self, resource, now):
        """(kind, key) of a wait that the request should have honoured, the secondary ones first."""
        active = [(kind, key) for (kind, key), until in self.waits.items()
                  if now < until and (kind != "primary" or key == resource)]
        active.sort(key=lambda wait: (wait[0] != "secondary", wait[0]))
        return active[0] if active else None

    def arrive(self, request, clock_header=None):
        """Counts the request and decides it: (its log entry, the rules' Decision)."""
        with self.condition:
            if clock_header is not None:
                self.clock.follow(clock_header)
            now = self.clock.now
            self.requests += 1
            resource = self.rules.resource_of(request.path) if self.config["mode"] == "github" else None
            wait = self.active_wait(resource, now)
            secondary = wait[1] if wait and wait[0] == "secondary" else None
            decision = self.rules.decide(request, now, self.in_flight, secondary)
            entry = {"index": self.requests, "at": now, "method": request.method, "path": request.path,
                     "resource": decision.resource, "status": None, "refusedBy": decision.refused_by,
                     "afterWait": wait[0] if wait else None, "inFlight": self.in_flight + decision.admitted,
                     "remaining": decision.remaining}
            if wait:
                self.after_wait_by[wait[0]] = self.after_wait_by.get(wait[0], 0) + 1
            if decision.refused_by:
                self.refused_by[decision.refused_by] = self.refused_by.get(decision.refused_by, 0) + 1
            if decision.admitted:
                self.in_flight += 1
                self.max_in_flight = max(self.max_in_flight, self.in_flight)
            if len(self.log) < LOG_LIMIT:
                self.log.append(entry)
            self.condition.notify_all()
            return entry, decision

    def hold(self, entry, decision):
        """Keeps an admitted request at the gate while it is closed (until a release lets it go),
        then for the configured latency; False when the gate was never released."""
        if not decision.admitted:
            return True
        with self.condition:
            if not self.gate_open:
                self.held += 1
                self.condition.notify_all()
                released = self.condition.wait_for(lambda: self.gate_open or self.releases > 0, GATE_TIMEOUT)
                self.held -= 1
                if released and not self.gate_open:
                    self.releases -= 1
                self.condition.notify_all()
                if not released:
                    return False
        if self.config["latency"]:
            time.sleep(self.config["latency"])
        return True

    def finish(self, entry, decision, status):
        """The request about to be answered with `status` (called just before its answer is
        written): out of flight, counted, and the waits its answer announces begin."""
        with self.condition:
            entry["status"] = status
            self.answered += 1
            self.statuses[str(status)] = self.statuses.get(str(status), 0) + 1
            if decision.admitted:
                self.in_flight -= 1
            for kind, key, until in decision.announces:
                self.waits[(kind, key)] = max(until, self.waits.get((kind, key), until))
            self.condition.notify_all()

    # Control

    def control_gate(self, change):
        """{"release": N}, {"open": true} or {"close": true}: what the gate does next."""
        with self.condition:
            if change.get("open"):
                self.gate_open, self.releases = True, 0
            elif change.get("close"):
                self.gate_open, self.releases = False, 0
            else:
                self.releases += change["release"]
            self.condition.notify_all()
            return self.gate_state()

    def gate_state(self):
        return {"open": self.gate_open, "held": self.held, "releases": self.releases}

    def control_clock(self, change):
        """{"now": T} sets, {"advance": S} moves forward, {} reads."""
        with self.condition:
            if "now" in change:
                self.clock.set(change["now"])
            if "advance" in change:
                self.clock.advance(change["advance"])
            return {"now": self.clock.now}

    def rate_limit(self):
        """GitHub's `GET /rate_limit`, counted against nothing."""
        with self.condition:
            return self.rules.rate_limit_answer(self.clock.now)

    def summary(self):
        return {"requests": self.requests, "answered": self.answered, "inFlight": self.in_flight,
                "held": self.held, "maxInFlight": self.max_in_flight, "statuses": dict(self.statuses),
                "refused": sum(self.refused_by.values()), "refusedBy": dict(self.refused_by),
                "afterWait": sum(self.after_wait_by.values()), "afterWaitBy": dict(self.after_wait_by),
                "now": self.clock.now, "gate": self.gate_state()}

    def stats(self, with_log=True):
        with self.condition:
            summary = self.summary()
            if with_log:
                summary["log"] = [dict(entry) for entry in self.log]
            return summary

    def wait_until(self, wanted, timeout):
        """Blocks until every count of `wanted` ({"requests": N, "held": N, "answered": N,
        "refused": N}) is reached, up to `timeout` real seconds: (reached, the summary)."""
        def reached():
            summary = self.summary()
            return all(summary[name] >= value for name, value in wanted.items())

        with self.condition:
            done = self.condition.wait_for(reached, timeout)
            return done, self.summary()


class Scenarios:
    def __init__(self):
        self.lock = threading.Lock()
        self.scenarios = {}

    def configure(self, name, value):
        """A new scenario NAME (replacing one of that name) with the checked configuration."""
        scenario = Scenario(name, scenario_config(value))
        with self.lock:
            self.scenarios[name] = scenario
        return scenario

    def get(self, name):
        with self.lock:
            return self.scenarios.get(name)

    def remove(self, name):
        with self.lock:
            return self.scenarios.pop(name, None) is not None


SCENARIOS = Scenarios()
