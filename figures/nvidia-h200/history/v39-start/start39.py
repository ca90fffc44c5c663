#!/usr/bin/env python3
"""Version 39: the ring's start in halves and on a workspace allocated once, from the stamps of run D (drive2.cu's
stamps files). start39.py HALVES PRE OUT.tsv writes, for each microsecond of the first 16 after the first block's
entry, the bytes whose copies landed (a and b, 32 KiB a tile, stamped when a tile's first composer starts on it) and
the bytes stored (h, 16 KiB a tile, stamped when a tile's first holder warp has stored its part), in TB/s, for each
of the two calls."""
import struct, sys

TILE = 4096 * 4   # bytes of one array's tile
SPAN = 16


def start_rates(path):
    raw = open(path, 'rb').read()
    grid, tiles = struct.unpack_from('<iq', raw, 0)
    off = 12 + 32
    blk = struct.unpack_from('<%dQ' % (2 * grid), raw, off)
    off += 16 * grid
    t = struct.unpack_from('<%dQ' % (5 * tiles), raw, off)
    start = min(blk[0::2])

    def rates(k, bytes_each):
        counts = [0] * SPAN
        for i in range(tiles):
            us = (t[5 * i + k] - start) // 1000
            if 0 <= us < SPAN:
                counts[us] += 1
        return [c * bytes_each / 1e6 for c in counts]
    return rates(1, 2 * TILE), rates(4, TILE)


halves, pre = start_rates(sys.argv[1]), start_rates(sys.argv[2])
with open(sys.argv[3], 'w') as f:
    f.write('# Version 39 (session 20, 2026-11-30): the ring\'s start on the H200, one stamped call of 1 x 2^27 in halves\n'
            '# (states filled by the call before) and one on a workspace allocated once (fills and waits)\n'
            '# (history/v39-start/start39.py from the stamps of run D; logs/v39-halves.txt has the calls\' summaries).\n'
            '# TB/s landed (a and b) and stored (h), each microsecond of the first 16 after the first block starts.\n')
    f.write('us\tlanded\tstored\tlanded-pre\tstored-pre\n')
    for k in range(SPAN):
        f.write('%.1f\t%.3f\t%.3f\t%.3f\t%.3f\n' % (k + 0.5, halves[0][k], halves[1][k], pre[0][k], pre[1][k]))
