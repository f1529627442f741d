"""The generated clients' tables of Benchmarks/report.py: endpointkit-generate's client against
swift-openapi-generator's, both of the same description, each pair measured in one process."""
import statistics

TRANSPORTS = [("ahc", "AsyncHTTPClient"), ("urlsession", "URLSession")]
CALLS = [("list", "GET, 5 issues"), ("create", "POST, JSON body")]
# against=… in a label: the other side's scenario suffix, its column name, and the throughput
# ratio EndpointKit must reach over it with 32 in flight (issue 38), if any.
AGAINST = {
    "shipped": ("swiftopenapi", "swift-openapi-generator as shipped", 2.0),
    "fastest": ("swiftopenapi-fastest", "swift-openapi-generator at its fastest", 1.3),
    "itself": ("endpointkit-again", "EndpointKit again (A/A)", None),
    "fastest-by-hand": ("swiftopenapi-fastest", "swift-openapi-generator at its fastest", None),
}
# The side measured against the other: EndpointKit's generated client, or the same work by hand.
OURS = {"fastest-by-hand": ("byhand", "By hand")}


def median_of(runs, label, key):
    values = [run[key] for run in runs.get(label, []) if key in run]
    return statistics.median(values) if values else None


def ratios(runs, numerator, denominator, key):
    """numerator / denominator of each round: the two sides of one process."""
    by_round = {run["round"]: run[key] for run in runs.get(denominator, []) if run.get(key)}
    return [run[key] / by_round[run["round"]] for run in runs.get(numerator, [])
            if key in run and run["round"] in by_round]


def spread(values):
    if not values:
        return "–"
    if len(values) == 1:
        return f"{values[0]:.2f}×"
    return f"{statistics.median(values):.2f}× ({min(values):.2f}–{max(values):.2f})"


def number(value, digits=0):
    return "–" if value is None else f"{value:,.{digits}f}"


def table(runs, against):
    other, title, target = AGAINST[against]
    side, side_title = OURS.get(against, ("endpointkit", "EndpointKit"))
    lines = [
        f"| Transport | Call | In flight | {side_title} req/s | {title} req/s | Ratio | "
        "Allocations per call (each side) | CPU per call (each side) | Target |",
        "|---|---|--:|--:|--:|--:|--:|--:|---|",
    ]
    for transport, transport_name in TRANSPORTS:
        for call, call_name in CALLS:
            for concurrency in (1, 32):
                suffix = f"{call} c={concurrency} against={against}"
                ours = f"openapi generated-{transport}-{side} {suffix}"
                theirs = f"openapi generated-{transport}-{other} {suffix}"
                if ours not in runs or theirs not in runs:
                    continue
                throughput = ratios(runs, ours, theirs, "rps")
                allocations = (median_of(runs, ours, "allocs_per_op"), median_of(runs, theirs, "allocs_per_op"))
                cpu = (median_of(runs, ours, "cpu_us_per_op"), median_of(runs, theirs, "cpu_us_per_op"))
                verdict = ""
                if target and concurrency == 32 and throughput:
                    fewer = None not in allocations and allocations[0] < allocations[1]
                    met = statistics.median(throughput) >= target and fewer
                    verdict = f"≥ {target:g}× and fewer allocations: {'met' if met else 'missed'}"
                elif target and None not in allocations:
                    verdict = "fewer allocations: " + ("met" if allocations[0] < allocations[1] else "missed")
                lines.append(
                    f"| {transport_name} | {call_name} | {concurrency} | {number(median_of(runs, ours, 'rps'))} "
                    f"| {number(median_of(runs, theirs, 'rps'))} | {spread(throughput)} "
                    f"| {number(allocations[0])} / {number(allocations[1])} "
                    f"| {number(cpu[0], 1)} / {number(cpu[1], 1)} µs | {verdict} |")
    return lines if len(lines) > 2 else []


def sections(runs, rounds):
    """(title, lines) for each table that has figures."""
    return [
        (f"### Generated clients: against swift-openapi-generator as shipped (median of {rounds} rounds)",
         table(runs, "shipped")),
        (f"### Generated clients: against swift-openapi-generator at its fastest (median of {rounds} rounds)",
         table(runs, "fastest")),
        (f"### Generated clients: EndpointKit against itself, the spread (median of {rounds} rounds)",
         table(runs, "itself")),
        (f"### The same work by hand against swift-openapi-generator at its fastest (median of {rounds} rounds)",
         table(runs, "fastest-by-hand")),
    ]
