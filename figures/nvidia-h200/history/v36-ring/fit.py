#!/usr/bin/env python3
"""Fit time = fixed + N x per-element through the medians of a log's rounds,
and append one summary line a build: fixed cost, steady time at 2^27, the
first build's per-element time over this build's, and the worst residual.
Usage: fit.py LOG BASE_BUILD (lines 'repN BUILD KERNEL: 1 x N in T ms')."""
import re, statistics, sys, collections

log, base = sys.argv[1], sys.argv[2]
times = collections.defaultdict(list)
for line in open(log):
    m = re.match(r"rep\d+ (\S+) \S+: 1 x (\d+) in ([\d.]+) ms", line)
    if m:
        times[(m[1], int(m[2]))].append(float(m[3]))

def fit(build):
    pts = sorted((n, statistics.median(t)) for (b, n), t in times.items() if b == build)
    xs, ys = [n for n, _ in pts], [t for _, t in pts]
    mx, my = statistics.mean(xs), statistics.mean(ys)
    slope = sum((x - mx) * (y - my) for x, y in pts) / sum((x - mx) ** 2 for x in xs)
    fixed = my - slope * mx
    worst = max(abs(y - fixed - slope * x) for x, y in pts)
    return fixed, slope, worst

builds = sorted({b for b, _ in times})
_, base_slope, _ = fit(base)
with open(log, "a") as out:
    out.write(f"# fit.py: time = fixed + N x per-element through the medians; rate against {base}\n")
    for b in builds:
        fixed, slope, worst = fit(b)
        out.write(f"#   {b} fixed {fixed * 1000:.1f} us; steady_2e27 {slope * 2**27:.4f} ms; "
                  f"steady_rate_pct {100 * base_slope / slope:.1f} %; fit_worst {worst * 1000:.1f} us\n")
