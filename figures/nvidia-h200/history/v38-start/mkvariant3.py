#!/usr/bin/env python3
"""Version 38's experiment builds, from build/scan.cu (its #line markers dropped):
RING_EARLY (each ring block copies its first RING_STAGES tiles, fixed by block, before the fill and the grid-wide wait),
RING_PLAIN (launch without the cooperative attribute: measurement only) and RING_STAMPS (globaltimer stamps: per tile
claimed, landed, published, posted, stored; per block entered and past the grid-wide wait). All default to 0."""
import sys
src = ''.join(l for l in open(sys.argv[1]) if not l.startswith('#line'))

def sub(old, new):
    global src
    assert src.count(old) == 1, (old[:70], src.count(old))
    src = src.replace(old, new)

sub('#define RING_TILE 4096 ', '''#ifndef RING_EARLY
#define RING_EARLY 0
#endif
#ifndef RING_PLAIN
#define RING_PLAIN 0
#endif
#ifndef RING_STAMPS
#define RING_STAMPS 0
#endif
__device__ unsigned long long *ring_stamp_tiles;    /* 5 a tile */
__device__ unsigned long long *ring_stamp_blocks;   /* 2 a block */
static __device__ __forceinline__ unsigned long long ring_now(void)
{
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}
#define RSTAMP(t, k) do { if (RING_STAMPS && ring_stamp_tiles) ring_stamp_tiles[(t) * 5 + (k)] = ring_now(); } while (0)
#define BSTAMP(k) do { if (RING_STAMPS && ring_stamp_blocks && threadIdx.x == 0) ring_stamp_blocks[blockIdx.x * 2 + (k)] = ring_now(); } while (0)
#define RING_TILE 4096 ''')
# the producer: from use u0; early uses take tile u * R + k, R ring blocks, k this one
sub('''static __device__ void ring_produce(const l4_params &p, ring_shared *r, float4 *sa,
                                    float4 *sb)
{
  for (long long u = 0;; u++) {
    int s = (int)(u % RING_STAGES);
    if (u >= RING_STAGES)
      while (!mbar_phase_done(&r->empty[s], u - RING_STAGES)) {}
    long long g = (long long)(atomicAdd(p.s.ticket, 1ULL) + 1ULL);   /* from all ones */
    if (g >= p.tiles) { r->end_use = u; return; }''', '''static __device__ void ring_produce(const l4_params &p, ring_shared *r, float4 *sa,
                                    float4 *sb, long long u0 = 0, long long u1 = RING_NO_END)
{
  for (long long u = u0; u < u1; u++) {
    int s = (int)(u % RING_STAGES);
    if (u >= RING_STAGES)
      while (!mbar_phase_done(&r->empty[s], u - RING_STAGES)) {}
    long long g = u1 == RING_STAGES ? u * (gridDim.x - 1) + blockIdx.x - 1
                                    : (long long)(atomicAdd(p.s.ticket, 1ULL) + 1ULL);
    if (g >= p.tiles) { r->end_use = u; return; }
    RSTAMP(g, 0);''')
sub('''    segment total = ring_compose_part(sa + first, sb + first);''',
    '''    if (RING_STAMPS && c == 0 && lane == 0) RSTAMP(r->stage[s].tile, 1);
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
if (RING_STAMPS && f == 0 && lane == 0) RSTAMP(tile, 4);''')
# the clear: with early copies the ticket starts past them
sub('''    words[i] = make_uint4(~0u, ~0u, ~0u, ~0u);
  cooperative_groups::this_grid().sync();''', '''    words[i] = make_uint4(~0u, ~0u, ~0u, ~0u);
  if (RING_EARLY && !p.shared_sms && blockIdx.x == 0 && threadIdx.x == 0)
    *p.s.ticket = (unsigned long long)RING_STAGES * (gridDim.x - 1) - 1;
  cooperative_groups::this_grid().sync();''')
sub('''  __shared__ ring_shared r;
  ring_clear_states(p);
  int role = ring_role(p);
  if (role == 1) ring_chain(p);
  if (role != 0) return;
  
for (int i = threadIdx.x; i < RING_POSTS; i += blockDim.x) r.post_use[i] = -1;''', '''  __shared__ ring_shared r;
  BSTAMP(0);
  bool early = RING_EARLY && !p.shared_sms && blockIdx.x != 0;
  float4 *sa = ring_data, *sb = ring_data + RING_STAGES * (RING_TILE / VEC);
  if (early) {
    ring_setup(r);
    if (threadIdx.x == 0) ring_produce(p, &r, sa, sb, 0, RING_STAGES);
  }
  ring_clear_states(p);
  BSTAMP(1);
  int role = ring_role(p);
  if (role == 1) ring_chain(p);
  if (role != 0) return;
  if (!early) ring_setup(r);
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  if (warp == RING_PRODUCER) { if (lane == 0 && r.end_use == RING_NO_END) ring_produce(p, &r, sa, sb, early ? RING_STAGES : 0); }
  else if (warp == RING_WALKER) ring_walk(p, &r);
  else if (warp < RING_HOLDER_0) ring_compose(p, &r, sa, sb, warp - RING_COMPOSER_0);
  else ring_hold(p, &r, sa, sb, (warp - RING_HOLDER_0) / RING_PARTS,
                 (warp - RING_HOLDER_0) % RING_PARTS);
#endif
}
#if 0
for (int i = threadIdx.x; i < RING_POSTS; i += blockDim.x) r.post_use[i] = -1;''')
tail = '''  else ring_hold(p, &r, sa, sb, (warp - RING_HOLDER_0) / RING_PARTS,
                 (warp - RING_HOLDER_0) % RING_PARTS);
#endif
}
'''
i = src.index('#if 0\n')
j = src.index(tail, i)
src = src[:i] + src[j + len(tail):]
# ring_setup: the product's barrier set-up, as a function
sub('''static __global__ void __launch_bounds__(RING_WARPS * 32, 1) l4_ring_kernel(l4_params p)''',
'''static __device__ void ring_setup(ring_shared &r)
{
for (int i = threadIdx.x; i < RING_POSTS; i += blockDim.x) r.post_use[i] = -1;
if (threadIdx.x == 0) {
  for (int s = 0; s < RING_STAGES; s++) {
    mbar_init(&r.full[s], 1);
    mbar_init(&r.composed[s], RING_PARTS);
    mbar_init(&r.empty[s], 1 + RING_PARTS);
    r.stage[s].parts_done = 0;
  }
  r.end_use = RING_NO_END;
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}
__syncthreads();
}

static __global__ void __launch_bounds__(RING_WARPS * 32, 1) l4_ring_kernel(l4_params p)''')
sub('''                               l4_ring_shared_bytes(), stream, &cooperative, 1};''',
    '''                               l4_ring_shared_bytes(), stream, &cooperative, RING_PLAIN ? 0 : 1};''')
open(sys.argv[2], 'w').write(src)
