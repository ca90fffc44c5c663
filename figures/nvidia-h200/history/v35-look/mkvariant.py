#!/usr/bin/env python3
"""Version 35's experiment builds: build/scan.cu with the ring's walker
looking at the tiles' words itself (RING_LOOK), and the ring launched
cooperatively (RING_COOP). Both default to 0, which is build/scan.cu."""
import sys
src = open(sys.argv[1]).read()

def sub(old, new, count=1):
    global src
    assert src.count(old) == count, (old[:60], src.count(old))
    src = src.replace(old, new)

head = r'''
#ifndef RING_LOOK
#define RING_LOOK 0        /* windows the walker looks back itself; 0: wait for the chain */
#endif
#ifndef RING_LOOK_SLEEP
#define RING_LOOK_SLEEP 0  /* ns between looks */
#endif
#ifndef RING_LOOK_VERIFY
#define RING_LOOK_VERIFY 0 /* check each look against the chain's state, bit for bit */
#endif
#ifndef RING_COOP
#define RING_COOP 0        /* launch the ring cooperatively */
#endif
'''
sub('static __device__ void ring_chain(const l4_params &p)\n{',
    head + r'''
#if RING_LOOK
#define RING_KNOWN(p) ((p).s.group_status)   /* the chain's states, apart from the segments */
#else
#define RING_KNOWN(p) ((p).s.status)
#endif
static __device__ void ring_chain(const l4_params &p)
{''')
sub('    if (active) store_relaxed(&p.s.status[g], pack(WORD_KNOWN, state));',
    '    if (active) store_relaxed(&RING_KNOWN(p)[g], pack(WORD_KNOWN, state));')

look = r'''
#if RING_LOOK
#if RING_LOOK_VERIFY
__device__ unsigned long long ring_look_counts[3];   /* fast, looked, mismatched */
#endif
/* The state through tile t, as the chain computes it: its known word, or the
   nearest known window end within RING_LOOK windows, folded forward over the
   published segments exactly as the chain folds them. */
static __device__ float ring_look(const l4_params &p, long long t)
{
  int lane = threadIdx.x & 31, j = (int)(t % RING_WINDOW);
  long long W = t / RING_WINDOW;
  const unsigned long long *known = RING_KNOWN(p);
  for (;;) {
    unsigned long long k = load_relaxed(&known[t]);
    long long ew = W - 1 - lane;   /* lane i: the end of window W-1-i */
    unsigned long long e = lane < RING_LOOK - 1 && ew >= 0
                               ? load_relaxed(&known[RING_WINDOW * ew + RING_WINDOW - 1]) : 0;
    unsigned long long w[RING_LOOK];
#pragma unroll
    for (int d = 0; d < RING_LOOK; d++)
      w[d] = W - d >= 0 ? load_relaxed(&p.s.status[RING_WINDOW * (W - d) + lane]) : 0;
    if (high_word(k) == WORD_KNOWN) {
#if RING_LOOK_VERIFY
      if (lane == 0) atomicAdd(&ring_look_counts[0], 1ULL);
#endif
      return __uint_as_float((unsigned)k);
    }
    unsigned ends = __ballot_sync(FULL_MASK, lane < RING_LOOK - 1 && ew >= 0 &&
                                                 high_word(e) == WORD_KNOWN);
    int folds;   /* whole windows to fold before window W */
    float carry;
    if (ends) {
      folds = __ffs(ends) - 1;
      carry = __uint_as_float(__shfl_sync(FULL_MASK, (unsigned)e, folds));
    } else if (W < RING_LOOK) {
      folds = (int)W;   /* from the first window, whose carry is 0 */
      carry = 0.0f;
    } else {
      if (RING_LOOK_SLEEP) __nanosleep(RING_LOOK_SLEEP);
      continue;
    }
    bool missing = false;
#pragma unroll
    for (int d = 0; d < RING_LOOK; d++)
      if (d <= folds && (d > 0 || lane <= j)) missing |= high_word(w[d]) == WORD_EMPTY;
    if (__any_sync(FULL_MASK, missing)) {
      if (RING_LOOK_SLEEP) __nanosleep(RING_LOOK_SLEEP);
      continue;
    }
#pragma unroll
    for (int d = RING_LOOK - 1; d >= 1; d--)
      if (d <= folds)
        carry = segment_apply(shfl_segment(warp_inclusive_segments(word_segment(w[d])),
                                           RING_WINDOW - 1), carry);
    segment x = lane <= j ? word_segment(w[0]) : segment_identity();
    float state = segment_apply(shfl_segment(warp_inclusive_segments(x), j), carry);
#if RING_LOOK_VERIFY
    if (lane == 0) {
      atomicAdd(&ring_look_counts[1], 1ULL);
      unsigned long long c;
      while (high_word(c = load_relaxed(&known[t])) != WORD_KNOWN) {}
      if ((unsigned)c != __float_as_uint(state)) atomicAdd(&ring_look_counts[2], 1ULL);
    }
    __syncwarp();
#endif
    return state;
  }
}
#endif
'''
sub('static __device__ void ring_walk(const l4_params &p, ring_shared *r)\n{',
    look + 'static __device__ void ring_walk(const l4_params &p, ring_shared *r)\n{')
sub('''    unsigned long long word = needs_before ? load_relaxed(&p.s.status[g - 1]) : 0;
    while (needs_before && high_word(word) != WORD_KNOWN)
      word = load_relaxed(&p.s.status[g - 1]);
    if (lane == 0) {
      r->post_state[u % RING_POSTS] = needs_before ? __uint_as_float((unsigned)word) : 0.0f;''',
'''#if RING_LOOK
    float before = needs_before ? ring_look(p, g - 1) : 0.0f;
#else
    unsigned long long word = needs_before ? load_relaxed(&p.s.status[g - 1]) : 0;
    while (needs_before && high_word(word) != WORD_KNOWN)
      word = load_relaxed(&p.s.status[g - 1]);
    float before = needs_before ? __uint_as_float((unsigned)word) : 0.0f;
#endif
    if (lane == 0) {
      r->post_state[u % RING_POSTS] = before;''')
# The workspace: the chain's states need a word a tile of their own.
sub('''  size_t ring = (size_t)l4_state_bytes(rows * ring_row_tiles(len));''',
'''  size_t ring = (size_t)ring_state_bytes(rows * ring_row_tiles(len));''')
sub('''/* Enough for the ring's tiles or, where it falls back, the held kernel's. */''',
'''static long long ring_state_bytes(long long tiles)
{
  return l4_state_bytes(tiles) + (RING_LOOK ? round_up(tiles * 8, 256) : 0);
}
/* Enough for the ring's tiles or, where it falls back, the held kernel's. */''')
sub('''  cudaError_t e = cudaMemsetAsync(workspace, 0xFF, (size_t)l4_state_bytes(p.tiles), stream);
  if (e != cudaSuccess) return e;
  l4_ring_kernel<<<grid_for(l4_ring_resident()), RING_WARPS * 32, l4_ring_shared_bytes(),
                   stream>>>(p);
  return cudaGetLastError();''',
'''  cudaError_t e = cudaMemsetAsync(workspace, 0xFF, (size_t)ring_state_bytes(p.tiles), stream);
  if (e != cudaSuccess) return e;
#if RING_COOP
  cudaLaunchConfig_t config = {};
  cudaLaunchAttribute cooperative;
  cooperative.id = cudaLaunchAttributeCooperative;
  cooperative.val.cooperative = 1;
  config.gridDim = dim3(grid_for(l4_ring_resident()));
  config.blockDim = dim3(RING_WARPS * 32);
  config.dynamicSmemBytes = l4_ring_shared_bytes();
  config.stream = stream;
  config.attrs = &cooperative;
  config.numAttrs = 1;
  return cudaLaunchKernelEx(&config, l4_ring_kernel, p);
#else
  l4_ring_kernel<<<grid_for(l4_ring_resident()), RING_WARPS * 32, l4_ring_shared_bytes(),
                   stream>>>(p);
  return cudaGetLastError();
#endif''')
# The verify build reports its counts after each launch.
sub('''  return cudaGetLastError();
#endif''', '''#if RING_LOOK && RING_LOOK_VERIFY
  unsigned long long counts[3];
  if (cudaStreamSynchronize(stream) == cudaSuccess &&
      cudaMemcpyFromSymbol(counts, ring_look_counts, sizeof counts) == cudaSuccess)
    fprintf(stderr, "ring look: %llu known, %llu looked, %llu differ (so far)\\n",
            counts[0], counts[1], counts[2]);
#endif
  return cudaGetLastError();
#endif''')
open(sys.argv[2], 'w').write(src)
