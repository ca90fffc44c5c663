/* ---- experiment Y: two landing areas a block (set aside; figures/nvidia-h200/logs/v17-side-runs.txt) ----
   Replaces version 17's held-kernel helpers and kernel in build/scan.cu, from apply_held to the end of
   l4_held_kernel; with HELD_ITEMS 28 (tile 6,272) or 24 (tile 5,376), and l4_held_shared_bytes returning
   four arrays instead of three.  ptxas spilled 36-40 bytes at 28 items and 8 at 24. */
/* apply the prefix to the held items in registers and swap: the states go to the
   thread's own a slots, the new tile's items come into the registers */
static __device__ __forceinline__ void apply_and_swap(float *xa, float *yb, float4 *la,
                                                      const float4 *lb, float state,
                                                      int next, int step)
{
#pragma unroll
  for (int m = 0; m < HELD_ITEMS / VEC; m++) {
    float out[VEC];
#pragma unroll
    for (int k = 0, e = m * VEC; k < VEC; k++, e++) {
      bool row_first = e == next;
      next += row_first ? step : 0;
      out[k] = state = fmaf(xa[e], row_first ? 0.0f : state, yb[e]);
    }
    int v = slot(threadIdx.x * (HELD_ITEMS / VEC) + m);
    float4 x = la[v], y = lb[v];
    la[v] = make_float4(out[0], out[1], out[2], out[3]);
    xa[m * VEC] = x.x; xa[m * VEC + 1] = x.y; xa[m * VEC + 2] = x.z; xa[m * VEC + 3] = x.w;
    yb[m * VEC] = y.x; yb[m * VEC + 1] = y.y; yb[m * VEC + 2] = y.z; yb[m * VEC + 3] = y.w;
  }
}
static __device__ __forceinline__ void take_into_registers(float *xa, float *yb,
                                                           const float4 *la, const float4 *lb)
{
#pragma unroll
  for (int m = 0; m < HELD_ITEMS / VEC; m++) {
    int v = slot(threadIdx.x * (HELD_ITEMS / VEC) + m);
    float4 x = la[v], y = lb[v];
    xa[m * VEC] = x.x; xa[m * VEC + 1] = x.y; xa[m * VEC + 2] = x.z; xa[m * VEC + 3] = x.w;
    yb[m * VEC] = y.x; yb[m * VEC + 1] = y.y; yb[m * VEC + 2] = y.z; yb[m * VEC + 3] = y.w;
  }
}
template <bool ALIGNED>
static __device__ __forceinline__ void store_striped(const l4_params &p, const float4 *la,
                                                     long long first)
{
#pragma unroll
  for (int m = 0; m < HELD_ITEMS / VEC; m++) {
    int v = threadIdx.x + m * HELD_WARPS * 32;
    store_vector<ALIGNED>(p.h, first + (long long)v * VEC, p.n, (const float *)&la[slot(v)]);
  }
}
typedef struct {
  long long first;
  segment lane_before, warp_before;
  int first_start, step;
} held_tile;

template <bool ALIGNED, bool STAMPED = false>
static __global__ void __launch_bounds__(HELD_THREADS, 2)
l4_held_kernel(l4_params p)
{
  enum { ITEMS = HELD_ITEMS, TILE = HELD_TILE, SLOTS = TILE / VEC + TILE / VEC / 8 };
  extern __shared__ float4 l4_tile[];     /* two landings, a and b each */
  __shared__ segment warp_sums[HELD_WARPS];
  __shared__ long long tile_shared, offset_shared;
  __shared__ long long next_shared, next_offset_shared;
  __shared__ held_request request;
  __shared__ float prefix_shared;
  __shared__ unsigned long long asked_shared;
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  if (threadIdx.x == 0) {
    unsigned long long asked = STAMPED ? clock_ns() : 0;
    claim_tile(p, TILE, &tile_shared, &offset_shared);
    if (tile_shared < p.tiles) STAMP_TILE(tile_shared, STAMP_BEGAN, asked);
  }
  __syncthreads();
  if (warp == HELD_WARPS) {
    for (bool last = tile_shared >= p.tiles; !last;) {
      bar_sync(BAR_REQUEST, HELD_THREADS);
      long long g = request.tile;
      last = request.last;
      float before = 0.0f;
      if (request.needs_before || g % 32 == 31)
        before = walk_groups(p.s, g, request.own, request.needs_before);
      if (lane == 0) prefix_shared = before;
      if (lane == 0) STAMP_TILE(g, STAMP_PREFIXED, clock_ns());
      bar_sync(BAR_DONE, HELD_THREADS);
    }
    return;
  }
  float xa[ITEMS], yb[ITEMS];
  held_tile held;
  bool holding = false;
  int cur = 0;
  long long g = tile_shared, row_offset = offset_shared;
  if (g >= p.tiles) return;
  if (threadIdx.x == 0) {
    STAMP_TILE(g, STAMP_CLAIMED, clock_ns()); STAMP_TILE(g, STAMP_SM, sm_id());
    unsigned long long asked = STAMPED ? clock_ns() : 0;
    claim_tile(p, TILE, &next_shared, &next_offset_shared);
    if (next_shared < p.tiles) { STAMP_TILE(next_shared, STAMP_BEGAN, asked);
                                 STAMP_TILE(next_shared, STAMP_CLAIMED, clock_ns());
                                 STAMP_TILE(next_shared, STAMP_SM, sm_id()); }
  }
  start_held_copy<ALIGNED>(p, l4_tile, l4_tile + SLOTS, g * TILE - p.shift);
  bar_sync(BAR_WORKERS, HELD_WARPS * 32);
  long long g1 = next_shared, off1 = next_offset_shared;
  if (g1 < p.tiles) start_held_copy<ALIGNED>(p, l4_tile + 2 * SLOTS, l4_tile + 3 * SLOTS,
                                             g1 * TILE - p.shift);
  else __pipeline_commit();
  while (g < p.tiles) {
    float4 *sa = l4_tile + cur * 2 * SLOTS, *sb = sa + SLOTS;
    __pipeline_wait_prior(1);
    bar_sync(BAR_WORKERS, HELD_WARPS * 32);
    L4_STAMP(STAMP_LOADED, clock_ns());
    long long r = row_offset + (long long)threadIdx.x * ITEMS;
    r = r < p.len ? r : p.len < TILE ? (long long)((unsigned)r % (unsigned)p.len) : r - p.len;
    int step = p.len < ITEMS ? (int)p.len : ITEMS;
    int first_start = r == 0 ? 0 : p.len - r < ITEMS ? (int)(p.len - r) : ITEMS;
    segment mine = first_start < ITEMS ? compose_items<ITEMS>(sa, sb, first_start, step)
                                       : compose_items<ITEMS>(sa, sb, ITEMS, 0);
    segment incl = warp_inclusive_segments(mine);
    segment lane_before = shfl_segment(incl, (lane + 31) & 31);
    if (lane == 0) lane_before = segment_identity();
    if (lane == 31) warp_sums[warp] = incl;
    bar_sync(BAR_WORKERS, HELD_WARPS * 32);
    segment warp_before = segment_identity(), own;
    for (int w = 0; w < warp; w++) warp_before = segment_combine(warp_before, warp_sums[w]);
    own = warp_before;
    for (int w = warp; w < HELD_WARPS; w++) own = segment_combine(own, warp_sums[w]);
    if (own.reset) own.a = 1.0f;
    if (threadIdx.x == 0) store_relaxed(&p.s.status[g], segment_word(own));
    L4_STAMP(STAMP_SCANNED, clock_ns());
    if (holding) bar_sync(BAR_DONE, HELD_THREADS);
    unsigned long long ticket = 0;
    if (threadIdx.x == 0) {
      if (STAMPED) asked_shared = clock_ns();
      ticket = atomicAdd(p.s.ticket, 1ULL);
    }
    if (holding) {
      float state = segment_apply(held.lane_before, segment_apply(held.warp_before, prefix_shared));
      if (held.first_start < ITEMS) apply_and_swap(xa, yb, sa, sb, state, held.first_start, held.step);
      else apply_and_swap(xa, yb, sa, sb, state, ITEMS, 0);
    } else {
      take_into_registers(xa, yb, sa, sb);
    }
    if (threadIdx.x == 0) {
      tile_of_ticket(p, TILE, ticket, &next_shared, &next_offset_shared);
      if (next_shared < p.tiles) STAMP_TILE(next_shared, STAMP_BEGAN, asked_shared);
      request.tile = g;
      request.own = own;
      request.needs_before = g > 0 && row_offset != 0;
      request.last = g1 >= p.tiles;
    }
    bar_sync(BAR_WORKERS, HELD_WARPS * 32);
    if (holding) {
      store_striped<ALIGNED>(p, sa, held.first);
      if (threadIdx.x == 0) STAMP_TILE((held.first + p.shift) / TILE, STAMP_STORED, clock_ns());
    }
    long long g2 = next_shared, off2 = next_offset_shared;
    if (g2 < p.tiles) {
      if (threadIdx.x == 0) { STAMP_TILE(g2, STAMP_CLAIMED, clock_ns());
                              STAMP_TILE(g2, STAMP_SM, sm_id()); }
      start_held_copy<ALIGNED>(p, sa, sb, g2 * TILE - p.shift);
    } else {
      __pipeline_commit();
    }
    bar_arrive(BAR_REQUEST, HELD_THREADS);
    holding = true;
    held.first = g * TILE - p.shift;
    held.lane_before = lane_before;
    held.warp_before = warp_before;
    held.first_start = first_start;
    held.step = step;
    g = g1; row_offset = off1; g1 = g2; off1 = off2;
    cur ^= 1;
  }
  if (holding) {
    float4 *sa = l4_tile + cur * 2 * SLOTS, *sb = sa + SLOTS;
    bar_sync(BAR_DONE, HELD_THREADS);
    float state = segment_apply(held.lane_before, segment_apply(held.warp_before, prefix_shared));
    if (held.first_start < ITEMS) apply_and_swap(xa, yb, sa, sb, state, held.first_start, held.step);
    else apply_and_swap(xa, yb, sa, sb, state, ITEMS, 0);
    bar_sync(BAR_WORKERS, HELD_WARPS * 32);
    store_striped<ALIGNED>(p, sa, held.first);
    if (threadIdx.x == 0) STAMP_TILE((held.first + p.shift) / TILE, STAMP_STORED, clock_ns());
  }
}
