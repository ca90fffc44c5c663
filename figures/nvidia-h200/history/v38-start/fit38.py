#!/usr/bin/env python3
"""Version 38's summaries. fit38.py LOG [STAMPS LABEL]: for every build timed at one row of four or more lengths in
LOG ('repK NAME (KERNEL): 1 x N in T ms'), a straight line time = fixed + N x per-element through the medians of the
rounds, printed as '#   NAME fixed F us; steady_2e27 S ms; steady_rate_pct P %' (P: the streaming kernel's per-element
time over the build's, both from LOG); with a stamps file (store_rate_pct: the steady stores' rate over
the streaming kernel's fitted rate in LOG) written by ringstart.cu, one line '#   LABEL ...' of the
ring's timeline, in microseconds from its first block's entry; and for host lines
('#   repK NAME KIND host_us X us') the median of the rounds as '#   NAME-KIND host_us M us'."""
import re, statistics as st, struct, sys

runs, host = {}, {}
for line in open(sys.argv[1]):
    h = re.match(r"#   rep\d+ (\S+) (\S+) host_us ([\d.]+) us", line)
    if h:
        host.setdefault(h.group(1) + "-" + h.group(2), []).append(float(h.group(3)))
    m = re.match(r"rep\d+ (\S+) \((\S+)\): (\d+) x (\d+) in ([\d.]+) ms", line)
    if m and m.group(3) == "1":
        runs.setdefault(m.group(1), {}).setdefault(int(m.group(4)), []).append(float(m.group(5)))


def fit(by_n):
    xs = sorted(by_n)
    ys = [st.median(by_n[x]) for x in xs]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
    return my - slope * mx, slope


stream = fit(runs["stream"])[1]
for name, by_n in runs.items():
    if len(by_n) >= 4:
        fixed, slope = fit(by_n)
        print("#   %s fixed %.1f us; steady_2e27 %.4f ms; steady_rate_pct %.1f %%"
              % (name, 1000 * fixed, slope * 2 ** 27, 100 * stream / slope))

for name, us_ in host.items():
    print("#   %s host_us %.1f us" % (name, st.median(us_)))

if len(sys.argv) > 3:
    raw = open(sys.argv[2], "rb").read()
    grid, tiles = struct.unpack_from("<iq", raw, 0)
    off = 12 + 32
    blk = struct.unpack_from("<%dQ" % (2 * grid), raw, off)
    off += 16 * grid
    t = struct.unpack_from("<%dQ" % (5 * tiles), raw, off)
    t0 = min(blk[0::2])
    us = lambda x: (x - t0) * 1e-3
    cl, la, pu, po, so = ([t[5 * i + k] for i in range(tiles)] for k in range(5))
    step = lambda a, b: st.median((b[i] - a[i]) * 1e-3 for i in range(tiles))
    order = sorted(so)
    lo, hi = tiles // 10, 9 * tiles // 10
    xs, ys = [us(order[i]) for i in range(lo, hi)], list(range(lo, hi))
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    rate = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
    stores_from = mx - my / rate
    pub_to_stored = sum((so[i] - pu[i]) * 1e-3 for i in range(tiles)) / tiles
    print("#   %s grid_wait %.2f us; first_claim %.2f us; first_landed %.2f us; first_store %.2f us; "
          "store_line_from %.2f us; last_claim_to_end %.2f us; last_landed_to_end %.2f us; claim_to_landed_p50 %.2f us; "
          "compose_p50 %.2f us; published_to_posted_p50 %.2f us; claim_to_stored_p50 %.2f us; "
          "store_rate %.1f tile; store_rate_pct %.1f %%; published_to_stored_per_ring %.2f tile"
          % (sys.argv[3], st.median(us(x) for x in blk[1::2]), us(min(cl)), us(min(la)), us(min(so)),
             stores_from, us(max(so)) - us(max(cl)), us(max(so)) - us(max(la)), step(cl, la), step(la, pu), step(pu, po), step(cl, so),
             rate, 100 * rate / (tiles / (stream * tiles * 4096 * 1e3)), pub_to_stored * rate / (grid - 1)))
