#!/usr/bin/env python3
"""Turns the RESULT lines that Benchmarks/run collected into Markdown tables of medians."""
import argparse
import re
import statistics
from collections import defaultdict

import report_openapi

LINE = re.compile(r'round=(\d+) label="([^"]+)" RESULT (.*)')


def load(path):
    runs = defaultdict(list)
    for text in open(path):
        match = LINE.match(text.strip())
        if not match:
            continue
        fields = dict(item.split("=", 1) for item in match.group(3).split())
        run = {key: try_float(value) for key, value in fields.items()}
        run["round"] = int(match.group(1))
        runs[match.group(2)].append(run)
    return runs


def try_float(text):
    try:
        return float(text)
    except ValueError:
        return text


def med(runs, label, key):
    values = [run[key] for run in runs.get(label, []) if key in run]
    return statistics.median(values) if values else None


def paired_ratio(runs, numerator, denominator, key):
    """The median over rounds of numerator / denominator measured in the same round: the two
    ran one after the other, so the ratio is steadier than the ratio of medians when the
    machine's load changes between rounds. Also the lowest and highest round's ratio."""
    by_round = {run["round"]: run[key] for run in runs.get(denominator, []) if run.get(key)}
    ratios = [run[key] / by_round[run["round"]] for run in runs.get(numerator, [])
              if key in run and run["round"] in by_round]
    if not ratios:
        return "–"
    if len(ratios) == 1:
        return f"{ratios[0]:.2f}×"
    return f"{statistics.median(ratios):.2f}× ({min(ratios):.2f}–{max(ratios):.2f})"


def num(value, digits=0):
    if value is None:
        return "–"
    return f"{value:,.{digits}f}"


def ratio(numerator, denominator):
    if numerator is None or not denominator:
        return "–"
    return f"{numerator / denominator:.2f}×"


def mib(kib):
    return "–" if kib is None else f"{kib / 1024:.0f} MiB"


def network(runs):
    lines = [
        "| Transport | Payload | In flight | Raw req/s | EndpointKit req/s | EK / raw | New connections per 10k (raw / EK) | Peak RSS (raw / EK) |",
        "|---|---|--:|--:|--:|--:|--:|--:|",
    ]
    for transport, raw, kit in [("URLSession", "urlsession-raw", "urlsession-endpointkit"),
                                ("AsyncHTTPClient", "ahc-raw", "ahc-endpointkit")]:
        for payload, size in [("2k", "2 KB"), ("1m", "1 MB")]:
            for concurrency in (1, 32):
                a, b = f"{raw} {payload} c={concurrency}", f"{kit} {payload} c={concurrency}"
                if a not in runs and b not in runs:
                    continue
                lines.append(
                    f"| {transport} | {size} | {concurrency} | {num(med(runs, a, 'rps'))} | {num(med(runs, b, 'rps'))} "
                    f"| {paired_ratio(runs, b, a, 'rps')} "
                    f"| {num(med(runs, a, 'connections_per_10k'))} / {num(med(runs, b, 'connections_per_10k'))} "
                    f"| {mib(med(runs, a, 'peak_rss_kib'))} / {mib(med(runs, b, 'peak_rss_kib'))} |")
    lines += ["", "Naive raw URLSession (`URLSession.shared`) against EndpointKit's default `URLSessionTransport`, 32 in flight:", "",
              "| Payload | `URLSession.shared` req/s | EndpointKit req/s | EK / naive | New connections per 10k (naive / EK) | Peak RSS (naive / EK) |",
              "|---|--:|--:|--:|--:|--:|"]
    for payload, size in [("2k", "2 KB"), ("1m", "1 MB")]:
        a, b = f"urlsession-shared {payload} c=32", f"urlsession-endpointkit {payload} c=32"
        if a in runs:
            lines.append(
                f"| {size} | {num(med(runs, a, 'rps'))} | {num(med(runs, b, 'rps'))} | {paired_ratio(runs, b, a, 'rps')} "
                f"| {num(med(runs, a, 'connections_per_10k'))} / {num(med(runs, b, 'connections_per_10k'))} "
                f"| {mib(med(runs, a, 'peak_rss_kib'))} / {mib(med(runs, b, 'peak_rss_kib'))} |")
    return lines


def https(runs):
    """HTTPS against nginx's TLS port, 2 KB: throughput, the HTTP version nginx saw, and the TLS
    handshakes of a whole run (each connection nginx accepted is one), warm-up included."""
    rows = [("URLSession", "urlsession-raw https", "urlsession-endpointkit https", (1, 32)),
            ("AsyncHTTPClient", "ahc-raw https", "ahc-endpointkit https", (1, 32)),
            ("AsyncHTTPClient, `httpVersion = .http1Only`", "ahc-raw https-h1", "ahc-endpointkit https-h1", (32,))]
    lines = ["| Transport | Protocol | In flight | Raw req/s | EndpointKit req/s | EK / raw "
             "| TLS handshakes per run (raw / EK) | Handshakes per 10k calls (raw / EK) |",
             "|---|---|--:|--:|--:|--:|--:|--:|"]
    for name, raw, kit, concurrencies in rows:
        for concurrency in concurrencies:
            a, b = f"{raw} 2k c={concurrency}", f"{kit} 2k c={concurrency}"
            if a not in runs and b not in runs:
                continue
            protocols = sorted({str(run.get("protocol", "–")) for run in runs.get(a, []) + runs.get(b, [])})
            lines.append(
                f"| {name} | {', '.join(protocols)} | {concurrency} | {num(med(runs, a, 'rps'))} "
                f"| {num(med(runs, b, 'rps'))} | {paired_ratio(runs, b, a, 'rps')} "
                f"| {num(med(runs, a, 'connections_in_all'))} / {num(med(runs, b, 'connections_in_all'))} "
                f"| {num(per_10k(runs, a), 1)} / {num(per_10k(runs, b), 1)} |")
    if len(lines) == 2:
        return []
    parts = [("AsyncHTTPClient's `execute` by hand (the raw column above)", "ahc-raw"),
             ("`execute` by hand from a `URLRequest` (a `URL` and a `URLRequest` made per call, then an "
              "`HTTPClientRequest` of them)", "ahc-raw-urlrequest"),
             ("AsyncHTTPClient's delegate API by hand", "ahc-raw-delegate"),
             ("the same, the CA in each request's `tlsConfiguration`", "ahc-raw-delegate-request-tls"),
             ("EndpointKit, the `TLSPolicy` given to the transport only (set on each request)",
              "ahc-endpointkit-request-tls"),
             ("EndpointKit, the `TLSPolicy` given to the `HTTPClient` too (`makeDefaultConfiguration(tls:)`)",
              "ahc-endpointkit")]
    lines += ["", "AsyncHTTPClient, 32 in flight: each way against AsyncHTTPClient's `execute` by hand, in the same "
              "process, and the CPU time the client process used per call (user and system, all its threads), "
              "the way's / by hand's:", "",
              "| Way | HTTP/2 req/s | / by hand | CPU per call | HTTP/1.1 req/s | / by hand | CPU per call |",
              "|---|--:|--:|--:|--:|--:|--:|"]
    for title, scenario in parts:
        cells = []
        for protocol in ("https", "https-h1"):
            # Each way ran against `ahc-raw` in a process of its own, labelled `pair=`; EndpointKit's
            # own way is the main pair above.
            pair = "" if scenario in ("ahc-raw", "ahc-endpointkit") else f" pair={scenario}"
            way, by_hand = f"{scenario} {protocol} 2k c=32{pair}", f"ahc-raw {protocol} 2k c=32{pair}"
            cpu = us(med(runs, way, 'cpu_us_per_op'))
            if way != by_hand:
                cpu += f" / {us(med(runs, by_hand, 'cpu_us_per_op'))}"
            cells.append(f"{num(med(runs, way, 'rps'))} | {paired_ratio(runs, way, by_hand, 'rps')} | {cpu}")
        lines.append(f"| {title} | {cells[0]} | {cells[1]} |")
    return lines


def us(value):
    """Microseconds, as `123 µs`, or – when not measured."""
    return "–" if value is None else f"{value:,.0f} µs"


def per_10k(runs, label):
    """Median over rounds of the connections a whole run opened per 10,000 of its calls."""
    values = [run["connections_in_all"] * 10_000 / run["calls_in_all"] for run in runs.get(label, [])
              if "connections_in_all" in run and run.get("calls_in_all")]
    return statistics.median(values) if values else None


def sweep(runs):
    labels = sorted((label for label in runs if label.startswith("sweep max=")), key=lambda l: int(l.split("=")[1]))
    if not labels:
        return []
    lines = ["`httpMaximumConnectionsPerHost` through EndpointKit's `URLSessionTransport`, 2 KB, 32 in flight:", "",
             "| Connections per host | req/s | New connections per 10k | Peak RSS |", "|--:|--:|--:|--:|"]
    for label in labels:
        lines.append(f"| {label.split('=')[1]} | {num(med(runs, label, 'rps'))} "
                     f"| {num(med(runs, label, 'connections_per_10k'))} | {mib(med(runs, label, 'peak_rss_kib'))} |")
    return lines


def decoding(runs):
    pairs = [
        ("2 KB, `JSONDecoder` vs `JSONResponseDecoder`", "decode-jsondecoder 2k", "decode-responsedecoder 2k", "≤ 1.05×"),
        ("2 KB, `JSONDecoder` vs `client.get` (in-memory transport)", "decode-jsondecoder 2k", "decode-client 2k", ""),
        ("1 MB, `JSONDecoder` vs `JSONResponseDecoder`", "decode-jsondecoder 1m", "decode-responsedecoder 1m", "≤ 1.05×"),
        ("1 MB, `JSONDecoder` vs `client.get` (in-memory transport)", "decode-jsondecoder 1m", "decode-client 1m", "≤ 1.05×"),
        ("1 MB, `JSONSerialization` + hand mapping vs hand-mapped `JSONObject`", "decode-jsonserialization 1m", "decode-jsonobject 1m", "≤ 1.05×"),
        ("1 MB snake_case: matching keys vs Foundation `.convertFromSnakeCase`", "decode-jsondecoder 1m", "decode-snake-jsondecoder 1m", ""),
        ("1 MB snake_case: matching keys vs `JSONResponseDecoder(keyDecoding: .convertFromSnakeCase)`", "decode-jsondecoder 1m", "decode-snake-responsedecoder 1m", "≤ 1.3×"),
    ]
    lines = ["| Decoding (median per body) | Baseline | Compared | Compared / baseline | Target |", "|---|--:|--:|--:|--:|"]
    for title, a, b, target in pairs:
        lines.append(f"| {title} | {duration(med(runs, a, 'ns_per_op'))} | {duration(med(runs, b, 'ns_per_op'))} "
                     f"| {paired_ratio(runs, b, a, 'ns_per_op')} | {target} |")
    return lines


def duration(nanoseconds):
    if nanoseconds is None:
        return "–"
    if nanoseconds >= 1e6:
        return f"{nanoseconds / 1e6:.2f} ms"
    return f"{nanoseconds / 1e3:.1f} µs"


def overhead(runs):
    lines = ["| Call through an in-memory transport | Hand-written | EndpointKit | EK / hand-written | Allocations (hand-written / EK) |",
             "|---|--:|--:|--:|--:|"]
    for variant, title in [("get", "`GET`, path segment, 2 query items, token, ~100-byte body"),
                           ("post", "`POST`, the same with a JSON body")]:
        a, b = f"overhead-baseline-{variant}", f"overhead-endpointkit-{variant}"
        lines.append(f"| {title} | {duration(med(runs, a, 'ns_per_op'))} | {duration(med(runs, b, 'ns_per_op'))} "
                     f"| {paired_ratio(runs, b, a, 'ns_per_op')} "
                     f"| {num(med(runs, a, 'allocs_per_op'))} / {num(med(runs, b, 'allocs_per_op'))} |")
    observed = [(f"overhead-observed-{kind}-get", title) for kind, title in [
        ("noop", "`GET` with `.tracing()` and `.metrics()`, no backend bootstrapped"),
        ("logging", "`GET` with `.logging(to:)`, swift-log's default handler at `info` (writes nothing)"),
        ("memory", "`GET` with an in-memory tracer and swift-metrics' `TestMetrics`")]]
    if any(label in runs for label, _ in observed):
        lines += ["", "| Call through an in-memory transport | EndpointKit | Observed | Observed / EK | Allocations (EK / observed) |",
                  "|---|--:|--:|--:|--:|"]
        plain = "overhead-endpointkit-get"
        for label, title in observed:
            lines.append(f"| {title} | {duration(med(runs, plain, 'ns_per_op'))} | {duration(med(runs, label, 'ns_per_op'))} "
                         f"| {paired_ratio(runs, label, plain, 'ns_per_op')} "
                         f"| {num(med(runs, plain, 'allocs_per_op'))} / {num(med(runs, label, 'allocs_per_op'))} |")
    return lines


def memory(runs):
    labels = [label for label in runs if label.startswith("memory ")]
    if not labels:
        return []
    lines = ["Peak RSS after N small requests (2 KB, 32 in flight):", "",
             "| Transport | 10k requests | 100k requests | Growth per request |", "|---|--:|--:|--:|"]
    for transport, name in [("urlsession-shared", "`URLSession.shared`, raw"),
                            ("urlsession-raw", "URLSession (EndpointKit's configuration), raw"),
                            ("urlsession-endpointkit", "URLSession through EndpointKit"),
                            ("ahc-raw", "AsyncHTTPClient, raw"),
                            ("ahc-endpointkit", "AsyncHTTPClient through EndpointKit")]:
        sizes = sorted((int(label.split()[-1]), label) for label in labels if f" {transport} " in label)
        if len(sizes) < 2:
            continue
        (few, a), (many, b) = sizes[0], sizes[-1]
        low, high = med(runs, a, "peak_rss_kib"), med(runs, b, "peak_rss_kib")
        per = (high - low) * 1024 / (many - few)
        growth = "none (< 10 bytes)" if abs(per) < 10 else f"{per:,.0f} bytes"
        lines.append(f"| {name} | {mib(low)} | {mib(high)} | {growth} |")
    return lines


def streaming(runs):
    lines = []
    parse = [label for label in runs if label.startswith("sse-parse-")]
    if parse:
        lines += ["Server-Sent Events parsed in process (16 KiB chunks, `data` as a `String`), events per second "
                  "and MiB/s:", "",
                  "| Event size | Loop | swift-openapi-runtime 1.13.4 | EndpointKit (`client.stream`) | EK / openapi-runtime |",
                  "|--:|---|--:|--:|--:|"]
        for size in ("100", "4096"):
            for place, where in [("off", "off the main actor"), ("main", "on the main actor")]:
                a, b = f"sse-parse-openapi {size} {place}", f"sse-parse-endpointkit {size} {place}"
                if a not in runs and b not in runs:
                    continue
                lines.append(
                    f"| {size} B | {where} | {num(med(runs, a, 'events_per_s'))} ({num(med(runs, a, 'mib_per_s'))} MiB/s) "
                    f"| {num(med(runs, b, 'events_per_s'))} ({num(med(runs, b, 'mib_per_s'))} MiB/s) "
                    f"| {paired_ratio(runs, b, a, 'events_per_s')} |")
        lines.append("")
    network = [label for label in runs if label.startswith("sse-") and not label.startswith("sse-parse-")]
    if network:
        lines += ["100-byte events over loopback from nginx, read whole: by hand (the transport's bytes, cut into lines, "
                  "a `String` per `data` line, an event per blank line) against `client.stream` "
                  "(the standard's parser, `ServerSentEvent<String>`):", "",
                  "| Transport | Events | By hand, events/s | EndpointKit events/s | EK / by hand | Peak RSS (by hand / EK) |",
                  "|---|--:|--:|--:|--:|--:|"]
        for transport, name in [("urlsession", "URLSession"), ("ahc", "AsyncHTTPClient")]:
            for count in ("100000", "1000000"):
                a, b = f"sse-{transport}-raw {count}", f"sse-{transport}-endpointkit {count}"
                if a not in runs and b not in runs:
                    continue
                lines.append(
                    f"| {name} | {int(count):,} | {num(med(runs, a, 'events_per_s'))} | {num(med(runs, b, 'events_per_s'))} "
                    f"| {paired_ratio(runs, b, a, 'events_per_s')} "
                    f"| {mib(med(runs, a, 'peak_rss_kib'))} / {mib(med(runs, b, 'peak_rss_kib'))} |")
    return lines


def idle_timeouts(runs):
    labels = [label for label in runs if label.startswith("idle-timeout ")]
    if not labels:
        return []
    lines = ["How late a call to a server that never answers fails after its idle timeout (`Timeouts(idle:)`, "
             "no retries): its time from just before the call to the failure, minus the timeout. Median and p90 "
             "are the medians over the rounds of each round's figure; max is the highest of all rounds.", "",
             "| Transport | Idle timeout | Calls per round | Median | p90 | Max |", "|---|--:|--:|--:|--:|--:|"]
    for transport, name in [("urlsession", "URLSession"), ("ahc", "AsyncHTTPClient")]:
        mine = [label for label in labels if label.split()[1] == transport]
        for label in sorted(mine, key=lambda label: float(label.split()[2].rstrip("s"))):
            highest = max(run["max_ms"] for run in runs[label])
            lines.append(f"| {name} | {label.split()[2]} | {num(med(runs, label, 'requests'))} "
                         f"| {milliseconds(med(runs, label, 'median_ms'))} | {milliseconds(med(runs, label, 'p90_ms'))} "
                         f"| {milliseconds(highest)} |")
    return lines


def ratelimit(runs):
    """Rate-limit pacing on the real clock: each round's elapsed / allowed, their median and spread."""
    cases = [("ietf", "IETF `RateLimit`, default `Client`"), ("mutations", "GitHub mutations, `.gitHub`"),
             ("primary", "GitHub primary `core`, `.gitHub`")]
    labels = [(f"ratelimit-pacing {case}", name) for case, name in cases if f"ratelimit-pacing {case}" in runs]
    if not labels:
        return []
    lines = ["Elapsed from just before the first call to the last answer; allowed is what the limits allow "
             "(Benchmarks/README.md, Rate-limit pacing); floor adds the server's whole-second resets. Median "
             "over the rounds, (lowest–highest); refused, after a wait and failed are summed over the rounds.", "",
             "| Case | Calls | Rounds | Elapsed | Allowed | Elapsed / allowed | Floor | Elapsed / floor "
             "| Refused | After a wait | Failed |",
             "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"]
    for label, name in labels:
        rounds = runs[label]
        spread = []
        for key in ("ratio", "ratio_floor"):
            values = [run[key] for run in rounds]
            spread.append(f"{statistics.median(values):.2f} ({min(values):.2f}–{max(values):.2f})")
        total = {key: int(sum(run[key] for run in rounds)) for key in ("refused", "after_wait", "failed")}
        lines.append(f"| {name} | {num(med(runs, label, 'calls'))} | {len(rounds)} "
                     f"| {med(runs, label, 'elapsed_s'):.2f} s | {med(runs, label, 'allowed_s'):.2f} s | {spread[0]} "
                     f"| {med(runs, label, 'floor_s'):.2f} s | {spread[1]} "
                     f"| {total['refused']} | {total['after_wait']} | {total['failed']} |")
    return lines


def milliseconds(value):
    return "–" if value is None else f"{value:.1f} ms"


def cache(runs):
    """The HTTP cache: a fresh hit against the same client's round trip without a cache, and a
    miss on every call against no cache, each pair in one process (`--versus`). Time per call is
    the inverse of the throughput, so each ratio is the round's without-side req/s over its
    with-side req/s."""
    rows = [(transport, name, store) for transport, name in [("urlsession", "URLSession"), ("ahc", "AsyncHTTPClient")]
            for store in ("memory", "disk")]
    lines = []
    # Each store on the 2 KB fixture, and memory on an empty array too (`pair=hit-memory-empty`):
    # the cheapest round trip there is, where decoding no longer hides the cache's own cost.
    hit_rows = [(transport, name, store, store, f"hit-{store}") for transport, name, store in rows]
    hit_rows += [(transport, name, "memory, `[]`", "memory", "hit-memory-empty")
                 for transport, name in [("urlsession", "URLSession"), ("ahc", "AsyncHTTPClient")]]
    hits = [(name, label, f"cache cache-hit-{store}-{transport} pair={pair}",
             f"cache {transport}-endpointkit pair={pair}") for transport, name, label, store, pair in hit_rows]
    if any(hit in runs for _, _, hit, _ in hits):
        lines += ["A fresh hit (`--location max-age`: nginx answers `Cache-Control: max-age=86400`; every timed call "
                  "came back `.fresh` and nginx counted no request) against the same client's round trip without a "
                  "cache (2 KB, or an empty array where the store says `[]`; 1 in flight), in one process; time per call "
                  "is 1 / req/s:", "",
                  "| Transport | Store | Hit, time per call | Round trip, time per call | Hit / round trip | Target "
                  "| CPU per call (hit / round trip) | Requests nginx saw during the hits |",
                  "|---|---|--:|--:|--:|--:|--:|--:|"]
        for name, store, hit, trip in hits:
            if hit not in runs:
                continue
            lines.append(f"| {name} | {store} | {per_call(med(runs, hit, 'rps'))} | {per_call(med(runs, trip, 'rps'))} "
                         f"| {paired_ratio(runs, trip, hit, 'rps')} | ≤ 0.05× (memory) "
                         f"| {us(med(runs, hit, 'cpu_us_per_op'))} / {us(med(runs, trip, 'cpu_us_per_op'))} "
                         f"| {num(max(run.get('server_requests', 0) for run in runs[hit]))} |")
    misses = [(transport, name, store, f"cache cache-miss-{store}-{transport} pair=miss-{store}",
               f"cache {transport}-endpointkit pair=miss-{store}") for transport, name, store in rows]
    if any(miss in runs for _, _, _, miss, _ in misses):
        if lines:
            lines.append("")
        lines += ["A miss on every call (`--location no-store`: looked up, sent, not stored) "
                  "against the same client without a cache (2 KB, 1 in flight), in one process; the A/A row is the "
                  "memory miss against itself, the noise of the method:", "",
                  "| Transport | Store | Without cache req/s | With cache req/s | With / without (time) | A/A | Target "
                  "| CPU per call (with / without) |",
                  "|---|---|--:|--:|--:|--:|--:|--:|"]
        for transport, name, store, miss, plain in misses:
            if miss not in runs:
                continue
            same = f"cache cache-miss-memory-{transport} pair=miss-aa"
            again = f"cache cache-miss-memory-{transport}-again pair=miss-aa"
            lines.append(f"| {name} | {store} | {num(med(runs, plain, 'rps'))} | {num(med(runs, miss, 'rps'))} "
                         f"| {paired_ratio(runs, plain, miss, 'rps')} | {paired_ratio(runs, same, again, 'rps')} "
                         f"| ≤ 1.05× | {us(med(runs, miss, 'cpu_us_per_op'))} / {us(med(runs, plain, 'cpu_us_per_op'))} |")
    return lines


def per_call(rps):
    """Time per call from a throughput at 1 in flight."""
    return "–" if not rps else duration(1e9 / rps)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("results")
    parser.add_argument("--rounds", type=int, default=0)
    arguments = parser.parse_args()
    runs = load(arguments.results)
    sections = [
        (f"### Throughput over the network (median of {arguments.rounds} rounds)", network(runs)),
        (f"### HTTPS (median of {arguments.rounds} rounds)", https(runs)),
        ("### URLSession connections per host", sweep(runs)),
        ("### Decoding", decoding(runs)),
        ("### Client overhead per request", overhead(runs)),
        ("### Memory", memory(runs)),
        ("### Streaming", streaming(runs)),
        ("### Idle timeout lateness", idle_timeouts(runs)),
        ("### Rate-limit pacing (real clock)", ratelimit(runs)),
        (f"### HTTP cache (median of {arguments.rounds} rounds)", cache(runs)),
    ] + report_openapi.sections(runs, arguments.rounds)
    for title, lines in sections:
        if lines:
            print(title)
            print()
            print("\n".join(lines))
            print()


if __name__ == "__main__":
    main()
