"""What the self-tests of Tests/Servers/ share (Python 3 standard library only): one line per check,
groups of checks that each run to the end, and the count.

    from server_selftest import check, run_groups
    def basics(): check("GET /health", answer.status == 200, answer.status)
    sys.exit(run_groups([basics], BASE, "MY_SERVER_URL"))
"""

import sys

failures = []


def check(name, condition, detail=""):
    """Prints "ok   NAME", or "FAIL NAME  [DETAIL]" and counts a failure."""
    print(("ok   " if condition else "FAIL ") + name + ("" if condition else f"  [{detail}]"), flush=True)
    if not condition:
        failures.append(name)


def run_groups(groups, base, variable):
    """Runs each group of checks (a crash in one fails it, the others still run) against the server
    at `base`, read from the environment variable `variable`; returns the exit status: 0, 1 when a
    check failed, 2 when `base` is empty."""
    if not base:
        print(f"error: set {variable}", file=sys.stderr)
        return 2
    for group in groups:
        try:
            group()
        except Exception as error:
            check(f"{group.__name__} ran to the end", False, repr(error))
    print(f"{'FAILED' if failures else 'passed'}: {len(failures)} failure(s)")
    return 1 if failures else 0
