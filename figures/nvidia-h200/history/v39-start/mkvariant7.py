#!/usr/bin/env python3
"""Version 39's stamped build, from build/scan.cu (its #line markers dropped), to stdout: RING_STAMPS (globaltimer
stamps: per tile claimed, landed (its first composer starts), published, posted, stored; per block entered and past
the fill and the grid-wide wait, or past nothing where its states were filled by the call before)."""
import sys
src = ''.join(l for l in open(sys.argv[1]) if not l.startswith('#line'))

def sub(old, new):
    global src
    assert src.count(old) == 1, (old[:70], src.count(old))
    src = src.replace(old, new)

sub('#define RING_TILE 4096 ', '''__device__ unsigned long long *ring_stamp_tiles;    /* 5 a tile */
__device__ unsigned long long *ring_stamp_blocks;   /* 2 a block */
static __device__ __forceinline__ unsigned long long ring_now(void)
{
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}
#define RSTAMP(t, k) do { if (ring_stamp_tiles) ring_stamp_tiles[(t) * 5 + (k)] = ring_now(); } while (0)
#define BSTAMP(k) do { if (ring_stamp_blocks && threadIdx.x == 0) ring_stamp_blocks[blockIdx.x * 2 + (k)] = ring_now(); } while (0)
#define RING_TILE 4096 ''')
sub('''    if (g >= p.tiles) { r->end_use = u; return; }
    ring_place(p, g, &r->stage[s]);''', '''    if (g >= p.tiles) { r->end_use = u; return; }
    RSTAMP(g, 0);
    ring_place(p, g, &r->stage[s]);''')
sub('''    segment total = ring_compose_part(sa + first, sb + first);''',
    '''    if (c == 0 && lane == 0) RSTAMP(r->stage[s].tile, 1);
    segment total = ring_compose_part(sa + first, sb + first);''')
sub('''  store_relaxed(&p.s.status[st->tile], segment_word(own));
}''', '''  store_relaxed(&p.s.status[st->tile], segment_word(own));
  RSTAMP(st->tile, 2);
}''')
sub('''      r->post_use[u % RING_POSTS] = u;
    }''', '''      r->post_use[u % RING_POSTS] = u;
      RSTAMP(g, 3);
    }''')
sub('''    long long start = st->first + f * RING_PART, end = st->first + st->count;''',
    '''    long long start = st->first + f * RING_PART, end = st->first + st->count, tile = st->tile;''')
sub('''  store_vector<true>(p.h, start + (q * 32 + lane) * VEC, end, out);
}''', '''  store_vector<true>(p.h, start + (q * 32 + lane) * VEC, end, out);
}
if (f == 0 && lane == 0) RSTAMP(tile, 4);''')
sub('''  __shared__ ring_shared r;
  if (!p.states_filled) {
    ring_fill_states(p, (uint4 *)p.s.ticket);
    cooperative_groups::this_grid().sync();
  }''', '''  __shared__ ring_shared r;
  BSTAMP(0);
  if (!p.states_filled) {
    ring_fill_states(p, (uint4 *)p.s.ticket);
    cooperative_groups::this_grid().sync();
  }
  BSTAMP(1);''')
sys.stdout.write(src)
