#!/usr/bin/env python3
"""Version 39's experiment builds, from build/scan.cu (its #line markers dropped), to stdout.
mkvariant6.py SRC fb    : ring block k (k = 1..R, no block sharing the chain's SM) takes tile k - 1 first, with no
                          ticket; later claims come from the ticket, which starts past them.
mkvariant6.py SRC w2    : two walker warps a ring block, taking even and odd uses.
mkvariant6.py SRC w2hs  : w2, and the composers find only their part's total (same scans, nothing written back);
                          each holder warp scans its part in registers once it has freed the stage (version 38's hs).
mkvariant6.py SRC qkN   : the walker polls the chain's known word alone, and looks (as the product does every poll)
                          only on every Nth miss (N = 4, 16).
mkvariant6.py SRC l2    : the look reaches two windows (RING_LOOK 2), not eight.
mkvariant6.py SRC nofill: broken on purpose: the ring never fills the other half for the next call, though the host
                          still believes it has (the suites must fail)."""
import sys
src = ''.join(l for l in open(sys.argv[1]) if not l.startswith('#line'))

def sub(old, new):
    global src
    assert src.count(old) == 1, (old[:70], src.count(old))
    src = src.replace(old, new)

if sys.argv[2] == 'fb':
    sub('''    long long g = (long long)(atomicAdd(p.s.ticket, 1ULL) + 1ULL);   /* from all ones */''',
        '''    long long g = p.shared_sms ? (long long)(atomicAdd(p.s.ticket, 1ULL) + 1ULL)
                  : u == 0 ? blockIdx.x - 1 : (long long)(atomicAdd(p.s.ticket, 1ULL) + gridDim.x);''')
elif sys.argv[2] in ('w2', 'w2hs'):
    sub('#define RING_WARPS (2 + RING_PARTS + RING_HOLDERS * RING_PARTS)',
        '#define RING_WARPS (3 + RING_PARTS + RING_HOLDERS * RING_PARTS)')
    sub('enum { RING_PRODUCER, RING_WALKER, RING_COMPOSER_0, RING_HOLDER_0 = 2 + RING_PARTS };',
        'enum { RING_PRODUCER, RING_WALKER, RING_COMPOSER_0 = 3, RING_HOLDER_0 = 3 + RING_PARTS };')
    sub('''static __device__ void ring_walk(const l4_params &p, ring_shared *r)
{
  int lane = threadIdx.x & 31;
  for (long long u = 0; ring_wait(&r->composed[u % RING_STAGES], u, r); u++) {''',
        '''static __device__ void ring_walk(const l4_params &p, ring_shared *r, int first)
{
  int lane = threadIdx.x & 31;
  for (long long u = first; ring_wait(&r->composed[u % RING_STAGES], u, r); u += 2) {''')
    sub('  else if (warp == RING_WALKER) ring_walk(p, &r);',
        '  else if (warp < RING_COMPOSER_0) ring_walk(p, &r, warp - RING_WALKER);')
    if sys.argv[2] == 'w2hs':
        sub('''static __device__ segment ring_compose_part(float4 *xa, float4 *xb)
{''', '''/* The part's total alone, with the composer's own scans and in its order. */
static __device__ segment ring_part_total(const float4 *xa, const float4 *xb)
{
  int lane = threadIdx.x & 31;
  segment total = segment_identity();
#pragma unroll
  for (int q = 0; q < RING_PIECES; q++) {
    int v = q * 32 + lane;
    segment x = warp_inclusive_maps(compose_vector(xa[v], xb[v]));
    segment step = {__shfl_sync(FULL_MASK, x.a, 31), __shfl_sync(FULL_MASK, x.b, 31), 0};
    total = segment_combine(total, step);
  }
  return total;
}

/* The composer's scan of a part, on a holder warp's registers. */
static __device__ __forceinline__ void ring_compose_registers(float4 (&ma)[RING_PIECES],
                                                              float4 (&mb)[RING_PIECES])
{
  int lane = threadIdx.x & 31;
  segment total = segment_identity();
#pragma unroll
  for (int q = 0; q < RING_PIECES; q++) {
    segment x = warp_inclusive_maps(compose_vector(ma[q], mb[q]));
    segment before = {__shfl_up_sync(FULL_MASK, x.a, 1), __shfl_up_sync(FULL_MASK, x.b, 1), 0};
    segment step = {__shfl_sync(FULL_MASK, x.a, 31), __shfl_sync(FULL_MASK, x.b, 31), 0};
    if (lane == 0) before = segment_identity();
    write_local_maps(&ma[q], &mb[q], segment_combine(total, before));
    total = segment_combine(total, step);
  }
}

static __device__ segment ring_compose_part(float4 *xa, float4 *xb)
{''')
        sub('    segment total = ring_compose_part(sa + first, sb + first);',
            '    segment total = ring_part_total(sa + first, sb + first);')
        sub('''    if (lane == 0) mbar_arrive(&r->empty[s]);
    
while (r->post_use''', '''    if (lane == 0) mbar_arrive(&r->empty[s]);
    ring_compose_registers(ma, mb);
while (r->post_use''')
elif sys.argv[2].startswith('qk'):
    n = int(sys.argv[2][2:])
    sub('''  for (;;) {
    unsigned long long known = load_relaxed(&p.s.known[t]);
    ring_look_reads r = ring_look_read(p, W);''', '''  for (int miss = 1;; miss++) {
    unsigned long long known = load_relaxed(&p.s.known[t]);
    if (high_word(known) == WORD_KNOWN) return __uint_as_float((unsigned)known);
    if (miss %% %d) continue;
    ring_look_reads r = ring_look_read(p, W);''' % n)
elif sys.argv[2] == 'l2':
    sub('#define RING_LOOK 8 ', '#define RING_LOOK 2 ')
elif sys.argv[2] == 'nofill':
    sub('''  if (p.fill_after) ring_fill_states(p, (uint4 *)p.fill_after);''', '')
else:
    sys.exit('unknown variant')
sys.stdout.write(src)
