/* ---- version 28 experiment: the deferred finish. A tile is read once to
   compose and publish its segment, and read again (from the L2) once its
   walk has answered; nothing waits in registers. Workers never wait for a
   walk between a claim and the publication it leads to: they wait, when
   the queue of DF_QUEUE unfinished tiles is full, only before claiming. ---- */
#ifndef DF_WARPS
#define DF_WARPS 4          /* worker warps a block */
#endif
#ifndef DF_WALKERS
#define DF_WALKERS 2        /* walker warps a block; request k goes to walker k % DF_WALKERS */
#endif
#ifndef DF_QUEUE
#define DF_QUEUE 4          /* tiles published and not yet finished, at most */
#endif
#ifndef DF_BLOCKS
#define DF_BLOCKS 2         /* blocks a multiprocessor, for the launch bounds */
#endif
#ifndef DF_NOWALK
#define DF_NOWALK 0         /* every walk answered at once with 0 (wrong; timing only) */
#endif
#ifndef DF_HINT
#define DF_HINT 0           /* first reads evict_last, second reads and stores evict_first */
#endif
#ifndef DF_FINISH
#define DF_FINISH 1         /* tiles finished a round at most, when their walks have answered */
#endif
#define DF_ITEMS 32
#define DF_TILE (DF_WARPS * 32 * DF_ITEMS)
#define DF_WORKERS (DF_WARPS * 32)
#define DF_THREADS ((DF_WARPS + DF_WALKERS) * 32)
#define DF_SLOTS (DF_TILE / VEC + DF_TILE / VEC / 8)

typedef struct { long long tile, offset; segment own; int needs_before; } df_request;

static __device__ __forceinline__ unsigned long long df_policy(bool keep)
{
  unsigned long long pol;
  if (keep) asm volatile("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(pol));
  else asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(pol));
  return pol;
}

static __device__ __forceinline__ void df_async16(float4 *dst, const float *src,
                                                  unsigned long long pol)
{
  unsigned d = (unsigned)__cvta_generic_to_shared(dst);
  asm volatile("cp.async.cg.shared.global.L2::cache_hint [%0], [%1], 16, %2;"
               :: "r"(d), "l"(src), "l"(pol) : "memory");
}

/* The block's share of tile `tile`'s a and b into sa and sb; keep: the first read. */
template <bool ALIGNED>
static __device__ __forceinline__ void df_copy(const l4_params &p, float4 *sa, float4 *sb,
                                               long long tile, bool keep)
{
  long long first = tile * DF_TILE - p.shift;
  unsigned long long pol = DF_HINT ? df_policy(keep) : 0;
#pragma unroll
  for (int m = 0; m < DF_ITEMS / VEC; m++) {
    int v = threadIdx.x + m * DF_WORKERS;
    long long i = first + (long long)v * VEC;
    if (DF_HINT && ALIGNED && i >= 0 && i + VEC <= p.n) {
      df_async16(&sa[slot(v)], p.a + i, pol);
      df_async16(&sb[slot(v)], p.b + i, pol);
    } else {
      copy_vector<ALIGNED>(&sa[slot(v)], p.a, i, p.n, 1.0f);
      copy_vector<ALIGNED>(&sb[slot(v)], p.b, i, p.n, 0.0f);
    }
  }
  __pipeline_commit();
}

/* Where rows start among this thread's items of a tile whose first element
   has row offset `offset`. */
static __device__ __forceinline__ void df_rows(const l4_params &p, long long offset,
                                               int *first_start, int *step)
{
  long long r = offset + (long long)threadIdx.x * DF_ITEMS;
  r = r < p.len ? r : p.len < DF_TILE ? (long long)((unsigned)r % (unsigned)p.len) : r - p.len;
  *step = p.len < DF_ITEMS ? (int)p.len : DF_ITEMS;
  *first_start = r == 0 ? 0 : p.len - r < DF_ITEMS ? (int)(p.len - r) : DF_ITEMS;
}

template <bool ALIGNED>
static __global__ void __launch_bounds__(DF_THREADS, DF_BLOCKS) l4_defer_kernel(l4_params p)
{
  extern __shared__ float4 df_smem[];
  __shared__ segment warp_sums[DF_WARPS];
  __shared__ df_request req[DF_QUEUE];
  __shared__ volatile long long reqseq[DF_QUEUE], pseq[DF_QUEUE];
  __shared__ volatile float pfx[DF_QUEUE];
  __shared__ long long tile_shared, offset_shared, next_shared, next_offset_shared, finish_shared;
  float4 *sa = df_smem, *sb = df_smem + DF_SLOTS, *ya = df_smem + 2 * DF_SLOTS,
         *yb = df_smem + 3 * DF_SLOTS;
  unsigned long long *cw = (unsigned long long *)(df_smem + 4 * DF_SLOTS);
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  if (threadIdx.x < DF_QUEUE) { reqseq[threadIdx.x] = -1; pseq[threadIdx.x] = -1; }
  if (threadIdx.x == 0) claim_tile(p, DF_TILE, &tile_shared, &offset_shared);
  __syncthreads();
  if (warp >= DF_WARPS) {             /* a walker */
    for (long long k = warp - DF_WARPS;; k += DF_WALKERS) {
      int s = (int)(k % DF_QUEUE);
      if (lane == 0) while (reqseq[s] != k) __nanosleep(32);
      __syncwarp();
      __threadfence_block();
      long long g = *(volatile long long *)&req[s].tile;
      if (g < 0) return;
      segment own = req[s].own;
      int needs = req[s].needs_before;
      float before = 0.0f;
      if (!DF_NOWALK && (needs || g % 32 == 31)) before = walk_groups(p.s, g, own, needs);
      if (lane == 0) { pfx[s] = before; __threadfence_block(); pseq[s] = k; }
    }
  }
  long long g = tile_shared, row_offset = offset_shared, posted = 0, head = 0;
  if (g < p.tiles) df_copy<ALIGNED>(p, sa, sb, g, true);
  for (;;) {
    bool more = g < p.tiles;
    if (more) {
      __pipeline_wait_prior(0);
      bar_sync(BAR_WORKERS, DF_WORKERS);
      int step, first_start;
      df_rows(p, row_offset, &first_start, &step);
      segment mine = first_start < DF_ITEMS ? compose_items<DF_ITEMS>(sa, sb, first_start, step)
                                            : compose_items<DF_ITEMS>(sa, sb, DF_ITEMS, 0);
      segment incl = warp_inclusive_segments(mine);
      segment lane_before = shfl_segment(incl, (lane + 31) & 31);
      if (lane == 0) lane_before = segment_identity();
      if (lane == 31) warp_sums[warp] = incl;
      bar_sync(BAR_WORKERS, DF_WORKERS);
      segment warp_before = segment_identity(), own;
      for (int w = 0; w < warp; w++) warp_before = segment_combine(warp_before, warp_sums[w]);
      own = warp_before;
      for (int w = warp; w < DF_WARPS; w++) own = segment_combine(own, warp_sums[w]);
      if (own.reset) own.a = 1.0f;
      if (threadIdx.x == 0) store_relaxed(&p.s.status[g], segment_word(own));
      int s = (int)(posted % DF_QUEUE);
      cw[s * DF_WORKERS + threadIdx.x] = segment_word(segment_combine(warp_before, lane_before));
      if (threadIdx.x == 0) {
        req[s].tile = g; req[s].offset = row_offset; req[s].own = own;
        req[s].needs_before = g > 0 && row_offset != 0;
        __threadfence_block();
        reqseq[s] = posted;
      }
      posted++;
    } else if (head == posted) break;
    if (threadIdx.x == 0) {
      int hs = (int)(head % DF_QUEUE);
      long long f = -1;
      if (head < posted && (!more || posted - head == DF_QUEUE)) {
        while (pseq[hs] != head) __nanosleep(32);
        f = head;
      } else if (DF_FINISH && head < posted && pseq[hs] == head) f = head;
      __threadfence_block();
      finish_shared = f;
      if (more) {
        unsigned long long ticket = atomicAdd(p.s.ticket, 1ULL);
        tile_of_ticket(p, DF_TILE, ticket, &next_shared, &next_offset_shared);
      } else next_shared = p.tiles;
    }
    bar_sync(BAR_WORKERS, DF_WORKERS);
    long long f = finish_shared, next = next_shared, next_offset = next_offset_shared;
    int fs = (int)(f % DF_QUEUE);
    if (f >= 0) df_copy<ALIGNED>(p, ya, yb, req[fs].tile, false);
    if (next < p.tiles) df_copy<ALIGNED>(p, sa, sb, next, true);
    if (f >= 0) {
      if (next < p.tiles) __pipeline_wait_prior(1); else __pipeline_wait_prior(0);
      bar_sync(BAR_WORKERS, DF_WORKERS);
      int step, first_start;
      df_rows(p, req[fs].offset, &first_start, &step);
      float state = segment_apply(word_segment(cw[fs * DF_WORKERS + threadIdx.x]), pfx[fs]);
      apply_items<DF_ITEMS>(ya, yb, state, first_start < DF_ITEMS ? first_start : DF_ITEMS,
                            first_start < DF_ITEMS ? step : 0);
      bar_sync(BAR_WORKERS, DF_WORKERS);
      long long first = req[fs].tile * DF_TILE - p.shift;
#pragma unroll
      for (int m = 0; m < DF_ITEMS / VEC; m++) {
        int v = threadIdx.x + m * DF_WORKERS;
        store_vector<ALIGNED>(p.h, first + (long long)v * VEC, p.n, (const float *)&yb[slot(v)]);
      }
      head++;
    }
    g = next;
    row_offset = next_offset;
  }
  if (threadIdx.x == 0)   /* every walker's next request: the sentinel */
    for (int w = 0; w < DF_WALKERS; w++) {
      int s = (int)((posted + w) % DF_QUEUE);
      req[s].tile = -1;
      __threadfence_block();
      reqseq[s] = posted + w;
    }
}

static size_t l4_defer_shared_bytes(void)
{
  return 4 * (size_t)DF_SLOTS * sizeof(float4) + (size_t)DF_QUEUE * DF_WORKERS * 8;
}

static cudaError_t l4_defer_launch(l4_params p, bool aligned, cudaStream_t stream)
{
  static int remembered[2][64];
  size_t shared = l4_defer_shared_bytes();
  long long resident = aligned
      ? resident_blocks((const void *)l4_defer_kernel<true>, DF_THREADS, (int)shared, remembered[1])
      : resident_blocks((const void *)l4_defer_kernel<false>, DF_THREADS, (int)shared, remembered[0]);
  if (resident == 0) return cudaErrorInvalidConfiguration;
  p.tiles = l4_tiles(p.n, p.shift, DF_TILE);
  p.s = l4_states(p.s.ticket, p.tiles);
  cudaError_t e = cudaMemsetAsync(p.s.ticket, 0xFF, (size_t)l4_state_bytes(p.tiles), stream);
  if (e != cudaSuccess) return e;
  unsigned grid = grid_for(p.tiles < resident ? p.tiles : resident);
  if (aligned) l4_defer_kernel<true><<<grid, DF_THREADS, shared, stream>>>(p);
  else l4_defer_kernel<false><<<grid, DF_THREADS, shared, stream>>>(p);
  return cudaGetLastError();
}
/* ---- end of the deferred experiment ---- */
