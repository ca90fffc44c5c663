#!/usr/bin/env python3
"""Version 40's experiment builds, from build/scan.cu (its #line markers dropped), to stdout.

mkvariant8.py SRC bw   : a batched walker: it takes every use that is composed when it looks (up to the ring's
                         stages), frees their stages, and in each round trip polls the chain's known word for every
                         one of them (a lane each) beside the product's look for the first still waiting; it posts
                         each use as its state arrives.
                         (Run A's bw probed the later uses with try_wait, which may suspend the thread; the
                         probe is test_wait since run B.)
mkvariant8.py SRC bwe  : bw only once the producer has found no more tiles (end_use set): before that, one use at a
                         time as the product's walker.
mkvariant8.py SRC bwse : bw for the first RING_STAGES uses and once the producer has found no more tiles.
mkvariant8.py SRC ...-h32: (suffix) holders sleep 32 ns between looks at their post, not 128.
mkvariant8.py SRC stS  : RING_STAGES S (the product: 6).
mkvariant8.py SRC tTsS : RING_TILE T and RING_STAGES S (the product: 4096 and 6).
mkvariant8.py SRC ...-pfD: (suffix, applied first) when the producer starts a tile's copies, it asks the L2 to
                         prefetch the tile D grids ahead (tile g + D x gridDim.x), which another block will claim
                         about D rounds later.
mkvariant8.py SRC nc   : the ring launched without the cooperative attribute where its states are filled already
                         (a timing experiment: nothing then promises that every ring block and the chain block are
                         resident together).
mkvariant8.py SRC bcK  : the producer's first claim takes K tiles in one atomic (K <= RING_STAGES); later claims
                         one a time, as the product's.
mkvariant8.py SRC bwbcK: both."""
import sys
src = ''.join(l for l in open(sys.argv[1]) if not l.startswith('#line'))
kind = sys.argv[2]

def sub(old, new):
    global src
    assert src.count(old) == 1, (old[:70], src.count(old))
    src = src.replace(old, new)

if '-pf' in kind:
    kind, dist = kind.split('-pf')
    sub('''    ring_copy_tile(p, sa + s * (RING_TILE / VEC), sb + s * (RING_TILE / VEC),
                   &r->full[s], &r->stage[s]);''', '''    ring_copy_tile(p, sa + s * (RING_TILE / VEC), sb + s * (RING_TILE / VEC),
                   &r->full[s], &r->stage[s]);
    long long f = g + PF_DIST * (long long)gridDim.x;
    if (f < p.tiles) {
      long long off = f % p.row_tiles * RING_TILE, first = f / p.row_tiles * p.len + off;
      unsigned bytes = (unsigned)((p.len - off < RING_TILE ? p.len - off : RING_TILE) * sizeof(float));
      asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" :: "l"(p.a + first), "r"(bytes) : "memory");
      asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" :: "l"(p.b + first), "r"(bytes) : "memory");
    }'''.replace('PF_DIST', dist))
if kind.startswith('st'):
    sub('#define RING_STAGES 6 ', '#define RING_STAGES %s ' % kind[2:])
    kind = ''
if kind.startswith('t') and 's' in kind:
    tile, stages = kind[1:].split('s')
    sub('#define RING_TILE 4096 ', '#define RING_TILE %s ' % tile)
    sub('#define RING_STAGES 6 ', '#define RING_STAGES %s ' % stages)
    kind = ''
if kind == 'nc':
    sub('l4_ring_shared_bytes(), stream, &cooperative, 1};',
        'l4_ring_shared_bytes(), stream, &cooperative, filled ? 0u : 1u};')
    kind = ''
if kind.endswith('-h32'):
    sub('while (r->post_use[u % RING_POSTS] != u) __nanosleep(128);',
        'while (r->post_use[u % RING_POSTS] != u) __nanosleep(32);')
    kind = kind[:-4]
if kind.startswith('bw'):
    when = 'true'
    if kind.startswith('bwse'):
        when = '(u < RING_STAGES || r->end_use != RING_NO_END)'
        kind = 'bw' + kind[4:]
    elif kind.startswith('bwe'):
        when = 'r->end_use != RING_NO_END'
        kind = 'bw' + kind[3:]
    sub('''static __device__ void ring_hold(const l4_params &p, ring_shared *r, const float4 *sa,''',
        '''/* Post use v's state (lane's own use), as the product's walker does. */
static __device__ __forceinline__ void ring_post(ring_shared *r, long long v, float state)
{
  r->post_state[v % RING_POSTS] = state;
  __threadfence_block();
  r->post_use[v % RING_POSTS] = v;
}
/* Whether use u's phase of a stage's barrier is done, without waiting (try_wait may
   suspend the thread for a while; test_wait does not). */
static __device__ __forceinline__ bool mbar_phase_tested(unsigned long long *bar, long long use)
{
  unsigned done;
  asm volatile("{ .reg .pred p; mbarrier.test_wait.parity.shared::cta.b64 p, [%1], %2;"
               " selp.u32 %0, 1, 0, p; }"
               : "=r"(done) : "r"(shared_address(bar)), "r"((unsigned)(use / RING_STAGES & 1))
               : "memory");
  return done != 0;
}
/* The batched walker: every composed use at once, a lane each. */
static __device__ void ring_walk_batched(const l4_params &p, ring_shared *r)
{
  int lane = threadIdx.x & 31;
  for (long long u = 0; ring_wait(&r->composed[u % RING_STAGES], u, r);) {
    int n = 1;
    if (BATCH_WHEN) while (n < RING_STAGES && mbar_phase_tested(&r->composed[(u + n) % RING_STAGES], u + n)) n++;
    n = __reduce_min_sync(FULL_MASK, n);
    long long g = 0;
    bool needs = false;
    if (lane < n) {
      const ring_stage *st = &r->stage[(u + lane) % RING_STAGES];
      g = st->tile;
      needs = st->row_offset != 0;
    }
    __syncwarp();
    if (lane < n) mbar_arrive(&r->empty[(u + lane) % RING_STAGES]);
    if (lane < n && !needs) ring_post(r, u + lane, 0.0f);
    unsigned pending = __ballot_sync(FULL_MASK, lane < n && needs);
    while (pending) {
      int j = __ffs(pending) - 1;
      long long t = __shfl_sync(FULL_MASK, g, j) - 1, W = t / RING_WINDOW;
      int jj = (int)(t % RING_WINDOW), folds;
      bool mine = pending >> lane & 1;
      unsigned long long known = mine ? load_relaxed(&p.s.known[g - 1]) : 0;
      ring_look_reads rr = ring_look_read(p, W);
      unsigned long long own = __shfl_sync(FULL_MASK, rr.word[0], jj);
      bool got = mine && high_word(known) == WORD_KNOWN;
      float state = __uint_as_float((unsigned)known);
      if (lane == j && !got && high_word(own) == WORD_KNOWN) {
        got = true;
        state = __uint_as_float((unsigned)own);
      }
      float carry;
      if (!__shfl_sync(FULL_MASK, got, j) &&
          (folds = ring_look_start(rr, W, &carry)) >= 0 && ring_look_complete(rr, folds, jj)) {
        float folded = ring_look_fold(rr, folds, jj, carry);
        if (lane == j) { got = true; state = folded; }
      }
      if (got) ring_post(r, u + lane, state);
      pending &= ~__ballot_sync(FULL_MASK, got);
    }
    u += n;
  }
}
static __device__ void ring_hold(const l4_params &p, ring_shared *r, const float4 *sa,''')
    src = src.replace('BATCH_WHEN', when)
    sub('  else if (warp == RING_WALKER) ring_walk(p, &r);',
        '  else if (warp == RING_WALKER) ring_walk_batched(p, &r);')
    kind = kind[2:]
if kind.startswith('bc'):
    k = int(kind[2:])
    sub('''  for (long long u = 0;; u++) {
    int s = (int)(u % RING_STAGES);
    if (u >= RING_STAGES)
      while (!mbar_phase_done(&r->empty[s], u - RING_STAGES)) {}
    long long g = (long long)(atomicAdd(p.s.ticket, 1ULL) + 1ULL);   /* from all ones */''',
        '''  long long next = 0, left = 0;
  for (long long u = 0;; u++) {
    int s = (int)(u % RING_STAGES);
    if (u >= RING_STAGES)
      while (!mbar_phase_done(&r->empty[s], u - RING_STAGES)) {}
    if (left == 0) {
      left = u == 0 ? KFIRST : 1;
      next = (long long)(atomicAdd(p.s.ticket, (unsigned long long)left) + 1ULL);
    }
    long long g = next++;
    left--;'''.replace('KFIRST', str(k)))
    assert 1 <= k <= 6
sys.stdout.write(src)
