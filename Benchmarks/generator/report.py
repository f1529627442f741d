#!/usr/bin/env python3
"""Prints the Markdown table of Benchmarks/generator/run from its results.tsv.

Each line of results.tsv is "key<TAB>value"; keys are "measure.tool.set" (tool: ek or sog, set:
full or filtered) or plain settings. Timed measures have one line per round; the table shows
their median, with the lowest and highest round in brackets when there are several.
"""
import os
import statistics
import sys
from collections import defaultdict

TOOLS = ("ek", "sog")
SETS = (("full", "Whole description"), ("filtered", "Filtered: tags repos + issues"))


def load(path):
    values = defaultdict(list)
    with open(path, encoding="utf-8") as file:
        for line in file:
            key, _, value = line.rstrip("\n").partition("\t")
            values[key].append(value)
    return values


def numbers(values, key):
    return [float(v) for v in values.get(key, []) if v.strip()]


def median(values, key):
    found = numbers(values, key)
    return statistics.median(found) if found else None


def seconds(values, key):
    found = numbers(values, key)
    if not found:
        return None, "n/a"
    middle = statistics.median(found)
    text = f"{middle:.2f} s" if middle < 100 else f"{middle:.0f} s"
    if len(found) > 1:
        text += f" ({min(found):.2f}–{max(found):.2f})"
    return middle, text


def mebibytes(kib):
    return "n/a" if kib is None else f"{kib / 1024:,.0f} MiB"


def count(value):
    return "n/a" if value is None else f"{value:,.0f}"


def megabytes(value):
    return "n/a" if value is None else f"{value / 1e6:,.2f} MB"


def span(found):
    low, high = f"{min(found):.1f}", f"{max(found):.1f}"
    return low if low == high else f"{low}–{high}"


def ratio(ours, theirs):
    if ours is None or theirs is None or theirs == 0:
        return None, "n/a"
    value = ours / theirs
    return value, f"{value:.2f}×"


def verdict(ok):
    return "✅" if ok else "❌"


def main():
    values = load(sys.argv[1])
    setting = lambda key, default="": (values.get(key) or [default])[0]
    rounds, build_rounds = setting("rounds", "?"), setting("build_rounds", "?")
    compiled = setting("compile", "1") == "1"

    rows = []
    for set_key, title in SETS:
        def key(measure, tool):
            return f"{measure}.{tool}.{set_key}"

        def failure(measure, tool):
            codes = values.get(key(measure, tool))
            return f"failed (exit {codes[0]})" if codes else None

        rows.append((f"**{title}**", "", "", "", ""))
        summary = setting(key("summary", "ek"))
        ours_ops = int(summary.split()[1]) if summary.startswith("Generated ") else None
        theirs_ops = median(values, key("operations", "sog"))
        rows.append(("Operations", count(ours_ops), count(theirs_ops), "", ""))

        # Generation time and memory.
        cells = {}
        for tool in TOOLS:
            cells[tool] = seconds(values, key("gen_time", tool))
            if failure("gen_failed", tool) and cells[tool][0] is None:
                cells[tool] = (None, failure("gen_failed", tool))
        value, text = ratio(cells["ek"][0], cells["sog"][0])
        target = ""
        if set_key == "full":
            target = "< 2 s " + (verdict(cells["ek"][0] < 2) if cells["ek"][0] is not None else "n/a")
        rows.append((f"Generation, wall (median of {rounds})", cells["ek"][1], cells["sog"][1], text, target))
        if set_key == "full" and (values.get(key("validate_time", "ek")) or failure("validate_failed", "ek")):
            validated = seconds(values, key("validate_time", "ek"))
            rss = mebibytes(median(values, key("validate_rss", "ek")))
            text = f"{validated[1]}, {rss}" if validated[0] is not None else failure("validate_failed", "ek")
            rows.append(("Generation with `--validate` (OpenAPIKit), wall and peak RSS", text, "", "", ""))
        ek_cpu, sog_cpu = seconds(values, key("gen_cpu", "ek")), seconds(values, key("gen_cpu", "sog"))
        rows.append(("Generation, CPU (user + sys)", ek_cpu[1], sog_cpu[1], ratio(ek_cpu[0], sog_cpu[0])[1], ""))
        ek_rss, sog_rss = median(values, key("gen_rss", "ek")), median(values, key("gen_rss", "sog"))
        rows.append(("Generation, peak RSS", mebibytes(ek_rss), mebibytes(sog_rss), ratio(ek_rss, sog_rss)[1], ""))

        # What was written.
        files = [median(values, key("files", tool)) for tool in TOOLS]
        rows.append((".swift files written", count(files[0]), count(files[1]), "", ""))
        lines = [median(values, key("lines", tool)) for tool in TOOLS]
        value, text = ratio(*lines)
        rows.append(("Lines written", count(lines[0]), count(lines[1]), text,
                     "≤ 0.33× " + (verdict(value <= 1 / 3) if value is not None else "n/a")))
        size = [median(values, key("bytes", tool)) for tool in TOOLS]
        rows.append(("Bytes written", megabytes(size[0]), megabytes(size[1]), ratio(*size)[1], ""))
        warnings = []
        for tool in TOOLS:
            total, distinct = median(values, key("gen_warnings", tool)), median(values, key("gen_warnings_distinct", tool))
            text = count(total)
            if total and distinct is not None and distinct != total:
                text += f" ({distinct:.0f} distinct)"
            warnings.append(text)
        rows.append(("Generator warnings", warnings[0], warnings[1], "", ""))

        if not compiled:
            continue
        # The debug build of the generated module alone.
        cells = {}
        for tool in TOOLS:
            cells[tool] = seconds(values, key("build_time", tool))
            if failure("build_failed", tool):
                cells[tool] = (None, failure("build_failed", tool))
        value, text = ratio(cells["ek"][0], cells["sog"][0])
        target = "≤ 0.33× " + (verdict(value <= 1 / 3) if value is not None else "n/a")
        if set_key == "filtered":
            ours = cells["ek"][0]
            target += "; < 30 s " + (verdict(ours < 30) if ours is not None else "n/a")
        label = "Debug build of the module, wall" + (f" (median of {build_rounds})" if build_rounds != "1" else "")
        rows.append((label, cells["ek"][1], cells["sog"][1], text, target))
        ek_cpu, sog_cpu = seconds(values, key("build_cpu", "ek")), seconds(values, key("build_cpu", "sog"))
        rows.append(("Debug build, CPU (user + sys)", ek_cpu[1], sog_cpu[1], ratio(ek_cpu[0], sog_cpu[0])[1], ""))
        ek_rss, sog_rss = median(values, key("build_rss", "ek")), median(values, key("build_rss", "sog"))
        rows.append(("Debug build, peak RSS (largest process)", mebibytes(ek_rss), mebibytes(sog_rss),
                     ratio(ek_rss, sog_rss)[1], ""))
        warnings = [median(values, key("build_warnings", tool)) for tool in TOOLS]
        rows.append(("Compiler warnings", count(warnings[0]), count(warnings[1]), "", ""))

    header = ("", "EndpointKit", "swift-openapi-generator 1.14.3", "EK / SOG", "Target")
    print("| " + " | ".join(header) + " |")
    print("| --- | ---: | ---: | ---: | --- |")
    for row in rows:
        print("| " + " | ".join(row) + " |")

    description = setting("description")
    print()
    size = f"{os.path.getsize(description) / 1e6:.1f} MB" if os.path.exists(description) else "?"
    print(f"Description: `{os.path.basename(description)}` ({size}). Generation: release builds of both "
          f"tools, each round into a new empty directory, EndpointKit and swift-openapi-generator "
          f"alternating which runs first; swift-openapi-generator with `generate: [types, client]`, "
          f"`accessModifier: public` (and `filter: {{tags: [repos, issues]}}`), "
          f"endpointkit-generate with `--tag repos --tag issues` for the filtered set.")
    for set_key, _ in SETS:
        summary = setting(f"summary.ek.{set_key}")
        if summary:
            print(f"endpointkit-generate ({set_key}): {summary}")
    if compiled:
        noop = [median(values, f"noop_time.{tool}.{set_key}") for tool in TOOLS for set_key, _ in SETS]
        noop = [n for n in noop if n is not None]
        print(
            "\nDebug builds: the generated files as the only sources of a library target in a throwaway "
            "package (Swift 6 language mode), against EndpointKit (path dependency on this checkout) or "
            "swift-openapi-runtime 1.13.4 (OpenAPIRuntime). The dependencies are built first, untimed; "
            "then the generated module's build products are deleted and `swift build --target MODULE` is "
            "timed, so the figure is that module's compilation alone plus SwiftPM's own start-up"
            + (f" (a build with nothing to do took {span(noop)} s)" if noop else "")
            + ". CPU is the user + system time of `swift build` and of the compilers it ran (2 cores can "
            "run two at once, so it can exceed the wall time); it depends less than wall time on other "
            "work on the machine. Peak RSS is GNU time's %M: the largest single process (a "
            "swift-frontend), not the sum.")
    load_start, load_end = setting("load_start"), setting("load_end")
    if load_start:
        print(f"\nLoad average (1, 5, 15 min) at the start: {load_start}; at the end: {load_end or '?'} "
              f"({os.cpu_count()} cores). Other work on the machine lengthens every wall time.")
    total = setting("total_seconds")
    if total:
        minutes, secs = divmod(int(total), 60)
        print(f"\nWhole run: {minutes} min {secs} s, building both tools included.")


if __name__ == "__main__":
    main()
