#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Equal figures within noise, seed by seed, for a deliberate change of a run's draws (issue 12).

    tests/bench/stream_equivalence.py OLD_RBLAB NEW_RBLAB [--seeds 20] [--out DIR]

Runs seeds 1..N of the worlds below with both programs and compares the key figures of each
report: for every figure the paired differences (new - old) over the seeds, their mean and its
standard error. A figure passes when |mean| <= 3.5 standard errors (or both programs agree
exactly on every seed). Prints a table (Markdown) and exits 1 if a figure fails.
"""
import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WORLDS = [
    ("default", os.path.join(ROOT, "resources/scenarios/default.json"), None),
    ("slow-consumer-flow-control",
     os.path.join(ROOT, "resources/scenarios/slow-consumer-flow-control.json"), None),
    ("reference (10 min)", os.path.join(ROOT, "tests/data/scenarios/reference-1h.json"), "10m"),
]


def percentile(values, p):
    if not values:
        return 0
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, math.ceil(p / 100 * len(ordered)) - 1))
    return ordered[k]


def figures(report):
    totals = report["totals"]
    fc = totals["flowControl"]
    lags = [sum(q["lag"] for q in s["queues"]) for s in report["samples"]]
    peak_queue = max((q.get("cachedCount", 0) for s in report["samples"] for q in s["queues"]),
                     default=0)
    peak_consumer = max((c.get("cachedCount", 0) for s in report["samples"]
                         for c in s["consumers"]), default=0)
    return {
        "delivered": totals["delivered"],
        "duplicates": totals["duplicates"],
        "lag p50 (sum over queues, per sample)": percentile(lags, 50),
        "lag p99": percentile(lags, 99),
        "peak cached per queue": peak_queue,
        "peak cached per consumer": peak_consumer,
        "flow-control holds (count+size+span)": fc["count"] + fc["size"] + fc["span"],
        "queue moves": totals["queueMoves"],
        "rebalances": totals["rebalances"],
    }


def run(rblab, scenario, seed, until, out):
    args = [rblab, "simulate", scenario, "--quiet", "--seed", str(seed), "--report", out]
    if until:
        args += ["--until", until]
    env = dict(os.environ)
    lib = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(rblab))), "lib")
    env["LD_LIBRARY_PATH"] = lib + (":" + env["LD_LIBRARY_PATH"] if "LD_LIBRARY_PATH" in env
                                    else "")
    subprocess.run(args, check=True, env=env, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    with open(out, encoding="utf-8") as f:
        return figures(json.load(f))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--out", default=None)
    a = parser.parse_args()
    out = a.out or tempfile.mkdtemp(prefix="stream-equivalence-")
    os.makedirs(out, exist_ok=True)
    failed = False
    worst = 0.0
    print("| World | Figure | old mean | new mean | mean diff | z |")
    print("|---|---|---:|---:|---:|---:|")
    for name, scenario, until in WORLDS:
        old, new = [], []
        for seed in range(1, a.seeds + 1):
            tag = name.split(" ")[0]
            old.append(run(a.old, scenario, seed, until, os.path.join(out, f"{tag}.{seed}.old.json")))
            new.append(run(a.new, scenario, seed, until, os.path.join(out, f"{tag}.{seed}.new.json")))
        for key in old[0]:
            diffs = [n[key] - o[key] for o, n in zip(old, new)]
            mean = statistics.mean(diffs)
            sd = statistics.stdev(diffs) if len(diffs) > 1 else 0.0
            se = sd / math.sqrt(len(diffs))
            z = 0.0 if se == 0 and mean == 0 else (math.inf if se == 0 else mean / se)
            worst = max(worst, abs(z))
            ok = abs(z) <= 3.5
            failed |= not ok
            print(f"| {name} | {key} | {statistics.mean(o[key] for o in old):.6g} | "
                  f"{statistics.mean(n[key] for n in new):.6g} | {mean:+.4g} | "
                  f"{z:+.2f}{'' if ok else ' FAIL'} |")
    print(f"\nlargest |z|: {worst:.2f}; reports in {out}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
