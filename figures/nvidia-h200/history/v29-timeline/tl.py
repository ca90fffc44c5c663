#!/usr/bin/env python3
"""Summarise a ring timeline (ringT.cu, RG_TIMELINE): per tile, globaltimer stamps
0 claim, 1 landed, 2 published, 3 known (chain), 4 walker posted, 5 holders took it,
6 holders had the prefix, 7 holders stored; then the claiming SM.
Usage: tl.py NAME FILE [tiles]. Prints '#   NAME metric value unit; ...' lines."""
import struct, sys

name, path = sys.argv[1], sys.argv[2]
T = 32768
raw = open(path, "rb").read()
st = struct.unpack("<%dQ" % (T * 8), raw[:T * 64])
sm = struct.unpack("<%dI" % T, raw[T * 64:T * 64 + T * 4])
n = int(sys.argv[3]) if len(sys.argv) > 3 else T
S = [[st[g * 8 + k] for k in range(8)] for g in range(n)]
t0 = min(s[0] for s in S)


def q(v, f):
    v = sorted(v)
    return v[min(len(v) - 1, int(f * len(v)))]


def line(metric, vals, unit="us", scale=1e-3):
    vals = [x * scale for x in vals]
    return "%s_p50 %.3g %s; %s_p90 %.3g %s; %s_mean %.3g %s" % (
        metric, q(vals, 0.5), unit, metric, q(vals, 0.9), unit, metric, sum(vals) / len(vals), unit)


has_chain = all(s[3] for s in S[1:])
steps = [("load", 0, 1), ("compose", 1, 2), ("to_holders", 2, 5), ("prefix_wait", 5, 6),
         ("store", 6, 7), ("claim_to_stored", 0, 7), ("pub_to_posted", 2, 4)]
out = []
for m, a, b in steps:
    out.append(line(m, [s[b] - s[a] for s in S[1:]]))
if has_chain:   # tile g's prefix is the word of g - 1
    out.append(line("pub_to_known_before", [S[g - 1][3] - S[g][2] for g in range(2, n)]))
    out.append(line("known_before_to_posted", [S[g][4] - S[g - 1][3] for g in range(2, n)]))
if has_chain:
    # the chain cannot make g known before every tile of g's window of 32 is published
    front, best = [0] * n, 0
    for g in range(n):
        best = max(best, S[g][2])
        front[g] = best
    wfront = [front[min(n - 1, 32 * (g // 32) + 31)] for g in range(n)]
    out.append(line("front_wait", [front[g] - S[g][2] for g in range(1, n)]))
    out.append(line("window_wait", [wfront[g] - S[g][2] for g in range(1, n)]))
    out.append(line("chain_own", [S[g][3] - wfront[g] for g in range(1, n)]))
span = max(s[7] for s in S) - t0
out.append("span %.4g ms" % (span * 1e-6))
# stamp granularity: the smallest positive step between sorted claim stamps
cl = sorted(s[0] for s in S)
steps_pos = [b - a for a, b in zip(cl, cl[1:]) if b > a]
out.append("timer_step %d ns" % min(steps_pos))
# output rate in 10 us bins, steady part (the middle 80 % of the span)
bins = {}
for s in S:
    bins[(s[7] - t0) // 10000] = bins.get((s[7] - t0) // 10000, 0) + 1
nb = span // 10000
mid = [bins.get(k, 0) for k in range(int(nb * 0.1), int(nb * 0.9))]
med = q(mid, 0.5)
out.append("bin10us_p50 %d tile; bin10us_min %d tile; bins_below_80pct %.3g %%" % (
    med, min(mid), 100.0 * sum(1 for x in mid if x < 0.8 * med) / len(mid)))
# per SM: tiles and the mean time between its claims
per = {}
for g, s in enumerate(S):
    per.setdefault(sm[g], []).append(s[0])
periods = []
for k, v in per.items():
    v.sort()
    if len(v) > 2:
        periods.append((v[-1] - v[0]) / (len(v) - 1))
out.append("sms %d; tiles_per_sm_min %d; tiles_per_sm_max %d; sm_period_mean %.3g us" % (
    len(per), min(len(v) for v in per.values()), max(len(v) for v in per.values()),
    sum(periods) / len(periods) * 1e-3))
# the producer: gaps between a multiprocessor's claims, and how long before a claim its stage
# was free (the tile six claims earlier taken by its holders: stamp 5)
gaps, free_before, free_first, wfree = [], [], 0, []
by_sm = {}
for g in range(n):
    by_sm.setdefault(sm[g], []).append(g)
for gs in by_sm.values():
    gs.sort(key=lambda g: S[g][0])
    for k in range(6, len(gs)):
        g, prev, old = gs[k], gs[k - 1], gs[k - 6]
        gaps.append(S[g][0] - S[prev][0])
        free_before.append(S[g][0] - S[old][5])
        free_first += S[old][5] <= S[prev][0]
        if has_chain:   # the walker leaves a stage when it starts the tile: after posting the one before
            wfree.append(S[g][0] - max(S[old][5], S[gs[k - 7]][4] if k >= 7 else 0))
out.append(line("claim_gap", gaps))
out.append(line("stage_free_before_claim", free_before))
out.append("stage_free_before_previous_claim %.3g %%" % (100.0 * free_first / len(gaps)))
if wfree:
    out.append(line("stage_free_walker_before_claim", wfree))
# tiles in flight (claimed, not stored) at 1000 sample instants
ev = sorted([(s[0], 1) for s in S] + [(s[7], -1) for s in S])
flight, k, samples = 0, 0, []
for i in range(1, 1000):
    t = t0 + span * i // 1000
    while k < len(ev) and ev[k][0] <= t:
        flight += ev[k][1]
        k += 1
    samples.append(flight)
out.append("in_flight_p50 %d tile; in_flight_p10 %d tile" % (q(samples, 0.5), q(samples, 0.1)))
# the kernel's edges, where the dump has them: block entries and the last holder's exit
extra = raw[T * 68:]
if len(extra) >= 1024 * 16 + 8:
    blk = struct.unpack("<2048Q", extra[:1024 * 16])
    exit_t = struct.unpack("<Q", extra[1024 * 16:1024 * 16 + 8])[0]
    entries = [blk[2 * b] for b in range(1024) if blk[2 * b]]
    starts = [blk[2 * b + 1] for b in range(1024) if blk[2 * b + 1]]
    e0 = min(entries)
    out.append("entry_spread %.3g us; entry_to_ring_start %.3g us; entry_to_first_claim %.3g us" % (
        (max(entries) - e0) * 1e-3, (max(starts) - e0) * 1e-3, (t0 - e0) * 1e-3))
    out.append("last_store_to_exit %.3g us; entry_to_exit %.4g ms" % (
        (exit_t - max(s[7] for s in S)) * 1e-3, (exit_t - e0) * 1e-6))
# the producer's loop, where the dump has it: waiting for the stage, for the claim, sending the copies
rest = raw[T * 68 + 1024 * 16 + 8:]
if len(rest) >= T * 24:
    p3 = struct.unpack("<%dQ" % (T * 3), rest[:T * 24])
    P = [p3[3 * g:3 * g + 3] for g in range(n)]
    ok = [g for g in range(n) if P[g][0] and P[g][1] and P[g][2]]
    out.append(line("producer_stage_wait", [P[g][1] - P[g][0] for g in ok]))
    out.append(line("producer_claim_wait", [S[g][0] - P[g][1] for g in ok]))
    out.append(line("producer_send", [P[g][2] - S[g][0] for g in ok]))
for o in out:
    print("#   %s %s" % (name, o))
