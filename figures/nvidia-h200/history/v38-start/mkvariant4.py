#!/usr/bin/env python3
"""Version 38's second set of experiment builds, from mkvariant3.py's output: RING_COMPOSERS_X composer warps (4 as
compiled; each takes RING_TILE / RING_COMPOSERS_X elements), RING_HOLDERS_X holder groups (3), RING_UNROLL (the
composer's unroll, 4)."""
import sys
src = open(sys.argv[1]).read()

def sub(old, new, count=1):
    global src
    assert src.count(old) == count, (old[:70], src.count(old))
    src = src.replace(old, new)

sub('#define RING_PARTS 4                         /* composer warps; warps a holder group */', '''#ifndef RING_COMPOSERS_X
#define RING_COMPOSERS_X 4
#endif
#ifndef RING_HOLDERS_X
#define RING_HOLDERS_X 3
#endif
#ifndef RING_UNROLL
#define RING_UNROLL 4
#endif
#define RING_COMPOSERS RING_COMPOSERS_X
static constexpr int ring_unroll = RING_UNROLL;
#define RING_CPART (RING_TILE / RING_COMPOSERS)
#define RING_CPIECES (RING_CPART / (32 * VEC))
#define RING_PARTS 4                         /* composer warps; warps a holder group */''')
sub('#define RING_HOLDERS 3 ', '#define RING_HOLDERS RING_HOLDERS_X ')
sub('#define RING_WARPS (2 + RING_PARTS + RING_HOLDERS * RING_PARTS)', '#define RING_WARPS (2 + RING_COMPOSERS + RING_HOLDERS * RING_PARTS)')
sub('RING_HOLDER_0 = 2 + RING_PARTS };', 'RING_HOLDER_0 = 2 + RING_COMPOSERS };')
sub('  segment part[RING_PARTS];       /* the composers\' part totals */', '  segment part[RING_COMPOSERS];')
sub('''#pragma unroll 4
  for (int q = 0; q < RING_PIECES; q++) {''', '''#pragma unroll ring_unroll
  for (int q = 0; q < RING_CPIECES; q++) {''')
sub('  if (atomicAdd(&st->parts_done, 1) != RING_PARTS - 1) return;', '  if (atomicAdd(&st->parts_done, 1) != RING_COMPOSERS - 1) return;')
sub('''  for (int k = 0; k < RING_PARTS; k++) {
    segment t = {vs->part[k].a''', '''  for (int k = 0; k < RING_COMPOSERS; k++) {
    segment t = {vs->part[k].a''')
sub('first = s * (RING_TILE / VEC) + c * (RING_PART / VEC);', 'first = s * (RING_TILE / VEC) + c * (RING_CPART / VEC);')
sub('    for (int k = 0; k < f; k++) before = segment_combine(before, st->part[k]);',
    '    for (int k = 0; k < f * (RING_COMPOSERS / RING_PARTS); k++) before = segment_combine(before, st->part[k]);')
sub('    mbar_init(&r.composed[s], RING_PARTS);', '    mbar_init(&r.composed[s], RING_COMPOSERS);')
open(sys.argv[2], 'w').write(src)
