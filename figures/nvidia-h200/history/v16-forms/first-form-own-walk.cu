/* ---- experiment: the pipelined look-back, the waiting tile held in registers ---- */
template <int ITEMS>
static __device__ __forceinline__ segment compose_held(const float *xa, const float *yb,
                                                       int next, int step)
{
  segment mine = segment_identity();
#pragma unroll
  for (int e = 0; e < ITEMS; e++) {
    bool row_first = e == next;
    next += row_first ? step : 0;
    segment z = element(xa[e], yb[e], row_first);
    mine = e == 0 ? z : segment_combine(mine, z);
  }
  return mine;
}
template <int ITEMS>
static __device__ __forceinline__ void apply_held(const float *xa, const float *yb, float4 *sh,
                                                  float state, int next, int step)
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
    sh[slot(threadIdx.x * (ITEMS / VEC) + m)] = make_float4(out[0], out[1], out[2], out[3]);
  }
}
template <int ITEMS, bool ALIGNED>
static __device__ __forceinline__ void issue_tile(const l4_params &p, float4 *sa, float4 *sb,
                                                  long long tile_first)
{
#pragma unroll
  for (int m = 0; m < ITEMS / VEC; m++) {
    int v = threadIdx.x + m * L4_THREADS;
    long long i = tile_first + (long long)v * VEC;
    copy_vector<ALIGNED>(&sa[slot(v)], p.a, i, p.n, 1.0f);
    copy_vector<ALIGNED>(&sb[slot(v)], p.b, i, p.n, 0.0f);
  }
  __pipeline_commit();
}
template <int ITEMS, bool ALIGNED, int BLOCKS>
static __global__ void __launch_bounds__(L4_THREADS, BLOCKS)
l4p_kernel(l4_params p)
{
  enum { TILE = L4_THREADS * ITEMS, VECTORS = TILE / VEC, SLOTS = VECTORS + VECTORS / 8 };
  extern __shared__ float4 l4_tile[];
  __shared__ segment warp_sums[L4_WARPS];
  __shared__ long long tile_shared, offset_shared;
  __shared__ float prefix_shared;
  float4 *sa = l4_tile, *sb = l4_tile + SLOTS, *sh = l4_tile + 2 * SLOTS;
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  float xa[ITEMS], yb[ITEMS];
  if (threadIdx.x == 0) claim_tile(p, TILE, &tile_shared, &offset_shared);
  __syncthreads();
  long long g = tile_shared, row_offset = offset_shared;
  if (g < p.tiles) issue_tile<ITEMS, ALIGNED>(p, sa, sb, g * TILE - p.shift);
  while (g < p.tiles) {
    long long tile_first = g * TILE - p.shift;
    __pipeline_wait_prior(0);
    __syncthreads();
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
      long long t = (long long)(ticket + 1ULL), r = (t * TILE - p.shift) % p.len;
      tile_shared = t;
      offset_shared = r < 0 ? r + p.len : r;
    }
    __syncthreads();
    long long next = tile_shared, next_offset = offset_shared;
    if (next < p.tiles) issue_tile<ITEMS, ALIGNED>(p, sa, sb, next * TILE - p.shift);
    segment lane_before, warp_before, total;
    long long r = row_offset + (long long)threadIdx.x * ITEMS;
    r = r < p.len ? r : p.len < TILE ? (long long)((unsigned)r % (unsigned)p.len) : r - p.len;
    int step = p.len < ITEMS ? (int)p.len : ITEMS;
    int first_start = r == 0 ? 0 : p.len - r < ITEMS ? (int)(p.len - r) : ITEMS;
    segment mine = first_start < ITEMS ? compose_held<ITEMS>(xa, yb, first_start, step)
                                       : compose_held<ITEMS>(xa, yb, ITEMS, 0);
    segment incl = warp_inclusive_segments(mine);
    lane_before = shfl_segment(incl, (lane + 31) & 31);
    if (lane == 0) lane_before = segment_identity();
    if (lane == 31) warp_sums[warp] = incl;
    __syncthreads();
    warp_before = segment_identity();
    for (int w = 0; w < warp; w++) warp_before = segment_combine(warp_before, warp_sums[w]);
    total = warp_before;
    for (int w = warp; w < L4_WARPS; w++) total = segment_combine(total, warp_sums[w]);
    if (warp == 0) {
      bool needs_before = g > 0 && row_offset != 0, last = g % 32 == 31;
      segment own = total;
      float before = 0.0f;
      if (own.reset) own.a = 1.0f;
      if (lane == 0) store_relaxed(&p.s.status[g], segment_word(own));
      if (needs_before || last) before = walk_groups(p.s, g, own, needs_before);
      if (lane == 0) prefix_shared = before;
    }
    __syncthreads();
    float state = segment_apply(lane_before, segment_apply(warp_before, prefix_shared));
    if (first_start < ITEMS) apply_held<ITEMS>(xa, yb, sh, state, first_start, step);
    else apply_held<ITEMS>(xa, yb, sh, state, ITEMS, 0);
    __syncthreads();
#pragma unroll
    for (int m = 0; m < ITEMS / VEC; m++) {
      int v = threadIdx.x + m * L4_THREADS;
      store_vector<ALIGNED>(p.h, tile_first + (long long)v * VEC, p.n, (const float *)&sh[slot(v)]);
    }
    g = next;
    row_offset = next_offset;
  }
}
template <int ITEMS, bool ALIGNED, int BLOCKS>
static cudaError_t l4p_start(l4_params p, cudaStream_t stream)
{
  int device, sms, per_sm = 0, shared = (int)(3 * (size_t)slot(L4_THREADS * ITEMS / VEC) * sizeof(float4));
  if (cudaGetDevice(&device) || cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device) ||
      cudaFuncSetAttribute(l4p_kernel<ITEMS, ALIGNED, BLOCKS>,
                           cudaFuncAttributeMaxDynamicSharedMemorySize, shared) ||
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, l4p_kernel<ITEMS, ALIGNED, BLOCKS>,
                                                    L4_THREADS, shared) || per_sm == 0)
    return cudaErrorInvalidConfiguration;
  long long blocks = (long long)per_sm * sms;
  if (getenv("L4P_DEBUG")) { static int said; if (!said++) fprintf(stderr, "l4p<%d,%d>: %d a SM, %d B\n", ITEMS, BLOCKS, per_sm, shared); }
  l4p_kernel<ITEMS, ALIGNED, BLOCKS><<<grid_for(p.tiles < blocks ? p.tiles : blocks), L4_THREADS,
                                       shared, stream>>>(p);
  return cudaGetLastError();
}
template <int ITEMS, int BLOCKS>
static cudaError_t l4p_launch(const float *a, const float *b, float *h,
                              long long rows, long long len, void *workspace,
                              cudaStream_t stream)
{
  uintptr_t m = (uintptr_t)a & 15;
  bool aligned = ((uintptr_t)b & 15) == m && ((uintptr_t)h & 15) == m;
  l4_params p = {a, b, h, rows * len, len, 0, 0, aligned ? (int)(m / 4) : 0,
                 L4_LOOK_BACK, {}};
  p.tiles = l4_tiles(p.n, p.shift, L4_THREADS * ITEMS);
  p.order = l4_order(p, rows, L4_THREADS * ITEMS, l4_resident<ITEMS, true>());
  if (p.order != L4_LOOK_BACK) return l4_launch<ITEMS>(a, b, h, rows, len, workspace, stream);
  p.s = l4_states(workspace, p.tiles);
  cudaError_t e = cudaMemsetAsync(workspace, 0xFF, (size_t)l4_state_bytes(p.tiles), stream);
  if (e != cudaSuccess) return e;
  return aligned ? l4p_start<ITEMS, true, BLOCKS>(p, stream)
                 : l4p_start<ITEMS, false, BLOCKS>(p, stream);
}
