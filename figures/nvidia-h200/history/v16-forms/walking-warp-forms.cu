/* ---- experiment w: a walking warp serves the tile held in registers ---- */
static __device__ __forceinline__ void bar_sync(int id, int count)
{
  asm volatile("bar.sync %0, %1;" :: "r"(id), "r"(count) : "memory");
}
static __device__ __forceinline__ void bar_arrive(int id, int count)
{
  asm volatile("bar.arrive %0, %1;" :: "r"(id), "r"(count) : "memory");
}

template <int ITEMS, bool ALIGNED, int THREADS>
static __device__ __forceinline__ void issue_tile_n(const l4_params &p, float4 *sa, float4 *sb,
                                                    long long tile_first)
{
#pragma unroll
  for (int m = 0; m < ITEMS / VEC; m++) {
    int v = threadIdx.x + m * THREADS;
    long long i = tile_first + (long long)v * VEC;
    copy_vector<ALIGNED>(&sa[slot(v)], p.a, i, p.n, 1.0f);
    copy_vector<ALIGNED>(&sb[slot(v)], p.b, i, p.n, 0.0f);
  }
  __pipeline_commit();
}
template <int ITEMS, bool ALIGNED>
static __device__ __forceinline__ void apply_direct(const float *xa, const float *yb, const l4_params &p,
                                                    long long first, float state, int next, int step)
{
#pragma unroll
  for (int m = 0; m < ITEMS / VEC; m++) {
    float out[VEC];
#pragma unroll
    for (int k = 0, e = m * VEC; k < VEC; k++, e++) {
      bool row_first = e == next;
      next += row_first ? step : 0;
      out[k] = state = fmaf(xa[e], row_first ? 0.0f : state, yb[e]);
    }
    store_vector<ALIGNED>(p.h, first + (long long)(threadIdx.x * (ITEMS / VEC) + m) * VEC, p.n, out);
  }
}
enum { BAR_WORKERS = 1, BAR_REQUEST = 2, BAR_DONE = 3 };
#define L4W_THREADS (L4_THREADS + 32)
#define L4W_REGS(blocks, workers) (16384 / (32 * (((blocks) * ((workers) + 1) + 3) / 4)) / 8 * 8 > 128 ? 128 : 16384 / (32 * (((blocks) * ((workers) + 1) + 3) / 4)) / 8 * 8)

template <int ITEMS, bool ALIGNED, int BLOCKS, int WORKERS, bool DIRECT = false>
static __global__ void __launch_bounds__(WORKERS * 32 + 32) __maxnreg__(L4W_REGS(BLOCKS, WORKERS))
l4w_kernel(l4_params p)
{
  enum { TILE = (WORKERS * 32) * ITEMS, VECTORS = TILE / VEC, SLOTS = VECTORS + VECTORS / 8 };
  extern __shared__ float4 l4_tile[];
  __shared__ segment warp_sums[WORKERS];
  __shared__ long long tile_shared, offset_shared, request_tile;
  __shared__ segment request_own;
  __shared__ int request_needs;
  __shared__ float prefix_shared;
  float4 *sa = l4_tile, *sb = l4_tile + SLOTS, *sh = l4_tile + 2 * SLOTS;
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  if (warp == WORKERS) {   /* the walking warp */
    for (;;) {
      bar_sync(BAR_REQUEST, (WORKERS * 32 + 32));
      long long g = request_tile;
      if (g < 0) return;
      segment own = request_own;
      bool needs_before = request_needs;
      float before = 0.0f;
      if (needs_before || g % 32 == 31) before = walk_groups(p.s, g, own, needs_before);
      if (lane == 0) prefix_shared = before;
      bar_arrive(BAR_DONE, (WORKERS * 32 + 32));
    }
  }
  float xa[ITEMS], yb[ITEMS];
  segment held_lane_before, held_warp_before;
  int held_first = ITEMS, held_step = 0;
  long long held_first_index = 0;
  bool holding = false;
  if (threadIdx.x == 0) claim_tile(p, TILE, &tile_shared, &offset_shared);
  bar_sync(BAR_WORKERS, (WORKERS * 32));
  long long g = tile_shared, row_offset = offset_shared;
  if (g < p.tiles) issue_tile_n<ITEMS, ALIGNED, WORKERS * 32>(p, sa, sb, g * TILE - p.shift);
  while (g < p.tiles) {
    __pipeline_wait_prior(0);
    bar_sync(BAR_WORKERS, (WORKERS * 32));
    long long r = row_offset + (long long)threadIdx.x * ITEMS;
    r = r < p.len ? r : p.len < TILE ? (long long)((unsigned)r % (unsigned)p.len) : r - p.len;
    int step = p.len < ITEMS ? (int)p.len : ITEMS;
    int first_start = r == 0 ? 0 : p.len - r < ITEMS ? (int)(p.len - r) : ITEMS;
    if (first_start >= ITEMS) step = 0;
    segment mine = first_start < ITEMS ? compose_items<ITEMS>(sa, sb, first_start, step)
                                       : compose_items<ITEMS>(sa, sb, ITEMS, 0);
    segment incl = warp_inclusive_segments(mine);
    segment lane_before = shfl_segment(incl, (lane + 31) & 31);
    if (lane == 0) lane_before = segment_identity();
    if (lane == 31) warp_sums[warp] = incl;
    bar_sync(BAR_WORKERS, (WORKERS * 32));
    segment warp_before = segment_identity();
    for (int w = 0; w < warp; w++) warp_before = segment_combine(warp_before, warp_sums[w]);
    segment own = warp_before;
    for (int w = warp; w < WORKERS; w++) own = segment_combine(own, warp_sums[w]);
    if (own.reset) own.a = 1.0f;
    if (threadIdx.x == 0) store_relaxed(&p.s.status[g], segment_word(own));
    if (holding) {   /* the tile before: its prefix, then its states */
      bar_sync(BAR_DONE, (WORKERS * 32 + 32));
      float state = segment_apply(held_lane_before, segment_apply(held_warp_before, prefix_shared));
      if (DIRECT) {
        if (held_first < ITEMS) apply_direct<ITEMS, ALIGNED>(xa, yb, p, held_first_index, state, held_first, held_step);
        else apply_direct<ITEMS, ALIGNED>(xa, yb, p, held_first_index, state, ITEMS, 0);
      } else {
      if (held_first < ITEMS) apply_held<ITEMS>(xa, yb, sh, state, held_first, held_step);
      else apply_held<ITEMS>(xa, yb, sh, state, ITEMS, 0);
      bar_sync(BAR_WORKERS, (WORKERS * 32));
#pragma unroll
      for (int m = 0; m < ITEMS / VEC; m++) {
        int v = threadIdx.x + m * (WORKERS * 32);
        store_vector<ALIGNED>(p.h, held_first_index + (long long)v * VEC, p.n,
                              (const float *)&sh[slot(v)]);
      }
      }
    }
    unsigned long long ticket = 0;
    if (threadIdx.x == 0) ticket = atomicAdd(p.s.ticket, 1ULL);
#pragma unroll
    for (int m = 0; m < ITEMS / VEC; m++) {
      int v = slot(threadIdx.x * (ITEMS / VEC) + m);
      float4 x = sa[v], y = sb[v];
      xa[m * VEC] = x.x; xa[m * VEC + 1] = x.y; xa[m * VEC + 2] = x.z; xa[m * VEC + 3] = x.w;
      yb[m * VEC] = y.x; yb[m * VEC + 1] = y.y; yb[m * VEC + 2] = y.z; yb[m * VEC + 3] = y.w;
    }
    if (threadIdx.x == 0) {
      long long t = (long long)(ticket + 1ULL), q = (t * TILE - p.shift) % p.len;
      tile_shared = t;
      offset_shared = q < 0 ? q + p.len : q;
      request_tile = g;
      request_own = own;
      request_needs = g > 0 && row_offset != 0;
    }
    bar_sync(BAR_WORKERS, (WORKERS * 32));
    long long next = tile_shared, next_offset = offset_shared;
    if (next < p.tiles) issue_tile_n<ITEMS, ALIGNED, WORKERS * 32>(p, sa, sb, next * TILE - p.shift);
    bar_arrive(BAR_REQUEST, (WORKERS * 32 + 32));
    holding = true;
    held_lane_before = lane_before;
    held_warp_before = warp_before;
    held_first = first_start;
    held_step = step;
    held_first_index = g * TILE - p.shift;
    g = next;
    row_offset = next_offset;
  }
  if (holding) {
    bar_sync(BAR_DONE, (WORKERS * 32 + 32));
    float state = segment_apply(held_lane_before, segment_apply(held_warp_before, prefix_shared));
    if (held_first < ITEMS) apply_held<ITEMS>(xa, yb, sh, state, held_first, held_step);
    else apply_held<ITEMS>(xa, yb, sh, state, ITEMS, 0);
    bar_sync(BAR_WORKERS, (WORKERS * 32));
#pragma unroll
    for (int m = 0; m < ITEMS / VEC; m++) {
      int v = threadIdx.x + m * (WORKERS * 32);
      store_vector<ALIGNED>(p.h, held_first_index + (long long)v * VEC, p.n,
                            (const float *)&sh[slot(v)]);
    }
  }
  if (threadIdx.x == 0) request_tile = -1;
  bar_arrive(BAR_REQUEST, (WORKERS * 32 + 32));
}
template <int ITEMS, bool ALIGNED, int BLOCKS, int WORKERS, bool DIRECT>
static cudaError_t l4w_start(l4_params p, cudaStream_t stream)
{
  int device, sms, per_sm = 0, shared = (int)(3 * (size_t)slot(WORKERS * 32 * ITEMS / VEC) * sizeof(float4));
  if (cudaGetDevice(&device) || cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device) ||
      cudaFuncSetAttribute(l4w_kernel<ITEMS, ALIGNED, BLOCKS, WORKERS, DIRECT>,
                           cudaFuncAttributeMaxDynamicSharedMemorySize, shared) ||
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, l4w_kernel<ITEMS, ALIGNED, BLOCKS, WORKERS, DIRECT>,
                                                    WORKERS * 32 + 32, shared) || per_sm == 0)
    return cudaErrorInvalidConfiguration;
  long long blocks = (long long)per_sm * sms;
  if (getenv("L4P_DEBUG")) { static int said; if (!said++) fprintf(stderr, "l4w<%d,%d,%d>: %d a SM, %d B\n", ITEMS, BLOCKS, WORKERS, per_sm, shared); }
  l4w_kernel<ITEMS, ALIGNED, BLOCKS, WORKERS, DIRECT><<<grid_for(p.tiles < blocks ? p.tiles : blocks), WORKERS * 32 + 32,
                                       shared, stream>>>(p);
  return cudaGetLastError();
}
template <int ITEMS, int BLOCKS, int WORKERS, bool DIRECT = false>
static cudaError_t l4w_launch(const float *a, const float *b, float *h,
                              long long rows, long long len, void *workspace,
                              cudaStream_t stream)
{
  uintptr_t m = (uintptr_t)a & 15;
  bool aligned = ((uintptr_t)b & 15) == m && ((uintptr_t)h & 15) == m;
  l4_params p = {a, b, h, rows * len, len, 0, 0, aligned ? (int)(m / 4) : 0,
                 L4_LOOK_BACK, {}};
  p.tiles = l4_tiles(p.n, p.shift, WORKERS * 32 * ITEMS);
  p.order = l4_order(p, rows, WORKERS * 32 * ITEMS, l4_resident<ITEMS, true>());
  if (p.order != L4_LOOK_BACK) return l4_launch<ITEMS>(a, b, h, rows, len, workspace, stream);
  p.s = l4_states(workspace, p.tiles);
  cudaError_t e = cudaMemsetAsync(workspace, 0xFF, (size_t)l4_state_bytes(p.tiles), stream);
  if (e != cudaSuccess) return e;
  return aligned ? l4w_start<ITEMS, true, BLOCKS, WORKERS, DIRECT>(p, stream)
                 : l4w_start<ITEMS, false, BLOCKS, WORKERS, DIRECT>(p, stream);
}
