#!/usr/bin/env python3
"""Fit time = fixed + N * per_element through the medians (over rounds) of single calls of ROWS x LEN elements.
Usage: fit.py LOG [PREFIX]. Reads lines 'repK NAME (KERNEL): ROWS x LEN in T ms'; prints '#   NAME metric value unit; ...'
lines (NAME with PREFIX in front): the fixed cost (us), the steady part's time at 2^27 elements (ms), the steady rate as a share of the
streaming kernel's in the same log (%), and the largest residual of the fit (us)."""
import re, statistics, sys

prefix = sys.argv[2] if len(sys.argv) > 2 else ""
runs, host = {}, {}
for line in open(sys.argv[1]):
    h = re.match(r"#   (\S+) host_us ([\d.]+) us", line)
    if h:
        host.setdefault(h.group(1), []).append(float(h.group(2)))
    m = re.match(r"rep\d+ (\S+) \((\S+)\): (\d+) x (\d+) in ([\d.]+) ms", line)
    if m:
        n = int(m.group(3)) * int(m.group(4))   # elements: rows x len
        runs.setdefault(m.group(1), {}).setdefault(n, []).append(float(m.group(5)))


def fit(by_n):
    xs = sorted(by_n)
    ys = [statistics.median(by_n[x]) for x in xs]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
    fixed = my - slope * mx
    worst = max(abs(y - fixed - slope * x) for x, y in zip(xs, ys))
    return fixed, slope, worst


stream = fit(runs["stream"])[1] if "stream" in runs else None
for name, by_n in runs.items() if stream else ():
    if name == "memset":
        continue
    fixed, slope, worst = fit(by_n)
    print("#   %s%s fixed %.1f us; steady_2e27 %.4f ms; steady_rate_pct %.1f %%; fit_worst %.1f us" % (
        prefix, name, fixed * 1e3, slope * 2 ** 27, 100 * stream / slope, worst * 1e3))
if "memset" in runs:
    memset = [statistics.median(v) for v in runs["memset"].values()]
    print("#   %smemset alone %.1f us" % (prefix, statistics.median(memset) * 1e3))
for name, us in host.items():   # the host's time to issue a call: the median of the rounds
    print("#   %s%s host_us %.1f us" % (prefix, name, statistics.median(us)))
