#!/usr/bin/env python3
"""Reads ringstart's stamps file: span[4], blocks 2 a block (entered, past the grid-wide wait), tiles 5 a tile
(claimed, landed, published, posted, stored). Prints the ring call's timeline in microseconds from its first block's entry."""
import struct, sys, statistics as st
raw = open(sys.argv[1], 'rb').read()
grid, tiles = struct.unpack_from('<iq', raw, 0)
off = 12
span = struct.unpack_from('<4Q', raw, off); off += 32
blk = struct.unpack_from('<%dQ' % (2 * grid), raw, off); off += 16 * grid
t = struct.unpack_from('<%dQ' % (5 * tiles), raw, off)
ent = [blk[2 * i] for i in range(grid)]; syn = [blk[2 * i + 1] for i in range(grid)]
t0 = min(ent)
us = lambda x: (x - t0) * 1e-3
col = lambda k: [t[5 * i + k] for i in range(tiles)]
cl, la, pu, po, so = (col(k) for k in range(5))
print('stream before: entry %.1f, exit %.1f us (from ring entry); stream after: entry %.1f' % (us(span[0]), us(span[1]), us(span[2])))
print('blocks: entry %.2f..%.2f, past grid wait %.2f..%.2f (median %.2f)' % (us(min(ent)), us(max(ent)), us(min(syn)), us(max(syn)), us(st.median(syn))))
missing = [k for k, c in enumerate((cl, la, pu, po, so)) if min(c) == 0]
print('missing stamps in steps', missing, [sum(1 for x in c if x == 0) for c in (cl, la, pu, po, so)])
print('first claim %.2f, first landed %.2f, first published %.2f, first posted %.2f, first stored %.2f' %
      tuple(us(min(x for x in c if x)) for c in (cl, la, pu, po, so)))
print('last claim %.2f, last landed %.2f, last published %.2f, last posted %.2f, last stored %.2f' %
      tuple(us(max(c)) for c in (cl, la, pu, po, so)))
life = sorted((so[i] - cl[i]) * 1e-3 for i in range(tiles) if cl[i] and so[i])
d = lambda a, b: sorted((b[i] - a[i]) * 1e-3 for i in range(tiles) if a[i] and b[i])
for name, x in (('claim->landed', d(cl, la)), ('landed->published', d(la, pu)), ('published->posted', d(pu, po)), ('posted->stored', d(po, so)), ('claim->stored', life)):
    n = len(x); print('%-18s p10 %.2f p50 %.2f p90 %.2f max %.2f' % (name, x[n // 10], x[n // 2], x[9 * n // 10], x[-1]))
# stores against time: fit the middle 80 % of tiles (by store order) to a line; fill and drain against it
order = sorted(so)
n = len(order); a, b = n // 10, 9 * n // 10
xs = [us(order[i]) for i in range(a, b)]; ys = list(range(a, b))
mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
x0 = mx - my / slope; xe = mx + (n - my) / slope
print('stores: %.1f tiles/us in the middle (%.1f GB/s, 12 B an element); line from %.2f to %.2f us; last store %.2f; '
      'stream would take %.1f us at its span' % (slope, slope * 4096 * 12 * 1e-3, x0, xe, us(order[-1]), (span[3] - span[2]) * 1e-3))
order = sorted(cl)
xs = [us(order[i]) for i in range(a, b)]
mx = sum(xs) / len(xs)
slope2 = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
print('claims: %.1f tiles/us; line from %.2f to %.2f us' % (slope2, mx - my / slope2, mx + (n - my) / slope2))
# bytes landed and stored per microsecond, first 16 us and last 12 us
import collections
tb = 4096 * 4
lands = collections.Counter(int(us(x)) for x in la); stores = collections.Counter(int(us(x)) for x in so)
end = int(us(max(so)))
print('us: landed GB/s (a and b), stored GB/s (h), total; the streaming kernel moves %.0f GB/s' % (1.61e9 / 367.9e-6 / 1e9))
for s in list(range(0, 16)) + list(range(end - 11, end + 1)):
    r, w = lands[s] * 2 * tb / 1e3, stores[s] * tb / 1e3
    print('  %3d: %6.0f %6.0f %6.0f' % (s, r, w, r + w))
def mean(x): return sum(x) / len(x)
rate = slope
for name, x in (('claim->landed', d(cl, la)), ('landed->published', d(la, pu)), ('published->posted', d(pu, po)), ('published->stored', d(pu, so)), ('claim->stored', life)):
    print('%-18s mean %.2f us: %.0f tiles in that step at once, %.2f a ring block' % (name, mean(x), mean(x) * rate, mean(x) * rate / (grid - 1)))
