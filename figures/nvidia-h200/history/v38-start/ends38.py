#!/usr/bin/env python3
"""Version 38: the ring's start and end from the stamps of one call (ringstart.cu's stamps file). ends38.py STAMPS OUT.tsv
writes, for each microsecond of the first 16 after the first block's entry and of the last 16 before the call's last
store, the bytes whose copies landed (a and b, 32 KiB a tile, stamped when a tile's first composer starts on it) and the
bytes stored (h, 16 KiB a tile, stamped when a tile's first holder warp has stored its part), in TB/s."""
import struct, sys
raw = open(sys.argv[1], 'rb').read()
grid, tiles = struct.unpack_from('<iq', raw, 0)
off = 12 + 32
blk = struct.unpack_from('<%dQ' % (2 * grid), raw, off)
off += 16 * grid
t = struct.unpack_from('<%dQ' % (5 * tiles), raw, off)
landed = [t[5 * i + 1] for i in range(tiles)]
stored = [t[5 * i + 4] for i in range(tiles)]
start, end = min(blk[0::2]), max(stored)
TILE = 4096 * 4   # bytes of one array's tile
SPAN = 16


def rates(times, bytes_each, origin, sign):
    counts = [0] * SPAN
    for x in times:
        k = int((x - origin) * sign // 1000)   # whole microseconds from the origin
        if 0 <= k < SPAN:
            counts[k] += 1
    return [c * bytes_each / 1e6 for c in counts]   # bytes a microsecond, in TB/s


with open(sys.argv[2], 'w') as f:
    f.write('# Version 38 (session 19, 2026-11-30): the ring\'s start and end on the H200, one stamped call of 1 x 2^27\n'
            '# (history/v38-start/ends38.py from the stamps of run A; logs/v38-start.txt has the call\'s summary).\n'
            '# TB/s landed (a and b) and stored (h), each microsecond: first the 16 after the first block starts,\n'
            '# then the 16 before the last store (the microsecond ending k before it, as -k - 0.5).\n')
    f.write('us\tlanded\tstored\n')
    for k, (r, w) in enumerate(zip(rates(landed, 2 * TILE, start, 1), rates(stored, TILE, start, 1))):
        f.write('%.1f\t%.3f\t%.3f\n' % (k + 0.5, r, w))
    f.write('\n\nus\tlanded\tstored\n')
    ends = list(zip(rates(landed, 2 * TILE, end, -1), rates(stored, TILE, end, -1)))
    for k in reversed(range(SPAN)):
        f.write('%.1f\t%.3f\t%.3f\n' % (-k - 0.5, ends[k][0], ends[k][1]))
