"""A rate-limit scenario's clock (Python 3 standard library only): the time every window, reset
and wait of one scenario of Tests/Servers/ratelimit_server.py is measured on. It never moves by
itself: the test sets it and moves it forward, so no test waits a real window out.

    clock = ScenarioClock()            # 2026-01-01T00:00:00Z, EndpointKitTesting's ManualClock start
    clock.advance(60)                  # a minute later
    clock.follow("1767225700.5")       # a request's X-Test-Clock-Now: moves it forward, never back

Not thread-safe on its own: the scenario that owns it calls it under its lock.
"""

import math

# 2026-01-01T00:00:00Z in seconds since 1970: where ManualClock starts by default.
EPOCH = 1_767_225_600


class ClockError(ValueError):
    """A time or a step that is not a finite number, or a step backwards."""


def seconds(value, what):
    """`value` as a finite number of seconds (an int or a float, never a bool), or ClockError."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ClockError(f"{what} must be a finite number of seconds, not {value!r}")
    return float(value)


class ScenarioClock:
    def __init__(self, now=EPOCH):
        self.now = seconds(now, "the clock's start")

    def set(self, now):
        """Sets the time (seconds since 1970), earlier or later."""
        self.now = seconds(now, "now")

    def advance(self, step):
        """Moves the time forward by `step` seconds (0 or more)."""
        step = seconds(step, "advance")
        if step < 0:
            raise ClockError(f"advance must not be negative, not {step!r}")
        self.now += step

    def follow(self, header_value):
        """Moves the time forward to a request's `X-Test-Clock-Now` (seconds since 1970, the
        test's manual clock); a value in the past leaves it. An unparsable value is ClockError."""
        try:
            value = float(header_value.strip())
        except ValueError:
            raise ClockError(f"X-Test-Clock-Now must be seconds since 1970, not {header_value!r}") from None
        self.now = max(self.now, seconds(value, "X-Test-Clock-Now"))
