/* ---- version 28 experiment, second part: shorter walks for the held kernel.
   CH_MODE 1: a chain block, alone on its multiprocessor (quiet: nothing
   streams there), turns every tile's published segment into the state
   through the tile, in order, 32 tiles a warp, eight warps polling at
   once; a holder's walking warp only waits for the word of the tile
   before its own to become known.
   CH_MODE 2: a flat walk; each walk reads the 128 words before its tile
   in one look, folds them back to the nearest known word, and publishes
   its own tile's state as known. ---- */
#ifndef CH_MODE
#define CH_MODE 1
#endif
#ifndef CH_SLEEP
#define CH_SLEEP 32   /* ns a holder's walker sleeps between looks */
#endif
#define CH_ARRIVALS(p) ((p).s.ticket + 8)    /* in the ticket's 256 bytes, cleared to ones */
#define CH_CHAIN_SM(p) ((p).s.ticket + 16)

/* The b through tile g-1, once its word is known. */
static __device__ float ch_wait_known(packed_states s, long long g)
{
  unsigned long long w = load_relaxed(&s.status[g - 1]);
  while (high_word(w) != WORD_KNOWN) {
    if (CH_SLEEP) __nanosleep(CH_SLEEP);
    w = load_relaxed(&s.status[g - 1]);
  }
  return __uint_as_float((unsigned)w);
}

/* The chain block: every tile's word made known, in order. With
   CH_EARLY, a window's tiles are made known as soon as every tile before
   them is published, not when the whole window is. */
#ifndef CH_EARLY
#define CH_EARLY 0
#endif
static __device__ void ch_chain(const l4_params &p)
{
  __shared__ volatile long long carry_seq;
  __shared__ volatile float carry_b;
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, warps = blockDim.x >> 5;
  if (threadIdx.x == 0) { carry_seq = 0; carry_b = 0.0f; }
  __syncthreads();
  for (long long w = warp; 32 * w < p.tiles; w += warps) {
    long long g = 32 * w + lane;
    bool active = g < p.tiles;
    unsigned long long word = active ? load_relaxed(&p.s.status[g]) : WORD_NONE_BEFORE;
    float state;
    if (!CH_EARLY) {
      segment x = published_segments(&p.s.status[g], active, word);
      segment incl = warp_inclusive_segments(x);
      if (lane == 0) while (carry_seq != w) {}
      __syncwarp();
      __threadfence_block();
      state = segment_apply(incl, carry_b);
      if (active) store_relaxed(&p.s.status[g], pack(WORD_KNOWN, state));
    } else {   /* poll the whole window at once; make tiles known once the carry is in */
      bool have = false;
      float carry = 0.0f;
      int done = 0;   /* lanes below it are known */
      for (;;) {
        unsigned ready = __ballot_sync(FULL_MASK, !active || high_word(word) != WORD_EMPTY);
        int n = ~ready ? __ffs(~ready) - 1 : 32;
        if (!have) {
          long long seen = lane == 0 ? carry_seq : 0;
          seen = __shfl_sync(FULL_MASK, seen, 0);
          if (seen == w || (n == 32 && CH_EARLY == 1)) {
            if (lane == 0) while (carry_seq != w) {}
            __syncwarp();
            __threadfence_block();
            carry = carry_b;
            have = true;
          }
        }
        if (have && n > done) {
          segment x = lane < n && active ? word_segment(word) : segment_identity();
          state = segment_apply(warp_inclusive_segments(x), carry);
          if (active && lane >= done && lane < n) store_relaxed(&p.s.status[g], pack(WORD_KNOWN, state));
          done = n;
        }
        if (done == 32) break;
        __nanosleep(32);
        if (lane >= n && active && high_word(word) == WORD_EMPTY) word = load_relaxed(&p.s.status[g]);
      }
    }
    float last = __shfl_sync(FULL_MASK, state, 31);
    if (lane == 0) { carry_b = last; __threadfence_block(); carry_seq = w + 1; }
  }
}

/* Mode 1's start: the first block to arrive becomes the chain block, and
   the other blocks on its multiprocessor leave. Returns false for both. */
static __device__ bool ch_holder(const l4_params &p)
{
  __shared__ int role;
  if (threadIdx.x == 0) {
    unsigned smid;
    asm("mov.u32 %0, %%smid;" : "=r"(smid));
    if (atomicAdd(CH_ARRIVALS(p), 1ULL) == ~0ULL) {
      atomicExch(CH_CHAIN_SM(p), (unsigned long long)smid);
      role = 1;
    } else {
      unsigned long long c;
      while ((c = load_relaxed(CH_CHAIN_SM(p))) == ~0ULL) __nanosleep(64);
      role = c == smid ? 2 : 0;
    }
  }
  __syncthreads();
  if (role == 1) ch_chain(p);
  return role == 0;
}

/* Mode 2: the b before tile g, from one look at the 128 words before it
   (more looks only when none of them is known); publishes g's state. */
static __device__ float ch_walk_flat(packed_states s, long long g, segment own, bool needs_before)
{
  int lane = threadIdx.x & 31;
  segment later = segment_identity();    /* everything between the window and g */
  long long base = g - 1;                /* the window's newest tile */
  for (;;) {
    unsigned long long w[4];
#pragma unroll
    for (int k = 0; k < 4; k++) {
      long long t = base - lane - 32 * k;
      w[k] = t >= 0 ? load_relaxed(&s.status[t]) : WORD_NONE_BEFORE;
    }
    int known_k = -1, known_lane = 0;
    for (;;) {
      known_k = -1;
      bool waiting = false;
#pragma unroll
      for (int k = 0; k < 4; k++) {
        unsigned known = __ballot_sync(FULL_MASK, high_word(w[k]) == WORD_KNOWN);
        unsigned empty = __ballot_sync(FULL_MASK, high_word(w[k]) == WORD_EMPTY);
        unsigned nearer = known ? (known & (0u - known)) - 1 : FULL_MASK;
        if (known_k < 0 && (empty & nearer)) waiting = true;
        if (known_k < 0 && known) { known_k = k; known_lane = __ffs(known) - 1; }
      }
      if (!waiting) break;
      __nanosleep(32);
#pragma unroll
      for (int k = 0; k < 4; k++) {   /* look again at the words still empty */
        long long t = base - lane - 32 * k;
        if (high_word(w[k]) == WORD_EMPTY && t >= 0) w[k] = load_relaxed(&s.status[t]);
      }
    }
    /* fold the window oldest first; words beyond the nearest known count as nothing */
    segment acc = segment_identity();
#pragma unroll
    for (int k = 3; k >= 0; k--) {
      bool beyond = known_k >= 0 && (k > known_k || (k == known_k && lane > known_lane));
      segment x = beyond ? segment_identity() : word_segment(w[k]);
      segment r = shfl_segment(x, 31 - lane);          /* lane i: the i-th oldest of the slab */
      segment total = shfl_segment(warp_inclusive_segments(r), 31);
      acc = segment_combine(acc, total);
    }
    later = segment_combine(acc, later);
    if (known_k >= 0) break;
    base -= 128;
  }
  float before = later.b;   /* later is a reset: it starts at a known word */
  if (lane == 0) store_relaxed(&s.status[g], pack(WORD_KNOWN, segment_apply(own, before)));
  return before;
}
/* ---- end of the second part ---- */
