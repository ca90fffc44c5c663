#line 184 "scan.nw"
typedef enum {
  SCAN_L1_BLELLOCH, SCAN_L2_MULTIBLOCK, SCAN_L3_LOOKBACK, SCAN_L3B_LOOKBACK_WARP,
  SCAN_L3C_LOOKBACK_ITEMS, SCAN_L4_ROOFLINE, SCAN_AUTO
} scan_kernel;
/* h[r*len + t] = a[r*len + t] * h[r*len + t - 1] + b[r*len + t], with h = 0 before each row.
   Device pointers, fp32, row-major and contiguous. Asynchronous on `stream`. */
cudaError_t scan_forward(scan_kernel k, const float *a, const float *b, float *h,
                         long long rows, long long len, cudaStream_t stream);
#line 230 "scan.nw"
/* The two-phase form: the most bytes of workspace that a call of this shape may need on
   the current device, whatever the alignment of a, b and h; then the call on a workspace
   of at least that many bytes, aligned to 256 (as cudaMalloc's are). */
size_t scan_workspace_bytes(scan_kernel k, long long rows, long long len);
cudaError_t scan_forward_in(scan_kernel k, const float *a, const float *b, float *h,
                            long long rows, long long len, void *workspace,
                            size_t workspace_bytes, cudaStream_t stream);
#line 272 "scan.nw"
/* h[t] = a[t] * h[t - 1] + b[t] over n elements, with h = 0 before every row start
   offsets[r], r = 0 .. rows (a device array of rows + 1 int64, cu_seqlens).
   Whatever offsets holds, nothing outside a, b, h [0, n) and offsets [0, rows] is
   read or written; well formed (0 = offsets[0] <= ... <= offsets[rows] = n), the
   result is every row's scan, with scan_forward's guarantees. Empty rows are allowed. */
cudaError_t scan_forward_ragged(const float *a, const float *b, float *h, long long n,
                                const long long *offsets, long long rows,
                                cudaStream_t stream);
/* The two-phase form: the workspace bytes a call needs, then the call on them. */
size_t scan_ragged_workspace_bytes(long long n, long long rows);
cudaError_t scan_forward_ragged_in(const float *a, const float *b, float *h, long long n,
                                   const long long *offsets, long long rows,
                                   void *workspace, size_t workspace_bytes,
                                   cudaStream_t stream);
/* A host array of offsets checked: cudaSuccess where well formed, else
   cudaErrorInvalidValue. */
cudaError_t scan_check_offsets(const long long *host_offsets, long long rows, long long n);
#line 7385 "scan.nw"
/* The backward of scan_forward over rows of len, given a and the forward's h, and the
   loss's gradient dh on h: g[t] = dh[t] + a[t+1] * g[t+1] within each row, starting from
   g[len-1] = dh[len-1] + dh_final[r]; then db = g, da[t] = g[t] * h[t-1] with h[-1] =
   h0[r], and dh0[r] = a[first] * g[first]. h0, dh_final and dh0 hold a float a row, or
   are NULL (h0 = 0 as scan_forward starts, no gradient on the last state, dh0 not
   wanted). Asynchronous on stream; db may be dh, no other output may overlap an array. */
cudaError_t scan_backward(const float *a, const float *h, const float *dh,
                          const float *h0, const float *dh_final, float *da, float *db,
                          float *dh0, long long rows, long long len, cudaStream_t stream);
/* The two-phase form: the workspace bytes a call needs, then the call on them. */
size_t scan_backward_workspace_bytes(long long rows, long long len);
cudaError_t scan_backward_in(const float *a, const float *h, const float *dh,
                             const float *h0, const float *dh_final, float *da, float *db,
                             float *dh0, long long rows, long long len, void *workspace,
                             size_t workspace_bytes, cudaStream_t stream);
#line 8239 "scan.nw"
/* The backward of scan_forward_ragged over n elements in rows offsets[r] ..
   offsets[r + 1] - 1 (its offsets): g[t] = dh[t] + a[t+1] * g[t+1] within each row,
   from g = dh at a row's last element; db = g, da[t] = g[t] * h[t-1], with h[t-1] taken
   as 0 at a row's first element. The offsets' promise is scan_forward_ragged's: for any
   values, cudaSuccess, nothing read outside the arrays and offsets, nothing written
   outside da, db and the workspace. db may be dh; no other output may overlap an array
   or the offsets. The two-phase form refuses a null workspace. */
cudaError_t scan_backward_ragged(const float *a, const float *h, const float *dh, float *da,
                                 float *db, long long n, const long long *offsets,
                                 long long rows, cudaStream_t stream);
/* The two-phase form: the workspace bytes a call needs, then the call on them. */
size_t scan_backward_ragged_workspace_bytes(long long n, long long rows);
cudaError_t scan_backward_ragged_in(const float *a, const float *h, const float *dh,
                                    float *da, float *db, long long n,
                                    const long long *offsets, long long rows,
                                    void *workspace, size_t workspace_bytes,
                                    cudaStream_t stream);
#line 9718 "scan.nw"
typedef enum { SCAN_FLOAT32, SCAN_BFLOAT16, SCAN_FLOAT16 } scan_storage;
/* scan_forward(SCAN_AUTO, ...) on a, b and h stored in `storage`: each element widened to
   float, the scan in float32, h rounded to nearest. Pointers on the type's 2 bytes. */
cudaError_t scan_forward_stored(scan_storage storage, const void *a, const void *b, void *h,
                                long long rows, long long len, cudaStream_t stream);
/* The two-phase form: the workspace bytes a call needs, then the call on them. */
size_t scan_stored_workspace_bytes(scan_storage storage, long long rows, long long len);
cudaError_t scan_forward_stored_in(scan_storage storage, const void *a, const void *b,
                                   void *h, long long rows, long long len, void *workspace,
                                   size_t workspace_bytes, cudaStream_t stream);
#line 9732 "scan.nw"
/* scan_backward with a, h, dh, da and db stored in `storage` (h0, dh_final and dh0 stay
   float, a float a row); its workspace is scan_backward_workspace_bytes(rows, len). */
cudaError_t scan_backward_stored(scan_storage storage, const void *a, const void *h,
                                 const void *dh, const float *h0, const float *dh_final,
                                 void *da, void *db, float *dh0, long long rows,
                                 long long len, cudaStream_t stream);
cudaError_t scan_backward_stored_in(scan_storage storage, const void *a, const void *h,
                                    const void *dh, const float *h0,
                                    const float *dh_final, void *da, void *db, float *dh0,
                                    long long rows, long long len, void *workspace,
                                    size_t workspace_bytes, cudaStream_t stream);
#line 12306 "scan.nw"
/* Mamba-1's selective scan, forward. For batch b, channel d of group g = d / (D / G), state
   n and step t, with dt = softplus(delta[t] + delta_bias[d]) (each part where asked):
   x[n] = exp(dt A[d,n]) x[n] + dt B[b,g,n,t] u[t] from x = 0, and
   y[t] = (sum over n of C[b,g,n,t] x[n] + D[d] u[t]) * silu(z[t]). */
typedef struct {
  long long batch, channels, length;   /* B, D, L */
  int state, groups;                   /* N (1 to 64), G (G divides D) */
  const float *u, *delta, *A, *B, *C;  /* (B,D,L), (B,D,L), (D,N), (B,G,N,L), (B,G,N,L) */
  const float *D, *z, *delta_bias;     /* (D), (B,D,L), (D), or NULL */
  bool delta_softplus;
} selective_problem;
#line 12320 "scan.nw"
/* y (B,D,L) and, where last_state is not NULL, the last states x (B,D,N). Asynchronous
   on stream; no output may overlap an input or the other output. */
cudaError_t selective_scan_forward(const selective_problem *p, float *y, float *last_state,
                                   cudaStream_t stream);
/* The two-phase form: the workspace bytes a call needs on this GPU (0: none), then the
   call on them. */
size_t selective_scan_workspace_bytes(const selective_problem *p);
cudaError_t selective_scan_forward_in(const selective_problem *p, float *y, float *last_state,
                                      void *workspace, size_t workspace_bytes,
                                      cudaStream_t stream);
#line 12337 "scan.nw"
#include <cuda_bf16.h>   /* __nv_bfloat16 */
typedef struct {
  long long batch, channels, length;
  int state, groups;
  const __nv_bfloat16 *u, *delta;   /* (B,D,L) */
  const float *A;                   /* (D,N) */
  const __nv_bfloat16 *B, *C;       /* (B,G,N,L) */
  const float *D;                   /* (D) or NULL */
  const __nv_bfloat16 *z;           /* (B,D,L) or NULL */
  const float *delta_bias;          /* (D) or NULL */
  bool delta_softplus;
} selective_problem_bf16;

cudaError_t selective_scan_forward_bf16(const selective_problem_bf16 *p, __nv_bfloat16 *y,
                                        float *last_state, cudaStream_t stream);
size_t selective_scan_workspace_bytes_bf16(const selective_problem_bf16 *p);
cudaError_t selective_scan_forward_bf16_in(const selective_problem_bf16 *p, __nv_bfloat16 *y,
                                           float *last_state, void *workspace,
                                           size_t workspace_bytes, cudaStream_t stream);
#line 397 "scan.nw"
#include <cuda_runtime.h>
#include <cuda_bf16.h>   /* the stored types' conversions, on the host too */
#include <cuda_fp16.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>   /* the lock of scan_forward's kept workspaces */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#line 918 "scan.nw"
#ifdef __CUDA_ARCH__
#define THREAD_FIRST ((int)threadIdx.x)
#define THREAD_STRIDE ((int)blockDim.x)
#define BARRIER() __syncthreads()
#else
#define THREAD_FIRST 0
#define THREAD_STRIDE 1
#define BARRIER() ((void)0)
#endif
#define FOR_EACH_THREAD(tid, count) \
  for (int tid = THREAD_FIRST; tid < (count); tid += THREAD_STRIDE)
#line 22659 "scan.nw"
#include <errno.h>
#line 23592 "scan.nw"
#include <time.h>
#include <cuda_pipeline.h>
#include <cooperative_groups.h>   /* the ring's grid-wide wait at its start */
#line 23602 "scan.nw"
#ifndef SCAN_NO_MAIN
#include <cub/device/device_scan.cuh>
#include <cub/device/device_transform.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/transform_output_iterator.h>
#include <dlfcn.h>
#endif
#line 24883 "scan.nw"
#include <ctype.h>
#include <sys/stat.h>
#line 439 "scan.nw"
/* The map x -> a*x + b.  `real` is float on the GPU and double in the mirrors. */
template <typename real> struct affine { real a, b; };

/* `earlier` then `later`: x -> later.a * (earlier.a * x + earlier.b) + later.b.
   The order of the operands is the whole game: this operator is associative
   but not commutative. */
template <typename real>
static __host__ __device__ __forceinline__ affine<real>
combine(affine<real> earlier, affine<real> later)
{
  affine<real> r;
  r.a = earlier.a * later.a;
  r.b = later.a * earlier.b + later.b;
  return r;
}
#line 463 "scan.nw"
template <typename real>
static __host__ __device__ __forceinline__ affine<real> identity_map(void)
{
  affine<real> e = {(real)1, (real)0};
  return e;
}
#line 480 "scan.nw"
/* The first element of a row starts from h = 0: h0 = a0 * 0 + b0, which
   poisons h0 when a0 is NaN or infinite, as the sequential recurrence does. */
template <typename real>
static __host__ __device__ __forceinline__ affine<real> start_row(affine<real> x)
{
  x.b = x.a * (real)0 + x.b;
  return x;
}
#line 352 "scan.nw"
#ifndef SCAN_NO_MAIN
#line 940 "scan.nw"
typedef enum {
  FAULT_NONE = 0,
  
#line 1454 "scan.nw"
FAULT_UPSWEEP_SWAP,            /* up-sweep combines (right, left)        */
FAULT_DOWNSWEEP_SWAP,          /* down-sweep combines (left sum, parent) */
FAULT_DOWNSWEEP_INDEX,         /* down-sweep left index off by one       */
FAULT_ROOT_NOT_IDENTITY,       /* down-sweep starts from the total       */
FAULT_THREADS_ROUNDED_TO_WARP, /* the original study's max(C/2, 32)      */
#line 943 "scan.nw"
  
#line 1735 "scan.nw"
FAULT_APPLY_SWAP,              /* level 2 applies (local, prefix)        */
FAULT_SPINE_NO_IDENTITY,       /* level 2 spine forgets the identity     */
#line 944 "scan.nw"
  
#line 2198 "scan.nw"
FAULT_WALK_STOPS_AT_AGGREGATE, /* look-back takes an A for a P           */
FAULT_FLAG_BEFORE_VALUE,       /* a tile publishes P before its value    */
FAULT_WALK_ORDER,              /* look-back folds (aggregate, prefix)    */
FAULT_WARP_LANE_ORDER,         /* warp walk folds its lanes nearest first */
FAULT_BACKWARD_FOLD,           /* look-back folds backwards as it walks  */
FAULT_TILE_FROM_BLOCKIDX,      /* tiles taken from blockIdx, no ticket   */
#line 945 "scan.nw"
  
#line 4443 "scan.nw"
FAULT_HELD_LAST_FROM_TILE,     /* held kernel: `last` from the tile      */
FAULT_HELD_PREFIX_EARLY,       /* held kernel: prefix read before DONE   */
FAULT_HELD_WRONG_TILE,         /* held kernel: prefix applied to new tile */
#line 946 "scan.nw"
  
#line 5269 "scan.nw"
FAULT_ROWS_STEP_LAST_PIECE,    /* shared rows: step total = last piece's */
FAULT_ROWS_STATE_AFTER_OWN,    /* shared rows: own total put in front    */
FAULT_ROWS_ONE_SET,            /* shared rows: totals without parity     */
FAULT_ROWS_PARITY_PER_ROW,     /* shared rows: parity restarts each row  */
#line 947 "scan.nw"
  
#line 3416 "scan.nw"
FAULT_GROUPS_FOLD_NEWEST_FIRST, /* groups: a window's totals newest first */
FAULT_GROUPS_SETTLE_SHORT,     /* groups: a settled total one tile short */
FAULT_GROUPS_SETTLE_LEFT_FOLD, /* groups: settled by a left fold         */
FAULT_GROUPS_SETTLE_NO_WAIT,   /* groups: settled over empty aggregates  */
FAULT_GROUPS_SETTLE_STORE,     /* groups: settled by a store, not a swap */
FAULT_GROUPS_SETTLE_SHIFTED,   /* groups: settled from tiles one too late */
FAULT_GROUPS_SKIP_EMPTY,       /* groups: an empty group folded as nothing */
#line 948 "scan.nw"
  
#line 6662 "scan.nw"
FAULT_RING_HOLDER_FOLDS_OWN,   /* ring: a holder folds its own part in too */
FAULT_RING_ROW_START_KEPT,     /* ring: a row start published unreset    */
FAULT_RING_CHAIN_NO_WAIT,      /* ring: a chain warp takes the carry early */
FAULT_RING_EMPTY_BEFORE_MAPS,  /* ring: a holder frees the stage, then reads */
FAULT_RING_TOO_FEW_POSTS,      /* ring: posts fewer than stages + holders */
FAULT_RING_TOO_FEW_RINGS,      /* ring: too few ring blocks for no looks */
FAULT_RING_HOLDERS_PAST_STAGES, /* ring: more holder groups than stages  */
FAULT_RING_STORES_PAST_ROW,    /* ring: a short tile's part stored whole */
FAULT_RING_WALKER_LATE_EMPTY,  /* ring: the walker frees a stage after its post */
FAULT_RING_PRODUCER_SKIPS_EMPTY, /* ring: a stage refilled before it is empty */
FAULT_RING_LOOK_LEFT_FOLD,     /* ring: a walker's look folds left, not as the chain */
FAULT_RING_LOOK_SKIPS_EMPTY,   /* ring: a look folds an unpublished tile as nothing */
FAULT_RING_LOOK_SKIPS_WINDOW,  /* ring: a look starts a window after its carry */
FAULT_RING_HEAD_KEPT,          /* ring: a tile's slots before its row's start not cleared */
#line 949 "scan.nw"
  
#line 7551 "scan.nw"
FAULT_BACKWARD_A_UNSHIFTED,      /* backward: a[t] where a[t+1] belongs           */
FAULT_BACKWARD_FOLD_FORWARD,     /* backward: a thread's items folded lowest first */
FAULT_BACKWARD_ROW_END_KEPT,     /* backward: no reset at a row's end (nor its sum) */
FAULT_BACKWARD_LAST_DROPPED,     /* backward: the last state's gradient dropped    */
FAULT_BACKWARD_DA_OWN_H,         /* backward: da from h[t], not h[t-1]             */
FAULT_BACKWARD_START_LEAKS,      /* backward: da at a row start from the row before */
FAULT_BACKWARD_DH0_UNSCALED,     /* backward: dh0 = g[first], without a[first]     */
#line 8334 "scan.nw"
FAULT_BACKWARD_RAGGED_ENDS_AT_STARTS,   /* backward: a packed row's end marked at its start */
#line 950 "scan.nw"
  
#line 6770 "scan.nw"
FAULT_MARK_ENDS_STORED,   /* marking pass: a span's end words stored, not ORed */
#line 951 "scan.nw"
  
#line 4036 "scan.nw"
FAULT_HEAD_ONE_SHORT,          /* heads: a head starts one element late  */
FAULT_HEAD_UNSHIFTED,          /* heads: a tile's row offset without shift */
FAULT_HEAD_RULE_LOOSE,         /* heads: rows of half a tile read heads  */
#line 952 "scan.nw"
  
#line 10963 "scan.nw"
FAULT_SELECTIVE_B_ONE_LATE,      /* level 5: B[t-1] read with step t's input        */
FAULT_SELECTIVE_A_SIGN,          /* level 5: the sign of A flipped                   */
FAULT_SELECTIVE_D_FORGOTTEN,     /* level 5: the skip D u left out                   */
FAULT_SELECTIVE_SOFTPLUS_TWICE,  /* level 5: softplus applied to delta twice         */
FAULT_SELECTIVE_GROUP_OFF,       /* level 5: a channel reads the next group's B, C   */
FAULT_SELECTIVE_PRODUCT_DROPPED, /* level 5: chunks combined without their decays    */
#line 953 "scan.nw"
  FAULT_COUNT
} fault_kind;

/* Whether the mirror runs with the fault that lives at `site`. */
#define FAULT_AT(fault, site) ((fault) == (site))
#line 965 "scan.nw"
template <typename real>
static __host__ __device__ __forceinline__ affine<real>
combine_at(int site, int fault, affine<real> earlier, affine<real> later)
{
  return FAULT_AT(fault, site) ? combine(later, earlier) : combine(earlier, later);
}
#line 354 "scan.nw"
#else
#line 980 "scan.nw"
#define FAULT_NONE 0
#define FAULT_AT(fault, site) ((void)(fault), false)
#define combine_at(site, fault, earlier, later) ((void)(fault), combine(earlier, later))
#line 356 "scan.nw"
#endif
#line 991 "scan.nw"
template <typename real> struct shared_tile {
  real *a, *b;     /* slots for the two components */
  int slots;       /* how many slots each array has */
  int *overflow;   /* CPU only: the first slot past the end, or -1 */
};
#line 999 "scan.nw"
/* On the CPU, a slot outside the tile is recorded and refused; on the GPU
   every slot is trusted, and compute-sanitizer checks the trust. */
template <typename real>
static __host__ __device__ __forceinline__ bool
tile_slot_ok(shared_tile<real> t, int slot)
{
#ifdef __CUDA_ARCH__
  return true;
#else
  if (slot >= 0 && slot < t.slots) return true;
  if (*t.overflow < 0) *t.overflow = slot;
  return false;
#endif
}
#line 1016 "scan.nw"
static __host__ __device__ __forceinline__ int padded(int i);

template <typename real>
static __host__ __device__ __forceinline__ affine<real>
tile_get(shared_tile<real> t, int i)
{
  int s = padded(i);
  affine<real> x = {(real)NAN, (real)NAN};
  if (tile_slot_ok(t, s)) { x.a = t.a[s]; x.b = t.b[s]; }
  return x;
}

template <typename real>
static __host__ __device__ __forceinline__ void
tile_put(shared_tile<real> t, int i, affine<real> x)
{
  int s = padded(i);
  if (tile_slot_ok(t, s)) { t.a[s] = x.a; t.b[s] = x.b; }
}
#line 1053 "scan.nw"
#define FULL_MASK 0xffffffffu

/* The pair held by the lane `delta` below; lanes below `delta` keep theirs. */
static __device__ __forceinline__ affine<float>
shfl_up_affine(affine<float> x, int delta)
{
  affine<float> y;
  y.a = __shfl_up_sync(FULL_MASK, x.a, delta);
  y.b = __shfl_up_sync(FULL_MASK, x.b, delta);
  return y;
}

/* The pair held by lane `lane`. */
static __device__ __forceinline__ affine<float>
shfl_affine(affine<float> x, int lane)
{
  affine<float> y;
  y.a = __shfl_sync(FULL_MASK, x.a, lane);
  y.b = __shfl_sync(FULL_MASK, x.b, lane);
  return y;
}
#line 1081 "scan.nw"
static __device__ __forceinline__ affine<float>
warp_inclusive_scan(affine<float> x)
{
  int lane = threadIdx.x & 31;
  for (int offset = 1; offset < 32; offset *= 2) {
    affine<float> earlier = shfl_up_affine(x, offset);
    if (lane >= offset) x = combine(earlier, x);
  }
  return x;
}
#line 1144 "scan.nw"
typedef cudaError_t (*scan_launcher)(const float *a, const float *b, float *h,
                                     long long rows, long long len,
                                     void *workspace, cudaStream_t stream);

static unsigned grid_for(long long blocks)
{
  return (unsigned)(blocks < 0x7fffffffLL ? blocks : 0x7fffffffLL);
}
#line 1170 "scan.nw"
#ifndef SCAN_NO_MAIN
#line 1101 "scan.nw"
#define L0_THREADS 1024

/* One row per block, in chunks of L0_THREADS; `carry` composes the chunks
   already done. */
static __global__ void __launch_bounds__(L0_THREADS)
l0_kernel(const float *a, const float *b, float *h, long long rows, long long len)
{
  __shared__ affine<float> warp_sums[32];
  for (long long row = blockIdx.x; row < rows; row += gridDim.x) {
    long long base = row * len;
    affine<float> carry = identity_map<float>();
    for (long long start = 0; start < len; start += L0_THREADS) {
      
#line 1120 "scan.nw"
int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
long long i = start + threadIdx.x;
affine<float> x = identity_map<float>();
if (i < len) { x.a = a[base + i]; x.b = b[base + i]; }
if (i == 0) x = start_row(x);
x = warp_inclusive_scan(x);
if (lane == 31) warp_sums[warp] = x;
__syncthreads();
if (warp == 0) warp_sums[lane] = warp_inclusive_scan(warp_sums[lane]);
__syncthreads();
if (warp > 0) x = combine(warp_sums[warp - 1], x);
if (i < len) h[base + i] = combine(carry, x).b;
carry = combine(carry, warp_sums[31]);
__syncthreads();
#line 1114 "scan.nw"
    }
  }
}
#line 1155 "scan.nw"
static cudaError_t l0_launch(const float *a, const float *b, float *h,
                             long long rows, long long len, void *workspace,
                             cudaStream_t stream)
{
  (void)workspace;
  l0_kernel<<<grid_for(rows), L0_THREADS, 0, stream>>>(a, b, h, rows, len);
  return cudaGetLastError();
}
#line 1173 "scan.nw"
#endif
#line 1215 "scan.nw"
static __host__ __device__ __forceinline__ int blelloch_left(int offset, int tid)
{
  return offset * (2 * tid + 1) - 1;
}

static __host__ __device__ __forceinline__ int blelloch_right(int offset, int tid)
{
  return offset * (2 * tid + 2) - 1;
}
#line 1231 "scan.nw"
template <typename real>
static __host__ __device__ __forceinline__ void
upsweep_step(shared_tile<real> t, int offset, int tid, int fault)
{
  int left = blelloch_left(offset, tid), right = blelloch_right(offset, tid);
  tile_put(t, right, combine_at(FAULT_UPSWEEP_SWAP, fault,
                                tile_get(t, left), tile_get(t, right)));
}

template <typename real>
static __host__ __device__ __forceinline__ void
downsweep_step(shared_tile<real> t, int offset, int tid, int fault)
{
  int left = blelloch_left(offset, tid) + FAULT_AT(fault, FAULT_DOWNSWEEP_INDEX);
  int right = blelloch_right(offset, tid);
  affine<real> parent = tile_get(t, right), left_sum = tile_get(t, left);
  tile_put(t, left, parent);
  tile_put(t, right, combine_at(FAULT_DOWNSWEEP_SWAP, fault, parent, left_sum));
}
#line 1258 "scan.nw"
template <typename real>
static __host__ __device__ __forceinline__ void
clear_root(shared_tile<real> t, int n, int fault)
{
  tile_put(t, n, tile_get(t, n - 1));
  if (!FAULT_AT(fault, FAULT_ROOT_NOT_IDENTITY)) tile_put(t, n - 1, identity_map<real>());
}
#line 1268 "scan.nw"
/* Exclusive scan of the n slots of `t` (n a power of two, n/2 threads);
   the total ends up in slot n. */
template <typename real>
static __host__ __device__ void blelloch_exclusive(shared_tile<real> t, int n,
                                                   int fault)
{
  int offset = 1;
  for (int d = n >> 1; d > 0; d >>= 1, offset *= 2) {
    BARRIER();
    FOR_EACH_THREAD(tid, d) upsweep_step(t, offset, tid, fault);
  }
  BARRIER();
  FOR_EACH_THREAD(tid, 1) clear_root(t, n, fault);
  for (int d = 1; d < n; d *= 2) {
    offset >>= 1;
    BARRIER();
    FOR_EACH_THREAD(tid, d) downsweep_step(t, offset, tid, fault);
  }
  BARRIER();
}
#line 1301 "scan.nw"
/* One spare slot after every 32, so that strided accesses spread over the
   32 banks. */
static __host__ __device__ __forceinline__ int padded(int i)
{
  return i + (i >> 5);
}
#line 1316 "scan.nw"
static __host__ __device__ __forceinline__ int blelloch_size(int count)
{
  int n = 2;
  while (n < count) n *= 2;
  return n;
}

static __host__ __device__ __forceinline__ int blelloch_threads(int n, int fault)
{
  if (FAULT_AT(fault, FAULT_THREADS_ROUNDED_TO_WARP) && n / 2 < 32) return 32;
  return n / 2;
}

static __host__ __device__ __forceinline__ int blelloch_slots(int n)
{
  return padded(n) + 1;
}
#line 1348 "scan.nw"
template <typename real>
static __host__ __device__ void
blelloch_load(shared_tile<real> t, const float *a, const float *b, int count,
              int n, bool row_start, int fault)
{
  int threads = blelloch_threads(n, fault);
  FOR_EACH_THREAD(tid, threads) {
    for (int k = 0; k < 2; k++) {
      int i = tid + k * threads;
      affine<real> x = identity_map<real>();
      if (i < count) { x.a = a[i]; x.b = b[i]; }
      if (i == 0 && row_start) x = start_row(x);
      tile_put(t, i, x);
    }
  }
}
#line 1370 "scan.nw"
template <typename real>
static __host__ __device__ void
blelloch_store(shared_tile<real> t, real *out_a, real *out_b,
               affine<real> *total, int count, int n, int fault)
{
  int threads = blelloch_threads(n, fault);
  FOR_EACH_THREAD(tid, threads) {
    for (int k = 0; k < 2; k++) {
      int i = tid + k * threads;
      if (i >= count) continue;
      affine<real> y = tile_get(t, i + 1);
      if (out_a) out_a[i] = y.a;
      out_b[i] = y.b;
    }
  }
  if (total) FOR_EACH_THREAD(tid, 1) *total = tile_get(t, n);
}
#line 1390 "scan.nw"
template <typename real>
static __host__ __device__ void
blelloch_tile(shared_tile<real> t, const float *a, const float *b, int count,
              int n, bool row_start, real *out_a, real *out_b,
              affine<real> *total, int fault)
{
  blelloch_load(t, a, b, count, n, row_start, fault);
  blelloch_exclusive(t, n, fault);
  blelloch_store(t, out_a, out_b, total, count, n, fault);
}
#line 1408 "scan.nw"
#define L1_MAX_LEN 2048

static __global__ void __launch_bounds__(L1_MAX_LEN / 2)
l1_kernel(const float *a, const float *b, float *h, long long rows, int len)
{
  extern __shared__ float l1_shared[];
  int n = blelloch_size(len), slots = blelloch_slots(n);
  shared_tile<float> t = {l1_shared, l1_shared + slots, slots, NULL};
  for (long long row = blockIdx.x; row < rows; row += gridDim.x) {
    long long base = row * len;
    blelloch_tile(t, a + base, b + base, len, n, true, (float *)NULL,
                  h + base, (affine<float> *)NULL, FAULT_NONE);
    __syncthreads();
  }
}
#line 1431 "scan.nw"
static cudaError_t l1_launch(const float *a, const float *b, float *h,
                             long long rows, long long len, void *workspace,
                             cudaStream_t stream)
{
  int n = blelloch_size((int)len);
  size_t shared = 2 * (size_t)blelloch_slots(n) * sizeof(float);
  (void)workspace;
  l1_kernel<<<grid_for(rows), blelloch_threads(n, FAULT_NONE), shared, stream>>>(
      a, b, h, rows, (int)len);
  return cudaGetLastError();
}
#line 1545 "scan.nw"
#define L2_TILE 2048
#define L2_MAX_LEN ((long long)L2_TILE * L2_TILE)

typedef struct { long long row, index, start; int count; } tile_place;

static __host__ __device__ __forceinline__ tile_place
place_tile(long long g, long long len, long long tiles_per_row, int tile)
{
  tile_place p;
  p.row = g / tiles_per_row;
  p.index = g - p.row * tiles_per_row;
  p.start = p.row * len + p.index * tile;
  p.count = (int)(len - p.index * tile < tile ? len - p.index * tile : tile);
  return p;
}
#line 1569 "scan.nw"
/* Exclusive scan of one row's `count` tile totals, in place. */
template <typename real>
static __host__ __device__ void spine_scan(shared_tile<real> t,
                                           affine<real> *spine, int count,
                                           int fault)
{
  int n = blelloch_size(count), threads = blelloch_threads(n, FAULT_NONE);
  FOR_EACH_THREAD(tid, threads)
    for (int i = tid; i < n; i += threads)
      tile_put(t, i, i < count ? spine[i] : identity_map<real>());
  blelloch_exclusive(t, n, fault);
  FOR_EACH_THREAD(tid, threads)
    for (int i = tid; i < count; i += threads) spine[i] = tile_get(t, i);
}
#line 1592 "scan.nw"
template <typename real>
static __host__ __device__ void apply_tile(real *h, const real *local_a,
                                           affine<real> prefix, int count,
                                           int fault)
{
  FOR_EACH_THREAD(i, count) {
    affine<real> local = {local_a[i], h[i]};
    h[i] = combine_at(FAULT_APPLY_SWAP, fault, prefix, local).b;
  }
}
#line 1609 "scan.nw"
static __global__ void __launch_bounds__(L2_TILE / 2)
l2_tile_kernel(const float *a, const float *b, float *h, float *local_a,
               affine<float> *spine, long long rows, long long len,
               long long tiles_per_row)
{
  extern __shared__ float l2_shared[];
  int slots = blelloch_slots(L2_TILE);
  shared_tile<float> t = {l2_shared, l2_shared + slots, slots, NULL};
  for (long long g = blockIdx.x; g < rows * tiles_per_row; g += gridDim.x) {
    tile_place p = place_tile(g, len, tiles_per_row, L2_TILE);
    blelloch_tile(t, a + p.start, b + p.start, p.count, L2_TILE, p.index == 0,
                  local_a + p.start, h + p.start, spine + g, FAULT_NONE);
    __syncthreads();
  }
}
#line 1627 "scan.nw"
static __global__ void __launch_bounds__(L2_TILE / 2)
l2_spine_kernel(affine<float> *spine, long long rows, int tiles_per_row)
{
  extern __shared__ float l2_shared[];
  int slots = blelloch_slots(blelloch_size(tiles_per_row));
  shared_tile<float> t = {l2_shared, l2_shared + slots, slots, NULL};
  for (long long row = blockIdx.x; row < rows; row += gridDim.x) {
    spine_scan(t, spine + row * tiles_per_row, tiles_per_row, FAULT_NONE);
    __syncthreads();
  }
}

static __global__ void __launch_bounds__(L2_TILE / 2)
l2_apply_kernel(float *h, const float *local_a, const affine<float> *spine,
                long long rows, long long len, long long tiles_per_row)
{
  for (long long g = blockIdx.x; g < rows * tiles_per_row; g += gridDim.x) {
    tile_place p = place_tile(g, len, tiles_per_row, L2_TILE);
    apply_tile(h + p.start, local_a + p.start, spine[g], p.count, FAULT_NONE);
  }
}
#line 1658 "scan.nw"
static long long round_up(long long x, long long to) { return (x + to - 1) / to * to; }

static size_t l2_workspace_bytes(long long rows, long long len, bool aligned)
{
  long long tiles = rows * ((len + L2_TILE - 1) / L2_TILE);
  return (size_t)(round_up(rows * len * (long long)sizeof(float), 256) +
                  tiles * (long long)sizeof(affine<float>));
}
#line 1669 "scan.nw"
static cudaError_t l2_launch(const float *a, const float *b, float *h,
                             long long rows, long long len, void *workspace,
                             cudaStream_t stream)
{
  long long per_row = (len + L2_TILE - 1) / L2_TILE, tiles = rows * per_row;
  float *local_a = (float *)workspace;
  affine<float> *spine = (affine<float> *)((char *)workspace +
                          round_up(rows * len * (long long)sizeof(float), 256));
  int spine_n = blelloch_size((int)per_row);
  size_t tile_shared = 2 * (size_t)blelloch_slots(L2_TILE) * sizeof(float);
  size_t spine_shared = 2 * (size_t)blelloch_slots(spine_n) * sizeof(float);
  
#line 1686 "scan.nw"
l2_tile_kernel<<<grid_for(tiles), L2_TILE / 2, tile_shared, stream>>>(
    a, b, h, local_a, spine, rows, len, per_row);
cudaError_t e = cudaGetLastError();
if (e != cudaSuccess) return e;
l2_spine_kernel<<<grid_for(rows), blelloch_threads(spine_n, FAULT_NONE),
                  spine_shared, stream>>>(spine, rows, (int)per_row);
if ((e = cudaGetLastError()) != cudaSuccess) return e;
l2_apply_kernel<<<grid_for(tiles), L2_TILE / 2, 0, stream>>>(
    h, local_a, spine, rows, len, per_row);
#line 1681 "scan.nw"
  return cudaGetLastError();
}
#line 1887 "scan.nw"
enum { TILE_EMPTY = 0, TILE_AGGREGATE = 1, TILE_PREFIX = 2 };

typedef struct {
  int *flag;                  /* per tile: EMPTY, AGGREGATE or PREFIX     */
  affine<float> *aggregate;   /* the tile's own composition (flag >= A)  */
  affine<float> *inclusive;   /* row start through the tile (flag == P)  */
  unsigned long long *ticket; /* the next tile number to hand out        */
} tile_states;
#line 1903 "scan.nw"
static __device__ __forceinline__ void store_volatile(affine<float> *p,
                                                      affine<float> v)
{
  volatile float *q = (volatile float *)p;
  q[0] = v.a;
  q[1] = v.b;
}

static __device__ __forceinline__ affine<float> load_volatile(const affine<float> *p)
{
  const volatile float *q = (const volatile float *)p;
  affine<float> v = {q[0], q[1]};
  return v;
}
#line 1920 "scan.nw"
/* The value, a fence, then the flag: no reader sees the flag first. */
static __device__ void publish(tile_states s, long long g, int flag,
                               affine<float> value)
{
  store_volatile(flag == TILE_PREFIX ? &s.inclusive[g] : &s.aggregate[g], value);
  __threadfence();
  ((volatile int *)s.flag)[g] = flag;
}

/* The flag, spinning while the tile is empty, then a fence: reads of the
   value come after. */
static __device__ int wait_for_flag(tile_states s, long long g)
{
  int f;
  while ((f = ((volatile int *)s.flag)[g]) == TILE_EMPTY) continue;
  __threadfence();
  return f;
}
#line 2118 "scan.nw"
static long long tile_flags_bytes(long long tiles)
{
  return 256 + round_up(tiles * (long long)sizeof(int), 256);
}

static size_t lookback_workspace_bytes(long long tiles)
{
  return (size_t)(tile_flags_bytes(tiles) +
                  2 * tiles * (long long)sizeof(affine<float>));
}
#line 2131 "scan.nw"
/* Carve the workspace into tile states and clear the ticket and flags. */
static cudaError_t tile_states_init(void *workspace, long long tiles,
                                    tile_states *s, cudaStream_t stream)
{
  char *base = (char *)workspace;
  s->ticket = (unsigned long long *)base;
  s->flag = (int *)(base + 256);
  s->aggregate = (affine<float> *)(base + tile_flags_bytes(tiles));
  s->inclusive = s->aggregate + tiles;
  return cudaMemsetAsync(base, 0, (size_t)tile_flags_bytes(tiles), stream);
}
#line 1988 "scan.nw"
/* Serial walk: back to the nearest inclusive prefix, then forward through
   the aggregates after it, oldest first. */
static __device__ affine<float> walk_serial(tile_states s, long long g)
{
  long long j = g - 1;
  while (wait_for_flag(s, j) != TILE_PREFIX) j--;
  affine<float> acc = load_volatile(&s.inclusive[j]);
  for (j++; j < g; j++) acc = combine(acc, load_volatile(&s.aggregate[j]));
  return acc;
}
#line 2008 "scan.nw"
enum { WALK_SERIAL, WALK_WARP };
static __device__ affine<float> walk_warp(tile_states s, long long g,
                                          long long first);

template <int WALK>
static __device__ affine<float> look_back(tile_states s, long long g,
                                          long long index_in_row,
                                          affine<float> total)
{
  bool leader = (threadIdx.x & 31) == 0;
  if (index_in_row == 0) {
    if (leader) publish(s, g, TILE_PREFIX, total);
    return identity_map<float>();
  }
  if (leader) publish(s, g, TILE_AGGREGATE, total);
  affine<float> prefix = WALK == WALK_SERIAL ? walk_serial(s, g)
                                             : walk_warp(s, g, g - index_in_row);
  if (leader) publish(s, g, TILE_PREFIX, combine(prefix, total));
  return prefix;
}
#line 2039 "scan.nw"
/* Returns the composition of the elements of the threads before this one;
   *total gets the whole block's. `warp_sums` is shared, one slot a warp. */
static __device__ affine<float> block_exclusive_scan(affine<float> x,
                                                     affine<float> *total,
                                                     affine<float> *warp_sums)
{
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, warps = blockDim.x >> 5;
  affine<float> inclusive = warp_inclusive_scan(x);
  affine<float> before = shfl_up_affine(inclusive, 1);
  if (lane == 0) before = identity_map<float>();
  if (lane == 31) warp_sums[warp] = inclusive;
  __syncthreads();
  affine<float> warp_before = identity_map<float>(), all;
  for (int w = 0; w < warp; w++) warp_before = combine(warp_before, warp_sums[w]);
  all = warp_before;
  for (int w = warp; w < warps; w++) all = combine(all, warp_sums[w]);
  *total = all;
  return combine(warp_before, before);
}
#line 2066 "scan.nw"
static __device__ long long take_ticket(tile_states s, long long *shared_slot)
{
  __syncthreads();
  if (threadIdx.x == 0) *shared_slot = (long long)atomicAdd(s.ticket, 1ULL);
  __syncthreads();
  return *shared_slot;
}
#line 2080 "scan.nw"
#define L3_THREADS 256

template <int WALK>
static __global__ void __launch_bounds__(L3_THREADS)
l3_kernel(const float *a, const float *b, float *h, long long len,
          long long tiles_per_row, long long tiles, tile_states s)
{
  __shared__ affine<float> warp_sums[L3_THREADS / 32], prefix_shared;
  __shared__ long long tile_shared;
  for (;;) {
    long long g = take_ticket(s, &tile_shared);
    if (g >= tiles) break;
    
#line 2099 "scan.nw"
tile_place p = place_tile(g, len, tiles_per_row, L3_THREADS);
int i = threadIdx.x;
affine<float> x = identity_map<float>(), total;
if (i < p.count) { x.a = a[p.start + i]; x.b = b[p.start + i]; }
if (p.index == 0 && i == 0) x = start_row(x);
affine<float> mine = combine(block_exclusive_scan(x, &total, warp_sums), x);
if (WALK == WALK_SERIAL ? threadIdx.x == 0 : threadIdx.x < 32) {
  affine<float> prefix = look_back<WALK>(s, g, p.index, total);
  if (threadIdx.x == 0) prefix_shared = prefix;
}
__syncthreads();
if (i < p.count) h[p.start + i] = combine(prefix_shared, mine).b;
#line 2093 "scan.nw"
    if (gridDim.x >= tiles) break;
  }
}
#line 2145 "scan.nw"
static long long l3_tiles(long long rows, long long len, int tile)
{
  return rows * ((len + tile - 1) / tile);
}

template <int WALK>
static size_t l3_workspace_bytes(long long rows, long long len, bool aligned)
{
  return lookback_workspace_bytes(l3_tiles(rows, len, L3_THREADS));
}
#line 2158 "scan.nw"
template <int WALK>
static cudaError_t l3_launch(const float *a, const float *b, float *h,
                             long long rows, long long len, void *workspace,
                             cudaStream_t stream)
{
  long long tiles = l3_tiles(rows, len, L3_THREADS);
  tile_states s;
  cudaError_t e = tile_states_init(workspace, tiles, &s, stream);
  if (e != cudaSuccess) return e;
  l3_kernel<WALK><<<grid_for(tiles), L3_THREADS, 0, stream>>>(
      a, b, h, len, tiles / rows, tiles, s);
  return cudaGetLastError();
}
#line 2218 "scan.nw"
/* Find the nearest predecessor with P, 32 at a time. Returns the window
   (lane k looked at tile window - k) and, in *lane_of_prefix, the lane. */
static __device__ long long find_prefix_warp(tile_states s, long long g,
                                             long long first,
                                             int *lane_of_prefix)
{
  int lane = threadIdx.x & 31;
  for (long long window = g - 1;;) {
    long long j = window - lane;
    int f = j >= first ? ((volatile int *)s.flag)[j] : (int)TILE_PREFIX;
    unsigned empty = __ballot_sync(FULL_MASK, f == TILE_EMPTY);
    unsigned prefix = __ballot_sync(FULL_MASK, f == TILE_PREFIX);
    unsigned nearest = prefix & (0u - prefix);
    if (empty & (nearest ? nearest | (nearest - 1) : FULL_MASK)) continue;
    if (nearest) { *lane_of_prefix = __ffs(prefix) - 1; return window; }
    window -= 32;
  }
}
#line 2264 "scan.nw"
static __device__ affine<float> walk_warp(tile_states s, long long g,
                                          long long first)
{
  int lane = threadIdx.x & 31, p;
  long long window = find_prefix_warp(s, g, first, &p);
  __threadfence();
  affine<float> mine = identity_map<float>();
  if (lane == p) mine = load_volatile(&s.inclusive[window - p]);
  affine<float> acc = shfl_affine(mine, p);
  for (long long w = window; w < g; w += 32) {
    int top = w == window ? p - 1 : 31;
    mine = lane <= top ? load_volatile(&s.aggregate[w - lane]) : identity_map<float>();
    for (int k = top; k >= 0; k--) acc = combine(acc, shfl_affine(mine, k));
  }
  return acc;
}
#line 2317 "scan.nw"
template <int ITEMS>
static __global__ void __launch_bounds__(L3_THREADS)
l3c_kernel(const float *a, const float *b, float *h, long long len,
           long long tiles_per_row, long long tiles, tile_states s)
{
  __shared__ affine<float> warp_sums[L3_THREADS / 32], prefix_shared;
  __shared__ long long tile_shared;
  for (;;) {
    long long g = take_ticket(s, &tile_shared);
    if (g >= tiles) break;
    tile_place p = place_tile(g, len, tiles_per_row, L3_THREADS * ITEMS);
    int first = threadIdx.x * ITEMS;
    affine<float> x[ITEMS], total;
    
#line 2344 "scan.nw"
#pragma unroll
for (int k = 0; k < ITEMS; k++) {
  x[k] = identity_map<float>();
  if (first + k < p.count) {
    x[k].a = a[p.start + first + k];
    x[k].b = b[p.start + first + k];
  }
}
if (p.index == 0 && first == 0) x[0] = start_row(x[0]);
#line 2331 "scan.nw"
    
#line 2356 "scan.nw"
affine<float> mine = x[0];
#pragma unroll
for (int k = 1; k < ITEMS; k++) mine = combine(mine, x[k]);
affine<float> before = block_exclusive_scan(mine, &total, warp_sums);
if (threadIdx.x < 32) {
  affine<float> prefix = look_back<WALK_WARP>(s, g, p.index, total);
  if (threadIdx.x == 0) prefix_shared = prefix;
}
__syncthreads();
affine<float> acc = combine(prefix_shared, before);
#pragma unroll
for (int k = 0; k < ITEMS; k++) {
  acc = combine(acc, x[k]);
  if (first + k < p.count) h[p.start + first + k] = acc.b;
}
#line 2332 "scan.nw"
    if (gridDim.x >= tiles) break;
  }
}
#line 2374 "scan.nw"
template <int ITEMS>
static size_t l3c_workspace_bytes(long long rows, long long len, bool aligned)
{
  return lookback_workspace_bytes(l3_tiles(rows, len, L3_THREADS * ITEMS));
}

template <int ITEMS>
static cudaError_t l3c_launch(const float *a, const float *b, float *h,
                              long long rows, long long len, void *workspace,
                              cudaStream_t stream)
{
  long long tiles = l3_tiles(rows, len, L3_THREADS * ITEMS);
  tile_states s;
  cudaError_t e = tile_states_init(workspace, tiles, &s, stream);
  if (e != cudaSuccess) return e;
  l3c_kernel<ITEMS><<<grid_for(tiles), L3_THREADS, 0, stream>>>(
      a, b, h, len, tiles / rows, tiles, s);
  return cudaGetLastError();
}
#line 2682 "scan.nw"
/* A stretch of the flattened rows: x -> a*x + b, or, with `reset`, a stretch
   containing a row start, which no longer depends on what came before (its
   `a` is then never read). */
typedef struct { float a, b; int reset; } segment;

static __device__ __forceinline__ segment segment_combine(segment earlier,
                                                          segment later)
{
  if (later.reset) return later;
  segment r = {earlier.a * later.a, fmaf(later.a, earlier.b, later.b),
               earlier.reset};
  return r;
}
#line 2703 "scan.nw"
static __device__ __forceinline__ segment segment_identity(void)
{
  segment e = {1.0f, 0.0f, 0};
  return e;
}

/* An element as a segment; the first of a row resets, starting from h = 0. */
static __device__ __forceinline__ segment element(float a, float b, bool first)
{
  segment x = {a, first ? fmaf(a, 0.0f, b) : b, first};
  return x;
}
#line 2725 "scan.nw"
/* The warp scan of segments none of which resets: plain affine maps. */
static __device__ __forceinline__ segment warp_inclusive_maps(segment x)
{
  int lane = threadIdx.x & 31;
  for (int offset = 1; offset < 32; offset *= 2) {
    float a = __shfl_up_sync(FULL_MASK, x.a, offset);
    float b = __shfl_up_sync(FULL_MASK, x.b, offset);
    if (lane >= offset) { x.b = fmaf(x.a, b, x.b); x.a = a * x.a; }
  }
  return x;
}
#line 2741 "scan.nw"
static __device__ __forceinline__ segment shfl_segment(segment x, int lane)
{
  segment y = {__shfl_sync(FULL_MASK, x.a, lane), __shfl_sync(FULL_MASK, x.b, lane),
               __shfl_sync(FULL_MASK, x.reset, lane)};
  return y;
}

static __device__ __forceinline__ segment warp_inclusive_segments(segment x)
{
  int lane = threadIdx.x & 31;
  if (!__any_sync(FULL_MASK, x.reset)) return warp_inclusive_maps(x);
  for (int offset = 1; offset < 32; offset *= 2) {
    segment y = {__shfl_up_sync(FULL_MASK, x.a, offset),
                 __shfl_up_sync(FULL_MASK, x.b, offset),
                 __shfl_up_sync(FULL_MASK, x.reset, offset)};
    if (lane >= offset) x = segment_combine(y, x);
  }
  return x;
}
#line 2793 "scan.nw"
#define VEC 4   /* floats per vector */
#line 9423 "scan.nw"
/* Stored types: a float as itself, or two bytes widened exactly to float; a float
   rounds to nearest (even) into one. */
static __host__ __device__ __forceinline__ float widen(float x) { return x; }
static __host__ __device__ __forceinline__ float widen(__nv_bfloat16 x)
{
  return __bfloat162float(x);
}
static __host__ __device__ __forceinline__ float widen(__half x) { return __half2float(x); }
static __device__ __forceinline__ void round_to(float *d, float x) { *d = x; }
static __device__ __forceinline__ void round_to(__nv_bfloat16 *d, float x)
{
  *d = __float2bfloat16_rn(x);
}
static __device__ __forceinline__ void round_to(__half *d, float x) { *d = __float2half_rn(x); }
#line 9443 "scan.nw"
template <typename T>
union stored_vector { T x[VEC]; uint2 raw; };

/* Four two-byte elements, as the 8 bytes they were copied in, widened to four floats. */
template <typename T>
static __device__ __forceinline__ float4 widen_vector(uint2 raw)
{
  stored_vector<T> v;
  v.raw = raw;
  return make_float4(widen(v.x[0]), widen(v.x[1]), widen(v.x[2]), widen(v.x[3]));
}
#line 9460 "scan.nw"
static __device__ __forceinline__ void store_whole(float *dst, float4 f)
{
  __stcg((float4 *)dst, f);
}

/* 1 in the 16 bits of each two-byte type. */
static __device__ __forceinline__ unsigned stored_one_bits(const __nv_bfloat16 *)
{
  return 0x3F80u;
}
static __device__ __forceinline__ unsigned stored_one_bits(const __half *) { return 0x3C00u; }

/* Four floats rounded to nearest into the 8 bytes of four two-byte elements. */
template <typename T>
static __device__ __forceinline__ uint2 round_vector(float4 f)
{
  stored_vector<T> v;
  round_to(&v.x[0], f.x);
  round_to(&v.x[1], f.y);
  round_to(&v.x[2], f.z);
  round_to(&v.x[3], f.w);
  return v.raw;
}

template <typename T>
static __device__ __forceinline__ void store_whole(T *dst, float4 f)
{
  __stcg((uint2 *)dst, round_vector<T>(f));
}

/* Four two-byte elements already rounded, as their 8 bytes. */
template <typename T>
static __device__ __forceinline__ void store_whole(T *dst, uint2 raw)
{
  __stcg((uint2 *)dst, raw);
}
#line 9505 "scan.nw"
template <typename T> struct tile_slot { typedef uint2 type; };   /* two bytes an element */
template <> struct tile_slot<float> { typedef float4 type; };

template <typename T>
static __device__ __forceinline__ float4 slot_floats(float4 s) { return s; }
template <typename T>
static __device__ __forceinline__ float4 slot_floats(uint2 s) { return widen_vector<T>(s); }
template <typename T>
static __device__ __forceinline__ void slot_write(float4 *d, float4 f) { *d = f; }
template <typename T>
static __device__ __forceinline__ void slot_write(uint2 *d, float4 f)
{
  *d = round_vector<T>(f);
}
#line 9526 "scan.nw"
template <typename T>
static __device__ __forceinline__ const T *as_stored(const float *p)
{
  return (const T *)(const void *)p;
}

template <typename T>
static __device__ __forceinline__ T *as_stored(float *p)
{
  return (T *)(void *)p;
}
#line 2806 "scan.nw"
template <bool ALIGNED, typename T>   /* T: float, or a type stored in two bytes */
static __device__ __forceinline__ void copy_vector(float4 *dst, const T *src,
                                                   long long i, long long n, float fill)
{
  float *d = (float *)dst;
  if (ALIGNED && i >= 0 && i + VEC <= n) {
    __pipeline_memcpy_async(d, src + i, VEC * sizeof(T));   /* two bytes: widened later */
    return;
  }
#pragma unroll
  for (int k = 0; k < VEC; k++) {
    if (i + k >= 0 && i + k < n) {
      if (sizeof(T) == 4) __pipeline_memcpy_async(d + k, src + i + k, 4);
      else d[k] = widen(src[i + k]);   /* two bytes: widened as it is copied */
    } else {
      d[k] = fill;
    }
  }
}

/* Into a two-byte tile's slot of 8 bytes: the elements as they are stored. */
template <bool ALIGNED, typename T>
static __device__ __forceinline__ void copy_vector(uint2 *dst, const T *src,
                                                   long long i, long long n, float fill)
{
  if (ALIGNED && i >= 0 && i + VEC <= n) {
    __pipeline_memcpy_async(dst, src + i, VEC * sizeof(T));
    return;
  }
  const unsigned short *bits = (const unsigned short *)src;
  unsigned short *d = (unsigned short *)dst;
  unsigned short fill_bits = fill != 0.0f ? stored_one_bits(src) : 0;   /* 1 or 0 */
#pragma unroll
  for (int k = 0; k < VEC; k++) d[k] = i + k >= 0 && i + k < n ? bits[i + k] : fill_bits;
}
#line 2850 "scan.nw"
template <bool ALIGNED, typename T>
static __device__ __forceinline__ void store_vector(T *dst, long long i,
                                                    long long n, const float *v)
{
  if (ALIGNED && i >= 0 && i + VEC <= n) {
    store_whole(dst + i, make_float4(v[0], v[1], v[2], v[3]));
  } else {
#pragma unroll
    for (int k = 0; k < VEC; k++)
      if (i + k >= 0 && i + k < n) round_to(&dst[i + k], v[k]);
  }
}

template <bool ALIGNED, typename T>
static __device__ __forceinline__ void store_vector(T *dst, long long i, long long n,
                                                    const float4 &slot)
{
  store_vector<ALIGNED>(dst, i, n, (const float *)&slot);
}

/* From a two-byte tile's slot: the 8 bytes, rounded already. */
template <bool ALIGNED, typename T>
static __device__ __forceinline__ void store_vector(T *dst, long long i, long long n,
                                                    const uint2 &slot)
{
  if (ALIGNED && i >= 0 && i + VEC <= n) {
    store_whole(dst + i, slot);
    return;
  }
  unsigned short *bits = (unsigned short *)dst;
  unsigned e[VEC] = {slot.x & 0xFFFFu, slot.x >> 16, slot.y & 0xFFFFu, slot.y >> 16};
#pragma unroll
  for (int k = 0; k < VEC; k++)
    if (i + k >= 0 && i + k < n) bits[i + k] = (unsigned short)e[k];
}
#line 3015 "scan.nw"
/* The upper half of a status word: a segment's a, or one of two NaNs that
   arithmetic never produces. */
#define WORD_EMPTY 0xFFFFFFFFu   /* nothing published yet */
#define WORD_KNOWN 0xFFFFFFFEu   /* the lower half is the state through here */

typedef struct {
  unsigned long long *ticket;        /* the next tile, less one: starts all ones */
  unsigned long long *status;        /* per tile */
  unsigned long long *group_status;  /* per group of 32 tiles */
  unsigned long long *known;         /* the ring's: its chain block's states, per tile */
} packed_states;
#line 3037 "scan.nw"
static __device__ __forceinline__ unsigned long long load_relaxed(
    const unsigned long long *p)
{
  unsigned long long v;
  asm volatile("ld.relaxed.gpu.global.b64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
  return v;
}

static __device__ __forceinline__ void store_relaxed(unsigned long long *p,
                                                     unsigned long long v)
{
  asm volatile("st.relaxed.gpu.global.b64 [%0], %1;" :: "l"(p), "l"(v) : "memory");
}
#line 3053 "scan.nw"
static __device__ __forceinline__ unsigned long long pack(unsigned high, float low)
{
  return (unsigned long long)high * 0x100000000ULL | __float_as_uint(low);
}

static __device__ __forceinline__ unsigned high_word(unsigned long long w)
{
  return (unsigned)(w / 0x100000000ULL);
}

/* A segment as a status word: a reset as its known b; else a and b, with a
   NaN made canonical so that it cannot read as a flag. */
static __device__ __forceinline__ unsigned long long segment_word(segment x)
{
  unsigned a = __float_as_uint(x.a);
  return pack(x.reset ? WORD_KNOWN : a >= WORD_KNOWN ? 0x7FFFFFFFu : a, x.b);
}

/* A published status word as a segment (never called on an empty one). */
static __device__ __forceinline__ segment word_segment(unsigned long long w)
{
  bool known = high_word(w) == WORD_KNOWN;
  segment x = {known ? 1.0f : __uint_as_float(high_word(w)),
               __uint_as_float((unsigned)w), known};
  return x;
}
#line 3207 "scan.nw"
#define WORD_NONE_BEFORE pack(WORD_KNOWN, 0.0f)   /* a group before the first */

/* Step 1, all at once, lane j: the aggregate of tile 32G + j, that of tile
   32(G - 1) + j, and the word of group G-1-j (the first window). */
typedef struct { unsigned long long mate, previous, window; } walk_reads;

static __device__ walk_reads first_reads(packed_states s, long long G)
{
  long long lane = threadIdx.x & 31, H = G - 1 - lane;
  walk_reads r = {load_relaxed(&s.status[32 * G + lane]),
                  G > 0 ? load_relaxed(&s.status[32 * (G - 1) + lane]) : WORD_NONE_BEFORE,
                  H >= 0 ? load_relaxed(&s.group_status[H]) : WORD_NONE_BEFORE};
  return r;
}
#line 3239 "scan.nw"
/* The segments of the warp's active lanes, `word` being each lane's first read
   of its own word `*status`; inactive lanes get the identity. */
static __device__ segment published_segments(const unsigned long long *status,
                                             bool active, unsigned long long word)
{
  while (__any_sync(FULL_MASK, active && high_word(word) == WORD_EMPTY)) {
    __nanosleep(32);
    if (active) word = load_relaxed(status);
  }
  return active ? word_segment(word) : segment_identity();
}
#line 3256 "scan.nw"
/* S_G(j) at every lane j, from the aggregates of lanes below k, `own` at lane
   k and the identity above; `mate`: step 1's reads. */
static __device__ segment group_scan(packed_states s, long long G, int k, segment own,
                                     unsigned long long mate)
{
  int lane = threadIdx.x & 31;
  segment x = published_segments(&s.status[32 * G + lane], lane < k, mate);
  return warp_inclusive_segments(lane == k ? own : x);
}
#line 3272 "scan.nw"
/* Group H's total from its tiles' aggregates (`word`: this lane's first read
   of its tile's), swapped in by lane `publisher` if H has published nothing. */
static __device__ segment settle_group_total(packed_states s, long long H,
                                             unsigned long long word, int publisher)
{
  int lane = threadIdx.x & 31;
  segment x = published_segments(&s.status[32 * H + lane], true, word);
  segment total = shfl_segment(warp_inclusive_segments(x), 31);
  if (lane == publisher) atomicCAS(&s.group_status[H], ~0ULL, segment_word(total));
  return total;
}
#line 3293 "scan.nw"
/* Find the nearest group before G that is known, settling every nearer group
   found empty; returns the window (lane j has group window - j), the known
   lane, and in *word each lane's word of that window, settled totals put in. */
static __device__ long long nearest_known_group(packed_states s, long long G, walk_reads r,
                                                int *lane_of, unsigned long long *word)
{
  int lane = threadIdx.x & 31;
  long long window = G - 1;
  for (*word = r.window;;) {
    unsigned empty = __ballot_sync(FULL_MASK, high_word(*word) == WORD_EMPTY);
    unsigned known = __ballot_sync(FULL_MASK, high_word(*word) == WORD_KNOWN);
    unsigned nearer = known ? (known & (0u - known)) - 1 : FULL_MASK;
    if (empty & nearer) {
      
#line 3318 "scan.nw"
int e = __ffs(empty) - 1;
long long H = window - e;
unsigned long long first = H == G - 1 ? r.previous : load_relaxed(&s.status[32 * H + lane]);
segment total = settle_group_total(s, H, first, e);
if (lane == e) *word = segment_word(total);
#line 3307 "scan.nw"
      continue;
    }
    if (known) { *lane_of = __ffs(known) - 1; return window; }
    window -= 32;
    long long H = window - lane;
    *word = H >= 0 ? load_relaxed(&s.group_status[H]) : WORD_NONE_BEFORE;
  }
}
#line 3331 "scan.nw"
/* The b component of everything before a stretch, followed by the stretch. */
static __device__ __forceinline__ float segment_apply(segment x, float b)
{
  return x.reset ? x.b : fmaf(x.a, b, x.b);
}
#line 3346 "scan.nw"
/* B_G, the b of everything before group G, canonically. */
static __device__ float group_prefix(packed_states s, long long G, walk_reads r)
{
  int lane = threadIdx.x & 31, p;
  unsigned long long word;
  long long window = nearest_known_group(s, G, r, &p, &word);
  float acc = __shfl_sync(FULL_MASK, __uint_as_float((unsigned)word), p);
  for (long long w = window; w < G; w += 32) {
    int top = w == window ? p - 1 : 31;
    if (w != window && lane <= top) word = load_relaxed(&s.group_status[w - lane]);
    segment t = lane <= top ? word_segment(word) : segment_identity();
    for (int k = top; k >= 0; k--) acc = segment_apply(shfl_segment(t, k), acc);
  }
  return acc;
}
#line 3373 "scan.nw"
/* The walk of tile g with aggregate `own`: publishes its group's total and
   state through it if g is the group's last tile, and returns the b before
   g, which the caller reads only if `needs_before`. */
static __device__ float walk_groups(packed_states s, long long g, segment own,
                                    bool needs_before)
{
  long long G = g / 32;
  int k = (int)(g % 32), lane = threadIdx.x & 31;
  walk_reads r = first_reads(s, G);
  segment scan = group_scan(s, G, k, own, r.mate);
  segment through = shfl_segment(scan, k), before = shfl_segment(scan, k ? k - 1 : 0);
  bool last = k == 31;
  if (last && lane == 0) atomicCAS(&s.group_status[G], ~0ULL, segment_word(through));
  float prefix = 0.0f;
  if ((needs_before && !(k && before.reset)) || (last && !through.reset))
    prefix = group_prefix(s, G, r);
  if (last && !through.reset && lane == 0)
    store_relaxed(&s.group_status[G], pack(WORD_KNOWN, segment_apply(through, prefix)));
  return k ? segment_apply(before, prefix) : prefix;
}
#line 3448 "scan.nw"
#define L4_THREADS 256
#define L4_WARPS (L4_THREADS / 32)

enum { L4_LOOK_BACK, L4_TILES_APART, L4_ROW_A_BLOCK };   /* how tiles are handed out */

typedef struct {
  const long long *offsets;   /* rows + 1 starts (cu_seqlens); NULL: rows of len */
  long long rows;             /* how many */
  const unsigned *starts;     /* a bit an element, 1 where a row starts (section
                                 "Ragged rows"): bit j of word w is element 32w + j */
  long long words;            /* the words of starts */
} ragged_rows;

typedef struct {
  const float *a, *b;
  float *h;
  long long n, len;   /* rows * len elements, rows of len */
  long long tiles, row_tiles;   /* row_tiles: tiles a row, for L4_ROW_A_BLOCK */
  int shift;          /* virtual index = flat index + shift */
  int order;          /* L4_LOOK_BACK, L4_TILES_APART or L4_ROW_A_BLOCK */
  packed_states s;
  unsigned long long *stamps;   /* the timeline, STAMPS words a tile, or NULL */
  int shared_sms;     /* the ring's: more blocks than multiprocessors, so some share */
  int states_filled;  /* its states hold ones already, from the call before */
  void *fill_after;   /* the next call's states, to fill with ones; or NULL */
  long long state_bytes;   /* the states' bytes from the ticket on, where fill_after is set */
  ragged_rows ragged;      /* offsets NULL: rows of len */
} l4_params;
#line 3489 "scan.nw"
enum { STAMP_BEGAN, STAMP_CLAIMED, STAMP_LOADED, STAMP_SCANNED, STAMP_PREFIXED,
       STAMP_STORED, STAMP_SM, STAMPS = 8 };   /* the words of a tile's timeline */

static __device__ __forceinline__ unsigned long long clock_ns(void)
{
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

static __device__ __forceinline__ unsigned long long sm_id(void)
{
  unsigned id;
  asm("mov.u32 %0, %%smid;" : "=r"(id));
  return id;
}

/* With STAMPED, the calling thread notes one step of a tile; otherwise nothing. */
#define STAMP_TILE(tile, step, value) do { if (STAMPED) \
    p.stamps[(tile) * STAMPS + (step)] = (value); } while (0)
/* ... and thread 0 notes one step of tile g. */
#define L4_STAMP(step, value) do { if (threadIdx.x == 0) STAMP_TILE(g, step, value); } while (0)
#line 6269 "scan.nw"
/* Fill a call's states at `words` with ones, a share a thread of the grid:
   p.state_bytes from the ticket on (for the ring, to the end of `known`). */
static __device__ void fill_states(const l4_params &p, void *words)
{
  uint4 *w = (uint4 *)words;
  for (long long i = blockIdx.x * blockDim.x + threadIdx.x; i < p.state_bytes / 16;
       i += gridDim.x * blockDim.x)
    w[i] = make_uint4(~0u, ~0u, ~0u, ~0u);
}
#line 3529 "scan.nw"
/* Threads a multiprocessor holds: 2,048 on the data-centre GPUs (sm_80,
   sm_87, sm_90, sm_100), 1,024 on Turing, 1,536 on the others. */
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ == 800 || __CUDA_ARCH__ == 870 || \
    (__CUDA_ARCH__ >= 900 && __CUDA_ARCH__ < 1200)
#define L4_SM_THREADS 2048
#elif __CUDA_ARCH__ == 750
#define L4_SM_THREADS 1024
#else
#define L4_SM_THREADS 1536
#endif
/* Stored in two bytes, a tile of 32 items a thread takes half the shared memory, and
   aligned, four blocks fit in the registers. */
#define L4_WANTED_BLOCKS(items, bytes, aligned) \
  ((items) == 8 ? 8 : (items) == 16 ? 6 : (bytes) == 2 && (aligned) ? 4 : 3)
#define L4_BLOCKS_PER_SM(items, bytes, aligned) \
  (L4_WANTED_BLOCKS(items, bytes, aligned) < L4_SM_THREADS / L4_THREADS \
   ? L4_WANTED_BLOCKS(items, bytes, aligned) : L4_SM_THREADS / L4_THREADS)

static __host__ __device__ __forceinline__ int slot(int v) { return v + v / 8; }

/* The tile that an atomicAdd's answer names (the ticket counts from all
   ones), and the row offset of its first element. */
static __device__ void tile_of_ticket(const l4_params &p, int tile, unsigned long long ticket,
                                      long long *g, long long *offset)
{
  long long t = (long long)(ticket + 1ULL), r = (t * tile - p.shift) % p.len;
  *g = t;
  *offset = r < 0 ? r + p.len : r;
}

static __device__ void claim_tile(const l4_params &p, int tile, long long *g,
                                  long long *offset)
{
  tile_of_ticket(p, tile, atomicAdd(p.s.ticket, 1ULL), g, offset);
}
#line 2896 "scan.nw"
/* Copy COUNT vectors a thread of a tile from src + first into dst, striped over THREADS
   threads: whole and untested where the tile lies inside [0, n) and the arrays are aligned. */
template <bool ALIGNED, int COUNT, int THREADS, typename S, typename T>
static __device__ __forceinline__ void copy_stripes(S *dst, const T *src,
                                                    long long first, long long n, float fill)
{
  if (ALIGNED && first >= 0 && first + (long long)COUNT * THREADS * VEC <= n) {
#pragma unroll
    for (int m = 0; m < COUNT; m++) {
      int v = threadIdx.x + m * THREADS;
      __pipeline_memcpy_async(&dst[slot(v)], src + first + (long long)v * VEC,
                              VEC * sizeof(T));
    }
    return;
  }
#pragma unroll 4   /* all of them unrolled, their loads in flight took registers to spill */
  for (int m = 0; m < COUNT; m++) {
    int v = threadIdx.x + m * THREADS;
    copy_vector<ALIGNED>(&dst[slot(v)], src, first + (long long)v * VEC, n, fill);
  }
}

/* Store COUNT vectors a thread from src's slots to dst + first, striped as copy_stripes. */
template <bool ALIGNED, int COUNT, int THREADS, typename T, typename S>
static __device__ __forceinline__ void store_stripes(T *dst, const S *src,
                                                     long long first, long long n)
{
  if (ALIGNED && first >= 0 && first + (long long)COUNT * THREADS * VEC <= n) {
#pragma unroll
    for (int m = 0; m < COUNT; m++) {
      int v = threadIdx.x + m * THREADS;
      store_whole(dst + first + (long long)v * VEC, src[slot(v)]);
    }
    return;
  }
#pragma unroll
  for (int m = 0; m < COUNT; m++) {
    int v = threadIdx.x + m * THREADS;
    store_vector<ALIGNED>(dst, first + (long long)v * VEC, n, src[slot(v)]);
  }
}
#line 9547 "scan.nw"
/* After the thread's copies land: widen, in place, the vectors of its stripes (as
   copy_stripes lays them) that were copied whole in two bytes an element. */
template <bool ALIGNED, int COUNT, int THREADS, typename T>
static __device__ __forceinline__ void widen_stripes(float4 *dst, long long first,
                                                     long long n)
{
  if (sizeof(T) == sizeof(float)) return;
  bool inner = ALIGNED && first >= 0 && first + (long long)COUNT * THREADS * VEC <= n;
#pragma unroll
  for (int m = 0; m < COUNT; m++) {
    int v = threadIdx.x + m * THREADS;
    long long i = first + (long long)v * VEC;
    if (inner || (ALIGNED && i >= 0 && i + VEC <= n))
      dst[slot(v)] = widen_vector<T>(*(const uint2 *)&dst[slot(v)]);
  }
}
#line 3593 "scan.nw"
/* Rows of len: the mask of starts at items first, first + step, ... */
template <int ITEMS>
static __device__ __forceinline__ unsigned item_starts(int first, int step)
{
  unsigned m = 0;
  for (int e = first; e < ITEMS; e += step) m |= 1u << e;
  return m;
}
#line 3614 "scan.nw"
/* Bits d = 0 .. ITEMS - 1 of starts from element e0 on: bit d for element e0 + d (ITEMS
   at most 32); words outside [0, words) read as 0. */
template <int ITEMS>
static __host__ __device__ __forceinline__ unsigned starts_window(const unsigned *starts,
                                                                 long long words, long long e0)
{
  long long w = e0 >> 5;   /* floor(e0 / 32), e0 negative too */
  unsigned lo = w >= 0 && w < words ? starts[w] : 0u;
  unsigned hi = w + 1 >= 0 && w + 1 < words ? starts[w + 1] : 0u;
  unsigned m = (unsigned)((((unsigned long long)hi << 32) | lo) >> (e0 & 31));
  return ITEMS == 32 ? m : m & ((1u << ITEMS) - 1);
}

/* A packed batch's mask of row starts among the ITEMS items from element e0. */
template <int ITEMS>
static __host__ __device__ __forceinline__ unsigned ragged_item_starts(const ragged_rows &r,
                                                                      long long e0)
{
  return starts_window<ITEMS>(r.starts, r.words, e0);
}
#line 3637 "scan.nw"
/* This thread's items, composed in order into one segment; bit e of
   `starts`: item e starts a row. */
template <int ITEMS, typename T, typename S>
static __device__ __forceinline__ segment compose_items(const S *sa, const S *sb,
                                                        unsigned starts)
{
  segment mine = segment_identity();
#pragma unroll
  for (int m = 0; m < ITEMS / VEC; m++) {
    float4 x = slot_floats<T>(sa[slot(threadIdx.x * (ITEMS / VEC) + m)]);
    float4 y = slot_floats<T>(sb[slot(threadIdx.x * (ITEMS / VEC) + m)]);
    float xa[VEC] = {x.x, x.y, x.z, x.w}, yb[VEC] = {y.x, y.y, y.z, y.w};
#pragma unroll
    for (int k = 0, e = m * VEC; k < VEC; k++, e++) {
      segment z = element(xa[k], yb[k], starts >> e & 1);
      mine = e == 0 ? z : segment_combine(mine, z);
    }
  }
  return mine;
}
#line 3660 "scan.nw"
/* The states of this thread's items, from the state before them, over the
   items' b slots; rows start as in compose_items. */
template <int ITEMS, typename T, typename S>
static __device__ __forceinline__ void apply_items(const S *sa, S *sb, float state,
                                                   unsigned starts)
{
#pragma unroll
  for (int m = 0; m < ITEMS / VEC; m++) {
    int v = slot(threadIdx.x * (ITEMS / VEC) + m);
    float4 x = slot_floats<T>(sa[v]), y = slot_floats<T>(sb[v]);
    float xa[VEC] = {x.x, x.y, x.z, x.w}, yb[VEC] = {y.x, y.y, y.z, y.w}, out[VEC];
#pragma unroll
    for (int k = 0, e = m * VEC; k < VEC; k++, e++) {
      out[k] = state = fmaf(xa[k], starts >> e & 1 ? 0.0f : state, yb[k]);
    }
    slot_write<T>(&sb[v], make_float4(out[0], out[1], out[2], out[3]));
  }
}
#line 3892 "scan.nw"
/* Tiles apart of `tile` elements, virtual index = flat index + shift: where tile g's
   first element lies in its row of len, 0 where the tile starts a row. */
static __host__ __device__ __forceinline__ long long apart_row_offset(long long g, int tile,
    int shift, long long len, int fault)
{
  long long first = g * tile - (FAULT_AT(fault, FAULT_HEAD_UNSHIFTED) ? 0 : shift);
  long long r = first % len;
  return r < 0 ? r + len : r;
}

/* The first element of the head of the row that a tile starting at `first` runs into:
   the elements [head, first) of its row; first itself where there are none. */
static __host__ __device__ __forceinline__ long long head_first(long long first,
                                                                long long row_offset, int fault)
{
  long long head = first - row_offset + FAULT_AT(fault, FAULT_HEAD_ONE_SHORT);
  return head >= 0 ? head : first;
}
#line 3933 "scan.nw"
#define HEAD_PART 8   /* a head is at most a tile's 1 / HEAD_PART */

/* Whether the tile kernel of stored type T reads heads: floats only (below). */
template <typename T>
static __host__ __device__ __forceinline__ constexpr bool tile_kernel_reads_heads(void)
{
  return sizeof(T) == sizeof(float);
}

/* Whether h is one of the inputs, so that a tile's stores overwrite another's head. */
static bool heads_overwritten(const void *a, const void *b, const void *h)
{
  return h == b || h == a;
}

static __host__ __device__ __forceinline__ bool tiles_read_heads(long long len, int tile,
                                                                 bool in_place, int fault)
{
  int part = FAULT_AT(fault, FAULT_HEAD_RULE_LOOSE) ? HEAD_PART / 2 : HEAD_PART;
  return !in_place && len <= tile / part;
}
#line 3962 "scan.nw"
/* This thread's share of the head [first, end): its EACH elements from
   first + EACH * threadIdx.x that lie before end, composed in order. */
template <int EACH, typename T>
static __device__ __forceinline__ segment compose_head(const T *a, const T *b,
                                                       long long first, long long end)
{
  segment mine = segment_identity();
  long long e0 = first + (long long)threadIdx.x * EACH;
#pragma unroll
  for (int k = 0; k < EACH; k++) {
    long long e = e0 + k;
    if (e < end) mine = segment_combine(mine, element(widen(a[e]), widen(b[e]), e == first));
  }
  return mine;
}
#line 4003 "scan.nw"
/* The state after a head whose warps' totals are sums[0 .. L4_WARPS - 1], in order. */
static __device__ __forceinline__ float head_state(const segment *sums)
{
  segment all = sums[0];
  for (int w = 1; w < L4_WARPS; w++) all = segment_combine(all, sums[w]);
  return segment_apply(all, 0.0f);
}
#line 3681 "scan.nw"
template <int ITEMS, bool ALIGNED, bool STAMPED = false, typename T = float>
static __global__ void __launch_bounds__(L4_THREADS,
                                         L4_BLOCKS_PER_SM(ITEMS, sizeof(T), ALIGNED))
l4_kernel(l4_params p)
{
  enum { TILE = L4_THREADS * ITEMS, VECTORS = TILE / VEC, SLOTS = VECTORS + VECTORS / 8 };
  typedef typename tile_slot<T>::type S;   /* a vector's slot: float4, or 8 bytes */
  extern __shared__ float4 l4_tile[];     /* a, then b (and later h) */
  __shared__ segment warp_sums[L4_WARPS], head_sums[L4_WARPS];
  __shared__ long long tile_shared, offset_shared;
  __shared__ float prefix_shared;
  S *sa = (S *)l4_tile, *sb = sa + SLOTS;
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  /* Without the ticket: the block's next tile, and the state it ends with. */
  long long next_tile = p.order == L4_ROW_A_BLOCK ? blockIdx.x * p.row_tiles : blockIdx.x;
  float carry = 0.0f;
  unsigned long long began = 0;   /* with STAMPED, when the block began the tile */
  for (;;) {
    if (STAMPED && threadIdx.x == 0) began = clock_ns();
    
#line 3735 "scan.nw"
__syncthreads();
if (threadIdx.x == 0 && p.order == L4_LOOK_BACK)
  claim_tile(p, TILE, &tile_shared, &offset_shared);
__syncthreads();
long long g = p.order == L4_LOOK_BACK ? tile_shared : next_tile;
long long row_offset = p.order == L4_LOOK_BACK ? offset_shared
                     : p.order == L4_ROW_A_BLOCK ? g % p.row_tiles * TILE
                     : apart_row_offset(g, TILE, p.shift, p.len, FAULT_NONE);
long long tile_first = g * TILE - p.shift;
if (g >= p.tiles) break;
#line 3701 "scan.nw"
    L4_STAMP(STAMP_BEGAN, began);
    L4_STAMP(STAMP_CLAIMED, clock_ns());
    L4_STAMP(STAMP_SM, sm_id());
    
#line 3761 "scan.nw"
copy_stripes<ALIGNED, ITEMS / VEC, L4_THREADS>(sa, as_stored<T>(p.a), tile_first, p.n, 1.0f);
copy_stripes<ALIGNED, ITEMS / VEC, L4_THREADS>(sb, as_stored<T>(p.b), tile_first, p.n, 0.0f);
__pipeline_commit();
#line 3980 "scan.nw"
long long head = p.order == L4_TILES_APART ? head_first(tile_first, row_offset, FAULT_NONE)
                                           : tile_first;
bool has_head = tile_kernel_reads_heads<T>() && head < tile_first;   /* block-wide */
segment head_mine = segment_identity();
if (has_head)
  head_mine = compose_head<ITEMS / HEAD_PART>(as_stored<T>(p.a), as_stored<T>(p.b), head,
                                             tile_first);
#line 3765 "scan.nw"
__pipeline_wait_prior(0);
__syncthreads();
#line 3705 "scan.nw"
    L4_STAMP(STAMP_LOADED, clock_ns());
    segment lane_before, warp_before, total;
    
#line 3782 "scan.nw"
long long r = row_offset + (long long)threadIdx.x * ITEMS;
r = r < p.len ? r : p.len < TILE ? (long long)((unsigned)r % (unsigned)p.len) : r - p.len;
int step = p.len < ITEMS ? (int)p.len : ITEMS;
int first_start = r == 0 ? 0 : p.len - r < ITEMS ? (int)(p.len - r) : ITEMS;
unsigned starts = item_starts<ITEMS>(first_start, step);
#line 3708 "scan.nw"
    
#line 3790 "scan.nw"
if (p.ragged.offsets)
  starts = ragged_item_starts<ITEMS>(p.ragged, tile_first + (long long)threadIdx.x * ITEMS);
#line 3709 "scan.nw"
    
#line 3801 "scan.nw"
segment mine = starts ? compose_items<ITEMS, T>(sa, sb, starts)
                      : compose_items<ITEMS, T>(sa, sb, 0u);
#line 3710 "scan.nw"
    
#line 3995 "scan.nw"
if (has_head) {
  bool warp_reads = head + (long long)warp * 32 * (ITEMS / HEAD_PART) < tile_first;
  segment incl = warp_reads ? warp_inclusive_segments(head_mine) : segment_identity();
  if (lane == 31) head_sums[warp] = incl;
}
#line 3711 "scan.nw"
    
#line 3810 "scan.nw"
segment incl = warp_inclusive_segments(mine);
lane_before = shfl_segment(incl, (lane + 31) & 31);
if (lane == 0) lane_before = segment_identity();
if (lane == 31) warp_sums[warp] = incl;
__syncthreads();
warp_before = segment_identity();
for (int w = 0; w < warp; w++) warp_before = segment_combine(warp_before, warp_sums[w]);
total = warp_before;
for (int w = warp; w < L4_WARPS; w++) total = segment_combine(total, warp_sums[w]);
#line 3712 "scan.nw"
    
#line 3831 "scan.nw"
if (warp == 0) {
  bool look_back = p.order == L4_LOOK_BACK;
  bool needs_before = look_back && g > 0 && row_offset != 0, last = look_back && g % 32 == 31;
  segment own = total;
  float before = p.order == L4_ROW_A_BLOCK ? carry : has_head ? head_state(head_sums) : 0.0f;
  if (own.reset) own.a = 1.0f;   /* as readers see it: the a of a reset is unused */
  L4_STAMP(STAMP_SCANNED, clock_ns());
  if (lane == 0 && look_back) store_relaxed(&p.s.status[g], segment_word(own));
  if (needs_before || last) before = walk_groups(p.s, g, own, needs_before);
  if (lane == 0) prefix_shared = before;
  L4_STAMP(STAMP_PREFIXED, clock_ns());
}
__syncthreads();
#line 3713 "scan.nw"
    
#line 3853 "scan.nw"
float state = segment_apply(lane_before, segment_apply(warp_before, prefix_shared));
if (starts) apply_items<ITEMS, T>(sa, sb, state, starts);
else apply_items<ITEMS, T>(sa, sb, state, 0u);
carry = segment_apply(total, prefix_shared);   /* the state after the tile */
__syncthreads();
#line 3714 "scan.nw"
    
#line 3861 "scan.nw"
store_stripes<ALIGNED, ITEMS / VEC, L4_THREADS>(as_stored<T>(p.h), sb, tile_first, p.n);
#line 3715 "scan.nw"
    L4_STAMP(STAMP_STORED, clock_ns());
    if (gridDim.x >= p.tiles) break;
    
#line 3753 "scan.nw"
long long done = (tile_first + p.shift) / TILE;   /* the tile just stored, g */
next_tile = p.order != L4_ROW_A_BLOCK ? done + gridDim.x
          : (done + 1) % p.row_tiles ? done + 1 : done + 1 + (gridDim.x - 1LL) * p.row_tiles;
#line 3718 "scan.nw"
  }
  if (p.fill_after) fill_states(p, p.fill_after);
}
#line 4085 "scan.nw"
#define HELD_WARPS 7                            /* warps that load and scan */
#define HELD_THREADS (HELD_WARPS * 32 + 32)     /* and one that walks */
#define HELD_ITEMS 32
#define HELD_TILE (HELD_WARPS * 32 * HELD_ITEMS)
enum { BAR_WORKERS = 1, BAR_REQUEST = 2, BAR_DONE = 3 };   /* 0 is __syncthreads' */

typedef struct {
  long long tile;       /* the held tile */
  segment own;          /* its composed segment, as published */
  int needs_before;     /* whether its first elements need the prefix */
  int last;             /* whether the block has no tile after it */
} held_request;
#line 4123 "scan.nw"
static __device__ __forceinline__ void bar_sync(int id, int threads)
{
  asm volatile("barrier.sync %0, %1;" :: "r"(id), "r"(threads) : "memory");
}

static __device__ __forceinline__ void bar_arrive(int id, int threads)
{
  asm volatile("barrier.arrive %0, %1;" :: "r"(id), "r"(threads) : "memory");
}
#line 4154 "scan.nw"
template <bool ALIGNED, bool STAMPED, typename T, typename S>
static __device__ __forceinline__ void start_held_copy(const l4_params &p, S *sa, S *sb,
                                                       long long tile)
{
  long long tile_first = tile * HELD_TILE - p.shift;
  if (threadIdx.x == 0) { STAMP_TILE(tile, STAMP_CLAIMED, clock_ns());
                          STAMP_TILE(tile, STAMP_SM, sm_id()); }
  if (ALIGNED && tile_first >= 0 && tile_first + HELD_TILE <= p.n) {   /* inside: untested */
#pragma unroll
    for (int m = 0; m < HELD_ITEMS / VEC; m++) {
      int v = threadIdx.x + m * HELD_WARPS * 32;
      __pipeline_memcpy_async(&sa[slot(v)], as_stored<T>(p.a) + tile_first + (long long)v * VEC,
                              sizeof(S));
      __pipeline_memcpy_async(&sb[slot(v)], as_stored<T>(p.b) + tile_first + (long long)v * VEC,
                              sizeof(S));
    }
  } else {
#pragma unroll
    for (int m = 0; m < HELD_ITEMS / VEC; m++) {
      int v = threadIdx.x + m * HELD_WARPS * 32;
      long long i = tile_first + (long long)v * VEC;
      copy_vector<ALIGNED>(&sa[slot(v)], as_stored<T>(p.a), i, p.n, 1.0f);
      copy_vector<ALIGNED>(&sb[slot(v)], as_stored<T>(p.b), i, p.n, 0.0f);
    }
  }
  __pipeline_commit();
}
#line 4184 "scan.nw"
/* apply_items with the items' slots in registers, the states to slots of sh */
template <typename T, typename S>
static __device__ __forceinline__ void apply_held(const S *xs, const S *ys, S *sh,
                                                  float state, unsigned starts)
{
#pragma unroll
  for (int m = 0; m < HELD_ITEMS / VEC; m++) {
    float4 x = slot_floats<T>(xs[m]), y = slot_floats<T>(ys[m]);
    float xa[VEC] = {x.x, x.y, x.z, x.w}, yb[VEC] = {y.x, y.y, y.z, y.w}, out[VEC];
#pragma unroll
    for (int k = 0, e = m * VEC; k < VEC; k++, e++) {
      out[k] = state = fmaf(xa[k], starts >> e & 1 ? 0.0f : state, yb[k]);
    }
    int v = slot(threadIdx.x * (HELD_ITEMS / VEC) + m);
    slot_write<T>(&sh[v], make_float4(out[0], out[1], out[2], out[3]));
  }
}
#line 4208 "scan.nw"
typedef struct {
  long long first;                    /* its first element's flat index */
  segment lane_before, warp_before;   /* this thread's share of the block scan */
  unsigned starts;                    /* bit e: the thread's item e starts a row */
} held_tile;
#line 4221 "scan.nw"
template <bool ALIGNED, bool STAMPED, typename T, typename S>
static __device__ __forceinline__ void finish_held(const l4_params &p, const held_tile &t,
                                                   const S *xs, const S *ys, S *sh,
                                                   const float *prefix)
{
  bar_sync(BAR_DONE, HELD_THREADS);
  float state = segment_apply(t.lane_before, segment_apply(t.warp_before, *prefix));
  if (t.starts) apply_held<T>(xs, ys, sh, state, t.starts);
  else apply_held<T>(xs, ys, sh, state, 0u);
  bar_sync(BAR_WORKERS, HELD_WARPS * 32);
  store_stripes<ALIGNED, HELD_ITEMS / VEC, HELD_WARPS * 32>(as_stored<T>(p.h), sh, t.first,
                                                            p.n);
  if (threadIdx.x == 0) STAMP_TILE((t.first + p.shift) / HELD_TILE, STAMP_STORED, clock_ns());
}
#line 4258 "scan.nw"
template <bool ALIGNED, bool STAMPED = false, typename T = float>
static __global__ void __launch_bounds__(HELD_THREADS, 2)
l4_held_kernel(l4_params p)
{
  enum { ITEMS = HELD_ITEMS, TILE = HELD_TILE, SLOTS = TILE / VEC + TILE / VEC / 8 };
  typedef typename tile_slot<T>::type S;   /* a vector's slot: float4, or 8 bytes */
  extern __shared__ float4 l4_tile[];     /* a and b arriving, then h leaving */
  __shared__ segment warp_sums[HELD_WARPS];
  __shared__ long long tile_shared, offset_shared;   /* the first tile, once */
  __shared__ long long next_shared, next_offset_shared;
  __shared__ held_request request;
  __shared__ float prefix_shared;
  __shared__ unsigned long long asked_shared;   /* with STAMPED: when the ticket was asked */
  S *sa = (S *)l4_tile, *sb = sa + SLOTS, *sh = sb + SLOTS;
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  
#line 4298 "scan.nw"
if (threadIdx.x == 0) {
  unsigned long long asked = STAMPED ? clock_ns() : 0;
  claim_tile(p, TILE, &tile_shared, &offset_shared);
  if (tile_shared < p.tiles) STAMP_TILE(tile_shared, STAMP_BEGAN, asked);
}
__syncthreads();
#line 4274 "scan.nw"
  if (warp == HELD_WARPS) {
    
#line 4315 "scan.nw"
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
if (p.fill_after) fill_states(p, p.fill_after);
return;
#line 4276 "scan.nw"
  }
  
#line 4331 "scan.nw"
S xs[ITEMS / VEC], ys[ITEMS / VEC];   /* the held tile's slots */
held_tile held;
bool holding = false;
long long g = tile_shared, row_offset = offset_shared;
if (g < p.tiles) start_held_copy<ALIGNED, STAMPED, T>(p, sa, sb, g);
#line 4278 "scan.nw"
  while (g < p.tiles) {
    
#line 3782 "scan.nw"
long long r = row_offset + (long long)threadIdx.x * ITEMS;
r = r < p.len ? r : p.len < TILE ? (long long)((unsigned)r % (unsigned)p.len) : r - p.len;
int step = p.len < ITEMS ? (int)p.len : ITEMS;
int first_start = r == 0 ? 0 : p.len - r < ITEMS ? (int)(p.len - r) : ITEMS;
unsigned starts = item_starts<ITEMS>(first_start, step);
#line 3795 "scan.nw"
if (p.ragged.offsets)
  starts = ragged_item_starts<ITEMS>(p.ragged,
                                     g * TILE - p.shift + (long long)threadIdx.x * ITEMS);
#line 4347 "scan.nw"
__pipeline_wait_prior(0);
bar_sync(BAR_WORKERS, HELD_WARPS * 32);
L4_STAMP(STAMP_LOADED, clock_ns());
#line 3801 "scan.nw"
segment mine = starts ? compose_items<ITEMS, T>(sa, sb, starts)
                      : compose_items<ITEMS, T>(sa, sb, 0u);
#line 4351 "scan.nw"
segment incl = warp_inclusive_segments(mine);
segment lane_before = shfl_segment(incl, (lane + 31) & 31);
if (lane == 0) lane_before = segment_identity();
if (lane == 31) warp_sums[warp] = incl;
bar_sync(BAR_WORKERS, HELD_WARPS * 32);
segment warp_before = segment_identity(), own;
for (int w = 0; w < warp; w++) warp_before = segment_combine(warp_before, warp_sums[w]);
own = warp_before;
for (int w = warp; w < HELD_WARPS; w++) own = segment_combine(own, warp_sums[w]);
if (own.reset) own.a = 1.0f;   /* as readers see it, as in the kernel before */
if (threadIdx.x == 0) store_relaxed(&p.s.status[g], segment_word(own));
L4_STAMP(STAMP_SCANNED, clock_ns());
#line 4280 "scan.nw"
    if (holding) finish_held<ALIGNED, STAMPED, T>(p, held, xs, ys, sh, &prefix_shared);
    
#line 4374 "scan.nw"
unsigned long long ticket = 0;
if (threadIdx.x == 0) {
  if (STAMPED) asked_shared = clock_ns();   /* in shared memory: registers are short */
  ticket = atomicAdd(p.s.ticket, 1ULL);
}
#line 4282 "scan.nw"
    
#line 4387 "scan.nw"
#pragma unroll
for (int m = 0; m < ITEMS / VEC; m++) {
  int v = slot(threadIdx.x * (ITEMS / VEC) + m);
  xs[m] = sa[v];
  ys[m] = sb[v];
}
if (threadIdx.x == 0) {
  tile_of_ticket(p, TILE, ticket, &next_shared, &next_offset_shared);
  if (next_shared < p.tiles) STAMP_TILE(next_shared, STAMP_BEGAN, asked_shared);
  request.tile = g;
  request.own = own;
  request.needs_before = g > 0 && row_offset != 0;
  request.last = next_shared >= p.tiles;
}
#line 4283 "scan.nw"
    bar_sync(BAR_WORKERS, HELD_WARPS * 32);
    
#line 4408 "scan.nw"
long long next = next_shared, next_offset = next_offset_shared;
if (next < p.tiles) start_held_copy<ALIGNED, STAMPED, T>(p, sa, sb, next);
#line 4285 "scan.nw"
    
#line 4413 "scan.nw"
bar_arrive(BAR_REQUEST, HELD_THREADS);
holding = true;
held.first = g * TILE - p.shift;
held.lane_before = lane_before;
held.warp_before = warp_before;
held.starts = starts;
g = next;
row_offset = next_offset;
#line 4286 "scan.nw"
  }
  if (holding) finish_held<ALIGNED, STAMPED, T>(p, held, xs, ys, sh, &prefix_shared);
  if (p.fill_after) fill_states(p, p.fill_after);
}
#line 4458 "scan.nw"
static long long l4_tiles(long long n, int shift, int tile)
{
  return (n + shift + tile - 1) / tile;
}

template <int ITEMS, typename T = float>
static size_t l4_shared_bytes(void)
{
  return 2 * (size_t)slot(L4_THREADS * ITEMS / VEC) * sizeof(typename tile_slot<T>::type);
}

/* The workspace, cleared to all ones before each launch: the ticket, then
   the status words of tiles, by whole groups (a walk reads all 32 of its
   group's), and of groups. */
static long long l4_state_bytes(long long tiles)
{
  return 256 + round_up(tiles * 8, 256) + round_up((tiles + 31) / 32 * 8, 256);
}

template <int ITEMS>
static size_t l4_workspace_bytes(long long rows, long long len, bool aligned)
{
  return (size_t)l4_state_bytes(l4_tiles(rows * len, 3, L4_THREADS * ITEMS));
}
#line 4485 "scan.nw"
static packed_states l4_states(void *workspace, long long tiles)
{
  char *base = (char *)workspace;
  packed_states s;
  s.ticket = (unsigned long long *)base;
  s.status = (unsigned long long *)(base + 256);
  s.group_status = s.status + round_up(tiles * 8, 256) / 8;
  s.known = NULL;
  return s;
}
#line 4510 "scan.nw"
/* A build for another GPU's limit: -DSCAN_SMEM_CAP_KIB=99 lets no block ask
   for more shared memory than a consumer GPU's 99 KiB. */
#ifdef SCAN_SMEM_CAP_KIB
#define SHARED_CAP(optin) \
  ((optin) < SCAN_SMEM_CAP_KIB * 1024 ? (optin) : SCAN_SMEM_CAP_KIB * 1024)
#else
#define SHARED_CAP(optin) (optin)
#endif

/* remembered[device]: the answer + 1, or 0 when not yet asked */
static int resident_blocks(const void *kernel, int threads, int shared, int *remembered)
{
  int device, sms = 0, optin = 0, per_sm = 0;
  cudaFuncAttributes f;
  if (cudaGetDevice(&device) != cudaSuccess) return 0;
  if (device < 64 && remembered[device]) return remembered[device] - 1;
  bool fits =
      !cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device) &&
      !cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device) &&
      !cudaFuncGetAttributes(&f, kernel) &&
      shared + (long long)f.sharedSizeBytes <= SHARED_CAP(optin) &&
      !cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, shared) &&
      !cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, shared);
  if (!fits) { (void)cudaGetLastError(); per_sm = 0; }   /* refused, not failed */
  if (device < 64) remembered[device] = per_sm * sms + 1;
  return per_sm * sms;
}

template <int ITEMS, bool ALIGNED, bool STAMPED = false, typename T = float>
static int l4_resident(void)
{
  static int remembered[64];
  return resident_blocks((const void *)l4_kernel<ITEMS, ALIGNED, STAMPED, T>, L4_THREADS,
                         (int)l4_shared_bytes<ITEMS, T>(), remembered);
}
#line 4548 "scan.nw"
template <int ITEMS, bool ALIGNED, bool STAMPED = false, typename T = float>
static cudaError_t l4_start(l4_params p, cudaStream_t stream)
{
  if (l4_resident<ITEMS, ALIGNED, STAMPED, T>() == 0) return cudaErrorInvalidConfiguration;
  long long blocks = p.order == L4_ROW_A_BLOCK ? p.tiles / p.row_tiles : p.tiles;
  l4_kernel<ITEMS, ALIGNED, STAMPED, T><<<grid_for(blocks), L4_THREADS,
                                       l4_shared_bytes<ITEMS, T>(), stream>>>(p);
  return cudaGetLastError();
}
#line 4589 "scan.nw"
/* A tile launch's parameters, but for its tiles and order: the shift that puts
   virtual multiples of 4 on lines of a vector's bytes (16 for floats, 8 for elements
   of `size` 2), where one shift serves all three arrays (*aligned says whether it does). */
static l4_params l4_params_sized(const void *a, const void *b, void *h, long long rows,
                                 long long len, int size, bool *aligned)
{
  uintptr_t line = (uintptr_t)(VEC * size) - 1, m = (uintptr_t)a & line;
  *aligned = ((uintptr_t)b & line) == m && ((uintptr_t)h & line) == m;
  l4_params p = {(const float *)a, (const float *)b, (float *)h, rows * len, len, 0, 0,
                 *aligned ? (int)(m / size) : 0, L4_LOOK_BACK, {}};
  return p;
}

static l4_params l4_params_for(const float *a, const float *b, float *h, long long rows,
                               long long len, bool *aligned)
{
  return l4_params_sized(a, b, h, rows, len, sizeof(float), aligned);
}

static int l4_order(l4_params p, long long rows, int tile, int resident, bool heads)
{
  if ((p.shift % p.len == 0 && tile % p.len == 0) || p.n + p.shift <= tile)
    return L4_TILES_APART;   /* every tile starts a row, or there is one tile */
  if (p.shift == 0 && p.len % tile == 0 && resident > 0 && rows >= 4LL * resident)
    return L4_ROW_A_BLOCK;
  if (heads && tiles_read_heads(p.len, tile, heads_overwritten(p.a, p.b, p.h), FAULT_NONE))
    return L4_TILES_APART;   /* a tile inside a short row reads the row's head */
  return L4_LOOK_BACK;
}
#line 4621 "scan.nw"
/* The tile kernel; where its tiles look back, on states that hold ones already
   where `filled` (else it clears them first), filling `fill_after` for the next
   call where that is not NULL (*filled_other: it did). */
template <int ITEMS, typename T>   /* T: float, or a type stored in two bytes */
static cudaError_t l4_launch_at(const T *a, const T *b, T *h, long long rows,
                                long long len, void *workspace, bool filled,
                                void *fill_after, bool *filled_other,
                                unsigned long long *stamps, cudaStream_t stream)
{
  bool aligned;
  l4_params p = l4_params_sized(a, b, h, rows, len, sizeof(T), &aligned);
  
#line 4677 "scan.nw"
p.tiles = l4_tiles(p.n, p.shift, L4_THREADS * ITEMS);
p.order = l4_order(p, rows, L4_THREADS * ITEMS, l4_resident<ITEMS, true, false, T>(),
                   tile_kernel_reads_heads<T>());
p.row_tiles = len / (L4_THREADS * ITEMS);
p.s = l4_states(workspace, p.tiles);
#line 4633 "scan.nw"
  *filled_other = false;
  if (p.order == L4_LOOK_BACK) {
    
#line 4685 "scan.nw"
p.state_bytes = l4_state_bytes(p.tiles);
p.fill_after = stamps ? NULL : fill_after;
if (!filled) {
  cudaError_t e = cudaMemsetAsync(workspace, 0xFF, (size_t)p.state_bytes, stream);
  if (e != cudaSuccess) return e;
}
#line 4636 "scan.nw"
  }
#ifndef SCAN_NO_MAIN   /* the timeline is the benchmark's; the library has no stamps */
  if (stamps) {   /* the timeline: aligned arrays of floats only */
    p.stamps = stamps;
    return aligned && sizeof(T) == 4 ? l4_start<ITEMS, true, true>(p, stream)
                                     : cudaErrorInvalidValue;
  }
#endif
  cudaError_t e = aligned ? l4_start<ITEMS, true, false, T>(p, stream)
                          : l4_start<ITEMS, false, false, T>(p, stream);
  *filled_other = e == cudaSuccess && p.fill_after;
  return e;
}

#line 4657 "scan.nw"
template <int ITEMS>
static cudaError_t l4_launch_stamped(const float *a, const float *b, float *h,
                                     long long rows, long long len, void *workspace,
                                     unsigned long long *stamps, cudaStream_t stream)
{
  bool filled_other;
  return l4_launch_at<ITEMS>(a, b, h, rows, len, workspace, false, NULL, &filled_other,
                             stamps, stream);
}

template <int ITEMS>
static cudaError_t l4_launch(const float *a, const float *b, float *h,
                             long long rows, long long len, void *workspace,
                             cudaStream_t stream)
{
  return l4_launch_stamped<ITEMS>(a, b, h, rows, len, workspace, NULL, stream);
}
#line 4701 "scan.nw"
template <typename T = float>
static size_t l4_held_shared_bytes(void)
{
  return 3 * (size_t)slot(HELD_TILE / VEC) * sizeof(typename tile_slot<T>::type);
}

static size_t l4_held_workspace_bytes(long long rows, long long len, bool aligned)
{
  return (size_t)l4_state_bytes(l4_tiles(rows * len, 3, HELD_TILE));
}

template <bool ALIGNED, bool STAMPED = false, typename T = float>
static int l4_held_resident(void)
{
  static int remembered[64];
  return resident_blocks((const void *)l4_held_kernel<ALIGNED, STAMPED, T>, HELD_THREADS,
                         (int)l4_held_shared_bytes<T>(), remembered);
}
#line 4722 "scan.nw"
/* Whether the held kernel of stored type T runs a launch of this shape (p.len and
   p.shift set). */
template <typename T = float>
static bool l4_held_takes(l4_params p, long long rows, bool aligned)
{
  long long resident = aligned ? l4_held_resident<true, false, T>()
                               : l4_held_resident<false, false, T>();
  return resident > 0 && l4_order(p, rows, L4_THREADS * 32, l4_resident<32, true, false, T>(),
                                  tile_kernel_reads_heads<T>()) == L4_LOOK_BACK;
}
#line 4738 "scan.nw"
/* The held kernel on a workspace whose states hold ones already where `filled`,
   filling `fill_after` for the next call where it is not NULL (*held: it ran);
   elsewhere the 32-item tile kernel. T: float, or a type stored in two bytes. */
template <typename T>
static cudaError_t l4_held_launch_at(const T *a, const T *b, T *h, long long rows,
                                     long long len, void *workspace, bool filled,
                                     void *fill_after, bool *held,
                                     unsigned long long *stamps, cudaStream_t stream)
{
  bool aligned, filled_other;
  l4_params p = l4_params_sized(a, b, h, rows, len, sizeof(T), &aligned);
  *held = false;
  if (!l4_held_takes<T>(p, rows, aligned))
    return l4_launch_at<32>(a, b, h, rows, len, workspace, false, NULL, &filled_other, stamps,
                            stream);
  if (stamps && (!aligned || sizeof(T) != sizeof(float))) return cudaErrorInvalidValue;
  long long resident = aligned ? l4_held_resident<true, false, T>()
                               : l4_held_resident<false, false, T>();
#ifndef SCAN_NO_MAIN
  if (stamps) resident = l4_held_resident<true, true>();
#endif
  if (resident == 0) return cudaErrorInvalidConfiguration;
  
#line 4788 "scan.nw"
p.tiles = l4_tiles(p.n, p.shift, HELD_TILE);
p.s = l4_states(workspace, p.tiles);
p.state_bytes = l4_state_bytes(p.tiles);
p.fill_after = fill_after;
if (!filled) {
  cudaError_t e = cudaMemsetAsync(workspace, 0xFF, (size_t)p.state_bytes, stream);
  if (e != cudaSuccess) return e;
}
unsigned grid = grid_for(p.tiles < resident ? p.tiles : resident);
size_t shared = l4_held_shared_bytes<T>();
p.stamps = stamps;
#ifndef SCAN_NO_MAIN
if (stamps) l4_held_kernel<true, true><<<grid, HELD_THREADS, shared, stream>>>(p);
else
#endif
if (aligned) l4_held_kernel<true, false, T><<<grid, HELD_THREADS, shared, stream>>>(p);
else l4_held_kernel<false, false, T><<<grid, HELD_THREADS, shared, stream>>>(p);
cudaError_t e = cudaGetLastError();
*held = e == cudaSuccess;
return e;
#line 4761 "scan.nw"
}

#line 4770 "scan.nw"
static cudaError_t l4_held_launch_stamped(const float *a, const float *b, float *h,
                                          long long rows, long long len, void *workspace,
                                          unsigned long long *stamps, cudaStream_t stream)
{
  bool held;
  return l4_held_launch_at(a, b, h, rows, len, workspace, false, NULL, &held, stamps,
                           stream);
}

static cudaError_t l4_held_launch(const float *a, const float *b, float *h,
                                  long long rows, long long len, void *workspace,
                                  cudaStream_t stream)
{
  return l4_held_launch_stamped(a, b, h, rows, len, workspace, NULL, stream);
}
#line 4848 "scan.nw"
#define ROWS_PIECES 4                         /* vectors a lane loads a step, of floats */
#define ROWS_STEP (32 * VEC * ROWS_PIECES)    /* elements a warp scans a step, of floats */

#define ROWS_STORED_PIECES 8   /* vectors a lane loads a step, of two-byte types */

/* The pieces of a step in arrays of T: twice as many in two bytes an element, so that a
   step has as many bytes in flight as in float32. */
template <typename T = float>
static __host__ __device__ constexpr int rows_pieces()
{
  return sizeof(T) == sizeof(float) ? ROWS_PIECES : ROWS_STORED_PIECES;
}

template <typename T = float>
static __host__ __device__ constexpr int rows_step()
{
  return 32 * VEC * rows_pieces<T>();
}
#line 5015 "scan.nw"
static __host__ __device__ __forceinline__ int rows_groups(int warps, int ways)
{
  return warps / ways;   /* groups a block */
}

/* The first row of warp `warp` of block `block`: its group's. The group's
   next rows follow as many rows apart as the grid has groups. */
static __host__ __device__ __forceinline__ long long rows_first_row(long long block, int warp,
                                                                   int warps, int ways)
{
  return block * rows_groups(warps, ways) + warp / ways;
}

/* The elements of a row that one stride of a group of `ways` warps covers. */
template <typename T = float>
static __host__ __device__ __forceinline__ int rows_stride_length(int ways)
{
  return ways * rows_step<T>();
}

/* Where in its row lies the vector that lane `lane` of the group's warp `way`
   loads in piece p of the stride that starts at element `stride`. */
template <typename T = float>
static __host__ __device__ __forceinline__ long long rows_vector_at(long long stride, int way,
                                                                   int p, int lane)
{
  return stride + (long long)way * rows_step<T>() + (p * 32 + lane) * VEC;
}

/* The blocks a launch needs for a group a row. */
static long long rows_blocks(long long rows, int warps, int ways)
{
  return (rows + rows_groups(warps, ways) - 1) / rows_groups(warps, ways);
}
#line 4914 "scan.nw"
/* The vector of a row of floats that starts at element i; the identity past the end. */
template <bool ALIGNED>
static __device__ __forceinline__ float4 row_held(const float *row, long long i,
                                                  long long len, float fill)
{
  float v[VEC];
  if (ALIGNED) {
    if (i < len) return *(const float4 *)(row + i);
    v[0] = v[1] = v[2] = v[3] = fill;
  } else {
#pragma unroll
    for (int k = 0; k < VEC; k++) v[k] = i + k < len ? row[i + k] : fill;
  }
  return make_float4(v[0], v[1], v[2], v[3]);
}
#line 4932 "scan.nw"
/* A lane's vector as a step holds it: four floats, or the 8 bytes of four two-byte
   elements as loaded, which take half the registers. */
template <typename T> struct rows_held { typedef uint2 vector; };
template <> struct rows_held<float> { typedef float4 vector; };

/* Two bytes an element: the vector at element i, the identity past the row's end. */
template <bool ALIGNED, typename T>
static __device__ __forceinline__ uint2 row_held(const T *row, long long i, long long len,
                                                 float fill)
{
  if (ALIGNED && i < len) return *(const uint2 *)(row + i);
  stored_vector<T> v;
#pragma unroll
  for (int k = 0; k < VEC; k++)
    if (i + k < len) v.x[k] = row[i + k]; else round_to(&v.x[k], fill);
  return v.raw;
}
#line 4960 "scan.nw"
template <typename T>
static __device__ __forceinline__ float4 held_floats(float4 v) { return v; }

template <typename T>
static __device__ __forceinline__ float4 held_floats(uint2 raw) { return widen_vector<T>(raw); }

static __device__ __forceinline__ float4 held_again(float4 v) { return v; }

static __device__ __forceinline__ uint2 held_again(uint2 raw)
{
  asm volatile("mov.b32 %0, %0;" : "+r"(raw.x));
  asm volatile("mov.b32 %0, %0;" : "+r"(raw.y));
  return raw;
}
#line 4977 "scan.nw"
/* The four elements of a vector, composed in order into one map. */
static __device__ __forceinline__ segment compose_vector(float4 a, float4 b)
{
  segment x = {a.x, b.x, 0};
  x.b = fmaf(a.y, x.b, b.y); x.a *= a.y;
  x.b = fmaf(a.z, x.b, b.z); x.a *= a.z;
  x.b = fmaf(a.w, x.b, b.w); x.a *= a.w;
  return x;
}
#line 5054 "scan.nw"
template <bool ALIGNED, int WARPS, typename T = float>
static __global__ void __launch_bounds__(WARPS * 32)
l4_rows_kernel(const T *a, const T *b, T *h, long long rows, long long len, int ways)
{
  __shared__ float2 step_total[2][WARPS];   /* by the stride's parity */
  constexpr int PIECES = rows_pieces<T>();
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, way = warp % ways;
  int groups = rows_groups(WARPS, ways);
  long long first = rows_first_row(blockIdx.x, warp, WARPS, ways);
  int parity = 0;   /* the stride's: it runs on from row to row */
  for (long long row = first; row < rows; row += (long long)gridDim.x * groups) {
    const T *ra = a + row * len, *rb = b + row * len;
    T *rh = h + row * len;
    float carry = 0.0f;   /* the state before the stride */
    for (long long stride = 0; stride < len; stride += rows_stride_length<T>(ways)) {
      
#line 5080 "scan.nw"
typename rows_held<T>::vector va[PIECES], vb[PIECES];
#pragma unroll
for (int p = 0; p < PIECES; p++) {
  long long i = rows_vector_at<T>(stride, way, p, lane);
  va[p] = row_held<ALIGNED>(ra, i, len, 1.0f);
  vb[p] = row_held<ALIGNED>(rb, i, len, 0.0f);
}
#line 5070 "scan.nw"
      
#line 5095 "scan.nw"
segment before[PIECES], total[PIECES], step = segment_identity();
#pragma unroll
for (int p = 0; p < PIECES; p++) {
  segment x = warp_inclusive_maps(compose_vector(held_floats<T>(va[p]),
                                                 held_floats<T>(vb[p])));
  before[p].a = __shfl_up_sync(FULL_MASK, x.a, 1);
  before[p].b = __shfl_up_sync(FULL_MASK, x.b, 1);
  segment t = {__shfl_sync(FULL_MASK, x.a, 31), __shfl_sync(FULL_MASK, x.b, 31), 0};
  total[p] = t;
  step = p == 0 ? t : segment_combine(step, t);
}
#line 5071 "scan.nw"
      
#line 5127 "scan.nw"
float state = carry;
if (ways == 1) {
  carry = fmaf(step.a, carry, step.b);
} else {
  if (lane == 0) step_total[parity][warp] = make_float2(step.a, step.b);
  bar_sync(1 + warp / ways, 32 * ways);
  for (int w = 0; w < ways; w++) {
    float2 t = step_total[parity][warp - way + w];
    if (w == way) state = carry;
    carry = fmaf(t.x, carry, t.y);
  }
}
#line 5072 "scan.nw"
      
#line 5146 "scan.nw"
#pragma unroll
for (int p = 0; p < PIECES; p++) {
  float x = lane == 0 ? state : fmaf(before[p].a, state, before[p].b), out[VEC];
  float4 pa = held_floats<T>(held_again(va[p])), pb = held_floats<T>(held_again(vb[p]));
  out[0] = fmaf(pa.x, x, pb.x);
  out[1] = fmaf(pa.y, out[0], pb.y);
  out[2] = fmaf(pa.z, out[1], pb.z);
  out[3] = fmaf(pa.w, out[2], pb.w);
  store_vector<ALIGNED>(rh, rows_vector_at<T>(stride, way, p, lane), len, out);
  state = fmaf(total[p].a, state, total[p].b);
}
#line 5073 "scan.nw"
      parity ^= 1;
    }
  }
}
#line 5177 "scan.nw"
#define ROWS_PER_GROUP 32   /* rows wanted for every resident group */

template <typename T = float>
static int l4_rows_resident_warps(bool aligned, int warps)
{
  static int remembered[2][2][64];
  const void *k = NULL;
  if (aligned)
    k = warps == 8 ? (const void *)l4_rows_kernel<true, 8, T>
                   : (const void *)l4_rows_kernel<true, 4, T>;
  else if constexpr (sizeof(T) == sizeof(float))   /* the only misaligned forms */
    k = warps == 8 ? (const void *)l4_rows_kernel<false, 8, T>
                   : (const void *)l4_rows_kernel<false, 4, T>;
  if (!k) return 0;
  return warps * resident_blocks(k, 32 * warps, 0, remembered[aligned][warps == 8]);
}

template <typename T = float>
static int l4_rows_block_warps(long long rows, bool aligned)
{
  return rows < 2LL * l4_rows_resident_warps<T>(aligned, 4) ? 8 : 4;
}
#line 5202 "scan.nw"
template <typename T = float>
static int l4_rows_ways(long long rows, long long len, bool aligned)
{
  int warps = l4_rows_block_warps<T>(rows, aligned), ways = 1;
  long long resident = l4_rows_resident_warps<T>(aligned, warps);
  while (ways < warps && rows * ways < ROWS_PER_GROUP * resident &&
         len >= 2LL * ways * rows_step<T>())
    ways *= 2;
  return ways;
}
#line 5219 "scan.nw"
template <typename T>   /* lines of a vector's bytes: 16 for floats, 8 for two-byte types */
static bool rows_aligned(const T *a, const T *b, const T *h, long long len)
{
  uintptr_t line = VEC * sizeof(T) - 1;
  return (((uintptr_t)a | (uintptr_t)b | (uintptr_t)h) & line) == 0 && len % VEC == 0;
}
#line 5228 "scan.nw"
template <typename T>
static cudaError_t l4_rows_launch(const T *a, const T *b, T *h, long long rows,
                                  long long len, void *workspace, cudaStream_t stream)
{
  (void)workspace;
  bool aligned = rows_aligned(a, b, h, len);
  if (!aligned && sizeof(T) != sizeof(float))
    return cudaErrorInvalidValue;   /* not compiled: l4_rows_takes never gives these */
  int warps = l4_rows_block_warps<T>(rows, aligned);
  int ways = l4_rows_ways<T>(rows, len, aligned);
  unsigned grid = grid_for(rows_blocks(rows, warps, ways));
  
#line 5245 "scan.nw"
if (aligned && warps == 8)
  l4_rows_kernel<true, 8, T><<<grid, 8 * 32, 0, stream>>>(a, b, h, rows, len, ways);
else if (aligned)
  l4_rows_kernel<true, 4, T><<<grid, 4 * 32, 0, stream>>>(a, b, h, rows, len, ways);
else if constexpr (sizeof(T) == sizeof(float)) {
  if (warps == 8)
    l4_rows_kernel<false, 8, T><<<grid, 8 * 32, 0, stream>>>(a, b, h, rows, len, ways);
  else
    l4_rows_kernel<false, 4, T><<<grid, 4 * 32, 0, stream>>>(a, b, h, rows, len, ways);
}
#line 5240 "scan.nw"
  return cudaGetLastError();
}
#line 5418 "scan.nw"
#define RING_TILE 4096                       /* elements a tile */
#define RING_STAGES 7                        /* tiles in flight in a block */
#define RING_PARTS 4                         /* composer warps; warps a holder group */
#define RING_PART (RING_TILE / RING_PARTS)   /* elements a composer or holder warp takes */
#define RING_PIECES (RING_PART / (32 * VEC)) /* vectors a lane takes from its part */
#define RING_HOLDERS 3                       /* holder groups: use u goes to group u % 3 */
#define RING_WARPS (2 + RING_PARTS + RING_HOLDERS * RING_PARTS)
#define RING_POSTS (4 * RING_STAGES)         /* the walker's posts, by use */
#define RING_NO_END 0x7FFFFFFFFFFFFFFFLL
#define RING_WINDOW 32                       /* words a chain warp makes known: a lane each */
#define RING_LINE 32                         /* floats in a 128-byte line */
#define RING_MIN_BLOCKS 2                    /* the chain block and one ring (below) */
enum { RING_PRODUCER, RING_WALKER, RING_COMPOSER_0, RING_HOLDER_0 = 2 + RING_PARTS };
static_assert(RING_HOLDERS <= RING_STAGES && RING_POSTS >= RING_STAGES + RING_HOLDERS,
              "the ring's phases and posts are sound only so (the argument below)");
static_assert(RING_WINDOW == 32, "a chain warp's window is its 32 lanes");
#line 5466 "scan.nw"
typedef struct {
  long long tile, base, first;    /* the tile; the element of its slot 0; its first element */
  long long row_offset;           /* where that element lies in its row */
  int count;                      /* its elements: from slot first - base, RING_TILE at most */
  int copy_from, copy_to;         /* the slots the copy fills: whole vectors in the arrays */
  segment part[RING_PARTS];       /* the composers' part totals */
  int parts_done;                 /* composers that have published their total */
} ring_stage;

typedef struct {
  unsigned long long full[RING_STAGES], composed[RING_STAGES], empty[RING_STAGES];
  ring_stage stage[RING_STAGES];
  volatile long long post_use[RING_POSTS];   /* the use whose state the slot holds */
  volatile float post_state[RING_POSTS];     /* the state before that use's tile */
  volatile long long end_use;                /* the first use with no tile */
} ring_shared;

/* The stages and the notes, with room for the chain block's few words, within
   the 227 KiB a Hopper block may ask for; past it the ring would never run. */
static_assert(2 * RING_STAGES * RING_TILE * sizeof(float) + sizeof(ring_shared) + 64 <=
                  227 * 1024, "a ring block's shared memory must fit a Hopper block");
#line 5494 "scan.nw"
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
#define RING_COMPILED 0   /* no bulk copies or transaction barriers before sm_90 */
#else
#define RING_COMPILED 1
#endif

static __device__ __forceinline__ unsigned shared_address(const void *p)
{
  return (unsigned)__cvta_generic_to_shared(p);
}
#line 5507 "scan.nw"
static __device__ __forceinline__ void mbar_init(unsigned long long *bar, unsigned count)
{
#if RING_COMPILED
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;"
               :: "r"(shared_address(bar)), "r"(count) : "memory");
#endif
}

static __device__ __forceinline__ void mbar_arrive(unsigned long long *bar)
{
#if RING_COMPILED
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];"
               :: "r"(shared_address(bar)) : "memory");
#endif
}
#line 5529 "scan.nw"
/* Use u of the ring's stages: stage u % RING_STAGES, in its phase u / RING_STAGES, whose
   parity the stage's barriers count. */
static __device__ __forceinline__ int ring_stage_of(long long u)
{
  return (int)(u % RING_STAGES);
}

static __device__ __forceinline__ unsigned ring_parity_of(long long u)
{
  return (unsigned)(u / RING_STAGES & 1);
}

static __device__ __forceinline__ bool mbar_phase_done(unsigned long long *bar, long long use)
{
  unsigned done = 1;
#if RING_COMPILED
  asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;"
               " selp.u32 %0, 1, 0, p; }"
               : "=r"(done) : "r"(shared_address(bar)), "r"(ring_parity_of(use))
               : "memory");
#endif
  return done != 0;
}

/* Wait for use u of a stage's barrier; false once the ring has no use u. */
static __device__ bool ring_wait(unsigned long long *bar, long long u, ring_shared *r)
{
  while (!mbar_phase_done(bar, u))
    if (r->end_use <= u) return false;
  return true;
}
#line 5569 "scan.nw"
static __device__ __forceinline__ void bulk_copy(float4 *to, const float *from,
                                                 unsigned bytes, unsigned long long *bar)
{
#if RING_COMPILED
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes"
               " [%0], [%1], %2, [%3];"
               :: "r"(shared_address(to)), "l"(from), "r"(bytes), "r"(shared_address(bar))
               : "memory");
#endif
}

static __device__ void ring_copy_tile(const l4_params &p, float4 *sa, float4 *sb,
                                      unsigned long long *full, const ring_stage *st)
{
  unsigned bytes = (st->copy_to - st->copy_from) * sizeof(float);
  if (bytes == 0) { mbar_arrive(full); return; }   /* nothing whole to copy */
#if RING_COMPILED
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;"
               :: "r"(shared_address(full)), "r"(2 * bytes) : "memory");
#endif
  bulk_copy(sa + st->copy_from / VEC, p.a + st->base + st->copy_from, bytes, full);
  bulk_copy(sb + st->copy_from / VEC, p.b + st->base + st->copy_from, bytes, full);
}
#line 5606 "scan.nw"
typedef struct { long long base, first, row_offset, count; } ring_tile;

/* Where tile g lies, in flat indices, for rows of len cut into tiles of `tile`
   elements on lines of `line`, the virtual index (flat + shift) putting its
   multiples of `line` on lines: a row's tile k has slot 0 at the line at or
   before the row's start, plus k tiles, and holds what of the row lies in it. */
static __host__ __device__ ring_tile ring_tile_at(long long g, long long row_tiles,
                                                  long long len, long long shift,
                                                  long long tile, long long line)
{
  long long start = g / row_tiles * len + shift, k = g % row_tiles;
  long long base = start / line * line + k * tile;
  long long first = base > start ? base : start;
  long long end = base + tile < start + len ? base + tile : start + len;
  ring_tile t = {base - shift, first - shift, first - start, end > first ? end - first : 0};
  return t;
}

/* Tiles a row: the most that any of the rows needs, from where it starts on
   its line; the phases repeat within `line` rows. */
static long long ring_tiles_a_row(long long rows, long long len, long long shift,
                                  long long tile, long long line)
{
  long long most = 0;
  for (long long r = 0; r < rows && r < line; r++) {
    long long t = ((r * len + shift) % line + len + tile - 1) / tile;
    if (t > most) most = t;
  }
  return most;
}
#line 5639 "scan.nw"
/* Note in the stage where tile g lies, and which of its slots the copy fills:
   the whole vectors that hold its elements and lie in the arrays. */
static __device__ void ring_place(const l4_params &p, long long g, ring_stage *st)
{
  ring_tile t = ring_tile_at(g, p.row_tiles, p.len, p.shift, RING_TILE, RING_LINE);
  long long from = (t.first - t.base) / VEC * VEC;
  long long to = (t.first + t.count - t.base + VEC - 1) / VEC * VEC;
  if (t.base + from < 0) from += VEC;         /* the arrays' first vector is not whole */
  if (t.base + to > p.n) to -= VEC;           /* nor their last */
  st->tile = g;
  st->base = t.base;
  st->first = t.first;
  st->row_offset = t.row_offset;
  st->count = (int)t.count;
  st->copy_from = (int)from;
  st->copy_to = (int)(to > from ? to : from);
}
#line 5659 "scan.nw"
static __device__ void ring_produce(const l4_params &p, ring_shared *r, float4 *sa,
                                    float4 *sb)
{
  for (long long u = 0;; u++) {
    int s = ring_stage_of(u);
    if (u >= RING_STAGES)
      while (!mbar_phase_done(&r->empty[s], u - RING_STAGES)) {}
    long long g = (long long)(atomicAdd(p.s.ticket, 1ULL) + 1ULL);   /* from all ones */
    if (g >= p.tiles) { r->end_use = u; return; }
    ring_place(p, g, &r->stage[s]);
    ring_copy_tile(p, sa + s * (RING_TILE / VEC), sb + s * (RING_TILE / VEC),
                   &r->full[s], &r->stage[s]);
  }
}
#line 5690 "scan.nw"
/* Overwrite a lane's vector with the maps from the part's start through
   each element, given the map through the element before the vector. */
static __device__ __forceinline__ void write_local_maps(float4 *xa, float4 *xb,
                                                        segment m)
{
  float4 va = *xa, vb = *xb, ra, rb;
  m.b = fmaf(va.x, m.b, vb.x); m.a *= va.x; ra.x = m.a; rb.x = m.b;
  m.b = fmaf(va.y, m.b, vb.y); m.a *= va.y; ra.y = m.a; rb.y = m.b;
  m.b = fmaf(va.z, m.b, vb.z); m.a *= va.z; ra.z = m.a; rb.z = m.b;
  m.b = fmaf(va.w, m.b, vb.w); m.a *= va.w; ra.w = m.a; rb.w = m.b;
  *xa = ra;
  *xb = rb;
}
#line 5706 "scan.nw"
/* Before part c of a stage is composed: its slots before the tile's first
   element take the identity, and the tile's elements that the copy left out,
   at most three at either end of the arrays, are loaded one by one. */
static __device__ void ring_patch_part(const l4_params &p, const ring_stage *st, float *xa,
                                       float *xb, int c)
{
  int lane = threadIdx.x & 31, lo = (int)(st->first - st->base), hi = lo + st->count;
  int head = max(lo, min(hi, st->copy_from)), tail = max(lo, st->copy_to);
  if (head == 0 && tail >= hi) return;   /* the usual tile: nothing to patch */
  for (int i = lane; i < head + 32; i += 32) {
    int k = i < head ? i : i - head + tail;   /* a slot of the head, then of the tail */
    if ((i < head || k < hi) && k / RING_PART == c) {
      xa[k] = k < lo ? 1.0f : p.a[st->base + k];
      xb[k] = k < lo ? 0.0f : p.b[st->base + k];
    }
  }
  __syncwarp();
}
#line 5727 "scan.nw"
/* Compose part c of the tile in stage memory xa, xb in place; the part's total. */
static __device__ segment ring_compose_part(float4 *xa, float4 *xb)
{
  int lane = threadIdx.x & 31;
  segment total = segment_identity();
#pragma unroll 4
  for (int q = 0; q < RING_PIECES; q++) {
    int v = q * 32 + lane;
    segment x = warp_inclusive_maps(compose_vector(xa[v], xb[v]));
    segment before = {__shfl_up_sync(FULL_MASK, x.a, 1), __shfl_up_sync(FULL_MASK, x.b, 1), 0};
    segment step = {__shfl_sync(FULL_MASK, x.a, 31), __shfl_sync(FULL_MASK, x.b, 31), 0};
    if (lane == 0) before = segment_identity();
    write_local_maps(&xa[v], &xb[v], segment_combine(total, before));
    total = segment_combine(total, step);
  }
  return total;
}
#line 5753 "scan.nw"
static __device__ void ring_publish_part(const l4_params &p, ring_stage *st, int c,
                                         segment total)
{
  st->part[c] = total;
  __threadfence_block();
  if (atomicAdd(&st->parts_done, 1) != RING_PARTS - 1) return;
  __threadfence_block();
  volatile ring_stage *vs = st;
  segment own = segment_identity();
  for (int k = 0; k < RING_PARTS; k++) {
    segment t = {vs->part[k].a, vs->part[k].b, 0};
    own = segment_combine(own, t);
  }
  if (st->row_offset == 0) { own.b = fmaf(own.a, 0.0f, own.b); own.a = 1.0f; own.reset = 1; }
  st->parts_done = 0;
  store_relaxed(&p.s.status[st->tile], segment_word(own));
}
#line 5783 "scan.nw"
template <bool PATCHED>   /* whether any tile may need a patch */
static __device__ void ring_compose(const l4_params &p, ring_shared *r, float4 *sa,
                                    float4 *sb, int c)
{
  int lane = threadIdx.x & 31;
  for (long long u = 0; ring_wait(&r->full[ring_stage_of(u)], u, r); u++) {
    int s = ring_stage_of(u), first = s * (RING_TILE / VEC) + c * (RING_PART / VEC);
    if (PATCHED)
      ring_patch_part(p, &r->stage[s], (float *)(sa + s * (RING_TILE / VEC)),
                      (float *)(sb + s * (RING_TILE / VEC)), c);
    segment total = ring_compose_part(sa + first, sb + first);
    if (lane == 0) ring_publish_part(p, &r->stage[s], c, total);
    __syncwarp();
    if (lane == 0) mbar_arrive(&r->composed[s]);
  }
}
#line 5823 "scan.nw"
static __device__ void ring_chain(const l4_params &p)
{
  __shared__ volatile long long carry_window;   /* the window whose carry is in */
  __shared__ volatile float carry;              /* the state through the window before */
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, warps = blockDim.x >> 5;
  if (threadIdx.x == 0) { carry_window = 0; carry = 0.0f; }
  __syncthreads();
  for (long long w = warp; RING_WINDOW * w < p.tiles; w += warps) {
    long long g = RING_WINDOW * w + lane;
    bool active = g < p.tiles;
    unsigned long long word = active ? load_relaxed(&p.s.status[g]) : WORD_NONE_BEFORE;
    segment incl = warp_inclusive_segments(published_segments(&p.s.status[g], active, word));
    if (lane == 0) while (carry_window != w) {}
    __threadfence_block();   /* the carry is read after its window number */
    __syncwarp();
    float state = segment_apply(incl, carry);
    if (active) store_relaxed(&p.s.known[g], pack(WORD_KNOWN, state));
    float last = __shfl_sync(FULL_MASK, state, 31);
    if (lane == 0) { carry = last; __threadfence_block(); carry_window = w + 1; }
  }
}
#line 5859 "scan.nw"
#define RING_CHAIN_SM(p) ((p).s.ticket + 16)   /* 128 bytes after the ticket */

typedef enum { RING_BLOCK_LEAVES = -1, RING_BLOCK_RING, RING_BLOCK_CHAIN } ring_block_role;

/* The block's role: the chain block, a ring, or one that leaves. */
static __device__ ring_block_role ring_role(const l4_params &p)
{
  __shared__ ring_block_role role;
  if (threadIdx.x == 0) {
    unsigned long long sm = sm_id(), chain = ~0ULL;
    if (blockIdx.x == 0) {
      role = RING_BLOCK_CHAIN;
      if (p.shared_sms) atomicExch(RING_CHAIN_SM(p), sm);
    } else {
      while (p.shared_sms && (chain = load_relaxed(RING_CHAIN_SM(p))) == ~0ULL)
        __nanosleep(64);
      role = p.shared_sms && chain == sm ? RING_BLOCK_LEAVES : RING_BLOCK_RING;
    }
  }
  __syncthreads();
  return role;
}
#line 5890 "scan.nw"
static __device__ float ring_state_through(const l4_params &p, long long t);   /* below */

static __device__ void ring_walk(const l4_params &p, ring_shared *r)
{
  int lane = threadIdx.x & 31;
  for (long long u = 0; ring_wait(&r->composed[ring_stage_of(u)], u, r); u++) {
    int s = ring_stage_of(u);
    long long g = r->stage[s].tile;
    bool needs_before = r->stage[s].row_offset != 0;
    __syncwarp();
    if (lane == 0) mbar_arrive(&r->empty[s]);
    float before = needs_before ? ring_state_through(p, g - 1) : 0.0f;
    if (lane == 0) {
      r->post_state[u % RING_POSTS] = before;
      __threadfence_block();
      r->post_use[u % RING_POSTS] = u;
    }
  }
}
#line 5953 "scan.nw"
#define RING_LOOK 8   /* windows a walker's look reaches: its own and seven before */

typedef struct {
  unsigned long long word[RING_LOOK];   /* lane i: tile 32(W - d) + i, d windows back */
  unsigned long long end;               /* lane i < 7: the chain's state ending window W-1-i */
} ring_look_reads;

static __device__ ring_look_reads ring_look_read(const l4_params &p, long long W)
{
  long long lane = threadIdx.x & 31, e = W - 1 - lane;
  ring_look_reads r;
  r.end = lane < RING_LOOK - 1 && e >= 0
              ? load_relaxed(&p.s.known[RING_WINDOW * e + RING_WINDOW - 1]) : 0;
#pragma unroll
  for (int d = 0; d < RING_LOOK; d++)
    r.word[d] = W >= d ? load_relaxed(&p.s.status[RING_WINDOW * (W - d) + lane]) : 0;
  return r;
}
#line 5980 "scan.nw"
/* The whole windows to fold before window W, with the carry into the first
   of them in *carry; -1 when no start is in reach. */
static __device__ int ring_look_start(const ring_look_reads &r, long long W, float *carry)
{
  int lane = threadIdx.x & 31;
  unsigned ends = __ballot_sync(FULL_MASK, lane < RING_LOOK - 1 && W - 1 - lane >= 0 &&
                                               high_word(r.end) == WORD_KNOWN);
  int folds = ends ? __ffs(ends) - 1 : W < RING_LOOK ? (int)W : -1;
  unsigned carried = __shfl_sync(FULL_MASK, (unsigned)r.end, ends ? folds : 0);
  *carry = ends ? __uint_as_float(carried) : 0.0f;
  return folds;
}
#line 5995 "scan.nw"
/* Whether every segment of the fold is published: windows 1 to `folds`
   back whole, and window W up to lane j. */
static __device__ bool ring_look_complete(const ring_look_reads &r, int folds, int j)
{
  int lane = threadIdx.x & 31;
  bool missing = false;
#pragma unroll
  for (int d = 0; d < RING_LOOK; d++)
    if (d <= folds && (d > 0 || lane <= j)) missing |= high_word(r.word[d]) == WORD_EMPTY;
  return !__any_sync(FULL_MASK, missing);
}
#line 6009 "scan.nw"
/* The chain block's fold from the carry: each whole window's scan, applied
   at its last lane, then window W's, applied at lane j. */
static __device__ float ring_look_fold(const ring_look_reads &r, int folds, int j, float carry)
{
  int lane = threadIdx.x & 31;
#pragma unroll
  for (int d = RING_LOOK - 1; d >= 1; d--)
    if (d <= folds)
      carry = segment_apply(shfl_segment(warp_inclusive_segments(word_segment(r.word[d])),
                                         RING_WINDOW - 1), carry);
  segment x = lane <= j ? word_segment(r.word[0]) : segment_identity();
  return segment_apply(shfl_segment(warp_inclusive_segments(x), j), carry);
}
#line 6033 "scan.nw"
/* The state through tile t, bit for bit as the chain block makes it known. */
static __device__ float ring_state_through(const l4_params &p, long long t)
{
  long long W = t / RING_WINDOW;
  int j = (int)(t % RING_WINDOW), folds;
  for (;;) {
    unsigned long long known = load_relaxed(&p.s.known[t]);
    ring_look_reads r = ring_look_read(p, W);
    unsigned long long own = __shfl_sync(FULL_MASK, r.word[0], j);
    if (high_word(known) == WORD_KNOWN) return __uint_as_float((unsigned)known);
    if (high_word(own) == WORD_KNOWN) return __uint_as_float((unsigned)own);
    float carry;
    if ((folds = ring_look_start(r, W, &carry)) >= 0 && ring_look_complete(r, folds, j))
      return ring_look_fold(r, folds, j, carry);
  }
}
#line 6060 "scan.nw"
/* Store the elements of a vector at i that lie in [from, to): whole where it can be. */
static __device__ __forceinline__ void store_vector_within(float *dst, long long i,
                                                           long long from, long long to,
                                                           const float *v)
{
  if (i >= from) { store_vector<true>(dst, i, to, v); return; }
#pragma unroll
  for (int k = 0; k < VEC; k++)
    if (i + k >= from && i + k < to) dst[i + k] = v[k];
}
#line 6073 "scan.nw"
template <bool PATCHED>
static __device__ void ring_hold(const l4_params &p, ring_shared *r, const float4 *sa,
                                 const float4 *sb, int group, int f)
{
  int lane = threadIdx.x & 31;
  for (long long u = group; ring_wait(&r->composed[ring_stage_of(u)], u, r);
       u += RING_HOLDERS) {
    int s = ring_stage_of(u), first = s * (RING_TILE / VEC) + f * (RING_PART / VEC);
    const ring_stage *st = &r->stage[s];
    long long start = st->base + f * RING_PART, from = st->first, end = from + st->count;
    segment before = segment_identity();
    for (int k = 0; k < f; k++) before = segment_combine(before, st->part[k]);
    float4 ma[RING_PIECES], mb[RING_PIECES];
#pragma unroll
    for (int q = 0; q < RING_PIECES; q++) { ma[q] = sa[first + q * 32 + lane];
                                            mb[q] = sb[first + q * 32 + lane]; }
    __syncwarp();
    if (lane == 0) mbar_arrive(&r->empty[s]);
    
#line 6100 "scan.nw"
while (r->post_use[u % RING_POSTS] != u) __nanosleep(128);
__threadfence_block();   /* the post's state is read after its use */
float x = segment_apply(before, r->post_state[u % RING_POSTS]);
#pragma unroll
for (int q = 0; q < RING_PIECES; q++) {
  float out[VEC] = {fmaf(ma[q].x, x, mb[q].x), fmaf(ma[q].y, x, mb[q].y),
                    fmaf(ma[q].z, x, mb[q].z), fmaf(ma[q].w, x, mb[q].w)};
  if (PATCHED) store_vector_within(p.h, start + (q * 32 + lane) * VEC, from, end, out);
  else store_vector<true>(p.h, start + (q * 32 + lane) * VEC, end, out);
}
#line 6092 "scan.nw"
  }
}
#line 6281 "scan.nw"
template <bool PATCHED>
static __global__ void __launch_bounds__(RING_WARPS * 32, 1) l4_ring_kernel(l4_params p)
{
#if RING_COMPILED
  extern __shared__ __align__(128) float4 ring_data[];   /* a's stages, then b's */
  __shared__ ring_shared r;
  if (!p.states_filled) {
    fill_states(p, p.s.ticket);
    cooperative_groups::this_grid().sync();
  }
  ring_block_role role = ring_role(p);
  if (role == RING_BLOCK_CHAIN) ring_chain(p);
  if (role == RING_BLOCK_RING) 
#line 6300 "scan.nw"
{
  
#line 6313 "scan.nw"
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
#line 6302 "scan.nw"
  float4 *sa = ring_data, *sb = ring_data + RING_STAGES * (RING_TILE / VEC);
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  if (warp == RING_PRODUCER) { if (lane == 0) ring_produce(p, &r, sa, sb); }
  else if (warp == RING_WALKER) ring_walk(p, &r);
  else if (warp < RING_HOLDER_0) ring_compose<PATCHED>(p, &r, sa, sb, warp - RING_COMPOSER_0);
  else ring_hold<PATCHED>(p, &r, sa, sb, (warp - RING_HOLDER_0) / RING_PARTS,
                          (warp - RING_HOLDER_0) % RING_PARTS);
}
#line 6294 "scan.nw"
  if (p.fill_after) fill_states(p, p.fill_after);
#endif
}
#line 6351 "scan.nw"
static size_t l4_ring_shared_bytes(void)
{
  return 2 * (size_t)RING_STAGES * RING_TILE * sizeof(float);
}

/* Ring blocks that fit at once; 0 where the kernel was not compiled for
   sm_90 or later. Asked once a device, like everything the launcher asks. */
static int l4_ring_resident(void)
{
  static int remembered[64], plain_remembered[64];
  static int compiled[64];   /* 0 not asked, 1 no, 2 yes */
  int device;
  cudaFuncAttributes f;
  if (cudaGetDevice(&device) != cudaSuccess || device >= 64) return 0;
  if (!compiled[device])
    compiled[device] = cudaFuncGetAttributes(&f, (const void *)l4_ring_kernel<true>) ==
                           cudaSuccess &&
                       f.ptxVersion >= 90 && f.binaryVersion >= 90 ? 2 : 1;
  if (compiled[device] == 1) return 0;
  int patched = resident_blocks((const void *)l4_ring_kernel<true>, RING_WARPS * 32,
                                (int)l4_ring_shared_bytes(), remembered);
  int plain = resident_blocks((const void *)l4_ring_kernel<false>, RING_WARPS * 32,
                              (int)l4_ring_shared_bytes(), plain_remembered);
  return patched < plain ? patched : plain;   /* each allowed its shared memory */
}
#line 6379 "scan.nw"
#define RING_RAGGED_SHORTEST (16 * RING_TILE)   /* rows this long may be of any length */

/* The shift that puts a's 128-byte lines at virtual multiples of RING_LINE. */
static int ring_shift(const float *a) { return (int)(((uintptr_t)a & 127) / sizeof(float)); }

/* The most tiles a row of len can need, wherever on its line it starts. */
static long long ring_row_tiles(long long len)
{
  return (len + RING_LINE - 1 + RING_TILE - 1) / RING_TILE;
}

/* The tiles of this call: rows of len from where the arrays start. */
static long long ring_tiles(const float *a, long long rows, long long len)
{
  return rows * ring_tiles_a_row(rows, len, ring_shift(a), RING_TILE, RING_LINE);
}

/* Whether the copies can start on lines: a and b lie alike on 128-byte lines,
   and h alike on 16-byte vectors, so one shift serves all three. */
static bool ring_arrays_agree(const float *a, const float *b, const float *h)
{
  uintptr_t x = (uintptr_t)a;
  return (((uintptr_t)b ^ x) & 127) == 0 && (((uintptr_t)h ^ x) & 15) == 0 && (x & 3) == 0;
}
#line 6414 "scan.nw"
/* The device's multiprocessors, or 0 where it cannot launch cooperatively;
   asked once a device. */
static int l4_ring_sms(void)
{
  static int remembered[64];   /* 1 + the answer */
  int device, sms, cooperative;
  if (cudaGetDevice(&device) != cudaSuccess || device >= 64) return 0;
  if (!remembered[device])
    remembered[device] =
        1 + (cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device) ==
                     cudaSuccess &&
                     cudaDeviceGetAttribute(&cooperative, cudaDevAttrCooperativeLaunch,
                                            device) == cudaSuccess && cooperative
                 ? sms : 0);
  return remembered[device] - 1;
}

static int l4_ring_rings(void)
{
  int sms = l4_ring_sms(), resident = l4_ring_resident();
  if (resident <= 0 || sms <= 0) return 0;
  return resident - (resident + sms - 1) / sms;
}

#line 6448 "scan.nw"
/* Whether the ring may take rows of len, wherever the arrays start: one row,
   rows of whole tiles or long rows, enough ring blocks, and two tiles or more
   for every resident block. */
static bool l4_ring_takes_shape(long long rows, long long len)
{
  if (rows > 1 && len % RING_TILE && len < RING_RAGGED_SHORTEST) return false;
  return l4_ring_rings() >= RING_MIN_BLOCKS - 1 &&
         rows * ring_row_tiles(len) >= 2LL * l4_ring_resident();
}

/* Whether the ring runs this call: the shape, arrays that agree, rows of whole
   tiles only where they start on lines, and two tiles a resident block. */
static bool l4_ring_takes(const float *a, const float *b, const float *h, long long rows,
                          long long len)
{
  if (!ring_arrays_agree(a, b, h) || !l4_ring_takes_shape(rows, len)) return false;
  if (rows > 1 && len < RING_RAGGED_SHORTEST && ring_shift(a) != 0) return false;
  return ring_tiles(a, rows, len) >= 2LL * l4_ring_resident();
}
#line 6473 "scan.nw"
static long long ring_state_bytes(long long tiles)
{
  return l4_state_bytes(tiles) + round_up(tiles * 8, 256);
}

static packed_states ring_states(void *workspace, long long tiles)
{
  packed_states s = l4_states(workspace, tiles);
  s.known = (unsigned long long *)((char *)workspace + l4_state_bytes(tiles));
  return s;
}
#line 6487 "scan.nw"
/* Enough for the ring's tiles where it can take the shape, and for the held
   kernel's where it falls back. Rows of a few elements would each round up
   to a tile of the ring, which never takes them. */
static size_t l4_ring_workspace_bytes(long long rows, long long len, bool aligned)
{
  size_t ring = l4_ring_takes_shape(rows, len)
              ? (size_t)ring_state_bytes(rows * ring_row_tiles(len)) : 0;
  size_t held = l4_held_workspace_bytes(rows, len, aligned);
  return ring > held ? ring : held;
}
#line 6505 "scan.nw"
static cudaError_t l4_ring_launch_at(const float *a, const float *b, float *h,
                                     long long rows, long long len, void *workspace,
                                     bool filled, void *fill_after, bool *ringed,
                                     cudaStream_t stream)
{
  *ringed = false;
  if (!l4_ring_takes(a, b, h, rows, len))
    return l4_held_launch(a, b, h, rows, len, workspace, stream);
  l4_params p = {a, b, h, rows * len, len, 0, 0, 0, L4_LOOK_BACK, {}};
  p.shift = ring_shift(a);
  p.row_tiles = ring_tiles_a_row(rows, len, p.shift, RING_TILE, RING_LINE);
  p.tiles = rows * p.row_tiles;
  p.s = ring_states(workspace, p.tiles);
  p.shared_sms = l4_ring_resident() > l4_ring_sms();
  p.states_filled = filled;
  p.fill_after = fill_after;
  p.state_bytes = ring_state_bytes(p.tiles);
  /* Patched where a row starts off a line, or the arrays end inside a vector. */
  bool patched = p.shift != 0 || (rows > 1 && len % RING_LINE) || p.n % VEC;
  
#line 6536 "scan.nw"
cudaLaunchAttribute cooperative = {};
cooperative.id = cudaLaunchAttributeCooperative;
cooperative.val.cooperative = 1;
cudaLaunchConfig_t config = {dim3(grid_for(l4_ring_resident())), dim3(RING_WARPS * 32),
                             l4_ring_shared_bytes(), stream, &cooperative, 1};
cudaError_t e = patched ? cudaLaunchKernelEx(&config, l4_ring_kernel<true>, p)
                        : cudaLaunchKernelEx(&config, l4_ring_kernel<false>, p);
*ringed = e == cudaSuccess;
if (e != cudaErrorCooperativeLaunchTooLarge) return e;
(void)cudaGetLastError();   /* refused, not failed: clear it */
return l4_held_launch(a, b, h, rows, len, workspace, stream);
#line 6525 "scan.nw"
}
static cudaError_t l4_ring_launch(const float *a, const float *b, float *h,
                                  long long rows, long long len, void *workspace,
                                  cudaStream_t stream)
{
  bool ringed;
  return l4_ring_launch_at(a, b, h, rows, len, workspace, false, NULL, &ringed, stream);
}
#line 6566 "scan.nw"
typedef struct {
  char *half[2];        /* two workspaces, each large enough for the call */
  int filled;           /* the half that the last ring call filled for the next */
  size_t filled_bytes;  /* how much of it holds ones; 0 where nothing is known */
} state_halves;

/* The half a call of `need` bytes of states runs in: the filled one where it
   holds enough ones (*ready), else the other. */
static int halves_pick(const state_halves *w, size_t need, bool *ready)
{
  *ready = w->filled_bytes >= need;
  return *ready ? w->filled : 1 - w->filled;
}

/* After a call in half i: the other half is filled where the kernel that fills
   it ran; nothing is known where the filled half was spent, or on an error. */
static void halves_after(state_halves *w, int i, size_t need, bool filled_other,
                         bool ready, cudaError_t e)
{
  if (filled_other) {
    w->filled = 1 - i;
    w->filled_bytes = need;
  } else if (ready || e != cudaSuccess) {
    w->filled_bytes = 0;
  }
}
#line 6595 "scan.nw"
/* The held kernel in the filled half where it holds enough ones, filling the
   other for the next call; otherwise in the other half, which it clears. */
static cudaError_t l4_held_launch_kept(const float *a, const float *b, float *h,
                                       long long rows, long long len, state_halves *w,
                                       cudaStream_t stream)
{
  bool aligned, held, ready;
  l4_params p = l4_params_for(a, b, h, rows, len, &aligned);
  size_t need = (size_t)l4_state_bytes(l4_tiles(p.n, p.shift, HELD_TILE));
  int i = halves_pick(w, need, &ready);
  cudaError_t e = l4_held_launch_at(a, b, h, rows, len, w->half[i], ready, w->half[1 - i],
                                    &held, NULL, stream);
  halves_after(w, i, need, held, ready, e);
  return e;
}

static cudaError_t l4_ring_launch_kept(const float *a, const float *b, float *h,
                                       long long rows, long long len, state_halves *w,
                                       cudaStream_t stream)
{
  if (!l4_ring_takes(a, b, h, rows, len))
    return l4_held_launch_kept(a, b, h, rows, len, w, stream);
  size_t need = (size_t)ring_state_bytes(ring_tiles(a, rows, len));
  bool ringed, ready;
  int i = halves_pick(w, need, &ready);
  cudaError_t e = l4_ring_launch_at(a, b, h, rows, len, w->half[i], ready, w->half[1 - i],
                                    &ringed, stream);
  halves_after(w, i, need, ringed, ready, e);
  return e;
}
#line 6632 "scan.nw"
template <int ITEMS>
static cudaError_t l4_tiles_launch_kept(const float *a, const float *b, float *h,
                                        long long rows, long long len, state_halves *w,
                                        cudaStream_t stream)
{
  bool aligned, filled_other, ready;
  l4_params p = l4_params_for(a, b, h, rows, len, &aligned);
  if (l4_order(p, rows, L4_THREADS * ITEMS, l4_resident<ITEMS, true>(), true) != L4_LOOK_BACK)
    return l4_launch<ITEMS>(a, b, h, rows, len, w->half[1 - w->filled], stream);
  size_t need = (size_t)l4_state_bytes(l4_tiles(p.n, p.shift, L4_THREADS * ITEMS));
  int i = halves_pick(w, need, &ready);
  cudaError_t e = l4_launch_at<ITEMS>(a, b, h, rows, len, w->half[i], ready, w->half[1 - i],
                                      &filled_other, NULL, stream);
  halves_after(w, i, need, filled_other, ready, e);
  return e;
}
#line 7026 "scan.nw"
/* Items a thread for n elements at `shift`: the largest tile where every resident
   block gets two; below that, where tiles start rows (`apart`) the smallest, and
   where they look back one 16-item tile, one group of 8-item tiles, or the held
   kernel's. */
static int l4_choose_items(long long n, int shift, bool apart)
{
  int resident[3] = {l4_resident<8, true>(), l4_resident<16, true>(),
                     l4_resident<32, true>()};
  if (resident[2] > 0 && l4_tiles(n, 0, L4_THREADS * 32) >= 2LL * resident[2]) return 32;
  if (apart && resident[0] > 0) return 8;
  if (resident[1] > 0 && l4_tiles(n, shift, L4_THREADS * 16) == 1) return 16;
  if (resident[0] > 0 && l4_tiles(n, shift, L4_THREADS * 8) <= 32) return 8;
  return resident[2] > 0 ? 32 : resident[1] > 0 ? 16 : 8;
}
#line 7063 "scan.nw"
#define ROWS_SHORTEST 2048   /* the shortest rows measured */

/* Whether the rows go to warps: aligned arrays, rows no shorter than those
   measured, and rows that keep the resident groups busy three quarters of
   the time or more, counting the last, partial round. */
template <typename T = float>
static bool l4_rows_takes(long long rows, long long len, bool aligned)
{
  if (!aligned || len < ROWS_SHORTEST) return false;
  long long groups = l4_rows_resident_warps<T>(true, l4_rows_block_warps<T>(rows, true)) /
                     l4_rows_ways<T>(rows, len, true);
  if (groups <= 0) return false;
  long long rounds = (rows + groups - 1) / groups;
  return 4 * rows >= 3 * rounds * groups;
}
#line 7107 "scan.nw"
#define RING_OVER_ROWS (16 * RING_TILE)   /* rows this long go to the ring, not the warps */

static size_t l4_auto_workspace_bytes(long long rows, long long len, bool aligned)
{
  if (l4_rows_takes(rows, len, aligned) &&
      (len < RING_OVER_ROWS || l4_ring_rings() < RING_MIN_BLOCKS - 1))
    return 0;   /* the warps need none, and the ring cannot run */
  size_t tiles = l4_workspace_bytes<8>(rows, len, aligned);
  size_t ring = l4_ring_workspace_bytes(rows, len, aligned);
  return tiles > ring ? tiles : ring;
}
#line 7125 "scan.nw"
typedef enum {
  L4_RUNS_WARPS,   /* a warp, or a group of warps, a row */
  L4_RUNS_RING,    /* the ring of stages and its chain block */
  L4_RUNS_HELD,    /* 32 items, tiles looking back, the waiting one held */
  L4_RUNS_TILES    /* the tile kernel, its tiles in `order` */
} l4_runs;

typedef struct {
  l4_runs kernel;
  int items;   /* the tile kernel's items a thread: 8, 16 or 32; 0 for the warps */
  int order;   /* the tile kernel's order: L4_LOOK_BACK, L4_TILES_APART, L4_ROW_A_BLOCK */
} l4_plan;
#line 7140 "scan.nw"
/* What SCAN_AUTO runs for this call on this GPU: the three questions, in order. */
static l4_plan l4_auto_plan(const float *a, const float *b, const float *h, long long rows,
                            long long len)
{
  l4_plan plan = {L4_RUNS_WARPS, 0, L4_LOOK_BACK};
  bool aligned, warps = l4_rows_takes(rows, len, rows_aligned(a, b, h, len));
  l4_params p = l4_params_for(a, b, (float *)h, rows, len, &aligned);
  bool apart = (p.shift % len == 0 && L4_THREADS * 8 % len == 0) ||   /* for every tile */
               tiles_read_heads(len, L4_THREADS * 8, heads_overwritten(a, b, h), FAULT_NONE);
  if (!warps) plan.items = l4_choose_items(rows * len, p.shift, apart);
  if ((warps ? len >= RING_OVER_ROWS : plan.items == 32) &&
      l4_ring_takes(a, b, h, rows, len)) {
    plan.kernel = L4_RUNS_RING;
    return plan;
  }
  if (warps) return plan;
  int resident = plan.items == 8 ? l4_resident<8, true>() : plan.items == 16
               ? l4_resident<16, true>() : l4_resident<32, true>();
  plan.order = l4_order(p, rows, L4_THREADS * plan.items, resident, true);
  plan.kernel = plan.items == 32 && l4_held_takes(p, rows, aligned) ? L4_RUNS_HELD
                                                                    : L4_RUNS_TILES;
  return plan;
}
#line 7178 "scan.nw"
typedef struct {
  int device;          /* -1: nothing asked yet */
  long long rows, len;
  uintptr_t lines;     /* where a, b and h start on 128-byte lines */
} l4_question;

/* Whether this question is the last one asked; it becomes the last one. */
static bool l4_asked_again(l4_question *last, long long rows, long long len, uintptr_t lines)
{
  l4_question now = {-1, rows, len, lines};
  if (cudaGetDevice(&now.device) != cudaSuccess) now.device = -1;
  bool again = now.device >= 0 && now.device == last->device && rows == last->rows &&
               len == last->len && lines == last->lines;
  *last = now;
  return again;
}
#line 7197 "scan.nw"
static l4_plan l4_auto_plan_remembered(const float *a, const float *b, const float *h,
                                       long long rows, long long len)
{
  static __thread l4_question last = {-1, 0, 0, 0};
  static __thread l4_plan plan;
  uintptr_t lines = ((uintptr_t)a & 127) | ((uintptr_t)b & 127) << 7 |
                    ((uintptr_t)h & 127) << 14;
  if (!l4_asked_again(&last, rows, len, lines)) plan = l4_auto_plan(a, b, h, rows, len);
  return plan;
}

static size_t l4_auto_workspace_remembered(long long rows, long long len, bool aligned)
{
  static __thread l4_question last = {-1, 0, 0, 0};
  static __thread size_t bytes;
  if (!l4_asked_again(&last, rows, len, aligned))
    bytes = l4_auto_workspace_bytes(rows, len, aligned);
  return bytes;
}
#line 7219 "scan.nw"
static cudaError_t l4_run_plan(l4_plan plan, const float *a, const float *b, float *h,
                               long long rows, long long len, void *workspace,
                               cudaStream_t stream)
{
  switch (plan.kernel) {
  case L4_RUNS_RING: return l4_ring_launch(a, b, h, rows, len, workspace, stream);
  case L4_RUNS_WARPS: return l4_rows_launch(a, b, h, rows, len, workspace, stream);
  case L4_RUNS_HELD: return l4_held_launch(a, b, h, rows, len, workspace, stream);
  case L4_RUNS_TILES: break;
  }
  return plan.items == 32 ? l4_launch<32>(a, b, h, rows, len, workspace, stream)
       : plan.items == 16 ? l4_launch<16>(a, b, h, rows, len, workspace, stream)
                          : l4_launch<8>(a, b, h, rows, len, workspace, stream);
}

static cudaError_t l4_auto_launch(const float *a, const float *b, float *h,
                                  long long rows, long long len,
                                  void *workspace, cudaStream_t stream)
{
  return l4_run_plan(l4_auto_plan_remembered(a, b, h, rows, len), a, b, h, rows, len,
                     workspace, stream);
}
#line 7251 "scan.nw"
static cudaError_t l4_auto_launch_kept(const float *a, const float *b, float *h,
                                       long long rows, long long len, state_halves *w,
                                       cudaStream_t stream)
{
  l4_plan plan = l4_auto_plan_remembered(a, b, h, rows, len);
  switch (plan.kernel) {
  case L4_RUNS_RING: return l4_ring_launch_kept(a, b, h, rows, len, w, stream);
  case L4_RUNS_HELD: return l4_held_launch_kept(a, b, h, rows, len, w, stream);
  case L4_RUNS_TILES:
    if (plan.order != L4_LOOK_BACK) break;   /* tiles apart keep no states */
    return plan.items == 32 ? l4_tiles_launch_kept<32>(a, b, h, rows, len, w, stream)
         : plan.items == 16 ? l4_tiles_launch_kept<16>(a, b, h, rows, len, w, stream)
                            : l4_tiles_launch_kept<8>(a, b, h, rows, len, w, stream);
  case L4_RUNS_WARPS: break;
  }
  return l4_run_plan(plan, a, b, h, rows, len, w->half[1 - w->filled], stream);
}
#line 6738 "scan.nw"
#define MARK_THREADS 256
#define MARK_EACH 8                               /* offsets a thread reads at a time */
#define MARK_ROWS (MARK_THREADS * MARK_EACH)      /* offsets a block takes at a time */
#define MARK_WORDS 2048   /* words of the array a block assembles in shared memory */

/* A block's offsets [base, last]: where the first is at most the last, both lie in [0, n]
   and their words are fewer than MARK_WORDS apart, the first word, and in *used how many
   words from it to the last's; otherwise -1 and 0. */
static __host__ __device__ long long mark_span(const long long *offsets, long long base,
                                               long long last, long long n, int *used)
{
  long long lo = offsets[base], hi = offsets[last];
  *used = 0;
  if (!(lo >= 0 && lo <= hi && hi <= n && (hi >> 5) - (lo >> 5) < MARK_WORDS)) return -1;
  *used = (int)((hi >> 5) - (lo >> 5)) + 1;
  return lo >> 5;
}

/* Whether word i of a block's span of `used` words is the block's alone, to be stored
   plainly; the two end words, which the blocks before and after may share, are ORed. A
   macro: with the fault's constant test folded at once, the kernel is the same
   instruction for instruction as with the bare condition. */
#define MARK_WORD_ALONE(i, used, fault) \
  (FAULT_AT(fault, FAULT_MARK_ENDS_STORED) || ((i) > 0 && (i) < (used) - 1))
#line 6774 "scan.nw"
/* Set bit offsets[r] of starts for every r in [0, rows] whose offset lies in [0, n] (n:
   the end of the last row, just past the array), and bit 0; starts cleared before. */
static __global__ void __launch_bounds__(MARK_THREADS)
mark_row_starts_kernel(const long long *offsets, long long rows, long long n,
                       unsigned *starts)
{
  __shared__ unsigned span[MARK_WORDS];
  for (long long base = (long long)blockIdx.x * MARK_ROWS; base <= rows;
       base += (long long)gridDim.x * MARK_ROWS) {
    long long last = base + MARK_ROWS - 1 < rows ? base + MARK_ROWS - 1 : rows;
    int used;
    long long w0 = mark_span(offsets, base, last, n, &used);
    for (int i = threadIdx.x; i < used; i += MARK_THREADS) span[i] = 0;
    __syncthreads();
    
#line 6801 "scan.nw"
long long o[MARK_EACH];
#pragma unroll
for (int j = 0; j < MARK_EACH; j++) {
  long long k = base + j * MARK_THREADS + threadIdx.x;
  o[j] = k <= last ? offsets[k] : -1;
}
#pragma unroll
for (int j = 0; j < MARK_EACH; j++) {
  if (o[j] < 0 || o[j] > n) continue;   /* past the block's offsets, or malformed */
  long long w = (o[j] >> 5) - w0;
  unsigned bit = 1u << (o[j] & 31);
  if (used > 0 && w >= 0 && w < used) atomicOr(&span[w], bit);
  else atomicOr(&starts[o[j] >> 5], bit);
}
#line 6789 "scan.nw"
    __syncthreads();
    
#line 6818 "scan.nw"
for (int i = threadIdx.x; i < used; i += MARK_THREADS) {
  unsigned v = span[i];
  if (MARK_WORD_ALONE(i, used, FAULT_NONE)) starts[w0 + i] = v;
  else if (v) atomicOr(&starts[w0 + i], v);
}
#line 6791 "scan.nw"
    __syncthreads();
  }
  if (blockIdx.x == 0 && threadIdx.x == 0 && n > 0) atomicOr(&starts[0], 1u);
}
#line 6833 "scan.nw"
static long long ragged_starts_words(long long n) { return n / 32 + 1; }
static long long ragged_starts_bytes(long long n)
{
  return round_up(ragged_starts_words(n) * 4, 256);
}

/* The workspace of a packed batch scanned in tiles of at least `tile` elements: the most
   states, at the largest shift, and the bit array. */
static size_t ragged_workspace_bytes(long long n, int tile)
{
  return (size_t)(l4_state_bytes(l4_tiles(n, VEC - 1, tile)) + ragged_starts_bytes(n));
}

static size_t l4_ragged_workspace_bytes(long long n)
{
  return ragged_workspace_bytes(n, L4_THREADS * 8);
}

/* Mark the batch's row starts of n elements in the bit array that follows the states of
   `tiles` tiles in the workspace, and point r at it. */
static cudaError_t ragged_mark_starts(ragged_rows *r, long long n, void *workspace,
                                      long long tiles, cudaStream_t stream)
{
  void *at = (char *)workspace + l4_state_bytes(tiles);
  r->starts = (const unsigned *)at;
  r->words = ragged_starts_words(n);
  cudaError_t e = cudaMemsetAsync(at, 0, (size_t)(r->words * 4), stream);
  if (e != cudaSuccess) return e;
  mark_row_starts_kernel<<<grid_for(r->rows / MARK_ROWS + 1), MARK_THREADS, 0, stream>>>(
      r->offsets, r->rows, n, (unsigned *)at);
  return cudaGetLastError();
}
#line 6876 "scan.nw"
/* Clear a ragged launch's states, of `tile` elements a tile, and mark its row starts. */
static cudaError_t ragged_prepare(l4_params *p, void *workspace, int tile, cudaStream_t stream)
{
  p->tiles = l4_tiles(p->n, p->shift, tile);
  p->s = l4_states(workspace, p->tiles);
  cudaError_t e = cudaMemsetAsync(workspace, 0xFF, (size_t)l4_state_bytes(p->tiles), stream);
  if (e != cudaSuccess) return e;
  return ragged_mark_starts(&p->ragged, p->n, workspace, p->tiles, stream);
}

template <int ITEMS>
static cudaError_t l4_ragged_tiles(l4_params p, bool aligned, void *workspace,
                                   cudaStream_t stream)
{
  cudaError_t e = ragged_prepare(&p, workspace, L4_THREADS * ITEMS, stream);
  if (e != cudaSuccess) return e;
  return aligned ? l4_start<ITEMS, true>(p, stream) : l4_start<ITEMS, false>(p, stream);
}
#line 6897 "scan.nw"
static cudaError_t l4_ragged_held(l4_params p, bool aligned, long long resident,
                                  void *workspace, cudaStream_t stream)
{
  cudaError_t e = ragged_prepare(&p, workspace, HELD_TILE, stream);
  if (e != cudaSuccess) return e;
  unsigned grid = grid_for(p.tiles < resident ? p.tiles : resident);
  size_t shared = l4_held_shared_bytes();
  if (aligned) l4_held_kernel<true><<<grid, HELD_THREADS, shared, stream>>>(p);
  else l4_held_kernel<false><<<grid, HELD_THREADS, shared, stream>>>(p);
  return cudaGetLastError();
}

static cudaError_t l4_ragged_launch(const float *a, const float *b, float *h, long long n,
                                    const long long *offsets, long long rows,
                                    void *workspace, cudaStream_t stream)
{
  bool aligned;
  l4_params p = l4_params_for(a, b, h, 1, n, &aligned);
  p.ragged.offsets = offsets;
  p.ragged.rows = rows;
  int items = l4_choose_items(n, p.shift, false);
  long long held = aligned ? l4_held_resident<true>() : l4_held_resident<false>();
  if (items == 32 && held > 0) return l4_ragged_held(p, aligned, held, workspace, stream);
  return items == 32 ? l4_ragged_tiles<32>(p, aligned, workspace, stream)
       : items == 16 ? l4_ragged_tiles<16>(p, aligned, workspace, stream)
                     : l4_ragged_tiles<8>(p, aligned, workspace, stream);
}
#line 7563 "scan.nw"
#define BWD_THREADS 256
#ifndef BWD_ITEMS
#define BWD_ITEMS 32                          /* consecutive elements a thread, 32 at most */
#endif
#define BWD_TILE (BWD_THREADS * BWD_ITEMS)    /* 8,192 elements a tile */
#define BWD_ALL (BWD_ITEMS == 32 ? ~0u : (1u << BWD_ITEMS % 32) - 1)   /* every item */
#ifndef BWD_BLOCKS_PER_SM
#define BWD_BLOCKS_PER_SM (BWD_ITEMS == 32 ? 2 : 4)   /* what shared memory lets fit */
#endif
static_assert(BWD_THREADS / 32 == L4_WARPS, "the backward reuses level 4's block scan");

typedef struct {
  const float *a, *h, *dh;      /* the forward's a and h, and the loss's gradient on h */
  const float *h0, *dh_final;   /* a float a row, or NULL: h0 = 0, none on the last state */
  float *da, *db, *dh0;         /* dh0: a float a row, or NULL where not wanted */
  long long n, len, tiles;      /* rows * len elements in tiles of BWD_TILE */
  int shift;                    /* virtual index = flat index + shift (section "Vectors") */
  packed_states s;              /* level 4's ticket, tile words and group words */
} backward_params;
#line 7592 "scan.nw"
/* The flat index of slot 0 of tile q (the q-th from the end; negative where the tile
   that holds element 0, q = tiles - 1, has slots before it). */
static __host__ __device__ __forceinline__ long long backward_tile_first(long long tiles,
                                                                         long long q, int shift)
{
  return (tiles - 1 - q) * BWD_TILE - shift;
}

/* The block of BWD_ITEMS slots that thread j takes: thread 0 the tile's last. */
static __host__ __device__ __forceinline__ int backward_block(int j)
{
  return BWD_THREADS - 1 - j;
}

/* x mod len for 0 <= x < len + BWD_TILE, with no 64-bit division. */
static __host__ __device__ __forceinline__ long long backward_reduce(long long x, long long len)
{
  return x < len ? x : len >= BWD_TILE ? x - len : (long long)((unsigned)x % (unsigned)len);
}
#line 7624 "scan.nw"
/* Bits e of *ends and *starts: item e ends or starts its row, in rows of len, where
   `pos` is the row offset of the thread's highest element (item 0). */
static __host__ __device__ __forceinline__ void backward_marks(long long pos, long long len,
                                                               int fault, unsigned *ends,
                                                               unsigned *starts)
{
  int step = len < BWD_ITEMS ? (int)len : BWD_ITEMS;
  *ends = *starts = 0;
  for (long long e = pos + 1 == len ? 0 : pos + 1; e < BWD_ITEMS; e += step) *ends |= 1u << e;
  for (long long e = pos; e < BWD_ITEMS; e += step) *starts |= 1u << e;
  if (FAULT_AT(fault, FAULT_BACKWARD_ROW_END_KEPT)) *ends = 0;
}

/* Bits e of the items inside the array: element top - e in [0, n). */
static __host__ __device__ __forceinline__ unsigned backward_inside(long long top, long long n)
{
  long long lo = top - (n - 1) > 0 ? top - (n - 1) : 0;
  long long hi = top < BWD_ITEMS - 1 ? top : BWD_ITEMS - 1;
  return hi < lo ? 0u : ((2u << hi) - 1) & ~((1u << lo) - 1);
}
#line 8302 "scan.nw"
/* Bit d to bit BWD_ITEMS - 1 - d: a window's lowest-first mask in the items' order. */
static __host__ __device__ __forceinline__ unsigned reverse_items(unsigned m)
{
#ifdef __CUDA_ARCH__
  return __brev(m) >> (32 - BWD_ITEMS);
#else
  unsigned r = 0;
  for (int d = 0; d < BWD_ITEMS; d++) r |= (m >> d & 1u) << (BWD_ITEMS - 1 - d);
  return r;
#endif
}
#line 8316 "scan.nw"
/* backward_marks for a packed batch, the thread's highest element `top`. Item e starts
   its row where element top - e starts one, and ends it where element top - e + 1 does. */
static __host__ __device__ __forceinline__ void backward_ragged_marks(const ragged_rows &r,
                                                                      long long top, int fault,
                                                                      unsigned *ends,
                                                                      unsigned *starts)
{
  long long low = top - (BWD_ITEMS - 1);   /* item BWD_ITEMS - 1 */
  bool late = !FAULT_AT(fault, FAULT_BACKWARD_RAGGED_ENDS_AT_STARTS);
  *starts = reverse_items(ragged_item_starts<BWD_ITEMS>(r, low));
  *ends = reverse_items(ragged_item_starts<BWD_ITEMS>(r, low + late));
}
#line 7654 "scan.nw"
/* The a of item t's map x -> c*x + d: a[t+1] (a_next), never a[t] (a_here). */
template <typename real>
static __host__ __device__ __forceinline__ real backward_decay(real a_next, real a_here,
                                                               int fault)
{
  return FAULT_AT(fault, FAULT_BACKWARD_A_UNSHIFTED) ? a_here : a_next;
}

/* Item t's gradients from g = g[t]: *da = g * h[t-1], with h0 at a row's first element,
   and there *dh0 = a[t] * g. */
template <typename real>
static __host__ __device__ __forceinline__ void backward_grads(real g, real h_below,
                                                               real h_here, real h0,
                                                               real a_here, bool start,
                                                               int fault, real *da, real *dh0)
{
  real before = FAULT_AT(fault, FAULT_BACKWARD_DA_OWN_H) ? h_here
              : start && !FAULT_AT(fault, FAULT_BACKWARD_START_LEAKS) ? h0 : h_below;
  *da = g * before;
  *dh0 = FAULT_AT(fault, FAULT_BACKWARD_DH0_UNSCALED) ? g : a_here * g;
}

/* The d of a row's last element: dh plus the gradient on the row's last state. */
template <typename real>
static __host__ __device__ __forceinline__ real backward_last(real dh, real dh_final,
                                                              int fault)
{
  return FAULT_AT(fault, FAULT_BACKWARD_LAST_DROPPED) ? dh : dh + dh_final;
}
#line 7783 "scan.nw"
#define BWD_VECTORS (BWD_ITEMS / VEC)   /* vectors a thread */

/* The float at slot i of a tile's layout in shared memory. */
static __device__ __forceinline__ float *tile_float(float4 *s, int i)
{
  return (float *)&s[slot(i / VEC)] + i % VEC;
}

/* The four floats of a vector, as an array. */
#define VECTOR_FLOATS(name, v) float name[VEC] = {(v).x, (v).y, (v).z, (v).w}
#line 7796 "scan.nw"
/* The segment of a thread's items (block `block`), highest first: item e is slot
   32 * block + 31 - e; `inside`: the items in the array (the rest are the identity). */
template <bool EDGE>
static __device__ __forceinline__ segment backward_compose(const float4 *sa, const float4 *sd,
                                                           float a_above, int block,
                                                           unsigned ends, unsigned inside)
{
  segment mine = segment_identity();
  float c = a_above;   /* the a of the element above the next one */
#pragma unroll
  for (int m = BWD_VECTORS - 1; m >= 0; m--) {
    VECTOR_FLOATS(x, sa[slot(block * BWD_VECTORS + m)]);
    VECTOR_FLOATS(y, sd[slot(block * BWD_VECTORS + m)]);
#pragma unroll
    for (int k = VEC - 1; k >= 0; k--) {
      int e = BWD_ITEMS - 1 - (m * VEC + k);
      segment z = {backward_decay(c, x[k], FAULT_NONE), y[k], (int)(ends >> e & 1)};
      bool first = EDGE ? (inside & ((2u << e) - 1)) == 1u << e : e == 0;
      if (!EDGE || inside >> e & 1) mine = first ? z : segment_combine(mine, z);
      c = x[k];
    }
  }
  return mine;
}
#line 7832 "scan.nw"
template <bool EDGE>
static __device__ __forceinline__ void backward_apply(const backward_params &p, float4 *sa,
                                                      float4 *sd, float4 *sh, float a_above,
                                                      float h_below, float state,
                                                      long long top, int block,
                                                      unsigned ends, unsigned starts,
                                                      unsigned inside)
{
  float c = a_above;
  float4 under = sh[slot(block * BWD_VECTORS + BWD_VECTORS - 1)];
#pragma unroll
  for (int m = BWD_VECTORS - 1; m >= 0; m--) {
    int v = slot(block * BWD_VECTORS + m);
    VECTOR_FLOATS(x, sa[v]);
    VECTOR_FLOATS(y, sd[v]);
    VECTOR_FLOATS(z, under);
    if (m > 0) under = sh[slot(block * BWD_VECTORS + m - 1)];
#pragma unroll
    for (int k = VEC - 1; k >= 0; k--) {
      int e = BWD_ITEMS - 1 - (m * VEC + k);
      float below = k > 0 ? z[k - 1] : m > 0 ? under.w : h_below;
      if (!EDGE || inside >> e & 1) 
#line 7867 "scan.nw"
{
  float g = ends >> e & 1 ? y[k] : fmaf(backward_decay(c, x[k], FAULT_NONE), state, y[k]);
  bool start = starts >> e & 1, per_row = start && (p.h0 || p.dh0);
  long long row = per_row ? (top - e) / p.len : 0;   /* divide only where h0 or dh0 is */
  float da, dh0;
  backward_grads(g, below, z[k], start && p.h0 ? p.h0[row] : 0.0f, x[k], start, FAULT_NONE,
                 &da, &dh0);
  if (start && p.dh0) p.dh0[row] = dh0;
  y[k] = state = g;
  z[k] = da;
}
#line 7854 "scan.nw"
      c = x[k];
    }
    sd[v] = make_float4(y[0], y[1], y[2], y[3]);
    sh[v] = make_float4(z[0], z[1], z[2], z[3]);
  }
}
#line 7883 "scan.nw"
/* T: the type of a, h, dh, da and db; RAGGED: rows from `ragged`'s offsets, not of len. */
template <bool ALIGNED, typename T = float, bool RAGGED = false>
static __global__ void __launch_bounds__(BWD_THREADS, BWD_BLOCKS_PER_SM)
backward_kernel(backward_params p, ragged_rows ragged)
{
  enum { VECTORS = BWD_TILE / VEC, SLOTS = VECTORS + VECTORS / 8 };
  extern __shared__ float4 backward_tile[];   /* a; dh, then db; h, then da */
  __shared__ segment warp_sums[L4_WARPS];
  __shared__ long long tile_shared, base_shared;
  __shared__ float a_after, h_before, prefix_shared;
  float4 *sa = backward_tile, *sd = sa + SLOTS, *sh = sd + SLOTS;
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, block = backward_block(threadIdx.x);
  for (;;) {
    
#line 7915 "scan.nw"
__syncthreads();
if (threadIdx.x == 0) {
  long long q = (long long)(atomicAdd(p.s.ticket, 1ULL) + 1ULL);
  long long r = RAGGED ? 0 : backward_tile_first(p.tiles, q, p.shift) % p.len;
  tile_shared = q;
  base_shared = r < 0 ? r + p.len : r;
}
__syncthreads();
long long q = tile_shared;
if (q >= p.tiles) break;
long long first = backward_tile_first(p.tiles, q, p.shift);
#line 7897 "scan.nw"
    
#line 7939 "scan.nw"
bool inner = ALIGNED && first >= 0 && first + BWD_TILE <= p.n;   /* every vector whole */
if (inner) {
  
#line 7958 "scan.nw"
#pragma unroll
for (int m = 0; m < BWD_ITEMS / VEC; m++) {
  int v = threadIdx.x + m * BWD_THREADS;
  long long i = first + (long long)v * VEC;
  __pipeline_memcpy_async(&sa[slot(v)], as_stored<T>(p.a) + i, VEC * sizeof(T));
  __pipeline_memcpy_async(&sd[slot(v)], as_stored<T>(p.dh) + i, VEC * sizeof(T));
  __pipeline_memcpy_async(&sh[slot(v)], as_stored<T>(p.h) + i, VEC * sizeof(T));
}
#line 7942 "scan.nw"
} else {
  
#line 7969 "scan.nw"
#pragma unroll
for (int m = 0; m < BWD_ITEMS / VEC; m++) {
  int v = threadIdx.x + m * BWD_THREADS;
  long long i = first + (long long)v * VEC;
  copy_vector<ALIGNED>(&sa[slot(v)], as_stored<T>(p.a), i, p.n, 1.0f);
  copy_vector<ALIGNED>(&sd[slot(v)], as_stored<T>(p.dh), i, p.n, 0.0f);
  copy_vector<ALIGNED>(&sh[slot(v)], as_stored<T>(p.h), i, p.n, 0.0f);
}
#line 7944 "scan.nw"
}
if (threadIdx.x == 0) {
  a_after = first + BWD_TILE < p.n ? widen(as_stored<T>(p.a)[first + BWD_TILE]) : 1.0f;
  h_before = first >= 1 ? widen(as_stored<T>(p.h)[first - 1]) : 0.0f;
}
__pipeline_commit();
__pipeline_wait_prior(0);
widen_stripes<ALIGNED, BWD_VECTORS, BWD_THREADS, T>(sa, first, p.n);
widen_stripes<ALIGNED, BWD_VECTORS, BWD_THREADS, T>(sd, first, p.n);
widen_stripes<ALIGNED, BWD_VECTORS, BWD_THREADS, T>(sh, first, p.n);
__syncthreads();
#line 7898 "scan.nw"
    
#line 7984 "scan.nw"
long long top = first + block * BWD_ITEMS + BWD_ITEMS - 1;
unsigned ends, starts, inside = backward_inside(top, p.n);
if (RAGGED)
  backward_ragged_marks(ragged, top, FAULT_NONE, &ends, &starts);
else
  backward_marks(backward_reduce(base_shared + block * BWD_ITEMS + BWD_ITEMS - 1, p.len),
                 p.len, FAULT_NONE, &ends, &starts);
ends &= inside;
starts &= inside;
for (unsigned m = p.dh_final ? ends : 0u; m; m &= m - 1) {
  int e = __ffs(m) - 1;
  float *d = tile_float(sd, block * BWD_ITEMS + BWD_ITEMS - 1 - e);
  *d = backward_last(*d, p.dh_final[(top - e) / p.len], FAULT_NONE);
}
#line 7899 "scan.nw"
    
#line 8004 "scan.nw"
float a_above = block == BWD_THREADS - 1 ? a_after
              : *tile_float(sa, (block + 1) * BWD_ITEMS);
float h_below = block == 0 ? h_before : *tile_float(sh, block * BWD_ITEMS - 1);
bool edge = inside != BWD_ALL;
segment mine = edge ? backward_compose<true>(sa, sd, a_above, block, ends, inside)
                    : backward_compose<false>(sa, sd, a_above, block, ends, inside);
#line 7900 "scan.nw"
    segment lane_before, warp_before, total;
    
#line 3810 "scan.nw"
segment incl = warp_inclusive_segments(mine);
lane_before = shfl_segment(incl, (lane + 31) & 31);
if (lane == 0) lane_before = segment_identity();
if (lane == 31) warp_sums[warp] = incl;
__syncthreads();
warp_before = segment_identity();
for (int w = 0; w < warp; w++) warp_before = segment_combine(warp_before, warp_sums[w]);
total = warp_before;
for (int w = warp; w < L4_WARPS; w++) total = segment_combine(total, warp_sums[w]);
#line 7902 "scan.nw"
    
#line 8019 "scan.nw"
if (warp == 0) {
  bool top_ends = __shfl_sync(FULL_MASK, ends & 1u, 0);
  bool needs_after = q > 0 && !top_ends, last = q % 32 == 31;
  segment own = total;
  if (own.reset) own.a = 1.0f;   /* as readers see it: the a of a reset is unused */
  if (lane == 0) store_relaxed(&p.s.status[q], segment_word(own));
  float after = 0.0f;
  if (needs_after || last) after = walk_groups(p.s, q, own, needs_after);
  if (lane == 0) prefix_shared = after;
}
__syncthreads();
#line 7903 "scan.nw"
    
#line 8033 "scan.nw"
float state = segment_apply(lane_before, segment_apply(warp_before, prefix_shared));
if (edge || starts)   /* the tested path: items outside the array, or a row's start */
  backward_apply<true>(p, sa, sd, sh, a_above, h_below, state, top, block, ends, starts,
                       inside);
else
  backward_apply<false>(p, sa, sd, sh, a_above, h_below, state, top, block, ends, 0u,
                        inside);
__syncthreads();
#line 7904 "scan.nw"
    
#line 8044 "scan.nw"
#pragma unroll
for (int m = 0; m < BWD_ITEMS / VEC; m++) {
  int v = threadIdx.x + m * BWD_THREADS;
  long long i = first + (long long)v * VEC;
  if (inner) {
    store_whole(as_stored<T>(p.db) + i, sd[slot(v)]);
    store_whole(as_stored<T>(p.da) + i, sh[slot(v)]);
  } else {
    store_vector<ALIGNED>(as_stored<T>(p.db), i, p.n, (const float *)&sd[slot(v)]);
    store_vector<ALIGNED>(as_stored<T>(p.da), i, p.n, (const float *)&sh[slot(v)]);
  }
}
#line 7905 "scan.nw"
    if (gridDim.x >= p.tiles) break;
  }
}

#line 8347 "scan.nw"
static size_t backward_ragged_workspace(long long n)
{
  return ragged_workspace_bytes(n, BWD_TILE);
}
#line 8067 "scan.nw"
static size_t backward_shared_bytes(void)
{
  return 3 * (size_t)slot(BWD_TILE / VEC) * sizeof(float4);
}

static size_t backward_workspace(long long n)
{
  return (size_t)l4_state_bytes(l4_tiles(n, VEC - 1, BWD_TILE));
}

template <bool ALIGNED, typename T = float, bool RAGGED = false>
static int backward_resident(void)
{
  static int remembered[64];
  return resident_blocks((const void *)backward_kernel<ALIGNED, T, RAGGED>, BWD_THREADS,
                         (int)backward_shared_bytes(), remembered);
}
#line 8087 "scan.nw"
/* The backward on arrays stored in T (float, or two bytes an element); RAGGED: rows
   from ragged.offsets, whose bit array of starts goes into the workspace after the
   states. */
template <typename T = float, bool RAGGED = false>
static cudaError_t backward_launch(backward_params p, void *workspace, cudaStream_t stream,
                                   ragged_rows ragged = ragged_rows{})
{
  uintptr_t line = VEC * sizeof(T) - 1, m = (uintptr_t)p.a & line;
  bool aligned = ((uintptr_t)p.h & line) == m && ((uintptr_t)p.dh & line) == m &&
                 ((uintptr_t)p.da & line) == m && ((uintptr_t)p.db & line) == m;
  p.shift = aligned ? (int)(m / sizeof(T)) : 0;
  p.tiles = l4_tiles(p.n, p.shift, BWD_TILE);
  p.s = l4_states(workspace, p.tiles);
  if ((aligned ? backward_resident<true, T, RAGGED>()
               : backward_resident<false, T, RAGGED>()) <= 0)
    return cudaErrorInvalidConfiguration;   /* too little shared memory a block */
  cudaError_t e = cudaMemsetAsync(workspace, 0xFF, (size_t)l4_state_bytes(p.tiles), stream);
  if (e == cudaSuccess && RAGGED)
    e = ragged_mark_starts(&ragged, p.n, workspace, p.tiles, stream);
  if (e != cudaSuccess) return e;
  unsigned grid = grid_for(p.tiles), threads = BWD_THREADS;
  size_t shared = backward_shared_bytes();
  if (aligned) backward_kernel<true, T, RAGGED><<<grid, threads, shared, stream>>>(p, ragged);
  else backward_kernel<false, T, RAGGED><<<grid, threads, shared, stream>>>(p, ragged);
  return cudaGetLastError();
}
#line 13239 "scan.nw"
/* The bytes of workspace a call needs; aligned: as rows_aligned says of its
   arrays, which only SCAN_AUTO's choice depends on. */
typedef size_t (*workspace_sizer)(long long rows, long long len, bool aligned);

/* A launcher that runs in the two halves of a workspace that scan_forward
   keeps for a stream (section "Checking the call"). */
typedef cudaError_t (*kept_launcher)(const float *a, const float *b, float *h,
                                     long long rows, long long len, state_halves *w,
                                     cudaStream_t stream);

typedef struct {
  const char *name;          /* on the command line and in bench.json */
  const char *title;
  long long max_len;         /* the longest row it accepts; 0: no limit */
  int model_bytes;           /* bytes per element in its traffic model */
  int tile;                  /* elements per tile of a look-back; 0: none */
  workspace_sizer workspace; /* NULL when it needs none */
  scan_launcher launch;
  kept_launcher launch_kept; /* on a workspace kept in halves; NULL: none */
} scan_variant;
#line 13269 "scan.nw"
static const scan_variant variants[] = {
  
#line 13279 "scan.nw"
{"l1", "Level 1: Blelloch in shared memory", L1_MAX_LEN, 12, 0, NULL, l1_launch},
{"l2", "Level 2: three passes", L2_MAX_LEN, 28, 0, l2_workspace_bytes, l2_launch},
{"l3", "Level 3: look-back, serial walk", 0, 12, 256,
 l3_workspace_bytes<WALK_SERIAL>, l3_launch<WALK_SERIAL>},
{"l3b", "Level 3b: look-back, warp walk", 0, 12, 256,
 l3_workspace_bytes<WALK_WARP>, l3_launch<WALK_WARP>},
{"l3c-8", "Level 3c: 8 items a thread", 0, 12, 2048, l3c_workspace_bytes<8>,
 l3c_launch<8>},
{"l4", "Level 4: items chosen for this GPU", 0, 12, 8192,
 l4_auto_workspace_remembered, l4_auto_launch, l4_auto_launch_kept},
#line 13271 "scan.nw"
#ifndef SCAN_NO_MAIN
  
#line 13292 "scan.nw"
{"l0", "Level 0: Hillis-Steele in registers", 0, 12, 0, NULL, l0_launch},
{"l3c-1", "Level 3c: 1 item a thread", 0, 12, 256, l3c_workspace_bytes<1>,
 l3c_launch<1>},
{"l3c-2", "Level 3c: 2 items a thread", 0, 12, 512, l3c_workspace_bytes<2>,
 l3c_launch<2>},
{"l3c-4", "Level 3c: 4 items a thread", 0, 12, 1024, l3c_workspace_bytes<4>,
 l3c_launch<4>},
{"l3c-16", "Level 3c: 16 items a thread", 0, 12, 4096, l3c_workspace_bytes<16>,
 l3c_launch<16>},
{"l4-8", "Level 4: 8 items a thread", 0, 12, 2048, l4_workspace_bytes<8>,
 l4_launch<8>},
{"l4-16", "Level 4: 16 items a thread", 0, 12, 4096, l4_workspace_bytes<16>,
 l4_launch<16>},
{"l4-32", "Level 4: 32 items a thread", 0, 12, 8192, l4_workspace_bytes<32>,
 l4_launch<32>},
{"l4-held", "Level 4: 32 items, the waiting tile held", 0, 12, HELD_TILE,
 l4_held_workspace_bytes, l4_held_launch, l4_held_launch_kept},
{"l4-ring", "Level 4: a ring of stages and a chain block", 0, 12, RING_TILE,
 l4_ring_workspace_bytes, l4_ring_launch, l4_ring_launch_kept},
{"l4-rows", "Level 4: a warp a row, in registers", 0, 12, 0, NULL, l4_rows_launch},
#line 13273 "scan.nw"
#endif
};
#define VARIANT_COUNT ((int)(sizeof variants / sizeof variants[0]))
#line 13321 "scan.nw"
static const char *const public_variant_names[] = {
  "l1", "l2", "l3", "l3b", "l3c-8", "l4", "l4"   /* in scan_kernel order */
};

static const scan_variant *find_variant(const char *name)
{
  for (int i = 0; i < VARIANT_COUNT; i++)
    if (strcmp(variants[i].name, name) == 0) return &variants[i];
  return NULL;
}

/* The row that a public name selects; NULL for a name that is none. */
static const scan_variant *public_variant(scan_kernel k)
{
  if ((int)k < 0 || (int)k > (int)SCAN_AUTO) return NULL;
  return find_variant(public_variant_names[k]);
}
#line 13363 "scan.nw"
/* Whether p is off the line of an element of `size` bytes, or of a float. */
static bool misaligned_for(const void *p, int size) { return ((uintptr_t)p & (size - 1)) != 0; }
static bool misaligned(const void *p) { return misaligned_for(p, sizeof(float)); }

/* cudaSuccess for a valid shape with work to do; cudaErrorNotReady (never
   returned to a caller) for a valid shape with nothing to do. */
static cudaError_t check_shape(const scan_variant *v, long long rows, long long len)
{
  if (!v || rows < 0 || len < 0) return cudaErrorInvalidValue;
  if (rows == 0 || len == 0) return cudaErrorNotReady;
  if (rows > LLONG_MAX / 16 / len) return cudaErrorInvalidValue;
  if (v->max_len && len > v->max_len) return cudaErrorInvalidValue;
  return cudaSuccess;
}

/* The shape's verdict, and for a shape with work to do, the pointers'. */
static cudaError_t check_call(const scan_variant *v, const float *a,
                              const float *b, const float *h, long long rows,
                              long long len)
{
  cudaError_t e = check_shape(v, rows, len);
  if (e != cudaSuccess) return e;
  if (!a || !b || !h || misaligned(a) || misaligned(b) || misaligned(h))
    return cudaErrorInvalidValue;
  return cudaSuccess;
}
#line 13410 "scan.nw"
static cudaMemPool_t workspace_pool(void)
{
  static cudaMemPool_t pools[64];
  int device;
  if (cudaGetDevice(&device) != cudaSuccess || device >= 64) return NULL;
  if (pools[device]) return pools[device];
  cudaMemPoolProps props;
  memset(&props, 0, sizeof props);
  props.allocType = cudaMemAllocationTypePinned;
  props.location.type = cudaMemLocationTypeDevice;
  props.location.id = device;
  cudaMemPool_t pool;
  unsigned long long keep = 64ULL << 20;
  if (cudaMemPoolCreate(&pool, &props) != cudaSuccess) return NULL;
  cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep);
  if (!__sync_bool_compare_and_swap(&pools[device], (cudaMemPool_t)NULL, pool))
    cudaMemPoolDestroy(pool);
  return pools[device];
}
#line 13436 "scan.nw"
/* A call's own workspace of `bytes` from the library's pool on the stream (without a
   pool, from cudaMalloc); release_workspace gives it back behind the call. */
static cudaError_t call_workspace(size_t bytes, void **ws, cudaStream_t stream)
{
  cudaMemPool_t pool = workspace_pool();
  *ws = NULL;
  if (bytes == 0) return cudaSuccess;
  return pool ? cudaMallocFromPoolAsync(ws, bytes, pool, stream) : cudaMalloc(ws, bytes);
}

/* The call's outcome e, or the release's where e is a success. */
static cudaError_t release_workspace(void *ws, cudaError_t e, cudaStream_t stream)
{
  if (!ws) return e;
  cudaMemPool_t pool = workspace_pool();
  cudaError_t f = pool ? cudaFreeAsync(ws, stream)
                       : (cudaStreamSynchronize(stream), cudaFree(ws));
  return e != cudaSuccess ? e : f;
}
#line 13485 "scan.nw"
#define KEPT_STREAMS 16                    /* streams that keep a workspace */
#define KEPT_MOST ((size_t)16 << 20)      /* the most a call needs to keep its workspace */

typedef struct {
  unsigned long long stream;   /* cudaStreamGetId's id */
  int device;
  void *base;
  size_t bytes;
  state_halves halves;          /* base, its second half, and which holds ones */
} kept_workspace;

static kept_workspace kept[KEPT_STREAMS];
static int kept_count;
static pthread_mutex_t kept_lock = PTHREAD_MUTEX_INITIALIZER;
#line 13502 "scan.nw"
/* The stream's kept workspace (new and empty the first time), or NULL when
   sixteen other streams keep theirs. Called with the lock held. */
static kept_workspace *kept_for(cudaStream_t stream)
{
  unsigned long long id;
  int device;
  if (cudaStreamGetId(stream, &id) != cudaSuccess || cudaGetDevice(&device) != cudaSuccess)
    return NULL;
  for (int i = 0; i < kept_count; i++)
    if (kept[i].stream == id && kept[i].device == device) return &kept[i];
  if (kept_count == KEPT_STREAMS) return NULL;
  kept[kept_count] = kept_workspace{id, device, NULL, 0, {}};
  return &kept[kept_count++];
}
#line 13519 "scan.nw"
/* Grow k to `bytes` or more: the old one back to the pool, behind its calls. */
static cudaError_t kept_grow(kept_workspace *k, size_t bytes, cudaMemPool_t pool,
                             cudaStream_t stream)
{
  if (k->bytes >= bytes) return cudaSuccess;
  if (k->base) {
    cudaError_t e = cudaFreeAsync(k->base, stream);
    k->base = NULL;
    k->bytes = 0;
    if (e != cudaSuccess) return e;
  }
  cudaError_t e = cudaMallocFromPoolAsync(&k->base, bytes, pool, stream);
  if (e == cudaSuccess) k->bytes = bytes;
  else k->base = NULL;
  k->halves = state_halves{{(char *)k->base, (char *)k->base + bytes / 512 * 256}, 0, 0};
  return e;
}
#line 13539 "scan.nw"
/* Launch on the stream's kept workspace, its outcome in *e; false, having
   done nothing, where the stream keeps none. */
static bool launch_on_kept(const scan_variant *v, const float *a, const float *b, float *h,
                           long long rows, long long len, size_t bytes, cudaMemPool_t pool,
                           cudaStream_t stream, cudaError_t *e)
{
  cudaStreamCaptureStatus capturing;
  if (bytes > KEPT_MOST || cudaStreamIsCapturing(stream, &capturing) != cudaSuccess ||
      capturing != cudaStreamCaptureStatusNone)
    return false;
  pthread_mutex_lock(&kept_lock);
  kept_workspace *k = kept_for(stream);
  size_t kept_bytes = v->launch_kept ? 2 * (size_t)round_up((long long)bytes, 256) : bytes;
  if (k && (*e = kept_grow(k, kept_bytes, pool, stream)) == cudaSuccess)
    
#line 13563 "scan.nw"
{
  if (v->launch_kept) {
    *e = v->launch_kept(a, b, h, rows, len, &k->halves, stream);
  } else {
    k->halves.filled_bytes = 0;
    *e = v->launch(a, b, h, rows, len, k->base, stream);
  }
}
#line 13554 "scan.nw"
  pthread_mutex_unlock(&kept_lock);
  return k != NULL;
}
#line 13574 "scan.nw"
static cudaError_t run_variant(const scan_variant *v, const float *a,
                               const float *b, float *h, long long rows,
                               long long len, void *workspace,
                               cudaStream_t stream)
{
  size_t bytes = v->workspace ? v->workspace(rows, len, rows_aligned(a, b, h, len)) : 0;
  void *ws = workspace;
  cudaMemPool_t pool = NULL;
  cudaError_t e = cudaSuccess;
  if (bytes && !ws) 
#line 13595 "scan.nw"
{
  pool = workspace_pool();
  if (pool && launch_on_kept(v, a, b, h, rows, len, bytes, pool, stream, &e)) return e;
  e = pool ? cudaMallocFromPoolAsync(&ws, bytes, pool, stream) : cudaMalloc(&ws, bytes);
  if (e != cudaSuccess) return e;
}
#line 13584 "scan.nw"
  e = v->launch(a, b, h, rows, len, ws, stream);
  if (bytes && !workspace) {
    cudaError_t f = pool ? cudaFreeAsync(ws, stream)
                         : (cudaStreamSynchronize(stream), cudaFree(ws));
    if (e == cudaSuccess) e = f;
  }
  return e;
}
#line 13604 "scan.nw"
cudaError_t scan_forward(scan_kernel k, const float *a, const float *b, float *h,
                         long long rows, long long len, cudaStream_t stream)
{
  const scan_variant *v = public_variant(k);
  cudaError_t e = check_call(v, a, b, h, rows, len);
  if (e == cudaErrorNotReady) return cudaSuccess;
  if (e != cudaSuccess) return e;
  return run_variant(v, a, b, h, rows, len, NULL, stream);
}
#line 13622 "scan.nw"
size_t scan_workspace_bytes(scan_kernel k, long long rows, long long len)
{
  const scan_variant *v = public_variant(k);
  if (check_shape(v, rows, len) != cudaSuccess || !v->workspace) return 0;
  size_t aligned = v->workspace(rows, len, true), unaligned = v->workspace(rows, len, false);
  return aligned > unaligned ? aligned : unaligned;
}
#line 13636 "scan.nw"
cudaError_t scan_forward_in(scan_kernel k, const float *a, const float *b, float *h,
                            long long rows, long long len, void *workspace,
                            size_t workspace_bytes, cudaStream_t stream)
{
  const scan_variant *v = public_variant(k);
  cudaError_t e = check_call(v, a, b, h, rows, len);
  if (e == cudaErrorNotReady) return cudaSuccess;
  if (e != cudaSuccess) return e;
  size_t needed = scan_workspace_bytes(k, rows, len);
  if (needed && (!workspace || ((uintptr_t)workspace & 255) || workspace_bytes < needed))
    return cudaErrorInvalidValue;
  return v->launch(a, b, h, rows, len, workspace, stream);
}
#line 13652 "scan.nw"
/* As check_call, for a ragged batch. */
static cudaError_t check_ragged(const float *a, const float *b, const float *h, long long n,
                                const long long *offsets, long long rows)
{
  if (n == 0) return cudaErrorNotReady;   /* whatever the other arguments are */
  if (n < 0 || rows < 0) return cudaErrorInvalidValue;
  if (!a || !b || !h || !offsets || misaligned(a) || misaligned(b) || misaligned(h) ||
      ((uintptr_t)offsets & 7) || n > LLONG_MAX / 16 || rows > LLONG_MAX / 16)
    return cudaErrorInvalidValue;
  return cudaSuccess;
}

size_t scan_ragged_workspace_bytes(long long n, long long rows)
{
  (void)rows;
  return n > 0 && n <= LLONG_MAX / 16 ? l4_ragged_workspace_bytes(n) : 0;
}
#line 13672 "scan.nw"
cudaError_t scan_forward_ragged_in(const float *a, const float *b, float *h, long long n,
                                   const long long *offsets, long long rows,
                                   void *workspace, size_t workspace_bytes,
                                   cudaStream_t stream)
{
  cudaError_t e = check_ragged(a, b, h, n, offsets, rows);
  if (e == cudaErrorNotReady) return cudaSuccess;
  if (e != cudaSuccess) return e;
  if (!workspace) return scan_forward_ragged(a, b, h, n, offsets, rows, stream);
  if (((uintptr_t)workspace & 255) ||
      workspace_bytes < l4_ragged_workspace_bytes(n))
    return cudaErrorInvalidValue;
  return l4_ragged_launch(a, b, h, n, offsets, rows, workspace, stream);
}
#line 13689 "scan.nw"
cudaError_t scan_forward_ragged(const float *a, const float *b, float *h, long long n,
                                const long long *offsets, long long rows,
                                cudaStream_t stream)
{
  cudaError_t e = check_ragged(a, b, h, n, offsets, rows);
  if (e == cudaErrorNotReady) return cudaSuccess;
  if (e != cudaSuccess) return e;
  void *ws;
  e = call_workspace(l4_ragged_workspace_bytes(n), &ws, stream);
  if (e != cudaSuccess) return e;
  e = l4_ragged_launch(a, b, h, n, offsets, rows, ws, stream);
  return release_workspace(ws, e, stream);
}
#line 13705 "scan.nw"
cudaError_t scan_check_offsets(const long long *host_offsets, long long rows, long long n)
{
  if (!host_offsets || rows < 0 || n < 0 || host_offsets[0] != 0 || host_offsets[rows] != n)
    return cudaErrorInvalidValue;
  for (long long r = 0; r < rows; r++)
    if (host_offsets[r] > host_offsets[r + 1]) return cudaErrorInvalidValue;
  return cudaSuccess;
}
#line 8120 "scan.nw"
/* Whether bytes [x, x + nx) and [y, y + ny) share one, both there. */
static bool overlap_bytes(const void *x, long long nx, const void *y, long long ny)
{
  uintptr_t p = (uintptr_t)x, q = (uintptr_t)y;
  return x && y && p < q + (uintptr_t)ny && q < p + (uintptr_t)nx;
}

/* The checks of a backward whose five arrays hold `size` bytes an element (h0, dh_final
   and dh0 are floats); cudaErrorNotReady: a valid call with nothing to do. */
static cudaError_t check_backward_sized(const void *a, const void *h, const void *dh,
                                        const float *h0, const float *dh_final,
                                        const void *da, const void *db, const float *dh0,
                                        long long rows, long long len, int size)
{
  if (rows < 0 || len < 0) return cudaErrorInvalidValue;
  if (rows == 0 || len == 0) return cudaErrorNotReady;
  if (rows > LLONG_MAX / 16 / len) return cudaErrorInvalidValue;   /* scan_forward's rule */
  long long n = rows * len * size, r = rows * (long long)sizeof(float);   /* bytes */
  if (!a || !h || !dh || !da || !db || misaligned_for(a, size) || misaligned_for(h, size) ||
      misaligned_for(dh, size) || misaligned_for(da, size) || misaligned_for(db, size) ||
      misaligned(h0) || misaligned(dh_final) || misaligned(dh0))
    return cudaErrorInvalidValue;
  
#line 8158 "scan.nw"
if (overlap_bytes(da, n, a, n) || overlap_bytes(da, n, h, n) || overlap_bytes(da, n, dh, n) ||
    overlap_bytes(da, n, db, n) || overlap_bytes(db, n, a, n) || overlap_bytes(db, n, h, n) ||
    (db != dh && overlap_bytes(db, n, dh, n)))
  return cudaErrorInvalidValue;
if (overlap_bytes(dh0, r, a, n) || overlap_bytes(dh0, r, h, n) ||
    overlap_bytes(dh0, r, dh, n) || overlap_bytes(dh0, r, da, n) ||
    overlap_bytes(dh0, r, db, n) || overlap_bytes(dh0, r, h0, r) ||
    overlap_bytes(dh0, r, dh_final, r))
  return cudaErrorInvalidValue;
if (overlap_bytes(da, n, h0, r) || overlap_bytes(da, n, dh_final, r) ||
    overlap_bytes(db, n, h0, r) ||
    overlap_bytes(db, n, dh_final, r))   /* stores over a row's state that another tile reads */
  return cudaErrorInvalidValue;
#line 8143 "scan.nw"
  return cudaSuccess;
}
#line 8148 "scan.nw"
static cudaError_t check_backward(const float *a, const float *h, const float *dh,
                                  const float *h0, const float *dh_final, const float *da,
                                  const float *db, const float *dh0, long long rows,
                                  long long len)
{
  return check_backward_sized(a, h, dh, h0, dh_final, da, db, dh0, rows, len, sizeof(float));
}
#line 8174 "scan.nw"
static backward_params backward_params_for(const float *a, const float *h, const float *dh,
                                           const float *h0, const float *dh_final, float *da,
                                           float *db, float *dh0, long long rows,
                                           long long len)
{
  backward_params p = {a, h, dh, h0, dh_final, da, db, dh0, rows * len, len, 0, 0, {}};
  return p;
}

size_t scan_backward_workspace_bytes(long long rows, long long len)
{
  if (rows <= 0 || len <= 0 || rows > LLONG_MAX / 16 / len) return 0;
  return backward_workspace(rows * len);
}
#line 8191 "scan.nw"
cudaError_t scan_backward_in(const float *a, const float *h, const float *dh,
                             const float *h0, const float *dh_final, float *da, float *db,
                             float *dh0, long long rows, long long len, void *workspace,
                             size_t workspace_bytes, cudaStream_t stream)
{
  cudaError_t e = check_backward(a, h, dh, h0, dh_final, da, db, dh0, rows, len);
  if (e == cudaErrorNotReady) return cudaSuccess;
  if (e != cudaSuccess) return e;
  if (!workspace || ((uintptr_t)workspace & 255) ||
      workspace_bytes < scan_backward_workspace_bytes(rows, len))
    return cudaErrorInvalidValue;
  return backward_launch(backward_params_for(a, h, dh, h0, dh_final, da, db, dh0, rows, len),
                         workspace, stream);
}
#line 8211 "scan.nw"
cudaError_t scan_backward(const float *a, const float *h, const float *dh,
                          const float *h0, const float *dh_final, float *da, float *db,
                          float *dh0, long long rows, long long len, cudaStream_t stream)
{
  cudaError_t e = check_backward(a, h, dh, h0, dh_final, da, db, dh0, rows, len);
  if (e == cudaErrorNotReady) return cudaSuccess;
  if (e != cudaSuccess) return e;
  void *ws;
  e = call_workspace(scan_backward_workspace_bytes(rows, len), &ws, stream);
  if (e != cudaSuccess) return e;
  e = backward_launch(backward_params_for(a, h, dh, h0, dh_final, da, db, dh0, rows, len),
                      ws, stream);
  return release_workspace(ws, e, stream);
}
#line 8357 "scan.nw"
/* As check_ragged, for the backward's arrays; cudaErrorNotReady: nothing to do. */
static cudaError_t check_backward_ragged(const float *a, const float *h, const float *dh,
                                         const float *da, const float *db, long long n,
                                         const long long *offsets, long long rows)
{
  if (n == 0) return cudaErrorNotReady;   /* whatever the other arguments are */
  if (n < 0 || rows < 0 || rows > LLONG_MAX / 16 || !offsets || ((uintptr_t)offsets & 7))
    return cudaErrorInvalidValue;
  cudaError_t e = check_backward(a, h, dh, NULL, NULL, da, db, NULL, 1, n);
  if (e != cudaSuccess) return e;
  long long bytes = n * (long long)sizeof(float), o = (rows + 1) * (long long)sizeof(long long);
  if (overlap_bytes(da, bytes, offsets, o) || overlap_bytes(db, bytes, offsets, o))
    return cudaErrorInvalidValue;
  return cudaSuccess;
}

size_t scan_backward_ragged_workspace_bytes(long long n, long long rows)
{
  (void)rows;
  return n > 0 && n <= LLONG_MAX / 16 ? backward_ragged_workspace(n) : 0;
}
#line 8381 "scan.nw"
/* The ragged backward on a workspace that the caller has checked. */
static cudaError_t backward_ragged_launch(const float *a, const float *h, const float *dh,
                                          float *da, float *db, long long n,
                                          const long long *offsets, long long rows,
                                          void *workspace, cudaStream_t stream)
{
  ragged_rows ragged = {offsets, rows, NULL};
  backward_params p = backward_params_for(a, h, dh, NULL, NULL, da, db, NULL, 1, n);
  return backward_launch<float, true>(p, workspace, stream, ragged);
}

cudaError_t scan_backward_ragged_in(const float *a, const float *h, const float *dh,
                                    float *da, float *db, long long n,
                                    const long long *offsets, long long rows,
                                    void *workspace, size_t workspace_bytes,
                                    cudaStream_t stream)
{
  cudaError_t e = check_backward_ragged(a, h, dh, da, db, n, offsets, rows);
  if (e == cudaErrorNotReady) return cudaSuccess;
  if (e != cudaSuccess) return e;
  if (!workspace || ((uintptr_t)workspace & 255) ||
      workspace_bytes < backward_ragged_workspace(n))
    return cudaErrorInvalidValue;
  return backward_ragged_launch(a, h, dh, da, db, n, offsets, rows, workspace, stream);
}
#line 8409 "scan.nw"
cudaError_t scan_backward_ragged(const float *a, const float *h, const float *dh, float *da,
                                 float *db, long long n, const long long *offsets,
                                 long long rows, cudaStream_t stream)
{
  cudaError_t e = check_backward_ragged(a, h, dh, da, db, n, offsets, rows);
  if (e == cudaErrorNotReady) return cudaSuccess;
  if (e != cudaSuccess) return e;
  void *ws;
  e = call_workspace(backward_ragged_workspace(n), &ws, stream);
  if (e != cudaSuccess) return e;
  e = backward_ragged_launch(a, h, dh, da, db, n, offsets, rows, ws, stream);
  return release_workspace(ws, e, stream);
}
#line 9772 "scan.nw"
/* Bytes an element of a stored type; 0 for a value that names none. */
static int stored_size(scan_storage s)
{
  return s == SCAN_FLOAT32 ? 4 : s == SCAN_BFLOAT16 || s == SCAN_FLOAT16 ? 2 : 0;
}

/* As check_call, for a forward on arrays stored in two bytes an element. */
static cudaError_t check_stored(const void *a, const void *b, const void *h, long long rows,
                                long long len)
{
  if (rows < 0 || len < 0) return cudaErrorInvalidValue;
  if (rows == 0 || len == 0) return cudaErrorNotReady;
  if (rows > LLONG_MAX / 16 / len) return cudaErrorInvalidValue;
  if (!a || !b || !h || misaligned_for(a, 2) || misaligned_for(b, 2) || misaligned_for(h, 2))
    return cudaErrorInvalidValue;
  return cudaSuccess;
}
#line 9802 "scan.nw"
#define STORED_ITEMS 32   /* the tile kernel's items a thread, for two-byte storage */

/* Whether the warps take a stored forward's rows: SCAN_AUTO's rule, for type T. */
template <typename T>
static bool stored_takes_warps(const T *a, const T *b, const T *h, long long rows,
                               long long len)
{
  return l4_rows_takes<T>(rows, len, rows_aligned(a, b, h, len));
}

/* The warps where they take the rows, else the tile kernel. */
template <typename T>
static cudaError_t stored_forward_as(const T *a, const T *b, T *h, long long rows,
                                     long long len, void *ws, cudaStream_t stream)
{
  if (stored_takes_warps(a, b, h, rows, len))
    return l4_rows_launch(a, b, h, rows, len, ws, stream);
  bool filled_other;
  return l4_launch_at<STORED_ITEMS>(a, b, h, rows, len, ws, false, NULL, &filled_other, NULL,
                                    stream);
}

static cudaError_t stored_forward_launch(scan_storage s, const void *a, const void *b,
                                         void *h, long long rows, long long len, void *ws,
                                         cudaStream_t stream)
{
  if (s == SCAN_BFLOAT16)
    return stored_forward_as((const __nv_bfloat16 *)a, (const __nv_bfloat16 *)b,
                             (__nv_bfloat16 *)h, rows, len, ws, stream);
  return stored_forward_as((const __half *)a, (const __half *)b, (__half *)h, rows, len, ws,
                           stream);
}

/* Whether the warps take the rows of a call in storage s (they need no workspace). */
static bool stored_warps(scan_storage s, const void *a, const void *b, const void *h,
                         long long rows, long long len)
{
  if (s == SCAN_BFLOAT16)
    return stored_takes_warps((const __nv_bfloat16 *)a, (const __nv_bfloat16 *)b,
                              (const __nv_bfloat16 *)h, rows, len);
  return stored_takes_warps((const __half *)a, (const __half *)b, (const __half *)h, rows,
                            len);
}
#line 9849 "scan.nw"
size_t scan_stored_workspace_bytes(scan_storage storage, long long rows, long long len)
{
  if (storage == SCAN_FLOAT32) return scan_workspace_bytes(SCAN_AUTO, rows, len);
  if (!stored_size(storage) || rows <= 0 || len <= 0 || rows > LLONG_MAX / 16 / len)
    return 0;
  return l4_workspace_bytes<STORED_ITEMS>(rows, len, true);
}
#line 9859 "scan.nw"
cudaError_t scan_forward_stored_in(scan_storage storage, const void *a, const void *b,
                                   void *h, long long rows, long long len, void *workspace,
                                   size_t workspace_bytes, cudaStream_t stream)
{
  if (storage == SCAN_FLOAT32)
    return scan_forward_in(SCAN_AUTO, (const float *)a, (const float *)b, (float *)h, rows,
                           len, workspace, workspace_bytes, stream);
  if (!stored_size(storage)) return cudaErrorInvalidValue;
  cudaError_t e = check_stored(a, b, h, rows, len);
  if (e == cudaErrorNotReady) return cudaSuccess;
  if (e != cudaSuccess) return e;
  if (!workspace || ((uintptr_t)workspace & 255) ||
      workspace_bytes < scan_stored_workspace_bytes(storage, rows, len))
    return cudaErrorInvalidValue;
  return stored_forward_launch(storage, a, b, h, rows, len, workspace, stream);
}
#line 9878 "scan.nw"
cudaError_t scan_forward_stored(scan_storage storage, const void *a, const void *b, void *h,
                                long long rows, long long len, cudaStream_t stream)
{
  if (storage == SCAN_FLOAT32)
    return scan_forward(SCAN_AUTO, (const float *)a, (const float *)b, (float *)h, rows,
                        len, stream);
  if (!stored_size(storage)) return cudaErrorInvalidValue;
  cudaError_t e = check_stored(a, b, h, rows, len);
  if (e == cudaErrorNotReady) return cudaSuccess;
  if (e != cudaSuccess) return e;
  void *ws;
  size_t bytes = stored_warps(storage, a, b, h, rows, len)
    ? 0 : scan_stored_workspace_bytes(storage, rows, len);
  e = call_workspace(bytes, &ws, stream);
  if (e != cudaSuccess) return e;
  e = stored_forward_launch(storage, a, b, h, rows, len, ws, stream);
  return release_workspace(ws, e, stream);
}
#line 9903 "scan.nw"
static cudaError_t stored_backward_launch(scan_storage s, backward_params p, void *ws,
                                          cudaStream_t stream)
{
  return s == SCAN_BFLOAT16 ? backward_launch<__nv_bfloat16>(p, ws, stream)
                            : backward_launch<__half>(p, ws, stream);
}

/* The checks of a stored backward (cudaErrorNotReady: nothing to do), and its parameters. */
static cudaError_t check_stored_backward(scan_storage s, const void *a, const void *h,
                                         const void *dh, const float *h0,
                                         const float *dh_final, void *da, void *db,
                                         float *dh0, long long rows, long long len,
                                         backward_params *p)
{
  if (!stored_size(s)) return cudaErrorInvalidValue;
  *p = backward_params_for((const float *)a, (const float *)h, (const float *)dh, h0,
                           dh_final, (float *)da, (float *)db, dh0, rows, len);
  return check_backward_sized(a, h, dh, h0, dh_final, da, db, dh0, rows, len,
                              stored_size(s));
}
#line 9926 "scan.nw"
cudaError_t scan_backward_stored_in(scan_storage storage, const void *a, const void *h,
                                    const void *dh, const float *h0,
                                    const float *dh_final, void *da, void *db, float *dh0,
                                    long long rows, long long len, void *workspace,
                                    size_t workspace_bytes, cudaStream_t stream)
{
  backward_params p;
  cudaError_t e = check_stored_backward(storage, a, h, dh, h0, dh_final, da, db, dh0, rows,
                                        len, &p);
  if (e == cudaErrorNotReady) return cudaSuccess;
  if (e != cudaSuccess) return e;
  if (!workspace || ((uintptr_t)workspace & 255) ||
      workspace_bytes < scan_backward_workspace_bytes(rows, len))
    return cudaErrorInvalidValue;
  return storage == SCAN_FLOAT32 ? backward_launch(p, workspace, stream)
                                 : stored_backward_launch(storage, p, workspace, stream);
}
#line 9946 "scan.nw"
cudaError_t scan_backward_stored(scan_storage storage, const void *a, const void *h,
                                 const void *dh, const float *h0, const float *dh_final,
                                 void *da, void *db, float *dh0, long long rows,
                                 long long len, cudaStream_t stream)
{
  backward_params p;
  cudaError_t e = check_stored_backward(storage, a, h, dh, h0, dh_final, da, db, dh0, rows,
                                        len, &p);
  if (e == cudaErrorNotReady) return cudaSuccess;
  if (e != cudaSuccess) return e;
  void *ws;
  e = call_workspace(scan_backward_workspace_bytes(rows, len), &ws, stream);
  if (e != cudaSuccess) return e;
  e = storage == SCAN_FLOAT32 ? backward_launch(p, ws, stream)
                              : stored_backward_launch(storage, p, ws, stream);
  return release_workspace(ws, e, stream);
}
#line 11384 "scan.nw"
/* softplus(x) = log(1 + e^x): in double, from the library; in float on the GPU, as
   max(x, 0) + log1p(t) with t = e^-|x| in (0, 1], and log1p(t) = 2 atanh(s) with
   s = t / (2 + t) <= 1/3 (the reciprocal refined by one Newton step), its series to s^13
   (the next term is below 2^-26 of the sum). */
static __host__ __device__ __forceinline__ double selective_softplus(double x)
{
  return log1p(exp(x));
}

static __host__ __device__ __forceinline__ float selective_softplus(float x)
{
#ifdef __CUDA_ARCH__
  float t, minus = -fabsf(x) * 1.44269504f;   /* e^-|x| = 2^(-|x| log2 e) */
  asm("ex2.approx.f32 %0, %1;" : "=f"(t) : "f"(minus));
  float d = 2.0f + t, r;   /* d in [2, 3]: rcp.approx is within an ulp there */
  asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(d));
  float s = t * fmaf(r, fmaf(-d, r, 1.0f), r), w = s * s;
  float series = fmaf(w, fmaf(w, fmaf(w, 1.0f / 13, 1.0f / 11), 1.0f / 9), 1.0f / 7);
  series = fmaf(w, fmaf(w, fmaf(w, series, 1.0f / 5), 1.0f / 3), 1.0f);
  return fmaf(s + s, series, fmaxf(x, 0.0f));
#else
  return log1pf(expf(x));
#endif
}

/* delta_t of a channel whose bias is bias: the bias added where the problem has biases,
   then softplus where asked, taken as x itself above 20 as Mamba's kernel and PyTorch
   take it. */
template <typename real>
static __host__ __device__ __forceinline__ real
selective_dt_as(real delta, real bias, bool biased, bool softplus, int fault)
{
  real x = biased ? delta + bias : delta;
  if (!softplus) return x;
  if (FAULT_AT(fault, FAULT_SELECTIVE_SOFTPLUS_TWICE)) {
    real once = selective_softplus(x);
    x = x > 20 ? x : once;
  }
  real y = selective_softplus(x);   /* made either way: a select, not a branch */
  return x > 20 ? x : y;
}

template <typename real>
static __host__ __device__ __forceinline__ real
selective_dt(const selective_problem *p, real delta, real bias, int fault)
{
  return selective_dt_as(delta, bias, p->delta_bias != NULL, p->delta_softplus, fault);
}

/* The group of channel d, whose B and C it reads. */
static __host__ __device__ __forceinline__ long long
selective_group(const selective_problem *p, long long d, int fault)
{
  long long g = d / (p->channels / p->groups);
  return FAULT_AT(fault, FAULT_SELECTIVE_GROUP_OFF) ? (g + 1) % p->groups : g;
}
#line 11443 "scan.nw"
/* The step whose B goes with step t's input. */
static __host__ __device__ __forceinline__ long long selective_b_step(long long t, int fault)
{
  return FAULT_AT(fault, FAULT_SELECTIVE_B_ONE_LATE) && t > 0 ? t - 1 : t;
}

/* The rate in the decay exp(dt * rate) of a state whose A is A. */
template <typename real>
static __host__ __device__ __forceinline__ real selective_rate(real A, int fault)
{
  return FAULT_AT(fault, FAULT_SELECTIVE_A_SIGN) ? -A : A;
}
#line 11458 "scan.nw"
/* y from the sum over the states of C x: the skip D u (D the channel's), then the gate
   silu(z). */
template <typename real>
static __host__ __device__ __forceinline__ real
selective_finish(const selective_problem *p, real sum, real u, real z, real D, int fault)
{
  if (p->D && !FAULT_AT(fault, FAULT_SELECTIVE_D_FORGOTTEN)) sum += D * u;
  return p->z ? sum * z / (1 + exp(-z)) : sum;
}

/* The state entering the next chunk: this chunk's decays applied to the state that
   entered it, plus the chunk's own state from zero. */
template <typename real>
static __host__ __device__ __forceinline__ real
selective_carry(real product, real in, real local, int fault)
{
  return (FAULT_AT(fault, FAULT_SELECTIVE_PRODUCT_DROPPED) ? (real)1 : product) * in + local;
}
#line 11486 "scan.nw"
#define SEL_THREADS 128    /* threads a block */
#define SEL_STEPS 32       /* steps a tile */
#define SEL_MAX_STATE 64   /* the largest N */
#define SEL_PER_THREAD 4   /* states a thread */

typedef struct {
  int lanes;      /* threads a channel: 1, 2, 4, 8 or 16 */
  int channels;   /* channels a block: SEL_THREADS / lanes, at most 32 */
  int threads;    /* threads a block: lanes * channels */
  int padded;     /* states a channel in shared memory: SEL_PER_THREAD * lanes */
} selective_layout;

static __host__ __device__ __forceinline__ selective_layout selective_layout_of(int lanes)
{
  int channels = SEL_THREADS / lanes < 32 ? SEL_THREADS / lanes : 32;
  selective_layout s = {lanes, channels, lanes * channels, lanes * SEL_PER_THREAD};
  return s;
}

static __host__ __device__ selective_layout selective_layout_for(int state)
{
  int lanes = 1;
  while (lanes * SEL_PER_THREAD < state) lanes *= 2;
  return selective_layout_of(lanes);
}
#line 11533 "scan.nw"
#define SEL_QUADS (SEL_STEPS / 4)   /* a tile's runs of four steps, one copy each */
#define SEL_ROW (SEL_STEPS + 4)     /* a channel's steps: whole lines, 4 banks apart */

typedef struct {
  float *B, *C;       /* [state][step], rows of SEL_ROW: the first tile's */
  float *u, *delta;   /* [channel][step], rows of SEL_ROW: the first tile's; in the tile
                         being stepped, dt has taken delta's place */
  float *z;           /* [channel][step]: the first tile's gates, or NULL */
  int next;           /* floats from the first tile's arrays to the second's */
  float *dtu;         /* [channel][step]: dt u of the tile being stepped */
  float *sums;        /* [channel][step]: its sums over the states of C x */
} selective_tiles;

static __host__ __device__ size_t selective_shared_floats(selective_layout s, bool gated)
{
  return (4 * s.padded + (gated ? 8 : 6) * s.channels) * SEL_ROW;
}
#line 11553 "scan.nw"
static __host__ __device__ selective_tiles selective_tiles_in(float *shared, selective_layout s,
                                                             bool gated)
{
  selective_tiles m;
  int bc = s.padded * SEL_ROW, row = s.channels * SEL_ROW;
  m.B = shared;
  m.C = m.B + bc;
  m.u = m.C + bc;
  m.delta = m.u + row;
  m.z = gated ? m.delta + row : NULL;
  m.next = 2 * bc + (gated ? 3 : 2) * row;
  m.dtu = shared + 2 * m.next;
  m.sums = m.dtu + row;
  return m;
}
#line 11578 "scan.nw"
typedef struct {
  long long b, g, first;   /* batch, group, the block's first channel (of all D) */
  int live;                /* channels of the block that exist */
  long long t0, t1;        /* the chunk: steps [t0, t1) */
  long long row0;          /* (b * D + first) * L: the first channel's row in u, delta, y */
  bool lines, out_lines;   /* u, delta, z, B and C, and y: runs of four steps on whole
                              lines (16 bytes; 8 in bfloat16) */
} selective_place;
#line 11593 "scan.nw"
static __device__ __forceinline__ void copy_async(float *to, const float *from, bool there)
{
#if __CUDA_ARCH__ >= 800
  unsigned address = (unsigned)__cvta_generic_to_shared(to);
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;\n" ::"r"(address),
               "l"(from), "r"(there ? 4 : 0));
#else
  *to = there ? *from : 0.0f;
#endif
}

/* The first `count` of four floats on a 16-byte line, zeros after them. */
static __device__ __forceinline__ void copy_async_line(float *to, const float *from, int count)
{
#if __CUDA_ARCH__ >= 800
  unsigned address = (unsigned)__cvta_generic_to_shared(to);
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(address),
               "l"(from), "r"(4 * count));
#else
  for (int j = 0; j < 4; j++) to[j] = j < count ? from[j] : 0.0f;
#endif
}
#line 11632 "scan.nw"
/* Where the bfloat16 of a float's place lands: its run's first 8 bytes, in order. */
static __device__ __forceinline__ __nv_bfloat16 *staged_at(float *place)
{
  uintptr_t at = (uintptr_t)place;
  return (__nv_bfloat16 *)(at & ~(uintptr_t)15) + (at & 15) / 4;
}

/* A run of `count` of four steps into its place, zeros after them: floats as one line,
   bfloat16s as one 8-byte line into the run's first half. */
static __device__ __forceinline__ void copy_run(float *place, const float *from, int count)
{
  copy_async_line(place, from, count);
}

static __device__ __forceinline__ void copy_run(float *place, const __nv_bfloat16 *from,
                                                int count)
{
#if __CUDA_ARCH__ >= 800
  /* place is a run's start, so its staged place, staged_at(place), is place itself */
  unsigned address = (unsigned)__cvta_generic_to_shared(place);
  asm volatile("cp.async.ca.shared.global [%0], [%1], 8, %2;\n" ::"r"(address),
               "l"(from), "r"(2 * count));
#else
  for (int j = 0; j < 4; j++)
    staged_at(place)[j] = j < count ? from[j] : __nv_bfloat16();   /* 0 */
#endif
}
#line 11662 "scan.nw"
/* One step into its place, or a zero where it is not there. */
static __device__ __forceinline__ void copy_one(float *place, const float *from, bool there)
{
  copy_async(place, from, there);
}

static __device__ __forceinline__ void copy_one(float *place, const __nv_bfloat16 *from,
                                                bool there)
{
  *staged_at(place) = there ? *from : __nv_bfloat16();   /* value-initialised: 0 */
}
#line 11676 "scan.nw"
/* Close this thread's copies since the last commit into one group. */
static __device__ __forceinline__ void copies_commit(void)
{
#if __CUDA_ARCH__ >= 800
  asm volatile("cp.async.commit_group;\n" ::);
#endif
}

/* Wait until every copy this thread has started has landed. */
static __device__ __forceinline__ void copies_wait_all(void)
{
#if __CUDA_ARCH__ >= 800
  asm volatile("cp.async.wait_all;\n" ::);
#endif
}
#line 11700 "scan.nw"
/* Steps [t, t + 4) of the chunk present: 0 to 4; of channel c, none where c is not. */
static __device__ __forceinline__ int selective_steps_in(selective_place w, long long t)
{
  long long left = w.t1 - t;
  return left < 0 ? 0 : left > 4 ? 4 : (int)left;
}

static __device__ __forceinline__ int selective_present(selective_place w, int c, long long t)
{
  return c < w.live ? selective_steps_in(w, t) : 0;
}

/* Start the copies of steps [t, t + SEL_STEPS) into buffer i: u, delta (and with OUTPUTS,
   z) of this thread's channel c, B (and with OUTPUTS, C) of the group; zeros past t1 and
   past the channels. */
template <bool OUTPUTS, typename T>
static __device__ void selective_fetch(const selective_problem *p, selective_tiles m,
                                       selective_layout s, selective_place w, int c, int lane,
                                       long long t, int i)
{
  const T *u = (const T *)p->u + w.row0, *delta = (const T *)p->delta + w.row0;
  const T *z = p->z ? (const T *)p->z + w.row0 : NULL;
  for (int r = lane; r < SEL_QUADS; r += s.lanes) {
    int k = 4 * r, there = selective_present(w, c, t + k);
    long long at = there ? c * p->length + t + k : 0;
    int to = i * m.next + c * SEL_ROW + k;
    
#line 11733 "scan.nw"
bool gated = OUTPUTS && m.z;
if (w.lines) {
  copy_run(&m.u[to], u + at, there);
  copy_run(&m.delta[to], delta + at, there);
  if (gated) copy_run(&m.z[to], z + at, there);
} else {
  for (int j = 0; j < 4; j++) {
    long long from = j < there ? at + j : 0;
    copy_one(&m.u[to + j], u + from, j < there);
    copy_one(&m.delta[to + j], delta + from, j < there);
    if (gated) copy_one(&m.z[to + j], z + from, j < there);
  }
}
#line 11727 "scan.nw"
  }
  
#line 11749 "scan.nw"
const T *B = (const T *)p->B + (w.b * p->groups + w.g) * p->state * p->length;
const T *C = (const T *)p->C + (w.b * p->groups + w.g) * p->state * p->length;
for (int e = threadIdx.x; e < s.padded * SEL_QUADS; e += s.threads) {
  int n = e / SEL_QUADS, k = e % SEL_QUADS * 4, to = i * m.next + n * SEL_ROW + k;
  int there = n < p->state ? selective_steps_in(w, t + k) : 0;
  long long at_b = there ? n * p->length + selective_b_step(t + k, FAULT_NONE) : 0;
  long long at_c = there ? n * p->length + t + k : 0;
  if (w.lines) {
    copy_run(&m.B[to], B + at_b, there);
    if (OUTPUTS) copy_run(&m.C[to], C + at_c, there);
  } else {
    for (int j = 0; j < 4; j++) {
      copy_one(&m.B[to + j], B + (j < there ? at_b + j : 0), j < there);
      if (OUTPUTS) copy_one(&m.C[to + j], C + (j < there ? at_c + j : 0), j < there);
    }
  }
}
#line 11729 "scan.nw"
}
#line 11781 "scan.nw"
/* A run of four steps from its place: floats as they are, or bfloat16s from its first half,
   widened. */
template <typename T>
static __device__ __forceinline__ float4 load_run(const float *place)
{
  if (sizeof(T) == 4) return *(const float4 *)place;
  uint2 v = *(const uint2 *)place;
  const unsigned high = 0xffff0000u;
  return make_float4(__uint_as_float(v.x << 16), __uint_as_float(v.x & high),
                     __uint_as_float(v.y << 16), __uint_as_float(v.y & high));
}

/* Widen the runs of B and C that this thread staged in buffer i, as selective_fetch took
   them. */
template <bool OUTPUTS>
static __device__ void selective_widen(selective_tiles m, selective_layout s, int i)
{
  for (int e = threadIdx.x; e < s.padded * SEL_QUADS; e += s.threads) {
    float *b = &m.B[i * m.next + e / SEL_QUADS * SEL_ROW + e % SEL_QUADS * 4];
    *(float4 *)b = load_run<__nv_bfloat16>(b);
    if (OUTPUTS) *(float4 *)(b - m.B + m.C) = load_run<__nv_bfloat16>(b - m.B + m.C);
  }
}
#line 11817 "scan.nw"
template <bool SOFTPLUS, typename T>
static __device__ void selective_convert(const selective_problem *p, selective_tiles m,
                                         selective_layout s, selective_place w, int c,
                                         int lane, float bias, long long t, int i)
{
  bool biased = p->delta_bias != NULL;
  for (int r = lane; r < SEL_QUADS; r += s.lanes) {
    int k = 4 * r, there = selective_present(w, c, t + k);
    float4 *at = (float4 *)&m.delta[i * m.next + c * SEL_ROW + k];
    float4 u = load_run<T>(&m.u[i * m.next + c * SEL_ROW + k]);
    float4 d = load_run<T>((const float *)at);
    float dt[4] = {d.x, d.y, d.z, d.w}, in[4] = {u.x, u.y, u.z, u.w};
#pragma unroll
    for (int j = 0; j < 4; j++)
      dt[j] = selective_dt_as(dt[j], bias, biased, SOFTPLUS, FAULT_NONE);
#pragma unroll
    for (int j = 0; j < 4; j++) dt[j] = j < there ? dt[j] : 0.0f;
    *at = make_float4(dt[0], dt[1], dt[2], dt[3]);
    *(float4 *)&m.dtu[c * SEL_ROW + k] =
        make_float4(dt[0] * in[0], dt[1] * in[1], dt[2] * in[2], dt[3] * in[3]);
  }
}
#line 11847 "scan.nw"
static __device__ __forceinline__ float exp2_approx(float x)
{
  float y;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}
#line 11856 "scan.nw"
/* Four steps of one state of B or C, as one 16-byte load. */
static __device__ __forceinline__ void load_quad(const float *from, float to[4])
{
  float4 v = *(const float4 *)from;
  to[0] = v.x, to[1] = v.y, to[2] = v.z, to[3] = v.w;
}
#line 11871 "scan.nw"
/* The thread's states x through the tile; with OUTPUTS, each step's sum of C x into the
   tile's sums, and otherwise the decays multiplied into product. */
template <bool OUTPUTS>
static __device__ __forceinline__ void selective_steps(selective_tiles m, selective_layout s,
                                                       int c, int lane, int i,
                                                       const float *rate, float *x,
                                                       float *product)
{
  const int S = SEL_PER_THREAD;
  const float *dts = m.delta + i * m.next + c * SEL_ROW, *dtus = m.dtu + c * SEL_ROW;
  const float *Bs = m.B + i * m.next + lane * SEL_ROW, *Cs = m.C + i * m.next + lane * SEL_ROW;
  const int G = 8;                             /* steps a group */
  const int state_rows = s.lanes * SEL_ROW;    /* from a thread's state to its next */
  for (int k0 = 0; k0 < SEL_STEPS; k0 += G) {
    float dt[G], dtu[G], sums[G];
#pragma unroll
    for (int k = 0; k < G; k++) dt[k] = dts[k0 + k], dtu[k] = dtus[k0 + k];
#pragma unroll
    for (int q = 0; q < G; q += 4) {
      float b[S][4], cs[S][4];
#pragma unroll
      for (int j = 0; j < S; j++) {
        load_quad(&Bs[j * state_rows + k0 + q], b[j]);
        if (OUTPUTS) load_quad(&Cs[j * state_rows + k0 + q], cs[j]);
      }
#pragma unroll
      for (int k = q; k < q + 4; k++) {
        float sum = 0.0f;
        
#line 11912 "scan.nw"
#pragma unroll
for (int j = 0; j < S; j++) {
  float decay = exp2_approx(dt[k] * rate[j]);
  x[j] = fmaf(decay, x[j], dtu[k] * b[j][k - q]);
  if (OUTPUTS) sum = fmaf(cs[j][k - q], x[j], sum);
  else product[j] *= decay;
}
#line 11900 "scan.nw"
        sums[k] = sum;
      }
    }
    if (OUTPUTS) {
      
#line 11937 "scan.nw"
int held = G, first = 0;   /* this lane's sums: steps [k0 + first, k0 + first + held) */
bool holder = true;        /* false where a lane's partner holds the same sums */
#pragma unroll
for (int round = 0; round < 4; round++) {
  const int bit = 1 << round, half = G >> (round + 1);
  bool upper = lane & bit;
  if (bit < s.lanes && half == 0) {
    sums[0] += __shfl_xor_sync(0xffffffffu, sums[0], bit);
    holder = holder && !upper;
  } else if (bit < s.lanes) {
#pragma unroll
    for (int k = 0; k < half; k++) {
      float give = upper ? sums[k] : sums[k + half], keep = upper ? sums[k + half] : sums[k];
      sums[k] = keep + __shfl_xor_sync(0xffffffffu, give, bit);
    }
    held = half, first += upper ? half : 0;
  }
}
#line 11905 "scan.nw"
      
#line 11961 "scan.nw"
if (holder)
#pragma unroll
  for (int k = 0; k < G; k++)
    if (k < held) m.sums[c * SEL_ROW + k0 + first + k] = sums[k];
#line 11906 "scan.nw"
    }
  }
}
#line 11996 "scan.nw"
/* The first `there` of four outputs at y: one store where all four go to a line. */
static __device__ __forceinline__ void store_run(float *y, const float *out, int there,
                                                 bool line)
{
  if (line && there == 4) *(float4 *)y = make_float4(out[0], out[1], out[2], out[3]);
  else
#pragma unroll
    for (int j = 0; j < 4; j++)
      if (j < there) y[j] = out[j];
}

static __device__ __forceinline__ void store_run(__nv_bfloat16 *y, const float *out,
                                                 int there, bool line)
{
  if (line && there == 4) {
    __nv_bfloat162 lo = __floats2bfloat162_rn(out[0], out[1]);
    __nv_bfloat162 hi = __floats2bfloat162_rn(out[2], out[3]);
    *(uint2 *)y = make_uint2(*(unsigned *)&lo, *(unsigned *)&hi);
  } else
#pragma unroll
    for (int j = 0; j < 4; j++)
      if (j < there) y[j] = __float2bfloat16_rn(out[j]);
}
#line 11973 "scan.nw"
template <typename T>
static __device__ void selective_write(const selective_problem *p, selective_tiles m,
                                       selective_layout s, selective_place w, int c, int lane,
                                       float skip, long long t, int i, T *yc)
{
  for (int r = lane; r < SEL_QUADS; r += s.lanes) {
    int k = 4 * r, there = selective_present(w, c, t + k), at = i * m.next + c * SEL_ROW + k;
    float4 v = *(const float4 *)&m.sums[c * SEL_ROW + k], u = load_run<T>(&m.u[at]);
    float4 z = m.z ? load_run<T>(&m.z[at]) : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    float out[4] = {selective_finish(p, v.x, u.x, z.x, skip, FAULT_NONE),
                    selective_finish(p, v.y, u.y, z.y, skip, FAULT_NONE),
                    selective_finish(p, v.z, u.z, z.z, skip, FAULT_NONE),
                    selective_finish(p, v.w, u.w, z.w, skip, FAULT_NONE)};
    store_run(yc + t + k, out, there, w.out_lines);
  }
}
#line 12027 "scan.nw"
typedef struct {
  selective_problem p;        /* with bf16, u, delta, B, C, z point to bfloat16s */
  void *y;                    /* the outputs: floats, or bfloat16s with bf16 */
  float *last;                /* the last states, or NULL */
  bool bf16;                  /* u, delta, B, C, z and y in bfloat16 */
  float *local, *product;     /* (B, D, chunks, N): the chunks' states and decays */
  selective_layout s;
  long long blocks_per_group, chunk_steps;
  int chunks;
} selective_params;
#line 12040 "scan.nw"
static __device__ selective_place selective_place_of_block(const selective_params *q)
{
  const selective_problem *p = &q->p;
  long long per_group = p->channels / p->groups, bg = blockIdx.x / q->blocks_per_group;
  long long within = (blockIdx.x % q->blocks_per_group) * q->s.channels;
  long long left = per_group - within;
  selective_place w = {bg / p->groups, bg % p->groups, (bg % p->groups) * per_group + within,
                       (int)(left < q->s.channels ? left : q->s.channels),
                       (long long)blockIdx.y * q->chunk_steps, 0, 0, false, false};
  w.t1 = w.t0 + q->chunk_steps < p->length ? w.t0 + q->chunk_steps : p->length;
  w.row0 = (w.b * p->channels + w.first) * p->length;
  bool whole = p->length % 4 == 0;
  uintptr_t line = q->bf16 ? 7 : 15;   /* four steps' bytes, less one */
  w.lines = whole && !(((uintptr_t)p->u | (uintptr_t)p->delta | (uintptr_t)p->z |
                         (uintptr_t)p->B | (uintptr_t)p->C) & line);
  w.out_lines = whole && !((uintptr_t)q->y & line);
  return w;
}
#line 12069 "scan.nw"
template <bool OUTPUTS, int LANES, typename T>
__global__ void __launch_bounds__(SEL_THREADS) selective_kernel(selective_params q)
{
  extern __shared__ float4 selective_shared[];
  const int S = SEL_PER_THREAD;
  const selective_layout s = selective_layout_of(LANES);   /* q.s, as constants */
  const selective_problem *p = &q.p;
  selective_tiles m = selective_tiles_in((float *)selective_shared, s, OUTPUTS && p->z);
  selective_place w = selective_place_of_block(&q);
  int c = threadIdx.x / LANES, lane = threadIdx.x % LANES;
  float rate[S], x[S], product[S], bias, skip;
  
#line 12106 "scan.nw"
long long d = w.first + c;
long long vector = (w.b * p->channels + d) * q.chunks + blockIdx.y;   /* its N-vector */
#pragma unroll
for (int j = 0; j < S; j++) {
  int n = j * LANES + lane;   /* every LANES-th state */
  bool real_state = c < w.live && n < p->state;
  rate[j] = real_state ? selective_rate(p->A[d * p->state + n], FAULT_NONE) * 1.44269504f
                       : 0.0f;   /* log2(e): exp(dt A) = exp2(dt A log2 e) */
  x[j] = OUTPUTS && blockIdx.y > 0 && real_state ? q.local[vector * p->state + n] : 0.0f;
  product[j] = 1.0f;
}
bias = c < w.live && p->delta_bias ? p->delta_bias[d] : 0.0f;
skip = c < w.live && p->D ? p->D[d] : 0.0f;
#line 12081 "scan.nw"
  T *yc = (T *)q.y + w.row0 + c * p->length;   /* the channel's row of y */
  selective_fetch<OUTPUTS, T>(p, m, s, w, c, lane, w.t0, 0);
  copies_commit();
  for (long long t = w.t0, i = 0; t < w.t1; t += SEL_STEPS, i ^= 1) {
    copies_wait_all();
    if (sizeof(T) == 2) selective_widen<OUTPUTS>(m, s, i);
    __syncthreads();
    long long next = t + SEL_STEPS;
    if (next < w.t1) selective_fetch<OUTPUTS, T>(p, m, s, w, c, lane, next, i ^ 1);
    copies_commit();
    if (p->delta_softplus) selective_convert<true, T>(p, m, s, w, c, lane, bias, t, i);
    else selective_convert<false, T>(p, m, s, w, c, lane, bias, t, i);
    __syncwarp();
    selective_steps<OUTPUTS>(m, s, c, lane, i, rate, x, product);
    __syncwarp();
    if (OUTPUTS) selective_write(p, m, s, w, c, lane, skip, t, i, yc);
  }
  
#line 12122 "scan.nw"
#pragma unroll
for (int j = 0; j < S; j++) {
  int n = j * LANES + lane;   /* every LANES-th state */
  if (c >= w.live || n >= p->state) continue;
  if (!OUTPUTS) {
    q.local[vector * p->state + n] = x[j];
    q.product[vector * p->state + n] = product[j];
  } else if (q.last && blockIdx.y == q.chunks - 1) {
    q.last[(w.b * p->channels + d) * p->state + n] = x[j];
  }
}
#line 12099 "scan.nw"
}
#line 12142 "scan.nw"
__global__ void selective_combine_kernel(float *local, const float *product,
                                         long long vectors, int state, int chunks)
{
  long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= vectors * state) return;
  long long v = i / state;
  int n = (int)(i % state);
  float in = 0.0f;
  for (int k = 0; k < chunks - 1; k++) {   /* the first pass left the last chunk out */
    long long at = (v * chunks + k) * state + n;
    float own = local[at];
    local[at] = in;
    in = selective_carry(product[at], in, own, FAULT_NONE);
  }
  local[(v * chunks + chunks - 1) * state + n] = in;
}
#line 12177 "scan.nw"
typedef struct { int chunks; } selective_choice;   /* 0: the plan's */
typedef void (*selective_kernel_fn)(selective_params);
#line 12182 "scan.nw"
/* The kernel of a pass for a block of `lanes` threads a channel, inputs of type T. */
template <typename T>
static selective_kernel_fn selective_kernel_of(bool outputs, int lanes)
{
  switch (lanes) {
  case 1: return outputs ? selective_kernel<true, 1, T> : selective_kernel<false, 1, T>;
  case 2: return outputs ? selective_kernel<true, 2, T> : selective_kernel<false, 2, T>;
  case 4: return outputs ? selective_kernel<true, 4, T> : selective_kernel<false, 4, T>;
  case 8: return outputs ? selective_kernel<true, 8, T> : selective_kernel<false, 8, T>;
  default: return outputs ? selective_kernel<true, 16, T> : selective_kernel<false, 16, T>;
  }
}

static selective_kernel_fn selective_kernel_for(bool outputs, int lanes, bool bf16)
{
  return bf16 ? selective_kernel_of<__nv_bfloat16>(outputs, lanes)
              : selective_kernel_of<float>(outputs, lanes);
}
#line 12203 "scan.nw"
/* The blocks of the output pass that the GPU holds at once, as the runtime counts them, and
   its multiprocessors. */
static long long selective_resident(const selective_problem *p, selective_layout s, bool bf16,
                                    int *sms_out)
{
  int device = 0, sms = 1, per_sm = 1;
  size_t shared = sizeof(float) * selective_shared_floats(s, p->z != NULL);
  selective_kernel_fn f = selective_kernel_for(true, s.lanes, bf16);
  if (cudaGetDevice(&device) != cudaSuccess ||
      cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device) != cudaSuccess ||
      cudaFuncSetAttribute((const void *)f, cudaFuncAttributeMaxDynamicSharedMemorySize,
                           (int)shared) != cudaSuccess ||
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, f, s.threads, shared) !=
          cudaSuccess)
    return *sms_out = 1;
  *sms_out = sms;
  return (long long)(per_sm < 1 ? 1 : per_sm) * sms;
}
#line 12224 "scan.nw"
static selective_params selective_plan(const selective_problem *p, selective_choice asked,
                                       bool bf16)
{
  selective_params q;
  memset(&q, 0, sizeof q);
  q.p = *p;
  q.bf16 = bf16;
  q.s = selective_layout_for(p->state);
  q.blocks_per_group = (p->channels / p->groups + q.s.channels - 1) / q.s.channels;
  long long tiles = (p->length + SEL_STEPS - 1) / SEL_STEPS, chunks = asked.chunks;
  long long blocks = p->batch * p->groups * q.blocks_per_group;
  if (chunks <= 0) {   /* a second pass only where the channels leave multiprocessors idle */
    int sms = 1;
    long long wave = selective_resident(p, q.s, bf16, &sms);
    chunks = blocks < sms ? wave / blocks : 1;
  }
  chunks = chunks < 1 ? 1 : chunks > tiles ? tiles : chunks > 65535 ? 65535 : chunks;
  long long per = (tiles + chunks - 1) / chunks;   /* tiles a chunk */
  q.chunk_steps = per * SEL_STEPS;
  q.chunks = (int)((tiles + per - 1) / per);
  return q;
}
#line 12249 "scan.nw"
static size_t selective_workspace(const selective_params *q)
{
  if (q->chunks <= 1) return 0;
  size_t floats = (size_t)(q->p.batch * q->p.channels) * q->chunks * q->p.state;
  return (2 * floats * sizeof(float) + 255) / 256 * 256;
}

/* One pass of the kernel: its shared memory allowed past the 48 KiB a block gets without
   asking (no layout needs more than 45 KiB today; the attribute costs nothing), then the
   launch. */
static cudaError_t selective_pass(selective_params q, bool outputs, dim3 grid,
                                  cudaStream_t stream)
{
  size_t shared = sizeof(float) * selective_shared_floats(q.s, outputs && q.p.z);
  selective_kernel_fn f = selective_kernel_for(outputs, q.s.lanes, q.bf16);
  cudaError_t e = cudaFuncSetAttribute((const void *)f,
                                       cudaFuncAttributeMaxDynamicSharedMemorySize,
                                       (int)shared);
  if (e != cudaSuccess) return e;
  f<<<grid, q.s.threads, shared, stream>>>(q);
  return cudaGetLastError();
}

static cudaError_t selective_launch(selective_params q, void *y, float *last, void *ws,
                                    cudaStream_t stream)
{
  q.y = y;
  q.last = last;
  size_t floats = (size_t)(q.p.batch * q.p.channels) * q.chunks * q.p.state;
  q.local = q.chunks > 1 ? (float *)ws : NULL;
  q.product = q.chunks > 1 ? q.local + floats : NULL;
  dim3 grid(grid_for(q.p.batch * q.p.groups * q.blocks_per_group), q.chunks);
  if (q.chunks > 1) {
    
#line 12289 "scan.nw"
/* The first pass leaves out the last chunk, whose end state nothing needs. */
cudaError_t e = selective_pass(q, false, dim3(grid.x, q.chunks - 1), stream);
if (e != cudaSuccess) return e;
long long threads = q.p.batch * q.p.channels * q.p.state;
selective_combine_kernel<<<grid_for((threads + 255) / 256), 256, 0, stream>>>(
    q.local, q.product, q.p.batch * q.p.channels, q.p.state, q.chunks);
e = cudaGetLastError();
if (e != cudaSuccess) return e;
#line 12283 "scan.nw"
  }
  return selective_pass(q, true, grid, stream);
}
#line 12382 "scan.nw"
/* Whether an output of `bytes` overlaps an input; the typed inputs of `size` bytes each. */
static bool selective_overlaps(const void *out, long long bytes, const selective_problem *p,
                               long long bdl, long long bgnl, int size)
{
  long long dn = p->channels * p->state, d = p->channels;
  return overlap_bytes(out, bytes, p->u, size * bdl) ||
         overlap_bytes(out, bytes, p->delta, size * bdl) ||
         overlap_bytes(out, bytes, p->A, 4 * dn) ||
         overlap_bytes(out, bytes, p->B, size * bgnl) ||
         overlap_bytes(out, bytes, p->C, size * bgnl) ||
         overlap_bytes(out, bytes, p->D, 4 * d) ||
         overlap_bytes(out, bytes, p->z, size * bdl) ||
         overlap_bytes(out, bytes, p->delta_bias, 4 * d);
}
#line 12399 "scan.nw"
/* The sizes alone: cudaErrorNotReady where there is nothing to do. */
static cudaError_t check_selective_sizes(const selective_problem *p)
{
  if (!p || p->batch < 0 || p->channels < 0 || p->length < 0) return cudaErrorInvalidValue;
  if (p->state < 1 || p->state > SEL_MAX_STATE || p->groups < 1) return cudaErrorInvalidValue;
  if (p->batch == 0 || p->channels == 0 || p->length == 0) return cudaErrorNotReady;
  if (p->channels % p->groups || p->channels > LLONG_MAX / 64 / p->batch ||
      p->batch * p->channels > LLONG_MAX / 256 / p->length)
    return cudaErrorInvalidValue;
  if ((p->batch * p->channels * p->state + 255) / 256 > INT_MAX)   /* a grid's blocks */
    return cudaErrorInvalidValue;
  return cudaSuccess;
}
#line 12415 "scan.nw"
/* The call, its typed arrays (u, delta, B, C, z and y) of `size` bytes: 4, or 2 for
   bfloat16. */
static cudaError_t check_selective(const selective_problem *p, const void *y,
                                   const float *last, int size)
{
  cudaError_t e = check_selective_sizes(p);
  if (e != cudaSuccess) return e;
  if (!p->u || !p->delta || !p->A || !p->B || !p->C || !y) return cudaErrorInvalidValue;
  uintptr_t typed = (uintptr_t)p->u | (uintptr_t)p->delta | (uintptr_t)p->B |
                    (uintptr_t)p->C | (uintptr_t)p->z | (uintptr_t)y;
  if ((typed & (size - 1)) || misaligned(p->A) || misaligned(p->D) ||
      misaligned(p->delta_bias) || misaligned(last))
    return cudaErrorInvalidValue;
  long long bdl = p->batch * p->channels * p->length, bdn = p->batch * p->channels * p->state;
  long long bgnl = p->batch * p->groups * p->state * p->length;
  if (selective_overlaps(y, size * bdl, p, bdl, bgnl, size) ||
      selective_overlaps(last, 4 * bdn, p, bdl, bgnl, size) ||
      overlap_bytes(last, 4 * bdn, y, size * bdl))
    return cudaErrorInvalidValue;
  return cudaSuccess;
}
#line 12439 "scan.nw"
static size_t selective_workspace_for(const selective_problem *p, bool bf16)
{
  if (check_selective_sizes(p) != cudaSuccess) return 0;
  selective_choice plan = {0};
  selective_params q = selective_plan(p, plan, bf16);
  return selective_workspace(&q);
}

/* The one-call entry's body, with the chunks as asked; y holds bfloat16s with bf16. */
static cudaError_t selective_forward_as(const selective_problem *p, void *y, float *last,
                                        selective_choice asked, bool bf16,
                                        cudaStream_t stream)
{
  cudaError_t e = check_selective(p, y, last, bf16 ? 2 : 4);
  if (e != cudaSuccess) return e == cudaErrorNotReady ? cudaSuccess : e;
  selective_params q = selective_plan(p, asked, bf16);
  size_t bytes = selective_workspace(&q);
  cudaMemPool_t pool = workspace_pool();
  void *ws = NULL;
  if (bytes) {
    e = pool ? cudaMallocFromPoolAsync(&ws, bytes, pool, stream) : cudaMalloc(&ws, bytes);
    if (e != cudaSuccess) return e;
  }
  e = selective_launch(q, y, last, ws, stream);
  cudaError_t f = !bytes ? cudaSuccess : pool ? cudaFreeAsync(ws, stream)
                                              : (cudaStreamSynchronize(stream), cudaFree(ws));
  return e != cudaSuccess ? e : f;
}
#line 12470 "scan.nw"
/* The two-phase entry's body. */
static cudaError_t selective_forward_in(const selective_problem *p, void *y, float *last,
                                        void *workspace, size_t workspace_bytes, bool bf16,
                                        cudaStream_t stream)
{
  cudaError_t e = check_selective(p, y, last, bf16 ? 2 : 4);
  if (e != cudaSuccess) return e == cudaErrorNotReady ? cudaSuccess : e;
  selective_choice plan = {0};
  selective_params q = selective_plan(p, plan, bf16);
  size_t bytes = selective_workspace(&q);
  if (bytes && (!workspace || ((uintptr_t)workspace & 255) || workspace_bytes < bytes))
    return cudaErrorInvalidValue;
  return selective_launch(q, y, last, workspace, stream);
}
#line 12487 "scan.nw"
size_t selective_scan_workspace_bytes(const selective_problem *p)
{
  return selective_workspace_for(p, false);
}

cudaError_t selective_scan_forward(const selective_problem *p, float *y, float *last_state,
                                   cudaStream_t stream)
{
  selective_choice plan = {0};
  return selective_forward_as(p, y, last_state, plan, false, stream);
}

cudaError_t selective_scan_forward_in(const selective_problem *p, float *y, float *last_state,
                                      void *workspace, size_t workspace_bytes,
                                      cudaStream_t stream)
{
  return selective_forward_in(p, y, last_state, workspace, workspace_bytes, false, stream);
}
#line 12511 "scan.nw"
/* p's problem with its bfloat16 pointers cast; zero sizes and NULLs where p is NULL. */
static selective_problem selective_problem_of(const selective_problem_bf16 *p, bool *given)
{
  selective_problem q;
  memset(&q, 0, sizeof q);
  *given = p != NULL;
  if (!p) return q;
  selective_problem r = {p->batch, p->channels, p->length, p->state, p->groups,
                         (const float *)p->u, (const float *)p->delta, p->A,
                         (const float *)p->B, (const float *)p->C, p->D, (const float *)p->z,
                         p->delta_bias, p->delta_softplus};
  return r;
}
#line 12527 "scan.nw"
size_t selective_scan_workspace_bytes_bf16(const selective_problem_bf16 *p)
{
  bool given;
  selective_problem q = selective_problem_of(p, &given);
  return given ? selective_workspace_for(&q, true) : 0;
}

cudaError_t selective_scan_forward_bf16(const selective_problem_bf16 *p, __nv_bfloat16 *y,
                                        float *last_state, cudaStream_t stream)
{
  bool given;
  selective_problem q = selective_problem_of(p, &given);
  selective_choice plan = {0};
  return given ? selective_forward_as(&q, y, last_state, plan, true, stream)
               : cudaErrorInvalidValue;
}

cudaError_t selective_scan_forward_bf16_in(const selective_problem_bf16 *p, __nv_bfloat16 *y,
                                           float *last_state, void *workspace,
                                           size_t workspace_bytes, cudaStream_t stream)
{
  bool given;
  selective_problem q = selective_problem_of(p, &given);
  return given ? selective_forward_in(&q, y, last_state, workspace, workspace_bytes, true,
                                      stream)
               : cudaErrorInvalidValue;
}
#line 372 "scan.nw"
#ifndef SCAN_NO_MAIN
#line 15519 "scan.nw"
enum { EXIT_OK = 0, EXIT_FAILED = 1, EXIT_USAGE = 2, EXIT_NO_GPU = 3,
       EXIT_SKIPPED = 77 };

/* Every CUDA call in the host code goes through this: a failure prints where
   (in scan.nw, thanks to #line) and what, and ends the program. */
#define CUDA_CHECK(call) cuda_check((call), #call, __FILE__, __LINE__)
static void cuda_check(cudaError_t e, const char *what, const char *file, int line)
{
  if (e == cudaSuccess) return;
  fprintf(stderr, "%s:%d: %s: %s\n", file, line, what, cudaGetErrorString(e));
  exit(EXIT_FAILED);
}
#line 15546 "scan.nw"
static uint64_t mix64(uint64_t x)   /* SplitMix64's finaliser */
{
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

/* A float in [lo, hi] from the top 24 bits of the hash of (seed, i). */
static float uniform_at(uint64_t seed, long long i, float lo, float hi)
{
  double u = (double)(mix64(seed ^ mix64((uint64_t)i)) >> 40) * 0x1p-24;
  return (float)(lo + (hi - lo) * u);
}
#line 15563 "scan.nw"
static void fill_uniform(float *x, long long n, uint64_t seed, float lo, float hi)
{
#pragma omp parallel for schedule(static)
  for (long long i = 0; i < n; i++) x[i] = uniform_at(seed, i, lo, hi);
}

static uint64_t run_seed;     /* printed at the start; SCAN_SEED replays it */
static uint64_t case_counter;

static uint64_t next_seed(void) { return mix64(run_seed + ++case_counter); }
#line 15581 "scan.nw"
typedef struct { const char *name; float lo, hi; } decay_family;

static const decay_family decays[] = {
  {"decay", 0.5f, 1.0f}, {"near-one", 0.999f, 1.0f},
  {"negative", -1.0f, -0.5f}, {"mixed", -1.0f, 1.0f},
};
#define DECAY_COUNT 4

static void make_inputs(float *a, float *b, long long n, int decay)
{
  fill_uniform(a, n, next_seed(), decays[decay].lo, decays[decay].hi);
  fill_uniform(b, n, next_seed(), -1.0f, 1.0f);
}
#line 22537 "scan.nw"
static int usage_error(const char *fmt, ...)
{
  va_list args;
  va_start(args, fmt);
  fprintf(stderr, "scan: ");
  vfprintf(stderr, fmt, args);
  fprintf(stderr, "\n");
  va_end(args);
  return EXIT_USAGE;
}
#line 22789 "scan.nw"
static int compare_floats(const void *x, const void *y)
{
  float a = *(const float *)x, b = *(const float *)y;
  return (a > b) - (a < b);
}

static int compare_doubles(const void *x, const void *y)
{
  double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}
#line 535 "scan.nw"
/* h[t] = a[t] * h[t-1] + b[t] with h[-1] = 0, in double, for one row. */
static void reference_row(const float *a, const float *b, double *h,
                          long long len)
{
  double state = 0.0;
  for (long long t = 0; t < len; t++) {
    state = (double)a[t] * state + (double)b[t];
    h[t] = state;
  }
}
#line 587 "scan.nw"
/* The largest number of times any element enters a combine as the later
   operand, for every kernel in this file: a small multiple of log2(len). */
static int later_depth(long long len)
{
  int d = 0;
  while ((1LL << d) < len) d++;
  return 2 * d + 16;
}
#line 603 "scan.nw"
/* unit roundoff, subnormal step; and where outputs are stored in a narrower type
   (section "Stored in half precision"), its unit of rounding and step, else 0 */
typedef struct { double u, tiny, stored_u, stored_tiny; } precision;
static const precision FLOAT32 = {0x1p-24, 0x1p-149, 0.0, 0.0};
static const precision FLOAT64 = {0x1p-53, 0x1p-1074, 0.0, 0.0};

typedef struct { double h, s, w; } reference_state;  /* h, S and W so far */

static void reference_step(reference_state *r, float a, float b)
{
  double abs_a = fabs((double)a);
  r->h = (double)a * r->h + (double)b;
  r->w = abs_a * (r->w + r->s);
  r->s = abs_a * r->s + fabs((double)b);
}
#line 626 "scan.nw"
/* A bound e on a float32 value near x, widened by the rounding of x to p's stored type. */
static double stored_rounding(double e, double x, precision p)
{
  return p.stored_u ? e + 1.01 * p.stored_u * (fabs(x) + e) + 0.5 * p.stored_tiny : e;
}
#line 634 "scan.nw"
static double error_bound(const reference_state *r, long long t, int depth,
                          precision p)
{
  return 1.01 * p.u * (2.0 * r->w + depth * r->s) + (2.0 * t + depth + 2) * p.tiny;
}
#line 651 "scan.nw"
/* The outcome of comparing one output with the reference. */
typedef struct {
  long long checked, failed;
  double worst_ratio;     /* largest |out - ref| / bound seen */
  long long worst_index;  /* where it was (flat index), -1 if nowhere */
  double worst_out, worst_ref;
} comparison;

static void compare_init(comparison *c)
{
  c->checked = c->failed = 0;
  c->worst_ratio = c->worst_out = c->worst_ref = 0.0;
  c->worst_index = -1;
}
#line 674 "scan.nw"
static void compare_one(comparison *c, double out, double ref, double bound,
                        long long index)
{
  double ratio;
  if (isnan(ref)) ratio = isnan(out) ? 0.0 : INFINITY;
  else if (isinf(ref)) ratio = isfinite(out) ? INFINITY : 0.0;
  else if (!isfinite(out)) ratio = INFINITY;
  else ratio = fabs(out - ref) / bound;
  c->checked++;
  if (!(ratio <= 1.0)) c->failed++;
  if (ratio > c->worst_ratio || c->worst_index < 0) {
    c->worst_ratio = ratio;
    c->worst_index = index;
    c->worst_out = out;
    c->worst_ref = ref;
  }
}
#line 15601 "scan.nw"
/* Compare one row of an output (float from the GPU, double from a mirror). */
template <typename real>
static void compare_row(const float *a, const float *b, const real *out,
                        long long len, precision p, long long first_index,
                        comparison *c)
{
  reference_state r = {0.0, 0.0, 0.0};
  int depth = later_depth(len);
  for (long long t = 0; t < len; t++) {
    reference_step(&r, a[t], b[t]);
    compare_one(c, (double)out[t], r.h, error_bound(&r, t, depth, p),
                first_index + t);
  }
}
#line 15621 "scan.nw"
static void merge_comparison(comparison *into, const comparison *c)
{
  into->checked += c->checked;
  into->failed += c->failed;
  if (c->worst_index >= 0 &&
      (into->worst_index < 0 || c->worst_ratio > into->worst_ratio)) {
    into->worst_ratio = c->worst_ratio;
    into->worst_index = c->worst_index;
    into->worst_out = c->worst_out;
    into->worst_ref = c->worst_ref;
  }
}
#line 15636 "scan.nw"
template <typename real>
static comparison compare_rows(const float *a, const float *b, const real *out,
                               long long rows, long long len, precision p)
{
  comparison all;
  compare_init(&all);
#pragma omp parallel
  {
    comparison mine;
    compare_init(&mine);
#pragma omp for schedule(dynamic, 1)
    for (long long row = 0; row < rows; row++)
      compare_row(a + row * len, b + row * len, out + row * len, len, p,
                  row * len, &mine);
#pragma omp critical
    merge_comparison(&all, &mine);
  }
  return all;
}
#line 15661 "scan.nw"
static void describe_worst(char *text, size_t size, const comparison *c,
                           long long len)
{
  if (c->worst_index < 0) { snprintf(text, size, "nothing compared"); return; }
  double rel = fabs(c->worst_out - c->worst_ref) /
               (fabs(c->worst_ref) > 0 ? fabs(c->worst_ref) : 1.0);
  snprintf(text, size, "%.3g of the bound, relative error %.3g at row %lld, t %lld"
           " (got %.9g, want %.9g)", c->worst_ratio, rel, c->worst_index / len,
           c->worst_index % len, c->worst_out, c->worst_ref);
}
#line 722 "scan.nw"
/* The broken variants of a scan of packed rows that the ragged suite must catch. */
enum { RAGGED_CORRECT, RAGGED_EMPTY_ROW_STOPS_RESETS, RAGGED_START_ONE_LATE,
       RAGGED_LAST_ROW_NOT_RESET, RAGGED_RESET_BY_ZERO_A, RAGGED_RESET_TAKES_B,
       RAGGED_FAULTS };
static const char *const ragged_fault_names[RAGGED_FAULTS] = {
  "correct", "reset-skipped-after-empty-row", "row-start-one-late",
  "last-row-not-reset", "reset-by-zero-a", "reset-takes-b"};
#line 739 "scan.nw"
/* Whether a row starts at element t; *next is the first row whose start the
   walk has not passed, and moves past every row that starts at t. */
static bool row_starts_at(const long long *offsets, long long rows, long long t,
                          long long *next, int fault)
{
  long long late = fault == RAGGED_START_ONE_LATE;
  long long last = rows - (fault == RAGGED_LAST_ROW_NOT_RESET);
  bool starts = false;
  while (*next < last && offsets[*next] + late == t) {
    starts = true;
    ++*next;
    if (fault == RAGGED_EMPTY_ROW_STOPS_RESETS) break;   /* an `if`, not a `while` */
  }
  return starts;
}
#line 768 "scan.nw"
/* h[t] = a[t] * h[t-1] + b[t] along all n elements, from h = 0 at every row
   start: in double the reference, in float a stand-in for a float32 kernel. */
template <typename real>
static void ragged_pass(const float *a, const float *b, real *h, long long n,
                        const long long *offsets, long long rows, int fault)
{
  real state = 0;
  long long next = 0;
  for (long long t = 0; t < n; t++) {
    real at = a[t];
    if (row_starts_at(offsets, rows, t, &next, fault)) {
      if (fault != RAGGED_RESET_BY_ZERO_A) state = 0;
      if (fault == RAGGED_RESET_BY_ZERO_A || fault == RAGGED_RESET_TAKES_B) at = 0;
    }
    state = at * state + (real)b[t];
    h[t] = state;
  }
}
#line 800 "scan.nw"
/* Compare elements [start, end) of an output, one row of a packed batch. */
template <typename real>
static void compare_ragged_row(const float *a, const float *b, const real *out,
                               long long start, long long end, int depth, precision p,
                               comparison *c)
{
  reference_state r = {0.0, 0.0, 0.0};
  for (long long t = start; t < end; t++) {
    reference_step(&r, a[t], b[t]);
    compare_one(c, (double)out[t], r.h, error_bound(&r, t - start, depth, p), t);
  }
}
#line 819 "scan.nw"
template <typename real>
static comparison compare_ragged(const float *a, const float *b, const real *out,
                                 long long n, const long long *offsets, long long rows,
                                 precision p)
{
  comparison all;
  compare_init(&all);
  int depth = later_depth(n);
#pragma omp parallel
  {
    comparison mine;
    compare_init(&mine);
#pragma omp for schedule(dynamic, 256)
    for (long long r = 0; r < rows; r++)
      compare_ragged_row(a, b, out, offsets[r], offsets[r + 1], depth, p, &mine);
#pragma omp critical
    merge_comparison(&all, &mine);
  }
  return all;
}
#line 846 "scan.nw"
static long long ragged_row_of(const long long *offsets, long long rows, long long t)
{
  long long lo = 0, hi = rows - 1;
  while (lo < hi) {
    long long mid = lo + (hi - lo + 1) / 2;
    if (offsets[mid] <= t) lo = mid; else hi = mid - 1;
  }
  return lo;
}
#line 858 "scan.nw"
static void describe_worst_ragged(char *text, size_t size, const comparison *c,
                                  const long long *offsets, long long rows)
{
  if (c->worst_index < 0) { snprintf(text, size, "nothing compared"); return; }
  long long r = ragged_row_of(offsets, rows, c->worst_index);
  double rel = fabs(c->worst_out - c->worst_ref) /
               (fabs(c->worst_ref) > 0 ? fabs(c->worst_ref) : 1.0);
  snprintf(text, size, "%.3g of the bound, relative error %.3g at row %lld of %lld"
           " elements, t %lld (got %.9g, want %.9g)", c->worst_ratio, rel, r,
           offsets[r + 1] - offsets[r], c->worst_index - offsets[r], c->worst_out,
           c->worst_ref);
}
#line 7439 "scan.nw"
/* The outputs' comparisons: db (= g), da and dh0. */
typedef struct { comparison da, db, dh0; } backward_comparison;

static void backward_compare_init(backward_comparison *c)
{
  compare_init(&c->da);
  compare_init(&c->db);
  compare_init(&c->dh0);
}

static void merge_backward(backward_comparison *into, const backward_comparison *c)
{
  merge_comparison(&into->da, &c->da);
  merge_comparison(&into->db, &c->db);
  merge_comparison(&into->dh0, &c->dh0);
}
#line 7462 "scan.nw"
/* Compare row `row` (elements first .. first + len - 1) of a backward's outputs. */
template <typename real>
static void compare_backward_row(const float *a, const float *h, const float *dh,
                                 double h0, double dh_final, const real *da, const real *db,
                                 const real *dh0, long long first, long long len, long long row,
                                 int depth, precision p, backward_comparison *c)
{
  reference_state r = {dh_final, fabs(dh_final), 0.0};
  for (long long t = first + len - 1; t >= first; t--) {
    reference_step(&r, t == first + len - 1 ? 1.0f : a[t + 1], dh[t]);
    double bound = error_bound(&r, first + len - 1 - t, depth, p);
    double before = t > first ? (double)h[t - 1] : h0, rounded = bound + p.u * r.s;
    double da_bound = 1.01 * fabs(before) * rounded + p.tiny;
    compare_one(&c->db, (double)db[t], r.h, stored_rounding(bound, r.h, p), t);
    compare_one(&c->da, (double)da[t], r.h * before,
                stored_rounding(da_bound, r.h * before, p), t);
    if (t == first && dh0)
      compare_one(&c->dh0, (double)dh0[row], (double)a[t] * r.h,
                  1.01 * fabs((double)a[t]) * rounded + p.tiny, row);
  }
}
#line 7489 "scan.nw"
template <typename real>
static backward_comparison compare_backward(const float *a, const float *h, const float *dh,
                                            const float *h0, const float *dh_final,
                                            const real *da, const real *db, const real *dh0,
                                            long long rows, long long len, precision p)
{
  backward_comparison all;
  backward_compare_init(&all);
  int depth = later_depth(rows * len);
#pragma omp parallel
  {
    backward_comparison mine;
    backward_compare_init(&mine);
#pragma omp for schedule(dynamic, 1)
    for (long long r = 0; r < rows; r++)
      compare_backward_row(a, h, dh, h0 ? (double)h0[r] : 0.0,
                           dh_final ? (double)dh_final[r] : 0.0, da, db, dh0, r * len, len,
                           r, depth, p, &mine);
#pragma omp critical
    merge_backward(&all, &mine);
  }
  return all;
}
#line 7523 "scan.nw"
/* The loss sum_t dh[t] h[t] + dh_final h[len-1] of one row in double, from *h0. */
static double backward_loss(const double *a, const double *b, const float *dh,
                            const double *h0, double dh_final, long long len)
{
  double state = *h0, loss = 0.0;
  for (long long t = 0; t < len; t++) {
    state = a[t] * state + b[t];
    loss += (double)dh[t] * state;
  }
  return loss + dh_final * state;
}
#line 8428 "scan.nw"
template <typename real>
static backward_comparison compare_backward_ragged(const float *a, const float *h,
                                                   const float *dh, const real *da,
                                                   const real *db, long long n,
                                                   const long long *offsets, long long rows,
                                                   precision p)
{
  backward_comparison all;
  backward_compare_init(&all);
  int depth = later_depth(n);
#pragma omp parallel
  {
    backward_comparison mine;
    backward_compare_init(&mine);
#pragma omp for schedule(dynamic, 64)
    for (long long r = 0; r < rows; r++)
      compare_backward_row(a, h, dh, 0.0, 0.0, da, db, (const real *)NULL, offsets[r],
                           offsets[r + 1] - offsets[r], r, depth, p, &mine);
#pragma omp critical
    merge_backward(&all, &mine);
  }
  return all;
}
#line 1476 "scan.nw"
/* A tile on the heap for the mirrors: n slots of tree, padded, plus one. */
static shared_tile<double> mirror_tile(int n, int *overflow)
{
  shared_tile<double> t;
  t.slots = blelloch_slots(n);
  t.a = (double *)malloc(sizeof(double) * t.slots);
  t.b = (double *)malloc(sizeof(double) * t.slots);
  t.overflow = overflow;
  return t;
}

static void mirror_tile_free(shared_tile<double> t) { free(t.a); free(t.b); }
#line 1491 "scan.nw"
static void mirror_l1(const float *a, const float *b, double *h, long long rows,
                      long long len, int fault, int *overflow)
{
  int n = blelloch_size((int)len);
  shared_tile<double> t = mirror_tile(n, overflow);
  for (long long row = 0; row < rows; row++) {
    long long base = row * len;
    blelloch_tile(t, a + base, b + base, (int)len, n, true, (double *)NULL,
                  h + base, (affine<double> *)NULL, fault);
  }
  mirror_tile_free(t);
}
#line 1740 "scan.nw"
static void mirror_l2(const float *a, const float *b, double *h, long long rows,
                      long long len, int fault, int *overflow)
{
  long long per_row = (len + L2_TILE - 1) / L2_TILE, tiles = rows * per_row;
  double *local_a = (double *)malloc(sizeof(double) * rows * len);
  affine<double> *spine = (affine<double> *)malloc(sizeof(affine<double>) * tiles);
  shared_tile<double> t = mirror_tile(L2_TILE, overflow);
  shared_tile<double> ts = mirror_tile(blelloch_size((int)per_row), overflow);
  
#line 1757 "scan.nw"
for (long long g = 0; g < tiles; g++) {
  tile_place p = place_tile(g, len, per_row, L2_TILE);
  blelloch_tile(t, a + p.start, b + p.start, p.count, L2_TILE, p.index == 0,
                local_a + p.start, h + p.start, spine + g, fault);
}
for (long long row = 0; row < rows; row++)   /* the spine's fault is the root's */
  spine_scan(ts, spine + row * per_row, (int)per_row,
             fault == FAULT_SPINE_NO_IDENTITY ? (int)FAULT_ROOT_NOT_IDENTITY : fault);
for (long long g = 0; g < tiles; g++) {
  tile_place p = place_tile(g, len, per_row, L2_TILE);
  apply_tile(h + p.start, local_a + p.start, spine[g], p.count, fault);
}
#line 1749 "scan.nw"
  mirror_tile_free(t);
  mirror_tile_free(ts);
  free(local_a);
  free(spine);
}
#line 15716 "scan.nw"
typedef void (*mirror_fn)(const float *a, const float *b, double *h,
                          long long rows, long long len, int fault,
                          int *overflow);

typedef struct { long long rows, len; } mirror_case;

typedef struct {
  int failed_cases;
  comparison worst;      /* over all cases */
  long long worst_len;   /* the row length of the worst case */
  int overflow_slot;     /* the first slot past a tile, -1 if none */
  long long overflow_len;
} evidence;
#line 15732 "scan.nw"
static evidence run_mirror(mirror_fn mirror, const mirror_case *cases,
                           int count, int fault)
{
  evidence ev = {0, {0, 0, 0.0, -1, 0.0, 0.0}, 0, -1, 0};
  for (int i = 0; i < count; i++) {
    long long n = cases[i].rows * cases[i].len;
    float *a = (float *)malloc(sizeof(float) * n);
    float *b = (float *)malloc(sizeof(float) * n);
    double *h = (double *)malloc(sizeof(double) * n);
    int overflow = -1;
    make_inputs(a, b, n, i % DECAY_COUNT);
    mirror(a, b, h, cases[i].rows, cases[i].len, fault, &overflow);
    comparison c = compare_rows(a, b, h, cases[i].rows, cases[i].len, FLOAT64);
    
#line 15753 "scan.nw"
if (c.failed || overflow >= 0) ev.failed_cases++;
if (overflow >= 0 && ev.overflow_slot < 0) {
  ev.overflow_slot = overflow;
  ev.overflow_len = cases[i].len;
}
if (ev.worst.worst_index < 0 || c.worst_ratio > ev.worst.worst_ratio) {
  ev.worst = c;
  ev.worst_len = cases[i].len;
}
#line 15746 "scan.nw"
    free(a); free(b); free(h);
  }
  return ev;
}
#line 15767 "scan.nw"
static const char *const fault_names[FAULT_COUNT] = {
  "correct", "upsweep-swap", "downsweep-swap", "downsweep-index-off-by-one",
  "root-not-identity", "threads-rounded-to-warp", "apply-swap",
  "spine-forgets-identity", "walk-stops-at-aggregate", "flag-before-value",
  "walk-combines-backwards", "warp-lanes-nearest-first", "walk-folds-backward",
  "tiles-from-blockidx", "held-last-from-tile", "held-prefix-before-done",
  "held-applies-to-new-tile", "rows-step-last-piece", "rows-state-after-own",
  "rows-one-set", "rows-parity-per-row", "groups-fold-newest-first",
  "groups-settle-short", "groups-settle-left-fold", "groups-settle-no-wait",
  "groups-settle-plain-store", "groups-settle-shifted", "groups-skip-empty",
  "ring-holder-folds-own", "ring-row-start-kept", "ring-chain-no-wait",
  "ring-empty-before-maps", "ring-too-few-posts", "ring-too-few-rings",
  "ring-holders-past-stages", "ring-stores-past-row", "ring-walker-late-empty",
  "ring-producer-skips-empty", "ring-look-left-fold", "ring-look-skips-empty",
  "ring-look-skips-window", "ring-head-kept", "backward-a-unshifted",
  "backward-fold-forward", "backward-row-end-kept", "backward-last-dropped",
  "backward-da-own-h", "backward-start-leaks", "backward-dh0-unscaled",
  "backward-ragged-ends-at-starts", "mark-ends-stored", "head-one-short", "head-unshifted",
  "head-rule-loose",
};
#line 15794 "scan.nw"
static bool report_fault(int fault, const evidence *ev, int cases)
{
  char text[256];
  describe_worst(text, sizeof text, &ev->worst, ev->worst_len);
  if (fault == FAULT_NONE) {
    printf("  %-6s %-28s %d cases, worst %s\n", ev->failed_cases ? "FAILED" : "ok",
           fault_names[fault], cases, text);
    return ev->failed_cases == 0;
  }
  if (!ev->failed_cases)
    printf("  MISSED %-28s no case exposed it (worst %s)\n", fault_names[fault], text);
  else if (ev->overflow_slot >= 0)
    printf("  caught %-28s slot %d past the end of the tile (len %lld)\n",
           fault_names[fault], ev->overflow_slot, ev->overflow_len);
  else
    printf("  caught %-28s %s, len %lld\n", fault_names[fault], text, ev->worst_len);
  return ev->failed_cases > 0;
}
#line 15815 "scan.nw"
static int mirror_suite(mirror_fn mirror, const mirror_case *cases, int count,
                        const int *faults, int fault_count)
{
  bool ok = true;
  for (int f = 0; f < fault_count; f++) {
    evidence ev = run_mirror(mirror, cases, count, faults[f]);
    ok = report_fault(faults[f], &ev, count) && ok;
  }
  return ok ? EXIT_OK : EXIT_FAILED;
}
#line 15833 "scan.nw"
static int length_cases(mirror_case *cases, long long ceiling, long long rows)
{
  static const long long extra[] = {1, 2, 3, 5, 7, 100, 1000, 1500, 3001, 100003};
  int count = 0;
  for (int i = 0; i < (int)(sizeof extra / sizeof extra[0]); i++)
    if (extra[i] <= ceiling) cases[count++] = mirror_case{rows, extra[i]};
  for (long long p = 16; p <= ceiling; p *= 2)
    for (long long d = -1; d <= 1; d++)
      if (p + d <= ceiling) cases[count++] = mirror_case{rows, p + d};
  return count;
}
#line 15907 "scan.nw"
enum { STEP_CLAIM, STEP_SCAN, STEP_PUBLISH_FIRST, STEP_PUBLISH_SECOND,
       STEP_WALK, STEP_FOLD, STEP_PREFIX_FIRST, STEP_PREFIX_SECOND,
       STEP_WRITE, STEP_DONE };

typedef struct {
  int step;
  long long tile;            /* -1 until claimed */
  bool resident, frozen;
  affine<double> total, prefix;
  long long look;            /* serial: the tile under examination;
                                warp: the window (lane k sees look - k) */
  long long found;           /* the tile whose P the walk found */
  int lane;                  /* warp walk: the lane that found it */
  bool found_aggregate;      /* the walk stopped at an A (a broken variant) */
  long long t_claim, t_published, t_found, t_prefix, t_done;  /* the figure */
} actor;
#line 15926 "scan.nw"
typedef struct {
  const float *a, *b;
  double *h;
  long long rows, len, tile_size, per_row, tiles;
  int walk, fault;
  int *flag;                          /* the launch's global memory */
  affine<double> *aggregate, *inclusive;
  long long ticket, clock;
  actor *blocks;
  int resident_limit, started;        /* blocks become resident in order */
  const int *residency;               /* of this permutation */
} launch;
#line 15944 "scan.nw"
static tile_place launch_place(const launch *L, long long tile)
{
  return place_tile(tile, L->len, L->per_row, (int)L->tile_size);
}

static affine<double> element_at(const launch *L, tile_place p, int i)
{
  affine<double> x = {L->a[p.start + i], L->b[p.start + i]};
  return p.index == 0 && i == 0 ? start_row(x) : x;
}
#line 15961 "scan.nw"
/* One half of publishing `flag` for tile g: the value or the flag. */
static void publish_half(launch *L, long long g, int flag, affine<double> value,
                         bool first_half)
{
  bool value_now = first_half != (L->fault == FAULT_FLAG_BEFORE_VALUE);
  if (value_now) {
    if (flag == TILE_PREFIX) L->inclusive[g] = value;
    else L->aggregate[g] = value;
  } else {
    L->flag[g] = flag;
  }
}
#line 15979 "scan.nw"
/* One event of the walk; returns false when the actor must wait. */
static bool walk_serial_event(launch *L, actor *x)
{
  int f = L->flag[x->look];
  if (f == TILE_EMPTY) return false;
  if (f == TILE_PREFIX || L->fault == FAULT_WALK_STOPS_AT_AGGREGATE) {
    x->found = x->look;
    x->found_aggregate = f == TILE_AGGREGATE;
    x->step = STEP_FOLD;
  } else {
    x->look--;
  }
  return true;
}
#line 15999 "scan.nw"
static bool walk_warp_event(launch *L, actor *x)
{
  long long first = x->tile - launch_place(L, x->tile).index;
  unsigned empty = 0, prefix = 0;
  for (int k = 0; k < 32; k++) {
    long long j = x->look - k;
    int f = j >= first ? L->flag[j] : TILE_PREFIX;
    if (f == TILE_EMPTY) empty |= 1u << k;
    if (f == TILE_PREFIX) prefix |= 1u << k;
  }
  unsigned nearest = prefix & (0u - prefix);
  if (empty & (nearest ? nearest | (nearest - 1) : 0xffffffffu)) return false;
  if (!nearest) { x->look -= 32; return true; }
  x->lane = __builtin_ctz(prefix);
  x->found = x->look - x->lane;
  x->found_aggregate = false;
  x->step = STEP_FOLD;
  return true;
}
#line 16026 "scan.nw"
static affine<double> fold_forward(const launch *L, const actor *x)
{
  long long g = x->tile;
  affine<double> acc = x->found_aggregate ? L->aggregate[x->found]
                                          : L->inclusive[x->found];
  if (L->fault == FAULT_BACKWARD_FOLD) 
#line 16040 "scan.nw"
{
  if (x->found + 1 >= g) return acc;
  affine<double> right = L->aggregate[g - 1];
  for (long long j = g - 2; j > x->found; j--) right = combine(L->aggregate[j], right);
  return combine(acc, right);
}
#line 16032 "scan.nw"
  if (L->walk == WALK_WARP) 
#line 16049 "scan.nw"
{
  for (long long w = x->look; w < g; w += 32) {
    int top = w == x->look ? x->lane - 1 : 31;
    for (int step = 0; step <= top; step++) {
      int k = L->fault == FAULT_WARP_LANE_ORDER ? step : top - step;
      acc = combine(acc, L->aggregate[w - k]);
    }
  }
  return acc;
}
#line 16033 "scan.nw"
  for (long long j = x->found + 1; j < g; j++)
    acc = combine_at(FAULT_WALK_ORDER, L->fault, acc, L->aggregate[j]);
  return acc;
}
#line 16066 "scan.nw"
/* Take one step of actor x; false when it cannot move now. */
static bool actor_event(launch *L, actor *x, int block)
{
  tile_place p = x->tile >= 0 ? launch_place(L, x->tile) : tile_place{};
  switch (x->step) {
  case STEP_CLAIM:
    x->tile = L->fault == FAULT_TILE_FROM_BLOCKIDX ? block : L->ticket++;
    x->t_claim = L->clock;
    x->step = STEP_SCAN;
    return true;
  
#line 16084 "scan.nw"
case STEP_SCAN:
  x->total = element_at(L, p, 0);
  for (int i = 1; i < p.count; i++) x->total = combine(x->total, element_at(L, p, i));
  x->prefix = identity_map<double>();
  x->step = STEP_PUBLISH_FIRST;
  return true;
case STEP_PUBLISH_FIRST:
case STEP_PUBLISH_SECOND:
  publish_half(L, x->tile, p.index == 0 ? TILE_PREFIX : TILE_AGGREGATE,
               x->total, x->step == STEP_PUBLISH_FIRST);
  if (x->step == STEP_PUBLISH_SECOND) x->t_published = L->clock;
  x->step = x->step == STEP_PUBLISH_FIRST ? STEP_PUBLISH_SECOND
          : p.index == 0 ? STEP_WRITE : STEP_WALK;
  x->look = x->tile - 1;
  return true;
case STEP_WALK:
  return L->walk == WALK_SERIAL ? walk_serial_event(L, x) : walk_warp_event(L, x);
#line 16077 "scan.nw"
  
#line 16104 "scan.nw"
case STEP_FOLD:
  x->prefix = fold_forward(L, x);
  x->t_found = L->clock;
  x->step = STEP_PREFIX_FIRST;
  return true;
case STEP_PREFIX_FIRST:
case STEP_PREFIX_SECOND:
  publish_half(L, x->tile, TILE_PREFIX, combine(x->prefix, x->total),
               x->step == STEP_PREFIX_FIRST);
  if (x->step == STEP_PREFIX_SECOND) x->t_prefix = L->clock;
  x->step = x->step == STEP_PREFIX_FIRST ? STEP_PREFIX_SECOND : STEP_WRITE;
  return true;
case STEP_WRITE: {
  affine<double> acc = x->prefix;
  for (int i = 0; i < p.count; i++) {
    acc = combine(acc, element_at(L, p, i));
    L->h[p.start + i] = acc.b;
  }
  x->t_done = L->clock;
  x->step = STEP_DONE;
  return true;
}
#line 16078 "scan.nw"
  }
  return false;
}
#line 16151 "scan.nw"
enum { SCHEDULE_RANDOM, SCHEDULE_LATE_PREFIX, SCHEDULE_REVERSE_RESIDENCY,
       SCHEDULE_STALLS, SCHEDULE_KINDS };
static const char *const schedule_names[SCHEDULE_KINDS] = {
  "random", "late prefixes", "reverse residency", "stalls"};

static bool can_move(launch *L, const actor *x)
{
  if (!x->resident || x->frozen || x->step == STEP_DONE) return false;
  if (x->step != STEP_WALK) return true;
  actor copy = *x;   /* try the walk's event on a copy: it only reads */
  return L->walk == WALK_SERIAL ? walk_serial_event(L, &copy)
                                : walk_warp_event(L, &copy);
}
#line 16167 "scan.nw"
/* Pick the actor for the next event, or -1 if no one can move. */
static int pick_actor(launch *L, int policy, uint64_t *rng)
{
  int movable[4096], count = 0, eager = 0;
  for (int i = 0; i < (int)L->tiles; i++)
    if (can_move(L, &L->blocks[i])) movable[count++] = i;
  if (count == 0) return -1;
  if (policy == SCHEDULE_LATE_PREFIX) {
    for (int i = 0; i < count; i++)
      if (L->blocks[movable[i]].step <= STEP_PUBLISH_SECOND)
        movable[eager++] = movable[i];
    if (eager) count = eager;
  }
  *rng = mix64(*rng);
  return movable[*rng % (uint64_t)count];
}
#line 16186 "scan.nw"
/* Make blocks resident, in the order of L->residency, up to the limit. */
static void admit_blocks(launch *L)
{
  int resident = 0;
  for (int i = 0; i < (int)L->tiles; i++)
    resident += L->blocks[i].resident && L->blocks[i].step != STEP_DONE;
  while (resident < L->resident_limit && L->started < (int)L->tiles) {
    L->blocks[L->residency[L->started++]].resident = true;
    resident++;
  }
}
#line 16200 "scan.nw"
/* Run a launch to the end; false on deadlock. */
static bool run_launch(launch *L, int policy, uint64_t seed)
{
  uint64_t rng = seed;
  for (int done = 0; done < (int)L->tiles;) {
    admit_blocks(L);
    int i = pick_actor(L, policy, &rng);
    if (i < 0) 
#line 16222 "scan.nw"
{
  bool thawed = false;
  for (int j = 0; j < (int)L->tiles && !thawed; j++)
    if (L->blocks[j].frozen) L->blocks[j].frozen = false, thawed = true;
  if (!thawed) return false;
  continue;
}
#line 16208 "scan.nw"
    actor *x = &L->blocks[i];
    int before = x->step;
    actor_event(L, x, i);
    L->clock++;
    if (x->step == STEP_DONE) done++;
    if (policy == SCHEDULE_STALLS && (before == STEP_PUBLISH_FIRST ||
                                      before == STEP_PREFIX_FIRST))
      x->frozen = true;
  }
  return true;
}
#line 16253 "scan.nw"
static void launch_init(launch *L, const float *a, const float *b, double *h,
                        long long rows, long long len, long long tile_size,
                        int walk, int fault, int policy, int *order)
{
  L->a = a; L->b = b; L->h = h; L->rows = rows; L->len = len;
  L->tile_size = tile_size; L->per_row = (len + tile_size - 1) / tile_size;
  L->tiles = rows * L->per_row; L->walk = walk; L->fault = fault;
  L->ticket = L->clock = 0; L->started = 0;
  L->resident_limit = policy == SCHEDULE_REVERSE_RESIDENCY ? 8 : (int)L->tiles;
  for (long long i = 0; i < L->tiles; i++) {
    L->flag[i] = TILE_EMPTY;
    L->aggregate[i].a = L->aggregate[i].b = NAN;
    L->inclusive[i] = L->aggregate[i];
    L->blocks[i] = actor{STEP_CLAIM, -1};
    order[i] = policy == SCHEDULE_REVERSE_RESIDENCY ? (int)(L->tiles - 1 - i) : (int)i;
  }
  L->residency = order;
}
#line 16281 "scan.nw"
typedef struct { long long rows, len, tile_size; } protocol_case;

static const protocol_case protocol_cases[] = {
  {1, 70 * 5 - 2, 5}, {3, 40 * 7, 7}, {2, 33 * 4 + 1, 4}, {4, 3, 4},
  {1, 100 * 3, 3}, {2, 64 * 2, 2},
};
#define PROTOCOL_CASES 6
#define RANDOM_SCHEDULES 24
#line 16297 "scan.nw"
typedef struct { float *a, *b; double *h, *first_h; } case_arrays;

static case_arrays case_arrays_new(long long n, int decay)
{
  case_arrays m = {(float *)malloc(sizeof(float) * n), (float *)malloc(sizeof(float) * n),
                   (double *)malloc(sizeof(double) * n), (double *)malloc(sizeof(double) * n)};
  for (long long i = 0; i < n; i++) m.first_h[i] = NAN;
  make_inputs(m.a, m.b, n, decay);
  return m;
}

static void case_arrays_free(case_arrays m)
{
  free(m.a); free(m.b); free(m.h); free(m.first_h);
}
#line 16317 "scan.nw"
typedef struct {
  float *a, *b;
  double *h, *first_h;
  int *flag, *order;
  affine<double> *aggregate, *inclusive;
  actor *blocks;
} launch_memory;

static launch_memory launch_memory_new(long long n, long long tiles)
{
  launch_memory m;
  m.a = (float *)malloc(sizeof(float) * n); m.b = (float *)malloc(sizeof(float) * n);
  m.h = (double *)malloc(sizeof(double) * n);
  m.first_h = (double *)malloc(sizeof(double) * n);
  m.flag = (int *)malloc(sizeof(int) * tiles);
  m.order = (int *)malloc(sizeof(int) * tiles);
  m.aggregate = (affine<double> *)malloc(sizeof(affine<double>) * tiles);
  m.inclusive = (affine<double> *)malloc(sizeof(affine<double>) * tiles);
  m.blocks = (actor *)malloc(sizeof(actor) * tiles);
  return m;
}
#line 16341 "scan.nw"
static void launch_memory_free(launch_memory m)
{
  free(m.a); free(m.b); free(m.h); free(m.first_h); free(m.flag); free(m.order);
  free(m.aggregate); free(m.inclusive); free(m.blocks);
}
#line 16354 "scan.nw"
typedef struct {
  bool deadlock, disagree, out_of_bound;
  char detail[256];
  bool broke_rule;   /* a mirror's own rule broken (the ring's: a post lost, a phase misread) */
} protocol_evidence;

#line 16363 "scan.nw"
static void note(protocol_evidence *ev, bool *flag, const char *fmt, ...)
{
  if (*flag) return;
  *flag = true;
  if (ev->detail[0]) return;   /* keep the first piece of evidence */
  va_list args;
  va_start(args, fmt);
  vsnprintf(ev->detail, sizeof ev->detail, fmt, args);
  va_end(args);
}
#line 16380 "scan.nw"
/* Holds one schedule's outputs h to the bound and to the first schedule's
   bits (kept in first_h when `first`); `schedule` names it in the evidence. */
static void judge_schedule(const float *a, const float *b, const double *h, double *first_h,
                           long long rows, long long len, bool first,
                           const char *schedule, protocol_evidence *ev)
{
  long long n = rows * len;
  comparison cmp = compare_rows(a, b, h, rows, len, FLOAT64);
  if (cmp.failed) {
    char text[200];
    describe_worst(text, sizeof text, &cmp, len);
    note(ev, &ev->out_of_bound, "%s under %s", text, schedule);
  }
  if (first) memcpy(first_h, h, sizeof(double) * n);
  else
    for (long long i = 0; i < n; i++)
      if (memcmp(&h[i], &first_h[i], sizeof(double)) != 0) {
        note(ev, &ev->disagree, "schedules disagree at row %lld, t %lld: %.17g"
             " vs %.17g", i / len, i % len, h[i], first_h[i]);
        break;
      }
}
#line 16405 "scan.nw"
static void run_schedule(const protocol_case *c, launch_memory *m, int walk,
                         int fault, int policy, uint64_t seed, bool first,
                         protocol_evidence *ev)
{
  launch L;
  L.flag = m->flag; L.aggregate = m->aggregate; L.inclusive = m->inclusive;
  L.blocks = m->blocks;
  launch_init(&L, m->a, m->b, m->h, c->rows, c->len, c->tile_size, walk, fault,
              policy, m->order);
  if (!run_launch(&L, policy, seed)) {
    note(ev, &ev->deadlock, "deadlock under %s: no resident block can move",
         schedule_names[policy]);
    return;
  }
  judge_schedule(m->a, m->b, m->h, m->first_h, c->rows, c->len, first,
                 schedule_names[policy], ev);
}
#line 16425 "scan.nw"
static protocol_evidence run_protocol(int walk, int fault, int *schedules)
{
  protocol_evidence ev = {false, false, false, ""};
  *schedules = 0;
  for (int ci = 0; ci < PROTOCOL_CASES; ci++) {
    const protocol_case *c = &protocol_cases[ci];
    long long n = c->rows * c->len;
    long long tiles = c->rows * ((c->len + c->tile_size - 1) / c->tile_size);
    launch_memory m = launch_memory_new(n, tiles);
    make_inputs(m.a, m.b, n, ci % DECAY_COUNT);
    for (int s = 0; s < SCHEDULE_KINDS - 1 + RANDOM_SCHEDULES; s++, ++*schedules) {
      int policy = s < SCHEDULE_KINDS - 1 ? s + 1 : SCHEDULE_RANDOM;
      run_schedule(c, &m, walk, fault, policy, next_seed(), s == 0, &ev);
    }
    launch_memory_free(m);
  }
  return ev;
}
#line 16544 "scan.nw"
enum { WORK_CLAIM, WORK_PUBLISH, WORK_FINISH, WORK_TAKE, WORK_DONE };
enum { WALKER_START, WALKER_WAIT, WALKER_LOOK, WALKER_SIGNAL, WALKER_DONE };

typedef struct {
  int work, walker;                     /* the two actors' steps */
  long long first, tile, held;          /* first claim, new tile, held tile */
  bool holding;
  long long request_tile;               /* the request, and BAR_REQUEST */
  bool request_last, request_posted;
  affine<double> prefix;                /* prefix_shared, and BAR_DONE */
  bool done;
  affine<double> early;                 /* the prefix as it was when finishing began */
  long long walking, look;              /* the walking warp's own */
  bool walking_last;
} held_block;
#line 16562 "scan.nw"
typedef struct {
  const float *a, *b;
  double *h;
  long long n, len, tile_size, tiles, ticket;
  int fault, block_count;
  bool overwritten;                     /* a request replaced one not yet taken */
  int *flag;
  affine<double> *aggregate, *inclusive;
  held_block *blocks;
  int *movable;                         /* room for every actor's index */
  long long clock, *stamps;             /* the events so far; HSTAMPS a tile, or NULL */
} held_launch;

/* Element i of the flattened rows; a row's first forgets what came before
   (the map h -> 0 h + b0, b0 through start_row), since tiles cross rows. */
static affine<double> held_element(const held_launch *L, long long i)
{
  affine<double> x = {L->a[i], L->b[i]};
  if (i % L->len == 0) x = affine<double>{0.0, start_row(x).b};
  return x;
}
#line 16592 "scan.nw"
enum { HSTAMP_CLAIMED, HSTAMP_PUBLISHED, HSTAMP_HELD, HSTAMP_WALKED, HSTAMP_PREFIXED,
       HSTAMP_STORED, HSTAMP_BLOCK, HSTAMPS };

static void held_stamp(held_launch *L, long long g, int moment)
{
  if (L->stamps && g < L->tiles) L->stamps[g * HSTAMPS + moment] = L->clock;
}

static void held_note_block(held_launch *L, long long g, const held_block *k)
{
  if (L->stamps && g < L->tiles) L->stamps[g * HSTAMPS + HSTAMP_BLOCK] = k - L->blocks;
}
#line 16612 "scan.nw"
/* Folds tile g onto `before`; writes every state to h when `write`. */
static affine<double> held_fold(held_launch *L, long long g, affine<double> before,
                                bool write)
{
  long long end = (g + 1) * L->tile_size < L->n ? (g + 1) * L->tile_size : L->n;
  for (long long i = g * L->tile_size; i < end; i++) {
    before = combine(before, held_element(L, i));
    if (write) L->h[i] = before.b;
  }
  return before;
}
#line 16640 "scan.nw"
/* One event of block k's workers; false when they must wait. */
static bool held_work_event(held_launch *L, held_block *k)
{
  switch (k->work) {
  case WORK_CLAIM:
    k->first = k->tile = L->ticket++;
    held_stamp(L, k->tile, HSTAMP_CLAIMED);
    held_note_block(L, k->tile, k);
    k->work = k->tile < L->tiles ? WORK_PUBLISH : WORK_DONE;
    return true;
  case WORK_PUBLISH:
    L->aggregate[k->tile] = held_fold(L, k->tile, identity_map<double>(), false);
    if (k->tile == 0) L->inclusive[0] = L->aggregate[0];
    L->flag[k->tile] = k->tile == 0 ? TILE_PREFIX : TILE_AGGREGATE;
    held_stamp(L, k->tile, HSTAMP_PUBLISHED);
    k->work = k->holding ? WORK_FINISH : WORK_TAKE;
    k->early = k->prefix;
    return true;
  
#line 16665 "scan.nw"
case WORK_FINISH: {
  if (!k->done) return false;
  bool wrong = L->fault == FAULT_HELD_WRONG_TILE && k->tile < L->tiles;
  held_fold(L, wrong ? k->tile : k->held,
            L->fault == FAULT_HELD_PREFIX_EARLY ? k->early : k->prefix, true);
  held_stamp(L, k->held, HSTAMP_STORED);
  k->done = false;
  k->prefix.a = k->prefix.b = NAN;      /* read once: what it held is spent */
  k->holding = false;
  k->work = k->tile < L->tiles ? WORK_TAKE : WORK_DONE;
  return true;
}
case WORK_TAKE: {
  long long next = L->ticket++;
  if (k->request_posted) L->overwritten = true;
  k->request_tile = k->tile;
  k->request_last = L->fault == FAULT_HELD_LAST_FROM_TILE ? k->tile + 1 >= L->tiles
                                                          : next >= L->tiles;
  k->request_posted = true;
  held_stamp(L, k->tile, HSTAMP_HELD);
  held_stamp(L, next, HSTAMP_CLAIMED);
  held_note_block(L, next, k);
  k->held = k->tile; k->holding = true; k->tile = next;
  k->work = next < L->tiles ? WORK_PUBLISH : WORK_FINISH;
  k->early = k->prefix;
  return true;
}
#line 16659 "scan.nw"
  }
  return false;
}
#line 16701 "scan.nw"
/* One event of block k's walking warp; false when it must wait. */
static bool held_walker_event(held_launch *L, held_block *k)
{
  switch (k->walker) {
  case WALKER_START:
    if (k->work == WORK_CLAIM) return false;
    k->walker = k->first < L->tiles ? WALKER_WAIT : WALKER_DONE;
    return true;
  case WALKER_WAIT:
    if (!k->request_posted) return false;
    k->walking = k->request_tile; k->walking_last = k->request_last;
    k->request_posted = false;
    held_stamp(L, k->walking, HSTAMP_WALKED);
    k->look = k->walking - 1;
    k->walker = WALKER_LOOK;
    return true;
  
#line 16729 "scan.nw"
case WALKER_LOOK: {
  long long g = k->walking;
  if (g == 0) { k->prefix = identity_map<double>(); k->walker = WALKER_SIGNAL; return true; }
  if (L->flag[k->look] == TILE_EMPTY) return false;
  if (L->flag[k->look] == TILE_AGGREGATE) { k->look--; return true; }
  affine<double> acc = L->inclusive[k->look];
  for (long long j = k->look + 1; j < g; j++) acc = combine(acc, L->aggregate[j]);
  k->prefix = acc;
  L->inclusive[g] = combine(acc, L->aggregate[g]);
  L->flag[g] = TILE_PREFIX;
  k->walker = WALKER_SIGNAL;
  return true;
}
#line 16718 "scan.nw"
  case WALKER_SIGNAL:
    k->done = true;
    held_stamp(L, k->walking, HSTAMP_PREFIXED);
    k->walker = k->walking_last ? WALKER_DONE : WALKER_WAIT;
    return true;
  }
  return false;
}
#line 16752 "scan.nw"
enum { HELD_RANDOM, HELD_WORKERS_FIRST, HELD_WALKERS_FIRST };

static bool held_can_move(const held_launch *L, int actor)
{
  const held_block *k = &L->blocks[actor / 2];
  if (actor % 2 == 0) return k->work != WORK_DONE && !(k->work == WORK_FINISH && !k->done);
  switch (k->walker) {
  case WALKER_START: return k->work != WORK_CLAIM;
  case WALKER_WAIT: return k->request_posted;
  case WALKER_LOOK: return k->walking == 0 || L->flag[k->look] != TILE_EMPTY;
  case WALKER_SIGNAL: return true;
  }
  return false;
}
#line 16769 "scan.nw"
/* Runs a launch to the end under one schedule; false on deadlock. */
static bool held_run(held_launch *L, int policy, uint64_t rng)
{
  int *movable = L->movable;
  for (;;) {
    int count = 0, preferred = 0;
    for (int i = 0; i < 2 * L->block_count; i++)
      if (held_can_move(L, i)) movable[count++] = i;
    if (count == 0) break;
    for (int i = 0; i < count; i++)
      if (movable[i] % 2 == (policy == HELD_WALKERS_FIRST)) movable[preferred++] = movable[i];
    if (policy != HELD_RANDOM && preferred) count = preferred;
    rng = mix64(rng);
    int i = movable[rng % (uint64_t)count];
    held_block *k = &L->blocks[i / 2];
    if (i % 2 == 0) held_work_event(L, k); else held_walker_event(L, k);
    L->clock++;
  }
  for (int k = 0; k < L->block_count; k++)
    if (L->blocks[k].work != WORK_DONE || L->blocks[k].walker != WALKER_DONE) return false;
  return true;
}
#line 16798 "scan.nw"
typedef struct { long long rows, len, tile_size; int blocks; } held_case;

static const held_case held_cases[] = {
  {1, 203, 4, 3}, {3, 41, 8, 2}, {5, 7, 4, 4}, {1, 5, 8, 3}, {2, 64, 4, 1}, {4, 33, 5, 6},
};
#define HELD_CASES ((int)(sizeof held_cases / sizeof held_cases[0]))
#line 16812 "scan.nw"
static bool held_schedule(held_launch *L, const held_case *c, int policy, uint64_t seed,
                          double *first_h, bool first, protocol_evidence *ev)
{
  const affine<double> poison = {NAN, NAN};
  L->ticket = 0; L->overwritten = false; L->clock = 0;
  for (long long g = 0; g < L->tiles; g++) {
    L->flag[g] = TILE_EMPTY;
    L->aggregate[g] = L->inclusive[g] = poison;
  }
  for (long long i = 0; i < L->n; i++) L->h[i] = NAN;
  for (int k = 0; k < L->block_count; k++) {
    L->blocks[k] = held_block{WORK_CLAIM, WALKER_START};
    L->blocks[k].prefix = L->blocks[k].early = poison;
  }
  const char *name = policy == HELD_RANDOM ? "random" : policy == HELD_WORKERS_FIRST
                   ? "workers first" : "walking warps first";
  if (!held_run(L, policy, seed)) {
    note(ev, &ev->deadlock, "deadlock under %s: no actor can move", name);
    return false;
  }
  if (L->overwritten)
    note(ev, &ev->disagree, "a request was posted over one not yet taken, under %s", name);
  judge_schedule(L->a, L->b, L->h, first_h, c->rows, c->len, first, name, ev);
  return true;
}
#line 16843 "scan.nw"
static protocol_evidence run_held_mirror(int fault, int *schedules)
{
  protocol_evidence ev = {false, false, false, ""};
  *schedules = 0;
  for (int ci = 0; ci < HELD_CASES; ci++) {
    const held_case *c = &held_cases[ci];
    
#line 16863 "scan.nw"
long long n = c->rows * c->len, tiles = (n + c->tile_size - 1) / c->tile_size;
case_arrays m = case_arrays_new(n, ci % DECAY_COUNT);
double *first_h = m.first_h;
int *flag = (int *)malloc(sizeof(int) * tiles);
affine<double> *aggregate = (affine<double> *)malloc(sizeof(affine<double>) * tiles);
affine<double> *inclusive = (affine<double> *)malloc(sizeof(affine<double>) * tiles);
held_block *blocks = (held_block *)malloc(sizeof(held_block) * c->blocks);
int *movable = (int *)malloc(sizeof(int) * 2 * c->blocks);
held_launch L = {m.a, m.b, m.h, n, c->len, c->tile_size, tiles, 0, fault, c->blocks, false,
                 flag, aggregate, inclusive, blocks, movable};
#line 16850 "scan.nw"
    bool have_first = false;   /* the first schedule that ran to its end */
    for (int s = 0; s < 2 + RANDOM_SCHEDULES; s++, ++*schedules) {
      int policy = s < 2 ? s + 1 : HELD_RANDOM;
      if (held_schedule(&L, c, policy, next_seed(), first_h, !have_first, &ev))
        have_first = true;
    }
    
#line 16876 "scan.nw"
case_arrays_free(m);
free(flag); free(aggregate); free(inclusive); free(blocks); free(movable);
#line 16857 "scan.nw"
  }
  return ev;
}
#line 16948 "scan.nw"
enum { SHARE_SCAN, SHARE_POST, SHARE_WAIT, SHARE_READ, SHARE_APPLY, SHARE_DONE };
#define SHARE_MAX_PIECES 4

typedef struct {
  int event, passed;              /* the next event; barriers passed */
  long long row, stride;          /* the row, and the stride's first element */
  int parity;
  double carry, state;            /* before the stride; before this warp's step */
  affine<double> piece[SHARE_MAX_PIECES], step;
} share_warp;
#line 16961 "scan.nw"
typedef struct {
  const float *a, *b;
  double *h;
  long long rows, len;
  int ways, groups, pieces, piece, fault;
  affine<double> *posted;         /* [2][groups * ways], by parity */
  int *arrived, *generation;      /* per group */
  share_warp *warps;              /* warp w of group g at g * ways + w */
  int *movable;
} share_launch;

/* Element i of row r as a map, the identity past the row's end. */
static affine<double> share_element(const share_launch *L, long long r, long long i)
{
  if (i >= L->len) return identity_map<double>();
  affine<double> x = {L->a[r * L->len + i], L->b[r * L->len + i]};
  return x;
}
#line 16989 "scan.nw"
static long long share_start(const share_launch *L, const share_warp *w, int way)
{
  return w->stride + (long long)way * L->pieces * L->piece;
}

static void share_scan(share_launch *L, share_warp *w, int way)
{
  long long start = share_start(L, w, way);
  for (int p = 0; p < L->pieces; p++) {
    affine<double> t = identity_map<double>();
    for (int k = 0; k < L->piece; k++)
      t = combine(t, share_element(L, w->row, start + (long long)p * L->piece + k));
    w->piece[p] = t;
    bool last_only = L->fault == FAULT_ROWS_STEP_LAST_PIECE;
    w->step = p == 0 || last_only ? t : combine(w->step, t);
  }
}
#line 17014 "scan.nw"
static void share_read(share_launch *L, share_warp *w, int g, int way)
{
  const affine<double> *set = L->posted + (long long)w->parity * L->groups * L->ways;
  for (int k = 0; k < L->ways; k++) {
    affine<double> t = set[g * L->ways + k];
    if (k == way && L->fault != FAULT_ROWS_STATE_AFTER_OWN) w->state = w->carry;
    w->carry = t.a * w->carry + t.b;
    if (k == way && L->fault == FAULT_ROWS_STATE_AFTER_OWN) w->state = w->carry;
  }
}

static void share_apply(share_launch *L, share_warp *w, int way)
{
  long long start = share_start(L, w, way);
  double state = w->state;
  for (int p = 0; p < L->pieces; p++) {
    double x = state;
    for (int k = 0; k < L->piece; k++) {
      long long i = start + (long long)p * L->piece + k;
      if (i >= L->len) break;
      x = L->a[w->row * L->len + i] * x + L->b[w->row * L->len + i];
      L->h[w->row * L->len + i] = x;
    }
    state = w->piece[p].a * state + w->piece[p].b;
  }
}
#line 17050 "scan.nw"
static void share_advance(share_launch *L, share_warp *w)
{
  w->stride += (long long)L->ways * L->pieces * L->piece;
  if (L->fault != FAULT_ROWS_ONE_SET) w->parity ^= 1;
  if (w->stride < L->len) { w->event = SHARE_SCAN; return; }
  w->row += L->groups;
  w->stride = 0;
  w->carry = 0.0;
  if (L->fault == FAULT_ROWS_PARITY_PER_ROW) w->parity = 0;
  w->event = w->row < L->rows ? SHARE_SCAN : SHARE_DONE;
}
#line 17064 "scan.nw"
/* One event of warp `i`; false when it must wait at the barrier. */
static bool share_event(share_launch *L, int i)
{
  share_warp *w = &L->warps[i];
  int g = i / L->ways, way = i % L->ways;
  switch (w->event) {
  case SHARE_SCAN: share_scan(L, w, way); w->event = SHARE_POST; return true;
  case SHARE_POST:
    L->posted[(long long)w->parity * L->groups * L->ways + i] = w->step;
    if (++L->arrived[g] == L->ways) { L->arrived[g] = 0; L->generation[g]++; }
    w->event = SHARE_WAIT;
    return true;
  case SHARE_WAIT:
    if (L->generation[g] <= w->passed) return false;
    w->passed++;
    w->event = SHARE_READ;
    return true;
  case SHARE_READ: share_read(L, w, g, way); w->event = SHARE_APPLY; return true;
  case SHARE_APPLY: share_apply(L, w, way); share_advance(L, w); return true;
  }
  return false;
}
#line 17094 "scan.nw"
enum { SHARE_RANDOM, SHARE_FIRST_WARP_FIRST, SHARE_LAST_WARP_FIRST };
#line 17098 "scan.nw"
static bool share_run(share_launch *L, int policy, uint64_t rng)
{
  int warps = L->groups * L->ways;
  for (;;) {
    int count = 0;
    for (int i = 0; i < warps; i++) {
      share_warp *w = &L->warps[i];
      bool waiting = w->event == SHARE_WAIT && L->generation[i / L->ways] <= w->passed;
      if (w->event != SHARE_DONE && !waiting) L->movable[count++] = i;
    }
    if (count == 0) break;
    rng = mix64(rng);
    int pick = policy == SHARE_FIRST_WARP_FIRST ? 0
             : policy == SHARE_LAST_WARP_FIRST ? count - 1 : (int)(rng % (uint64_t)count);
    share_event(L, L->movable[pick]);
  }
  for (int i = 0; i < warps; i++)
    if (L->warps[i].event != SHARE_DONE) return false;
  return true;
}
#line 17125 "scan.nw"
typedef struct { long long rows, len; int ways, groups, pieces, piece; } share_case;

static const share_case share_cases[] = {
  {6, 60, 2, 2, 3, 4}, {7, 45, 4, 2, 2, 3}, {5, 100, 4, 1, 4, 2}, {9, 17, 1, 3, 2, 4},
  {4, 24, 2, 1, 2, 3}, {10, 50, 2, 3, 1, 5}, {5, 130, 8, 2, 2, 3},
};
#define SHARE_CASES ((int)(sizeof share_cases / sizeof share_cases[0]))
#line 17135 "scan.nw"
static bool share_schedule(share_launch *L, const share_case *c, int policy, uint64_t seed,
                           double *first_h, bool first, protocol_evidence *ev)
{
  long long n = c->rows * c->len, slots = 2LL * c->groups * c->ways;
  for (long long i = 0; i < n; i++) L->h[i] = NAN;
  for (long long i = 0; i < slots; i++) L->posted[i] = affine<double>{NAN, NAN};
  for (int g = 0; g < c->groups; g++) L->arrived[g] = L->generation[g] = 0;
  for (int i = 0; i < c->groups * c->ways; i++) {
    L->warps[i] = share_warp{};
    L->warps[i].row = i / c->ways;
    L->warps[i].event = L->warps[i].row < c->rows ? SHARE_SCAN : SHARE_DONE;
  }
  const char *name = policy == SHARE_RANDOM ? "random" : policy == SHARE_FIRST_WARP_FIRST
                   ? "first warp first" : "last warp first";
  if (!share_run(L, policy, seed)) {
    note(ev, &ev->deadlock, "deadlock under %s: no warp can move", name);
    return false;
  }
  judge_schedule(L->a, L->b, L->h, first_h, c->rows, c->len, first, name, ev);
  return true;
}
#line 17184 "scan.nw"
/* Whether the warps' layout for T covers every element of rows of several lengths once,
   for every number of ways. */
template <typename T>
static bool rows_layout_covers(void)
{
  static const long long lens[] = {1, 5, 1023, 1024, 1025, 4097, 20000};
  for (int l = 0; l < 7; l++)
    for (int ways = 1; ways <= 8; ways *= 2) {
      long long len = lens[l];
      unsigned char *seen = (unsigned char *)calloc((size_t)len, 1);
      for (long long stride = 0; stride < len; stride += rows_stride_length<T>(ways))
        for (int way = 0; way < ways; way++)
          for (int p = 0; p < rows_pieces<T>(); p++)
            for (int lane = 0; lane < 32; lane++)
              for (int k = 0; k < VEC; k++) {
                long long i = rows_vector_at<T>(stride, way, p, lane) + k;
                if (i < len) seen[i]++;
              }
      bool once = true;
      for (long long i = 0; i < len; i++) once = once && seen[i] == 1;
      free(seen);
      if (!once) return false;
    }
  return true;
}
#line 17159 "scan.nw"
static protocol_evidence run_share_mirror(int fault, int *schedules)
{
  protocol_evidence ev = {false, false, false, ""};
  *schedules = 0;
  for (int ci = 0; ci < SHARE_CASES; ci++) {
    const share_case *c = &share_cases[ci];
    
#line 17212 "scan.nw"
long long n = c->rows * c->len;
int warps = c->groups * c->ways;
case_arrays m = case_arrays_new(n, ci % DECAY_COUNT);
double *first_h = m.first_h;
share_launch L = {m.a, m.b, m.h, c->rows, c->len, c->ways, c->groups, c->pieces, c->piece,
                  fault,
                  (affine<double> *)malloc(sizeof(affine<double>) * 2 * warps),
                  (int *)malloc(sizeof(int) * c->groups),
                  (int *)malloc(sizeof(int) * c->groups),
                  (share_warp *)malloc(sizeof(share_warp) * warps),
                  (int *)malloc(sizeof(int) * warps)};
#line 17166 "scan.nw"
    bool have_first = false;   /* the first schedule that ran to its end */
    for (int s = 0; s < 2 + RANDOM_SCHEDULES; s++, ++*schedules)
      if (share_schedule(&L, c, s < 2 ? s + 1 : SHARE_RANDOM, next_seed(), first_h,
                         !have_first, &ev))
        have_first = true;
    case_arrays_free(m);
    free(L.posted); free(L.arrived); free(L.generation); free(L.warps); free(L.movable);
  }
  return ev;
}
#line 17298 "scan.nw"
typedef struct { double a, b; bool reset; } gseg;   /* a segment, in float64 */
static const gseg GSEG_IDENTITY = {1.0, 0.0, false};

static gseg gseg_combine(gseg earlier, gseg later)
{
  if (later.reset) return later;
  gseg r = {earlier.a * later.a, later.a * earlier.b + later.b, earlier.reset};
  return r;
}

static double gseg_apply(gseg x, double state)
{
  return x.reset ? x.b : x.a * state + x.b;
}
#line 17319 "scan.nw"
enum { GWORD_EMPTY, GWORD_SEGMENT, GWORD_KNOWN };
typedef struct { int kind; gseg value; } gword;

static gword gword_of(gseg x)
{
  gword w = {x.reset ? GWORD_KNOWN : GWORD_SEGMENT, x};
  if (x.reset) w.value.a = 1.0;
  return w;
}
#line 17337 "scan.nw"
static void gseg_warp_scan(gseg x[32], bool left_fold)
{
  if (left_fold)
    for (int lane = 1; lane < 32; lane++) x[lane] = gseg_combine(x[lane - 1], x[lane]);
  else
    for (int offset = 1; offset < 32; offset *= 2)
      for (int lane = 31; lane >= offset; lane--)
        x[lane] = gseg_combine(x[lane - offset], x[lane]);
}
#line 17354 "scan.nw"
enum { GSTEP_CLAIM, GSTEP_PUBLISH, GSTEP_READ, GSTEP_SCAN, GSTEP_SETTLE_READ,
       GSTEP_SETTLE_SWAP, GSTEP_FIND, GSTEP_FOLD, GSTEP_WRITE, GSTEP_DONE };

typedef struct {
  int step;
  long long tile, window;              /* window: the groups a look sees */
  gseg own, before, through, settled;  /* aggregate, S_G(k - 1), S_G(k), a settled total */
  int lane;                            /* the lane that saw a known prefix, or is settled */
  bool looked;                         /* whether `seen` holds the window's words */
  gword seen[32];                      /* the words of the window, as the walk has them */
  double prefix;                       /* the state before the tile */
} group_actor;

typedef struct group_launch {
  const float *a, *b;
  double *h;
  long long n, len, tile_size, tiles, ticket;
  int fault, settle;
  bool went_back, rewritten;           /* what stores to groups' words did */
  bool folded_empty;                   /* a walk folded a word still empty */
  gword *tile_word, *group_word;
  group_actor *actors;
  /* Called after every event with the actor that moved, for the figure; or NULL. */
  void (*watch)(const struct group_launch *L, const group_actor *x, void *notes);
  void *notes;
} group_launch;
#line 17389 "scan.nw"
static void group_read_window(const group_launch *L, long long window, gword w[32])
{
  const gword known0 = {GWORD_KNOWN, {1.0, 0.0, true}};
  for (int lane = 0; lane < 32; lane++)
    w[lane] = window - lane >= 0 ? L->group_word[window - lane] : known0;
}

/* The lane of a window's nearest known word (32 if none), and in *empty the
   nearest empty lane before it (-1 if none). */
static int window_nearest_known(const gword w[32], int *empty)
{
  *empty = -1;
  for (int lane = 0; lane < 32; lane++) {
    if (w[lane].kind == GWORD_KNOWN) return lane;
    if (w[lane].kind == GWORD_EMPTY && *empty < 0) *empty = lane;
  }
  return 32;
}

static bool group_published(const group_launch *L, long long first, int count)
{
  for (int i = 0; i < count; i++)
    if (L->tile_word[first + i].kind == GWORD_EMPTY) return false;
  return true;
}
#line 17425 "scan.nw"
static void group_store(group_launch *L, long long H, gword w)
{
  gword old = L->group_word[H];
  if (old.kind == GWORD_KNOWN && w.kind != GWORD_KNOWN) L->went_back = true;
  if (old.kind == w.kind && (memcmp(&old.value.a, &w.value.a, sizeof(double)) != 0 ||
                             memcmp(&old.value.b, &w.value.b, sizeof(double)) != 0))
    L->rewritten = true;
  L->group_word[H] = w;
}

static void group_swap_from_empty(group_launch *L, long long H, gword w)
{
  if (L->group_word[H].kind == GWORD_EMPTY) group_store(L, H, w);
}
#line 17454 "scan.nw"
static long long group_settle_first(const group_launch *L, const group_actor *x)
{
  return 32 * (x->window - x->lane) + (L->fault == FAULT_GROUPS_SETTLE_SHIFTED);
}
#line 17461 "scan.nw"
static bool group_can_move(const group_launch *L, const group_actor *x)
{
  long long G = x->tile / 32;
  gword w[32];
  int empty;
  switch (x->step) {
  case GSTEP_SCAN: return group_published(L, 32 * G, (int)(x->tile % 32));
  case GSTEP_SETTLE_READ:
    return L->fault == FAULT_GROUPS_SETTLE_NO_WAIT ||
           group_published(L, group_settle_first(L, x), 32);
  case GSTEP_FIND:
    if (L->settle) return true;
    group_read_window(L, x->window, w);
    window_nearest_known(w, &empty);
    return empty < 0;
  default: return x->step != GSTEP_DONE;
  }
}
#line 17490 "scan.nw"
static void group_scan_event(group_launch *L, group_actor *x)
{
  long long G = x->tile / 32;
  int k = (int)(x->tile % 32);
  gseg s[32];
  for (int lane = 0; lane < 32; lane++)
    s[lane] = lane < k ? L->tile_word[32 * G + lane].value : lane == k ? x->own
                                                                      : GSEG_IDENTITY;
  gseg_warp_scan(s, false);
  x->before = k ? s[k - 1] : GSEG_IDENTITY;
  x->through = s[k];
  if (k == 31 && L->settle) group_swap_from_empty(L, G, gword_of(x->through));
  if (k == 31 && !L->settle) group_store(L, G, gword_of(x->through));
  bool row_first = x->tile * L->tile_size % L->len == 0;
  bool needs = (!row_first && !(k && x->before.reset)) || (k == 31 && !x->through.reset);
  x->prefix = k ? gseg_apply(x->before, 0.0) : 0.0;   /* when no walk is needed */
  x->step = needs ? GSTEP_FIND : GSTEP_WRITE;
}
#line 17520 "scan.nw"
static void group_settle_event(group_launch *L, group_actor *x)
{
  gseg s[32];
  for (int lane = 0; lane < 32; lane++) {
    gword w = L->tile_word[group_settle_first(L, x) + lane];
    s[lane] = w.kind == GWORD_EMPTY ? GSEG_IDENTITY : w.value;
  }
  gseg_warp_scan(s, L->fault == FAULT_GROUPS_SETTLE_LEFT_FOLD);
  x->settled = s[L->fault == FAULT_GROUPS_SETTLE_SHORT ? 30 : 31];
  x->step = GSTEP_SETTLE_SWAP;
}
#line 17545 "scan.nw"
static void group_fold_event(group_launch *L, group_actor *x)
{
  long long G = x->tile / 32;
  double acc = x->seen[x->lane].value.b;
  for (long long w = x->window; w < G; w += 32) {
    int top = w == x->window ? x->lane - 1 : 31;
    for (int i = 0; i <= top; i++) {
      int lane = L->fault == FAULT_GROUPS_FOLD_NEWEST_FIRST ? i : top - i;
      gword word = w == x->window ? x->seen[lane] : L->group_word[w - lane];
      L->folded_empty |= word.kind == GWORD_EMPTY;
      acc = gseg_apply(word.kind == GWORD_EMPTY ? GSEG_IDENTITY : word.value, acc);
    }
  }
  int k = (int)(x->tile % 32);
  if (k == 31 && !x->through.reset) {
    gseg known = {1.0, gseg_apply(x->through, acc), true};
    group_store(L, G, gword_of(known));
  }
  x->prefix = k ? gseg_apply(x->before, acc) : acc;
  x->step = GSTEP_WRITE;
}
#line 17572 "scan.nw"
static gseg group_element(const group_launch *L, long long i)
{
  gseg x = {L->a[i], L->b[i], i % L->len == 0};
  return x;
}

static void group_event(group_launch *L, group_actor *x)
{
  long long first = x->tile * L->tile_size, end = first + L->tile_size;
  end = end < L->n ? end : L->n;
  switch (x->step) {
  case GSTEP_CLAIM: x->tile = L->ticket++; x->step = GSTEP_PUBLISH; break;
  case GSTEP_PUBLISH: { 
#line 17597 "scan.nw"
x->own = group_element(L, first);
for (long long i = first + 1; i < end; i++) x->own = gseg_combine(x->own, group_element(L, i));
if (x->own.reset) x->own.a = 1.0;   /* as readers see it, as the kernel does */
L->tile_word[x->tile] = gword_of(x->own);
x->window = x->tile / 32 - 1;
x->looked = false;
x->step = L->settle ? GSTEP_READ : GSTEP_SCAN;
#line 17584 "scan.nw"
                                                                       } break;
  case GSTEP_READ: { 
#line 17607 "scan.nw"
group_read_window(L, x->window, x->seen);
x->looked = true;
x->step = GSTEP_SCAN;
#line 17585 "scan.nw"
                                                                   } break;
  case GSTEP_SCAN: group_scan_event(L, x); break;
  case GSTEP_SETTLE_READ: group_settle_event(L, x); break;
  case GSTEP_SETTLE_SWAP: { 
#line 17613 "scan.nw"
if (L->fault == FAULT_GROUPS_SETTLE_STORE)   /* a plain store, not a swap */
  group_store(L, x->window - x->lane, gword_of(x->settled));
else
  group_swap_from_empty(L, x->window - x->lane, gword_of(x->settled));
x->seen[x->lane] = gword_of(x->settled);
x->step = GSTEP_FIND;
#line 17588 "scan.nw"
                                                                             } break;
  case GSTEP_FIND: { 
#line 17627 "scan.nw"
if (!L->settle || !x->looked) group_read_window(L, x->window, x->seen);
x->looked = true;
int empty, lane = window_nearest_known(x->seen, &empty);
if (L->fault == FAULT_GROUPS_SKIP_EMPTY) empty = -1;
if (empty >= 0) {
  x->lane = empty;
  x->step = GSTEP_SETTLE_READ;
} else if (lane == 32) {
  x->window -= 32;
  x->looked = false;
} else {
  x->lane = lane;
  x->step = GSTEP_FOLD;
}
#line 17589 "scan.nw"
                                                    } break;
  case GSTEP_FOLD: group_fold_event(L, x); break;
  case GSTEP_WRITE: { 
#line 17644 "scan.nw"
double state = x->prefix;
for (long long i = first; i < end; i++) {
  state = gseg_apply(group_element(L, i), state);
  L->h[i] = state;
}
x->step = GSTEP_DONE;
#line 17591 "scan.nw"
                                                  } break;
  }
}
#line 17665 "scan.nw"
enum { GROUPS_RANDOM, GROUPS_EAGER, GROUPS_LAST_LATE, GROUPS_NEWEST,
       GROUPS_EIGHT, GROUPS_POLICIES };
static const char *const group_policy_names[GROUPS_POLICIES] = {
  "random", "aggregates first", "last tiles late", "newest first", "eight at a time"};

static bool group_preferred(const group_actor *x, int policy)
{
  if (policy == GROUPS_EAGER || policy == GROUPS_NEWEST) return x->step <= GSTEP_PUBLISH;
  if (policy == GROUPS_LAST_LATE) return x->step <= GSTEP_PUBLISH || x->tile % 32 != 31;
  return true;
}

/* Which of the n preferred actors moves: under newest first, the highest tile,
   a group's last tile only when no other can move; else one at random. */
static int group_choice(const group_launch *L, const int *movable, int n, int policy,
                        uint64_t rng)
{
  if (policy != GROUPS_NEWEST) return movable[rng % (uint64_t)n];
  int best = movable[0];
  for (int i = 1; i < n; i++) {
    const group_actor *x = &L->actors[movable[i]], *b = &L->actors[best];
    bool last = x->tile % 32 == 31, best_last = b->tile % 32 == 31;
    if ((best_last && !last) || (last == best_last && x->tile > b->tile)) best = movable[i];
  }
  return best;
}
#line 17695 "scan.nw"
/* Runs a launch to its end; false on deadlock, or if the actors have not
   finished after a thousand events each (a walk that never ends). Actor i is
   block i; under eight at a time, blocks become resident from the last, eight
   at once. */
static bool group_run(group_launch *L, int policy, uint64_t rng, int *movable)
{
  int count = (int)L->tiles;
  for (long long events = 0; events < 1000LL * count; events++) {
    int n = 0, preferred = 0, live = 0;
    for (int i = 0; i < count; i++) {
      int block = policy == GROUPS_EIGHT ? count - 1 - i : i;
      const group_actor *x = &L->actors[block];
      if (x->step == GSTEP_DONE) continue;
      if (policy == GROUPS_EIGHT && live++ >= 8) break;
      if (group_can_move(L, x)) movable[n++] = block;
    }
    if (n == 0) break;
    for (int i = 0; i < n; i++)
      if (group_preferred(&L->actors[movable[i]], policy)) movable[preferred++] = movable[i];
    if (preferred) n = preferred;
    rng = mix64(rng);
    group_actor *x = &L->actors[group_choice(L, movable, n, policy, rng)];
    group_event(L, x);
    if (L->watch) L->watch(L, x, L->notes);
  }
  for (int i = 0; i < count; i++)
    if (L->actors[i].step != GSTEP_DONE) return false;
  return true;
}
#line 17739 "scan.nw"
typedef struct { long long rows, len, tile_size; } group_case;

static const group_case group_cases[] = {
  {1, 1500, 4}, {3, 301, 4}, {7, 90, 5}, {2, 1093, 8}, {1, 1060, 1},
};
#define GROUP_CASES ((int)(sizeof group_cases / sizeof group_cases[0]))
#define GROUP_RANDOM_SCHEDULES 8   /* fewer than the protocol suite's: the cases are larger */
#line 17754 "scan.nw"
static void group_schedule(group_launch *L, const group_case *c, int policy, uint64_t seed,
                           int *movable, double *first_h, bool first, protocol_evidence *ev)
{
  const gword empty = {GWORD_EMPTY, {NAN, NAN, false}};
  L->ticket = 0;
  L->went_back = L->rewritten = L->folded_empty = false;
  for (long long g = 0; g < L->tiles; g++) {
    L->tile_word[g] = empty;
    L->actors[g] = group_actor{GSTEP_CLAIM, -1};
  }
  for (long long G = 0; G < (L->tiles + 31) / 32; G++) L->group_word[G] = empty;
  for (long long i = 0; i < L->n; i++) L->h[i] = NAN;
  if (!group_run(L, policy, seed, movable)) {
    note(ev, &ev->deadlock, "deadlock under %s: the actors did not all finish",
         group_policy_names[policy]);
    return;
  }
  if (L->went_back)
    note(ev, &ev->disagree, "a known prefix went back to a total under %s",
         group_policy_names[policy]);
  if (L->rewritten)
    note(ev, &ev->disagree, "a group's word was rewritten with other bits under %s",
         group_policy_names[policy]);
  if (L->folded_empty)
    note(ev, &ev->disagree, "a walk folded a group that had published nothing under %s",
         group_policy_names[policy]);
  judge_schedule(L->a, L->b, L->h, first_h, c->rows, c->len, first,
                 group_policy_names[policy], ev);
}
#line 17786 "scan.nw"
static protocol_evidence run_group_mirror(int fault, int settle, int *schedules)
{
  protocol_evidence ev = {false, false, false, ""};
  *schedules = 0;
  for (int ci = 0; ci < GROUP_CASES; ci++) {
    const group_case *c = &group_cases[ci];
    
#line 17805 "scan.nw"
long long n = c->rows * c->len, tiles = (n + c->tile_size - 1) / c->tile_size;
case_arrays m = case_arrays_new(n, ci % DECAY_COUNT);
double *first_h = m.first_h;
gword *words = (gword *)malloc(sizeof(gword) * (tiles + (tiles + 31) / 32));
group_actor *actors = (group_actor *)malloc(sizeof(group_actor) * tiles);
int *movable = (int *)malloc(sizeof(int) * tiles);
group_launch L = {m.a, m.b, m.h, n, c->len, c->tile_size, tiles, 0, fault, settle, false, false,
                  false, words, words + tiles, actors};
#line 17793 "scan.nw"
    for (int s = 0; s < GROUPS_POLICIES - 1 + GROUP_RANDOM_SCHEDULES; s++, ++*schedules) {
      int policy = s < GROUPS_POLICIES - 1 ? s + 1 : GROUPS_RANDOM;
      group_schedule(&L, c, policy, next_seed(), movable, first_h, s == 0, &ev);
    }
    case_arrays_free(m);
    free(words); free(actors); free(movable);
  }
  return ev;
}
#line 17975 "scan.nw"
enum { RACTOR_CHAIN, RACTOR_PRODUCER, RACTOR_WALKER, RACTOR_COMPOSER, RACTOR_HOLDER };
enum { RSTEP_FIRST, RSTEP_SECOND, RSTEP_DONE, RSTEP_MAPS };
#define RING_MIRROR_PART_MAX 4   /* the most elements a mirror part has */

typedef struct {
  int role, block, index;   /* index: a composer's part, a holder's group * parts + part */
  int step;                 /* RSTEP_*: the half of a use it is at */
  long long use, window;    /* the use it is at; a chain warp's window */
  long long tile;           /* the walker's or a holder's tile */
  bool needs_before;        /* whether the walker's tile waits for the one before */
  long long start, from, end;   /* where a holder's part starts, its tile starts and ends */
  gseg before;              /* a holder's map from the tile's start to its part's */
  double map_a[RING_MIRROR_PART_MAX], map_b[RING_MIRROR_PART_MAX];   /* its registers */
  gseg scanned[32];         /* a chain warp's window, scanned */
} ring_actor;
#line 18000 "scan.nw"
typedef struct {
  int full, composed, empty;   /* phases completed */
  int composed_in, empty_in;   /* arrivals in the phase under way */
  long long tile, base, first, row_offset, count;   /* as the kernel's ring_stage */
  gseg part[RING_PARTS];
  int parts_done;
} ring_mirror_stage;

typedef struct {
  double *sa, *sb;             /* the stages' a and b, a tile each */
  ring_mirror_stage stage[RING_STAGES];
  long long post_use[RING_POSTS];
  double post_state[RING_POSTS];
  int post_reads[RING_POSTS];
  long long end_use;
} ring_mirror_block;
#line 18019 "scan.nw"
typedef struct {
  const float *a, *b;
  double *h;
  long long n, len, tile_size, row_tiles, tiles, ticket;
  long long shift, line;             /* where the rows lie on the mirror's lines */
  int fault, holders, posts, rings, chain_warps, look;   /* look: windows; 0, none */
  bool overwritten, misread_phase;   /* a post lost unread; a parity wait fooled */
  gword *word, *known;               /* the tiles' status words; the chain's states */
  long long carry_window;            /* the chain block's shared carry */
  double carry;
  ring_mirror_block *blocks;
  ring_actor *actors;
  int actor_count, *movable;
  long long clock, *stamps;          /* the events so far; RSTAMPS a tile, or NULL */
  int *parts_stored;                 /* holder warps done with each tile, for the stamps */
} ring_launch;
#line 18045 "scan.nw"
enum { RSTAMP_CLAIMED, RSTAMP_PUBLISHED, RSTAMP_KNOWN, RSTAMP_POSTED, RSTAMP_STORED,
       RSTAMP_FREED, RSTAMP_BLOCK, RSTAMP_USE, RSTAMPS };

static void ring_note(ring_launch *L, long long g, int field, long long value)
{
  if (L->stamps) L->stamps[g * RSTAMPS + field] = value;
}

static void ring_stamp(ring_launch *L, long long g, int moment)
{
  ring_note(L, g, moment, L->clock);
}
#line 18068 "scan.nw"
static bool ring_mirror_phase_done(ring_launch *L, int completed, long long u)
{
  long long phase = u / RING_STAGES;
  bool done = (completed & 1) != (phase & 1);
  if (done && completed != phase + 1) L->misread_phase = true;
  return done;
}

/* 1 when use u's phase is done, 0 to wait, -1 when the ring has no use u. */
static int ring_mirror_wait(ring_launch *L, const ring_mirror_block *k, int completed,
                            long long u)
{
  if (ring_mirror_phase_done(L, completed, u)) return 1;
  return k->end_use <= u ? -1 : 0;
}
#line 18089 "scan.nw"
static void ring_mirror_arrive(int *arrivals, int *completed, int count)
{
  if (++*arrivals == count) { *arrivals = 0; ++*completed; }
}

/* Arrive at a stage's empty barrier; its tile is freed when the phase completes. */
static void ring_mirror_arrive_empty(ring_launch *L, ring_mirror_stage *st)
{
  int before = st->empty;
  ring_mirror_arrive(&st->empty_in, &st->empty, 1 + RING_PARTS);
  if (st->empty != before) ring_stamp(L, st->tile, RSTAMP_FREED);
}
#line 18108 "scan.nw"
static bool ring_chain_ready(const ring_launch *L, const ring_actor *x)
{
  if (x->step == RSTEP_SECOND)
    return L->carry_window == x->window || L->fault == FAULT_RING_CHAIN_NO_WAIT;
  for (long long g = RING_WINDOW * x->window;
       g < L->tiles && g < RING_WINDOW * (x->window + 1); g++)
    if (L->word[g].kind == GWORD_EMPTY) return false;
  return true;
}
#line 18132 "scan.nw"
/* The first window of the look's fold, with the carry into it; -1 if none. */
static long long ring_mirror_look_from(const ring_launch *L, long long W, double *carry)
{
  *carry = 0.0;
  for (long long v = W - 1; L->look && v >= 0 && v >= W - (L->look - 1); v--) {
    const gword *end = &L->known[RING_WINDOW * v + RING_WINDOW - 1];
    if (end->kind == GWORD_KNOWN) { *carry = end->value.b; return v + 1; }
  }
  return L->look && W < L->look ? 0 : -1;
}
#line 18145 "scan.nw"
static bool ring_mirror_state_through(const ring_launch *L, long long t, double *state)
{
  long long W = t / RING_WINDOW, j = t % RING_WINDOW;
  const gword *known = L->known[t].kind == GWORD_KNOWN ? &L->known[t] : &L->word[t];
  if (known->kind == GWORD_KNOWN) { *state = known->value.b; return true; }
  long long from = ring_mirror_look_from(L, W, state);
  if (from < 0) return false;
  for (long long g = RING_WINDOW * from; g <= t; g++)
    if (L->word[g].kind == GWORD_EMPTY && L->fault != FAULT_RING_LOOK_SKIPS_EMPTY)
      return false;
  if (L->fault == FAULT_RING_LOOK_SKIPS_WINDOW && from < W) from++;
  for (long long v = from; v <= W; v++) {
    
#line 18164 "scan.nw"
gseg x[32];
for (int lane = 0; lane < RING_WINDOW; lane++) {
  const gword *w = &L->word[RING_WINDOW * v + lane];
  x[lane] = (v < W || lane <= j) && w->kind != GWORD_EMPTY ? w->value : GSEG_IDENTITY;
}
gseg_warp_scan(x, L->fault == FAULT_RING_LOOK_LEFT_FOLD);
*state = gseg_apply(x[v < W ? RING_WINDOW - 1 : j], *state);
#line 18158 "scan.nw"
  }
  return true;
}
#line 18180 "scan.nw"
static bool ring_ready(ring_launch *L, const ring_actor *x)
{
  if (x->step == RSTEP_DONE || x->step == RSTEP_MAPS) return x->step == RSTEP_MAPS;
  if (x->role == RACTOR_CHAIN) return ring_chain_ready(L, x);
  ring_mirror_block *k = &L->blocks[x->block];
  ring_mirror_stage *st = &k->stage[x->use % RING_STAGES];
  switch (x->role * 2 + x->step) {
  case RACTOR_PRODUCER * 2:
    return x->use < RING_STAGES || L->fault == FAULT_RING_PRODUCER_SKIPS_EMPTY ||
           ring_mirror_phase_done(L, st->empty, x->use - RING_STAGES);
  case RACTOR_COMPOSER * 2: return ring_mirror_wait(L, k, st->full, x->use) != 0;
  case RACTOR_WALKER * 2: case RACTOR_HOLDER * 2:
    return ring_mirror_wait(L, k, st->composed, x->use) != 0;
  
#line 18204 "scan.nw"
case RACTOR_WALKER * 2 + 1: {
  double state;
  return !x->needs_before || ring_mirror_state_through(L, x->tile - 1, &state);
}
case RACTOR_HOLDER * 2 + 1: return k->post_use[x->use % L->posts] == x->use;
#line 18194 "scan.nw"
  }
  return true;
}
#line 18217 "scan.nw"
static void ring_mirror_produce(ring_launch *L, ring_actor *x, ring_mirror_block *k)
{
  int s = (int)(x->use % RING_STAGES);
  ring_mirror_stage *st = &k->stage[s];
  long long g = L->ticket++;
  if (g >= L->tiles) { k->end_use = x->use; x->step = RSTEP_DONE; return; }
  ring_stamp(L, g, RSTAMP_CLAIMED);
  ring_note(L, g, RSTAMP_BLOCK, k - L->blocks);
  ring_note(L, g, RSTAMP_USE, x->use);
  ring_tile t = ring_tile_at(g, L->row_tiles, L->len, L->shift, L->tile_size, L->line);
  st->tile = g, st->base = t.base, st->first = t.first;
  st->row_offset = t.row_offset, st->count = t.count;
  double *sa = k->sa + s * L->tile_size, *sb = k->sb + s * L->tile_size;
  for (long long i = 0; i < t.first - t.base && L->fault != FAULT_RING_HEAD_KEPT; i++)
    sa[i] = 1.0, sb[i] = 0.0;   /* the slots before the row's start: the identity */
  for (long long i = t.first - t.base; i < t.first - t.base + t.count; i++)
    sa[i] = L->a[t.base + i], sb[i] = L->b[t.base + i];
  st->full++;
  x->use++;
}
#line 18249 "scan.nw"
static void ring_mirror_compose(ring_launch *L, ring_actor *x, ring_mirror_block *k)
{
  ring_mirror_stage *st = &k->stage[x->use % RING_STAGES];
  long long e = L->tile_size / RING_PARTS, first = x->use % RING_STAGES * L->tile_size;
  gseg m = GSEG_IDENTITY;
  for (long long i = first + x->index * e; i < first + (x->index + 1) * e; i++) {
    gseg element = {k->sa[i], k->sb[i], false};
    m = gseg_combine(m, element);
    k->sa[i] = m.a; k->sb[i] = m.b;
  }
  st->part[x->index] = m;
  x->step = RSTEP_SECOND;
}
#line 18265 "scan.nw"
static void ring_mirror_publish(ring_launch *L, ring_actor *x, ring_mirror_block *k)
{
  ring_mirror_stage *st = &k->stage[x->use % RING_STAGES];
  if (++st->parts_done == RING_PARTS) {
    gseg own = GSEG_IDENTITY;
    for (int c = 0; c < RING_PARTS; c++) own = gseg_combine(own, st->part[c]);
    if (st->row_offset == 0 && L->fault != FAULT_RING_ROW_START_KEPT)
      own = gseg{1.0, own.a * 0.0 + own.b, true};
    st->parts_done = 0;
    L->word[st->tile] = gword_of(own);
    ring_stamp(L, st->tile, RSTAMP_PUBLISHED);
    if (own.reset) ring_stamp(L, st->tile, RSTAMP_KNOWN);   /* a row start is known at once */
  }
  ring_mirror_arrive(&st->composed_in, &st->composed, RING_PARTS);
  x->use++;
  x->step = RSTEP_FIRST;
}
#line 18291 "scan.nw"
static void ring_mirror_post(ring_launch *L, ring_actor *x, ring_mirror_block *k)
{
  int slot = (int)(x->use % L->posts);
  if (k->post_use[slot] >= 0 && k->post_reads[slot] < RING_PARTS) L->overwritten = true;
  double state = 0.0;
  if (x->needs_before) ring_mirror_state_through(L, x->tile - 1, &state);
  k->post_state[slot] = state;
  k->post_use[slot] = x->use;
  k->post_reads[slot] = 0;
  ring_stamp(L, x->tile, RSTAMP_POSTED);
  x->use++;
  x->step = RSTEP_FIRST;
}
#line 18317 "scan.nw"
static void ring_mirror_take_maps(ring_launch *L, ring_actor *x, ring_mirror_block *k)
{
  int s = (int)(x->use % RING_STAGES), f = x->index % RING_PARTS;
  ring_mirror_stage *st = &k->stage[s];
  long long e = L->tile_size / RING_PARTS, first = s * L->tile_size + f * e;
  x->before = GSEG_IDENTITY;
  for (int c = 0; c < f + (L->fault == FAULT_RING_HOLDER_FOLDS_OWN); c++)
    x->before = gseg_combine(x->before, st->part[c]);
  for (long long i = 0; i < e; i++) { x->map_a[i] = k->sa[first + i];
                                      x->map_b[i] = k->sb[first + i]; }
  x->tile = st->tile;
  x->start = st->base + f * e;
  x->from = st->first;
  x->end = L->fault == FAULT_RING_STORES_PAST_ROW ? L->n : st->first + st->count;
}
#line 18335 "scan.nw"
static void ring_mirror_store(ring_launch *L, ring_actor *x, ring_mirror_block *k)
{
  int slot = (int)(x->use % L->posts);
  double state = gseg_apply(x->before, k->post_state[slot]);
  k->post_reads[slot]++;
  for (long long i = 0; i < L->tile_size / RING_PARTS && x->start + i < x->end; i++)
    if (x->start + i >= x->from) L->h[x->start + i] = x->map_a[i] * state + x->map_b[i];
  if (L->parts_stored && ++L->parts_stored[x->tile] == RING_PARTS)
    ring_stamp(L, x->tile, RSTAMP_STORED);
  x->use += L->holders;
  x->step = RSTEP_FIRST;
}
#line 18355 "scan.nw"
static void ring_mirror_chain(ring_launch *L, ring_actor *x)
{
  long long first = RING_WINDOW * x->window;
  if (x->step == RSTEP_FIRST) {
    for (int lane = 0; lane < RING_WINDOW; lane++)
      x->scanned[lane] = first + lane < L->tiles ? L->word[first + lane].value : GSEG_IDENTITY;
    gseg_warp_scan(x->scanned, false);
    x->step = RSTEP_SECOND;
    return;
  }
  for (int lane = 0; lane < RING_WINDOW && first + lane < L->tiles; lane++) {
    if (L->word[first + lane].kind != GWORD_KNOWN) ring_stamp(L, first + lane, RSTAMP_KNOWN);
    L->known[first + lane] = gword_of(gseg{1.0, gseg_apply(x->scanned[lane], L->carry), true});
  }
  L->carry = gseg_apply(x->scanned[RING_WINDOW - 1], L->carry);
  L->carry_window = x->window + 1;
  x->window += L->chain_warps;
  x->step = RING_WINDOW * x->window < L->tiles ? RSTEP_FIRST : RSTEP_DONE;
}
#line 18380 "scan.nw"
static void ring_event(ring_launch *L, ring_actor *x)
{
  if (x->role == RACTOR_CHAIN) { ring_mirror_chain(L, x); return; }
  ring_mirror_block *k = &L->blocks[x->block];
  ring_mirror_stage *st = &k->stage[x->use % RING_STAGES];
  if (x->role == RACTOR_PRODUCER) { ring_mirror_produce(L, x, k); return; }
  if (x->step == RSTEP_FIRST) {
    int barrier = x->role == RACTOR_COMPOSER ? st->full : st->composed;
    if (ring_mirror_wait(L, k, barrier, x->use) < 0) { x->step = RSTEP_DONE; return; }
  }
  
#line 18395 "scan.nw"
if (x->role == RACTOR_COMPOSER) {
  if (x->step == RSTEP_FIRST) ring_mirror_compose(L, x, k); else ring_mirror_publish(L, x, k);
} else if (x->role == RACTOR_WALKER && x->step == RSTEP_FIRST) {
  x->tile = st->tile;
  x->needs_before = st->row_offset != 0;
  if (L->fault != FAULT_RING_WALKER_LATE_EMPTY)
    ring_mirror_arrive_empty(L, st);
  x->step = RSTEP_SECOND;
} else if (x->role == RACTOR_WALKER) {
  if (L->fault == FAULT_RING_WALKER_LATE_EMPTY)
    ring_mirror_arrive_empty(L, st);
  ring_mirror_post(L, x, k);
} else if (x->step == RSTEP_SECOND) {
  ring_mirror_store(L, x, k);
} else {
  
#line 18419 "scan.nw"
bool early = L->fault == FAULT_RING_EMPTY_BEFORE_MAPS;
if (x->step == RSTEP_FIRST)
  ring_mirror_arrive_empty(L, st);
if (early && x->step == RSTEP_FIRST) { x->step = RSTEP_MAPS; return; }
ring_mirror_take_maps(L, x, k);
x->step = RSTEP_SECOND;
#line 18411 "scan.nw"
}
#line 18391 "scan.nw"
}
#line 18437 "scan.nw"
enum { RING_RANDOM, RING_HOLDERS_LAST, RING_CHAIN_LATE, RING_CHAIN_BACKWARDS,
       RING_POLICIES };
static const char *const ring_policy_names[RING_POLICIES] = {
  "random", "holders last", "chain late", "chain backwards"};

static bool ring_preferred(const ring_actor *x, int policy)
{
  switch (policy) {
  case RING_HOLDERS_LAST: return x->role != RACTOR_HOLDER;
  case RING_CHAIN_LATE: case RING_CHAIN_BACKWARDS: return x->role != RACTOR_CHAIN;
  }
  return true;
}
#line 18454 "scan.nw"
/* Runs a launch until no actor can move; false unless every actor is done.
   The chain block's warps are the first actors, so under chain backwards,
   when only they can move, the last is its highest-numbered that can. */
static bool ring_run(ring_launch *L, int policy, uint64_t rng)
{
  int *movable = L->movable;
  for (;;) {
    int n = 0, preferred = 0;
    for (int i = 0; i < L->actor_count; i++)
      if (ring_ready(L, &L->actors[i])) movable[n++] = i;
    if (n == 0) break;
    for (int i = 0; i < n; i++)
      if (ring_preferred(&L->actors[movable[i]], policy)) movable[preferred++] = movable[i];
    if (preferred) n = preferred;
    rng = mix64(rng);
    bool backwards = policy == RING_CHAIN_BACKWARDS && !preferred;
    ring_event(L, &L->actors[backwards ? movable[n - 1] : movable[rng % (uint64_t)n]]);
    L->clock++;
  }
  for (int i = 0; i < L->actor_count; i++)
    if (L->actors[i].step != RSTEP_DONE) return false;
  return true;
}
#line 18490 "scan.nw"
typedef struct { long long rows, len, tile_size, shift; int rings; } ring_case;

static const ring_case ring_cases[] = {
  {1, 150 * 8, 8, 0, 6}, {3, 60 * 4 + 3, 4, 1, 5}, {50, 5, 8, 0, 7},
  {2, 70 * 12 + 5, 12, 5, 6}, {5, 9 * 16 + 1, 16, 3, 8}, {1, 40 * 4, 4, 0, 9},
  {1, 150 * 8 + 3, 8, 3, 6}, {7, 17 * 16 - 5, 16, 6, 8},
};
#define RING_CASES ((int)(sizeof ring_cases / sizeof ring_cases[0]))
#define RING_CHAIN_WARPS 3
/* The ring blocks that fill a window without looks: ceil(W / (S + 1)), 4. */
#define RING_RINGS_WITHOUT_LOOKS ((RING_WINDOW + RING_STAGES) / (RING_STAGES + 1))
#define RING_RANDOM_SCHEDULES 8
#line 18509 "scan.nw"
static void ring_mirror_reset(ring_launch *L)
{
  const gword empty = {GWORD_EMPTY, {NAN, NAN, false}};
  L->ticket = 0; L->carry_window = 0; L->carry = 0.0; L->clock = 0;
  L->overwritten = L->misread_phase = false;
  for (long long g = 0; L->parts_stored && g < L->tiles; g++) L->parts_stored[g] = 0;
  for (long long g = 0; g < L->tiles; g++) L->word[g] = L->known[g] = empty;
  for (long long i = 0; i < L->n; i++) L->h[i] = NAN;
  for (int b = 0; b < L->rings; b++) {
    ring_mirror_block *k = &L->blocks[b];
    for (int s = 0; s < RING_STAGES; s++) k->stage[s] = ring_mirror_stage{};
    for (int p = 0; p < RING_POSTS; p++) k->post_use[p] = -1, k->post_state[p] = NAN;
    for (long long i = 0; i < RING_STAGES * L->tile_size; i++) k->sa[i] = k->sb[i] = NAN;
    k->end_use = RING_NO_END;
  }
  
#line 18529 "scan.nw"
int n = 0;
for (int w = 0; w < L->chain_warps; w++)
  L->actors[n++] = ring_actor{RACTOR_CHAIN, -1, w, RING_WINDOW * w < L->tiles ? RSTEP_FIRST
                                                                         : RSTEP_DONE, 0, w};
for (int b = 0; b < L->rings; b++) {
  L->actors[n++] = ring_actor{RACTOR_PRODUCER, b, 0};
  L->actors[n++] = ring_actor{RACTOR_WALKER, b, 0};
  for (int c = 0; c < RING_PARTS; c++) L->actors[n++] = ring_actor{RACTOR_COMPOSER, b, c};
  for (int i = 0; i < L->holders * RING_PARTS; i++)
    L->actors[n++] = ring_actor{RACTOR_HOLDER, b, i, RSTEP_FIRST, i / RING_PARTS};
}
L->actor_count = n;
#line 18525 "scan.nw"
}
#line 18549 "scan.nw"
static void ring_schedule(ring_launch *L, const ring_case *c, int policy, uint64_t seed,
                          double *first_h, bool first, protocol_evidence *ev)
{
  const char *name = ring_policy_names[policy];
  ring_mirror_reset(L);
  bool finished = ring_run(L, policy, seed);
  if (L->overwritten)
    note(ev, &ev->broke_rule, "a post was written over one unread, under %s", name);
  if (L->misread_phase)
    note(ev, &ev->broke_rule, "a parity wait passed for another phase, under %s", name);
  if (!finished) {
    note(ev, &ev->deadlock, "deadlock under %s with %d ring blocks: no actor can move", name,
         L->rings);
    return;
  }
  judge_schedule(L->a, L->b, L->h, first_h, c->rows, c->len, first, name, ev);
}
#line 18573 "scan.nw"
typedef struct { int fault, holders, posts, rings, look; const char *correct; } ring_mirror_run;
#line 18581 "scan.nw"
/* A launch of case c under run r, on the inputs and outputs of m. */
static ring_launch ring_launch_new(const ring_case *c, const ring_mirror_run *r, case_arrays m)
{
  long long n = c->rows * c->len, line = c->tile_size / 2;
  long long row_tiles = ring_tiles_a_row(c->rows, c->len, c->shift, c->tile_size, line);
  long long tiles = c->rows * row_tiles, stage = RING_STAGES * c->tile_size;
  int rings = r->rings ? r->rings : c->rings;
  int actors_most = RING_CHAIN_WARPS + rings * (2 + RING_PARTS + r->holders * RING_PARTS);
  ring_mirror_block *blocks = (ring_mirror_block *)malloc(sizeof(ring_mirror_block) * rings);
  double *stages = (double *)malloc(sizeof(double) * 2 * rings * stage);
  for (int b = 0; b < rings; b++) {
    blocks[b].sa = stages + 2 * b * stage;
    blocks[b].sb = blocks[b].sa + stage;
  }
  
#line 18606 "scan.nw"
ring_launch L = {m.a, m.b, m.h, n, c->len, c->tile_size, row_tiles, tiles, 0, c->shift, line,
                 r->fault,
                 r->holders, r->posts, rings, RING_CHAIN_WARPS, r->look, false, false,
                 (gword *)malloc(sizeof(gword) * tiles), (gword *)malloc(sizeof(gword) * tiles),
                 0, 0.0, blocks,
                 (ring_actor *)malloc(sizeof(ring_actor) * actors_most), 0,
                 (int *)malloc(sizeof(int) * actors_most), 0, NULL, NULL};
return L;
#line 18596 "scan.nw"
}

static void ring_launch_free(ring_launch *L)
{
  free(L->word); free(L->known); free(L->blocks[0].sa); free(L->blocks);
  free(L->actors); free(L->movable);
}
#line 18617 "scan.nw"
static protocol_evidence run_ring_mirror(const ring_mirror_run *r, int *schedules)
{
  protocol_evidence ev = {false, false, false, ""};
  *schedules = 0;
  for (int ci = 0; ci < RING_CASES; ci++) {
    const ring_case *c = &ring_cases[ci];
    case_arrays m = case_arrays_new(c->rows * c->len, ci % DECAY_COUNT);
    ring_launch L = ring_launch_new(c, r, m);
    for (int s = 0; s < RING_POLICIES - 1 + RING_RANDOM_SCHEDULES; s++, ++*schedules) {
      int policy = s < RING_POLICIES - 1 ? s + 1 : RING_RANDOM;
      ring_schedule(&L, c, policy, next_seed(), m.first_h, s == 0, &ev);
    }
    ring_launch_free(&L);
    case_arrays_free(m);
  }
  return ev;
}
#line 7691 "scan.nw"
/* One thread's items of tile `first` (row offset `base`), from `state`, the reverse
   scan's state after them; returns the state before them. `ragged`: a packed batch's
   rows and their bit array of starts, or NULL for rows of len. */
static double backward_mirror_thread(const backward_params &p, const ragged_rows *ragged,
                                     double *da, double *db, double *dh0, long long first,
                                     long long base, int j, double state, int fault)
{
  int block = backward_block(j);
  long long top = first + block * BWD_ITEMS + BWD_ITEMS - 1;
  unsigned ends, starts, inside = backward_inside(top, p.n);
  if (ragged)
    backward_ragged_marks(*ragged, top, fault, &ends, &starts);
  else
    backward_marks(backward_reduce(base + block * BWD_ITEMS + BWD_ITEMS - 1, p.len), p.len,
                   fault, &ends, &starts);
  for (int k = 0; k < BWD_ITEMS; k++) {
    int e = FAULT_AT(fault, FAULT_BACKWARD_FOLD_FORWARD) ? BWD_ITEMS - 1 - k : k;
    long long t = top - e, row = t / p.len;
    if (!(inside >> e & 1)) continue;
    
#line 7717 "scan.nw"
bool end = ends >> e & 1, start = starts >> e & 1;
double a_next = t + 1 < p.n ? p.a[t + 1] : 1.0, d = p.dh[t], x;
if (end && p.dh_final) d = backward_last(d, (double)p.dh_final[row], fault);
double g = end ? d : backward_decay(a_next, (double)p.a[t], fault) * state + d;
state = db[t] = g;
backward_grads(g, t > 0 ? (double)p.h[t - 1] : 0.0, (double)p.h[t],
               p.h0 ? (double)p.h0[row] : 0.0, (double)p.a[t], start, fault, &da[t], &x);
if (start && dh0) dh0[row] = x;
#line 7711 "scan.nw"
  }
  return state;
}
#line 7730 "scan.nw"
static void backward_mirror(const backward_params &p, const ragged_rows *ragged, double *da,
                            double *db, double *dh0, int fault)
{
  double state = 0.0;   /* the first tile holds the array's last element, a reset */
  for (long long q = 0; q < p.tiles; q++) {
    long long first = backward_tile_first(p.tiles, q, p.shift), r = first % p.len;
    for (int j = 0; j < BWD_THREADS; j++)
      state = backward_mirror_thread(p, ragged, da, db, dh0, first, r < 0 ? r + p.len : r, j,
                                     state, fault);
  }
}
#line 10950 "scan.nw"
static long long at_bdl(const selective_problem *p, long long b, long long d, long long t)
{
  return (b * p->channels + d) * p->length + t;
}

static long long at_bgnl(const selective_problem *p, long long b, long long g, long long n,
                         long long t)
{
  return ((b * p->groups + g) * p->state + n) * p->length + t;
}
#line 10972 "scan.nw"
#define SELECTIVE_FAULTS 7   /* the correct mirror, then six faults */
static const int selective_faults[SELECTIVE_FAULTS] = {
  FAULT_NONE, FAULT_SELECTIVE_B_ONE_LATE, FAULT_SELECTIVE_A_SIGN, FAULT_SELECTIVE_D_FORGOTTEN,
  FAULT_SELECTIVE_SOFTPLUS_TWICE, FAULT_SELECTIVE_GROUP_OFF, FAULT_SELECTIVE_PRODUCT_DROPPED};
static const char *const selective_fault_names[SELECTIVE_FAULTS] = {
  "correct", "B[t-1]-for-B[t]", "sign-of-A", "D-skip-forgotten", "softplus-twice",
  "group-off-by-one", "chunk-decays-dropped"};
#line 10993 "scan.nw"
/* The step's decay and input for state n: exp(dt A[d,n]) and dt B[g,n,t] u[t]. */
static void selective_map(const selective_problem *p, long long b, long long d, long long g,
                          int n, long long t, double dt, int fault, double *decay,
                          double *input)
{
  double A = selective_rate((double)p->A[d * p->state + n], fault);
  long long s = selective_b_step(t, fault);
  *decay = exp(dt * A);
  *input = dt * (double)p->B[at_bgnl(p, b, g, n, s)] * (double)p->u[at_bdl(p, b, d, t)];
}
#line 12640 "scan.nw"
/* The relative error of the kernel's float32 delta, for x = delta + bias. */
static double selective_delta_error(const selective_problem *p, double x)
{
  double e = p->delta_bias ? 0x1p-24 : 0.0;
  return p->delta_softplus && x <= 20.0 ? e + (8.0 + 2.0 * fabs(x)) * 0x1p-24 : e;
}
#line 11010 "scan.nw"
/* y (B,D,L) and the last states (B,D,N), in double, for one batch b and channel d; with
   y_bound and last_bound not NULL, the float32 kernel's bound on each of them too
   (section "Level 5 on the GPU"). */
static void selective_reference(const selective_problem *p, long long b, long long d,
                                double *y, double *last, double *y_bound, double *last_bound)
{
  long long g = d / (p->channels / p->groups);
  double x[64] = {0}, mag[64] = {0}, err[64] = {0};   /* N <= 64 */
  for (long long t = 0; t < p->length; t++) {
    long long i = at_bdl(p, b, d, t);
    double dt = (double)p->delta[i] + (p->delta_bias ? (double)p->delta_bias[d] : 0.0);
    double e_dt = selective_delta_error(p, dt);
    if (p->delta_softplus) dt = dt > 20.0 ? dt : log1p(exp(dt));
    double skip = p->D ? (double)p->D[d] * (double)p->u[i] : 0.0, sum = skip;
    double off = 0, size = 0;   /* sum over n of |C| E and of |C| x-bar */
    for (int n = 0; n < p->state; n++) {
      long long k = at_bgnl(p, b, g, n, t);
      double A = p->A[d * p->state + n], decay = exp(dt * A);
      double input = dt * (double)p->B[k] * p->u[i];
      x[n] = decay * x[n] + input;
      sum += (double)p->C[k] * x[n];
      
#line 11046 "scan.nw"
double rho = 0x1p-22 + fabs(dt * A) * (e_dt + 0x1p-23);
err[n] = decay * err[n] + rho * decay * mag[n] + (e_dt + 3 * 0x1p-24) * fabs(input);
mag[n] = decay * mag[n] + fabs(input);
err[n] += 0x1p-23 * mag[n];
off += fabs((double)p->C[k]) * err[n];
size += fabs((double)p->C[k]) * mag[n];
#line 11032 "scan.nw"
    }
    y[t] = p->z ? sum * (double)p->z[i] / (1.0 + exp(-(double)p->z[i])) : sum;
    if (y_bound) {
      
#line 11055 "scan.nw"
double bound = off + (p->state + 2) * 0x1p-24 * (size + fabs(skip));
if (p->z) {
  double z = p->z[i], gate = fabs(z / (1.0 + exp(-z)));
  bound = gate * (bound + 6 * 0x1p-24 * (size + fabs(skip)));
}
y_bound[t] = 2 * bound + 0x1p-120;
#line 11036 "scan.nw"
    }
  }
  for (int n = 0; n < p->state; n++) {
    last[n] = x[n];
    if (last_bound) last_bound[n] = 2 * (err[n] + 0x1p-24 * mag[n]) + 0x1p-120;
  }
}
#line 11068 "scan.nw"
#define SELECTIVE_CHUNK 64   /* steps a chunk */

/* The chunked design for batch b and channel d: y, and the last states. */
static void selective_mirror(const selective_problem *p, long long b, long long d, int fault,
                             double *y, double *last)
{
  long long g = selective_group(p, d, fault), L = p->length;
  double in[64] = {0};   /* the state entering the chunk */
  for (long long c0 = 0; c0 < L; c0 += SELECTIVE_CHUNK) {
    long long c1 = c0 + SELECTIVE_CHUNK < L ? c0 + SELECTIVE_CHUNK : L;
    double local[64] = {0}, product[64], x[64];
    double bias = p->delta_bias ? (double)p->delta_bias[d] : 0.0;
    double skip = p->D ? (double)p->D[d] : 0.0;
    for (int n = 0; n < p->state; n++) product[n] = 1.0;
    
#line 11092 "scan.nw"
for (long long t = c0; t < c1; t++) {
  double dt = selective_dt(p, (double)p->delta[at_bdl(p, b, d, t)], bias, fault), decay, input;
  for (int n = 0; n < p->state; n++) {
    selective_map(p, b, d, g, n, t, dt, fault, &decay, &input);
    local[n] = decay * local[n] + input;
    product[n] *= decay;
  }
}
#line 11083 "scan.nw"
    
#line 11103 "scan.nw"
for (int n = 0; n < p->state; n++) x[n] = in[n];
for (long long t = c0; t < c1; t++) {
  double dt = selective_dt(p, (double)p->delta[at_bdl(p, b, d, t)], bias, fault), decay,
         input, sum = 0;
  for (int n = 0; n < p->state; n++) {
    selective_map(p, b, d, g, n, t, dt, fault, &decay, &input);
    x[n] = decay * x[n] + input;
    sum += (double)p->C[at_bgnl(p, b, g, n, t)] * x[n];
  }
  long long i = at_bdl(p, b, d, t);
  y[t] = selective_finish(p, sum, (double)p->u[i], p->z ? (double)p->z[i] : 0.0, skip, fault);
}
#line 11084 "scan.nw"
    for (int n = 0; n < p->state; n++)   /* the N-vectors' fold, in order */
      in[n] = selective_carry(product[n], in[n], local[n], fault);
  }
  for (int n = 0; n < p->state; n++) last[n] = in[n];
}
#line 11158 "scan.nw"
/* A case's inputs in one block of `floats` floats, and the problem over them. */
static float *selective_draw(long long batch, long long channels, long long length,
                             int state, int groups, bool extras, selective_problem *p,
                             long long *floats)
{
  long long bdl = batch * channels * length, bgnl = batch * groups * state * length;
  long long dn = channels * state;
  *floats = 3 * bdl + 2 * bgnl + dn + 2 * channels;
  float *in = (float *)malloc(sizeof(float) * *floats);
  float *u = in, *delta = u + bdl, *z = delta + bdl, *B = z + bdl, *C = B + bgnl;
  float *A = C + bgnl, *D = A + dn, *bias = D + channels;
  
#line 11178 "scan.nw"
fill_uniform(u, bdl, next_seed(), -1.0f, 1.0f);
fill_uniform(delta, bdl, next_seed(), extras ? -2.0f : 0.01f, 1.0f);   /* delta > 0 */
fill_uniform(z, bdl, next_seed(), -2.0f, 2.0f);
fill_uniform(B, bgnl, next_seed(), -1.0f, 1.0f);
fill_uniform(C, bgnl, next_seed(), -1.0f, 1.0f);
fill_uniform(A, dn, next_seed(), -4.0f, -0.05f);
fill_uniform(D, channels, next_seed(), -1.0f, 1.0f);
fill_uniform(bias, channels, next_seed(), -0.5f, 0.5f);
#line 11170 "scan.nw"
  selective_problem q = {batch, channels, length, state, groups, u, delta, A, B, C,
                         extras ? D : NULL, extras ? z : NULL, extras ? bias : NULL, extras};
  *p = q;
  return in;
}
#line 11128 "scan.nw"
typedef struct { long long batch, channels, length; int state, groups; bool extras; }
    selective_case;

static const selective_case selective_cases[] = {
  {1, 1, 1, 1, 1, false}, {2, 4, 7, 3, 2, true}, {1, 8, 130, 16, 1, true},
  {2, 6, 64, 5, 3, false}, {1, 4, 200, 64, 2, true},
};
#define SELECTIVE_CASES 5
#line 11139 "scan.nw"
/* The largest difference of the mirror under `fault` from the reference, relative to
   the reference's magnitude plus one; NaN where either gave one. */
static double selective_mismatch(const selective_case *k, int fault)
{
  selective_problem p;
  long long floats;
  float *in = selective_draw(k->batch, k->channels, k->length, k->state, k->groups,
                             k->extras, &p, &floats);
  double worst = 0;
  
#line 11193 "scan.nw"
double *y = (double *)malloc(sizeof(double) * 2 * k->length), *want = y + k->length;
double last[64], last_want[64];
for (long long b = 0; b < k->batch; b++)
  for (long long d = 0; d < k->channels; d++) {
    selective_mirror(&p, b, d, fault, y, last);
    selective_reference(&p, b, d, want, last_want, NULL, NULL);
    for (long long t = 0; t < k->length; t++) {
      double x = fabs(y[t] - want[t]) / (fabs(want[t]) + 1.0);
      if (!(x <= worst)) worst = x;   /* a NaN becomes the worst, never passes */
    }
    for (int n = 0; n < k->state; n++) {
      double x = fabs(last[n] - last_want[n]) / (fabs(last_want[n]) + 1.0);
      if (!(x <= worst)) worst = x;
    }
  }
free(y);
#line 11149 "scan.nw"
  free(in);
  return worst;
}
#line 11221 "scan.nw"
static double bf16_round(double x)
{
  return (double)__bfloat162float(__float2bfloat16_rn((float)x));
}

/* Case k's worst |y - reference| over the bfloat16 bound: of the reference rounded to
   bfloat16 once (correct), or of the recurrence with its states in bfloat16 (broken). */
static double selective_bf16_worst(const selective_case *k, bool states_in_bf16)
{
  selective_problem p;
  long long floats, L = k->length;
  float *in = selective_draw(k->batch, k->channels, L, k->state, k->groups, k->extras, &p,
                             &floats);
  double *want = (double *)malloc(sizeof(double) * 3 * L), *bound = want + L, *y = bound + L;
  double last[64], last_bound[64], worst = 0;
  for (long long b = 0; b < k->batch; b++)
    for (long long d = 0; d < k->channels; d++) {
      selective_reference(&p, b, d, want, last, bound, last_bound);
      
#line 11253 "scan.nw"
long long g = selective_group(&p, d, FAULT_NONE);
double x[64] = {0}, bias = p.delta_bias ? (double)p.delta_bias[d] : 0.0;
for (long long t = 0; t < L; t++) {
  double dt = selective_dt(&p, (double)p.delta[at_bdl(&p, b, d, t)], bias, FAULT_NONE);
  double decay, input, sum = 0;
  for (int n = 0; n < p.state; n++) {
    selective_map(&p, b, d, g, n, t, dt, FAULT_NONE, &decay, &input);
    x[n] = bf16_round(decay * x[n] + input);
    sum += (double)p.C[at_bgnl(&p, b, g, n, t)] * x[n];
  }
  long long i = at_bdl(&p, b, d, t);
  y[t] = bf16_round(selective_finish(&p, sum, (double)p.u[i], p.z ? (double)p.z[i] : 0.0,
                                     p.D ? (double)p.D[d] : 0.0, FAULT_NONE));
}
#line 11240 "scan.nw"
      for (long long t = 0; t < L; t++) {
        double got = states_in_bf16 ? y[t] : bf16_round(want[t]);
        double x = fabs(got - want[t]) / (bound[t] + 0x1p-8 * (fabs(want[t]) + bound[t]));
        if (!(x <= worst)) worst = x;
      }
    }
  free(want);
  free(in);
  return worst;
}
#line 11270 "scan.nw"
static bool selective_bf16_bound_catches(void)
{
  double correct = 0, broken = 0;
  for (int i = 0; i < SELECTIVE_CASES; i++) {
    double c = selective_bf16_worst(&selective_cases[i], false);
    double w = selective_bf16_worst(&selective_cases[i], true);
    if (!(c <= correct)) correct = c;
    if (!(w <= broken)) broken = w;
  }
  printf("  %-4s bfloat16: y rounded once %.2g of its bound at worst\n",
         correct <= 1 ? "ok" : "FAIL", correct);
  printf("  %s states-in-bfloat16  %.2g of the bound at worst\n",
         broken > 1 ? "caught" : "MISSED", broken);
  return correct <= 1 && broken > 1;
}
#line 11288 "scan.nw"
static int suite_mirror_selective(void)
{
  bool ok = true;
  for (int i = 0; i < SELECTIVE_CASES; i++) {
    double x = selective_mismatch(&selective_cases[i], FAULT_NONE);
    printf("  %-4s mirror on B %lld, D %lld, L %lld, N %d, G %d: %.2g of the scale\n",
           x <= 1e-9 ? "ok" : "FAIL", selective_cases[i].batch, selective_cases[i].channels,
           selective_cases[i].length, selective_cases[i].state, selective_cases[i].groups, x);
    ok = ok && x <= 1e-9;
  }
  for (int fault = 1; fault < SELECTIVE_FAULTS; fault++) {
    double worst = 0;
    for (int i = 0; i < SELECTIVE_CASES; i++) {
      double x = selective_mismatch(&selective_cases[i], selective_faults[fault]);
      if (!(x <= worst)) worst = x;
    }
    bool caught = !(worst <= 1e-6);
    printf("  %s %-20s %.2g of the scale at worst\n", caught ? "caught" : "MISSED",
           selective_fault_names[fault], worst);
    ok = ok && caught;
  }
  ok = selective_bf16_bound_catches() && ok;
  return ok ? EXIT_OK : EXIT_FAILED;
}
#line 15680 "scan.nw"
typedef struct {
  const char *name;
  const char *what;
  bool needs_gpu;
  int (*run)(void);
} suite;
#line 15847 "scan.nw"
static int suite_mirror_l1(void)
{
  mirror_case cases[64];
  int count = length_cases(cases, L1_MAX_LEN, 3);
  static const int faults[] = {FAULT_NONE, FAULT_UPSWEEP_SWAP,
      FAULT_DOWNSWEEP_SWAP, FAULT_DOWNSWEEP_INDEX, FAULT_ROOT_NOT_IDENTITY,
      FAULT_THREADS_ROUNDED_TO_WARP};
  return mirror_suite(mirror_l1, cases, count, faults, 6);
}

static int suite_mirror_l2(void)
{
  mirror_case cases[96];
  int count = length_cases(cases, 1 << 14, 2);
  cases[count++] = mirror_case{1, L2_MAX_LEN};
  cases[count++] = mirror_case{1, L2_MAX_LEN - 1};
  cases[count++] = mirror_case{2, 1048577};
  static const int faults[] = {FAULT_NONE, FAULT_UPSWEEP_SWAP,
      FAULT_DOWNSWEEP_SWAP, FAULT_APPLY_SWAP, FAULT_SPINE_NO_IDENTITY};
  return mirror_suite(mirror_l2, cases, count, faults, 5);
}
#line 16452 "scan.nw"
static bool report_protocol_run(const char *correct, int fault, int schedules,
                                const protocol_evidence *ev)
{
  bool failed = ev->deadlock || ev->disagree || ev->out_of_bound || ev->broke_rule;
  if (fault == FAULT_NONE)
    printf("  %-6s %-28s %d schedules%s%s\n", failed ? "FAILED" : "ok", correct,
           schedules, failed ? ": " : ", all within the bound and bit-identical",
           ev->detail);
  else
    printf("  %-6s %-28s %s\n", failed ? "caught" : "MISSED", fault_names[fault],
           failed ? ev->detail : "every schedule passed");
  return fault == FAULT_NONE ? !failed : failed;
}
#line 16471 "scan.nw"
static int suite_mirror_lookback(void)
{
  static const struct { int fault, walk; } runs[] = {
    {FAULT_NONE, WALK_SERIAL}, {FAULT_NONE, WALK_WARP},
    {FAULT_WALK_STOPS_AT_AGGREGATE, WALK_SERIAL},
    {FAULT_FLAG_BEFORE_VALUE, WALK_SERIAL},
    {FAULT_WALK_ORDER, WALK_SERIAL}, {FAULT_WARP_LANE_ORDER, WALK_WARP},
    {FAULT_BACKWARD_FOLD, WALK_SERIAL}, {FAULT_TILE_FROM_BLOCKIDX, WALK_SERIAL},
  };
  bool ok = true;
  for (int r = 0; r < (int)(sizeof runs / sizeof runs[0]); r++) {
    int schedules;
    protocol_evidence ev = run_protocol(runs[r].walk, runs[r].fault, &schedules);
    ok = report_protocol_run(runs[r].walk == WALK_SERIAL ? "correct, serial walk"
                                                        : "correct, warp walk",
                             runs[r].fault, schedules, &ev) && ok;
  }
  return ok ? EXIT_OK : EXIT_FAILED;
}
#line 16884 "scan.nw"
/* Runs a mirror under each fault in turn: the first, FAULT_NONE, must pass
   and every other must be caught. */
static int report_faults(protocol_evidence (*run)(int fault, int *schedules),
                         const int *faults, int count)
{
  bool ok = true;
  for (int r = 0; r < count; r++) {
    int schedules;
    protocol_evidence ev = run(faults[r], &schedules);
    ok = report_protocol_run("correct handshake", faults[r], schedules, &ev) && ok;
  }
  return ok ? EXIT_OK : EXIT_FAILED;
}

static int suite_mirror_held(void)
{
  static const int faults[] = {FAULT_NONE, FAULT_HELD_LAST_FROM_TILE,
                               FAULT_HELD_PREFIX_EARLY, FAULT_HELD_WRONG_TILE};
  return report_faults(run_held_mirror, faults, 4);
}
#line 17229 "scan.nw"
static int suite_mirror_rows(void)
{
  static const int faults[] = {FAULT_NONE, FAULT_ROWS_STEP_LAST_PIECE,
                               FAULT_ROWS_STATE_AFTER_OWN, FAULT_ROWS_ONE_SET,
                               FAULT_ROWS_PARITY_PER_ROW};
  bool laid = rows_layout_covers<float>() && rows_layout_covers<__half>();
  printf("  %-4s the kernel's layout covers each element of a row once: float32 with %d "
         "pieces a step, two bytes with %d\n", laid ? "ok" : "FAIL", rows_pieces<float>(),
         rows_pieces<__half>());
  int failed = report_faults(run_share_mirror, faults, 5);
  return laid ? failed : EXIT_FAILED;
}
#line 17819 "scan.nw"
static int suite_mirror_groups(void)
{
  static const struct { int fault, settle; } runs[] = {
    {FAULT_NONE, 0}, {FAULT_NONE, 1}, {FAULT_GROUPS_FOLD_NEWEST_FIRST, 0},
    {FAULT_GROUPS_SETTLE_SHORT, 1}, {FAULT_GROUPS_SETTLE_LEFT_FOLD, 1},
    {FAULT_GROUPS_SETTLE_NO_WAIT, 1}, {FAULT_GROUPS_SETTLE_STORE, 1},
    {FAULT_GROUPS_SETTLE_SHIFTED, 1}, {FAULT_GROUPS_SKIP_EMPTY, 1},
  };
  bool ok = true;
  for (int r = 0; r < (int)(sizeof runs / sizeof runs[0]); r++) {
    int schedules;
    protocol_evidence ev = run_group_mirror(runs[r].fault, runs[r].settle, &schedules);
    ok = report_protocol_run(runs[r].settle ? "correct, settling" : "correct, not settling",
                             runs[r].fault, schedules, &ev) && ok;
  }
  return ok ? EXIT_OK : EXIT_FAILED;
}
#line 17855 "scan.nw"
enum { APART_THREADS = 8, APART_ITEMS = 8, APART_TILE = APART_THREADS * APART_ITEMS };

/* The state at the end of the head [head, end), from h = 0 at its row's start, read in
   the threads' shares as compose_head reads them. */
static double mirror_head_state(const float *a, const float *b, long long head,
                                long long end)
{
  enum { EACH = APART_ITEMS / HEAD_PART };
  double state = 0;
  for (int t = 0; t < APART_THREADS; t++)
    for (int k = 0; k < EACH; k++) {
      long long e = head + (long long)t * EACH + k;
      if (e < end) state = a[e] * (e == head ? 0.0 : state) + b[e];
    }
  return state;
}
#line 17877 "scan.nw"
static void mirror_tiles_apart(const float *a, const float *b, double *h, long long rows,
                               long long len, int fault, int *overflow)
{
  long long n = rows * len;
  int shift = (int)(rows % 4);
  bool heads = tiles_read_heads(len, APART_TILE, false, fault);
  double before = 0;   /* the sequential state before the tile: a walk's answer */
  for (long long g = 0; g * APART_TILE - shift < n; g++) {
    long long first = g * APART_TILE - shift, offset = apart_row_offset(g, APART_TILE,
                                                                         shift, len, fault);
    double state = heads ? mirror_head_state(a, b, head_first(first, offset, fault), first)
                         : before;
    for (long long e = first > 0 ? first : 0; e < first + APART_TILE && e < n; e++) {
      state = a[e] * ((offset + e - first) % len == 0 ? 0.0 : state) + b[e];
      h[e] = state;
    }
    before = state;
  }
}
#line 17899 "scan.nw"
static int suite_mirror_heads(void)
{
  mirror_case cases[160];
  for (int i = 0; i < 160; i++) cases[i] = mirror_case{60 + i % 4, i / 4 + 1};
  static const int faults[] = {FAULT_NONE, FAULT_HEAD_ONE_SHORT, FAULT_HEAD_UNSHIFTED,
                               FAULT_HEAD_RULE_LOOSE};
  return mirror_suite(mirror_tiles_apart, cases, 160, faults, 4);
}
#line 18655 "scan.nw"
static int suite_mirror_ring(void)
{
  static const ring_mirror_run runs[] = {
    {FAULT_NONE, RING_HOLDERS, RING_POSTS, 0, RING_LOOK, "correct, as compiled"},
    {FAULT_NONE, RING_HOLDERS, RING_STAGES + RING_HOLDERS, 0, RING_LOOK,
     "correct, fewest posts"},
    {FAULT_NONE, 4, RING_POSTS, 0, RING_LOOK, "correct, four holder groups"},
    {FAULT_NONE, RING_STAGES, 2 * RING_STAGES, 0, RING_LOOK, "correct, a group a stage"},
    {FAULT_NONE, RING_HOLDERS, RING_POSTS, RING_MIN_BLOCKS - 1, RING_LOOK,
     "correct, one ring"},
    {FAULT_NONE, RING_HOLDERS, RING_POSTS, RING_MIN_BLOCKS - 1, 2,
     "correct, one ring, short looks"},
    {FAULT_NONE, RING_HOLDERS, RING_POSTS, RING_RINGS_WITHOUT_LOOKS, 0,
     "correct, four rings, no looks"},
    {FAULT_NONE, RING_HOLDERS, RING_POSTS, 0, 2, "correct, looks of two windows"},
    {FAULT_NONE, RING_HOLDERS, RING_POSTS, 0, 0, "correct, walkers wait for the chain"},
    
#line 18687 "scan.nw"
{FAULT_RING_HOLDER_FOLDS_OWN, RING_HOLDERS, RING_POSTS, 0, RING_LOOK, ""},
{FAULT_RING_ROW_START_KEPT, RING_HOLDERS, RING_POSTS, 0, RING_LOOK, ""},
{FAULT_RING_CHAIN_NO_WAIT, RING_HOLDERS, RING_POSTS, 0, RING_LOOK, ""},
{FAULT_RING_EMPTY_BEFORE_MAPS, RING_HOLDERS, RING_POSTS, 0, RING_LOOK, ""},
{FAULT_RING_TOO_FEW_POSTS, RING_HOLDERS, RING_STAGES + RING_HOLDERS - 1, 0, RING_LOOK, ""},
{FAULT_RING_TOO_FEW_RINGS, RING_HOLDERS, RING_POSTS, RING_RINGS_WITHOUT_LOOKS - 1, 0, ""},
{FAULT_RING_HOLDERS_PAST_STAGES, RING_STAGES + 1, RING_POSTS, 0, RING_LOOK, ""},
{FAULT_RING_STORES_PAST_ROW, RING_HOLDERS, RING_POSTS, 0, RING_LOOK, ""},
{FAULT_RING_WALKER_LATE_EMPTY, RING_HOLDERS, RING_POSTS, RING_RINGS_WITHOUT_LOOKS, 0, ""},
{FAULT_RING_PRODUCER_SKIPS_EMPTY, RING_HOLDERS, RING_POSTS, 0, RING_LOOK, ""},
{FAULT_RING_LOOK_LEFT_FOLD, RING_HOLDERS, RING_POSTS, 0, RING_LOOK, ""},
{FAULT_RING_LOOK_SKIPS_EMPTY, RING_HOLDERS, RING_POSTS, 0, RING_LOOK, ""},
{FAULT_RING_LOOK_SKIPS_WINDOW, RING_HOLDERS, RING_POSTS, 0, RING_LOOK, ""},
{FAULT_RING_HEAD_KEPT, RING_HOLDERS, RING_POSTS, 0, RING_LOOK, ""},
#line 18672 "scan.nw"
  };
  bool ok = true;
  for (int r = 0; r < (int)(sizeof runs / sizeof runs[0]); r++) {
    int schedules;
    protocol_evidence ev = run_ring_mirror(&runs[r], &schedules);
    ok = report_protocol_run(runs[r].correct, runs[r].fault, schedules, &ev) && ok;
  }
  return ok ? EXIT_OK : EXIT_FAILED;
}
#line 18716 "scan.nw"
static int suite_combine(void)
{
  int failures = 0, swapped_differ = 0, trials = 100000;
  uint64_t seed = next_seed();
  for (int i = 0; i < trials; i++) {
    affine<double> x[3];
    for (int k = 0; k < 3; k++) {
      x[k].a = uniform_at(seed, 6 * i + 2 * k, -1.0f, 1.0f);
      x[k].b = uniform_at(seed, 6 * i + 2 * k + 1, -1.0f, 1.0f);
    }
    
#line 18736 "scan.nw"
affine<double> left = combine(combine(x[0], x[1]), x[2]);
affine<double> right = combine(x[0], combine(x[1], x[2]));
double scale = fabs(x[2].a * x[1].a * x[0].b) + fabs(x[2].a * x[1].b) + fabs(x[2].b);
if (fabs(left.b - right.b) > 8 * 0x1p-53 * scale ||
    fabs(left.a - right.a) > 4 * 0x1p-53 * fabs(left.a)) failures++;
affine<double> e = identity_map<double>(), ex = combine(e, x[0]), xe = combine(x[0], e);
if (ex.a != x[0].a || ex.b != x[0].b || xe.a != x[0].a || xe.b != x[0].b) failures++;
affine<double> xy = combine(x[0], x[1]), yx = combine(x[1], x[0]);
swapped_differ += xy.b != yx.b;
#line 18727 "scan.nw"
  }
  
#line 18748 "scan.nw"
affine<double> two = {2, 0}, plus_one = {1, 1};
if (combine(two, plus_one).b != 1 || combine(plus_one, two).b != 2) failures++;
affine<double> nan_a = {NAN, 0.5}, inf_a = {INFINITY, 0.5}, fine = {0.75, 0.5};
if (!isnan(start_row(nan_a).b) || !isnan(start_row(inf_a).b) ||
    start_row(fine).b != 0.5) failures++;
if (swapped_differ < trials * 9 / 10) failures++;
#line 18729 "scan.nw"
  printf("  %d triples: associative within rounding, identity exact; swapped"
         " operands differ in %d of %d pairs\n", trials, swapped_differ, trials);
  return failures ? EXIT_FAILED : EXIT_OK;
}
#line 18765 "scan.nw"
/* The composition of elements [lo, hi) of a row, halving recursively. */
static affine<float> halving(const float *a, const float *b, long long lo, long long hi)
{
  if (hi - lo == 1) {
    affine<float> x = {a[lo], b[lo]};
    return lo == 0 ? start_row(x) : x;
  }
  long long mid = lo + (hi - lo) / 2;
  return combine(halving(a, b, lo, mid), halving(a, b, mid, hi));
}
#line 18778 "scan.nw"
static int suite_reference(void)
{
  int failures = 0;
  
#line 18795 "scan.nw"
for (int k = 0; k < 4; k++) {
  double c = 0.5 + 0.125 * k;
  float a[1000], b[1000];
  double h[1000];
  for (int t = 0; t < 1000; t++) { a[t] = (float)c; b[t] = 1.0f; }
  reference_row(a, b, h, 1000);
  for (int t = 0; t < 1000; t++)
    if (fabs(h[t] - (1 - pow(c, t + 1)) / (1 - c)) > 4 * (t + 1) * 0x1p-53 / (1 - c))
      failures++;
}
#line 18782 "scan.nw"
  double worst_sequential = 0, worst_halving = 0, widest = 0;
  for (int decay = 0; decay < DECAY_COUNT; decay++)
    for (long long len = 1; len <= (1 << 16); len = len * 4 + 1) {
      
#line 18808 "scan.nw"
float *a = (float *)malloc(sizeof(float) * len);
float *b = (float *)malloc(sizeof(float) * len);
float *h = (float *)malloc(sizeof(float) * len);
make_inputs(a, b, len, decay);
affine<float> acc = start_row(affine<float>{a[0], b[0]});
h[0] = acc.b;
for (long long t = 1; t < len; t++) {
  acc = combine(acc, affine<float>{a[t], b[t]});
  h[t] = acc.b;
}
comparison c = compare_rows(a, b, h, 1, len, FLOAT32);
failures += c.failed > 0;
worst_sequential = fmax(worst_sequential, c.worst_ratio);
#line 18829 "scan.nw"
affine<float> whole = halving(a, b, 0, len);
reference_state r = {0, 0, 0};
for (long long t = 0; t < len; t++) reference_step(&r, a[t], b[t]);
double bound = error_bound(&r, len - 1, later_depth(len), FLOAT32);
double ratio = fabs(whole.b - r.h) / bound;
failures += !(ratio <= 1.0);
worst_halving = fmax(worst_halving, ratio);
widest = fmax(widest, bound / (r.s > 0 ? r.s : 1.0));
#line 18822 "scan.nw"
free(a); free(b); free(h);
#line 18786 "scan.nw"
    }
  printf("  float32 sequential uses %.3g of the bound, recursive halving %.3g;"
         " the bound is at most %.3g of the sums it guards\n",
         worst_sequential, worst_halving, widest);
  return failures ? EXIT_FAILED : EXIT_OK;
}
#line 9220 "scan.nw"
typedef struct {
  const char *name;
  double u, tiny;                 /* unit of rounding; smallest subnormal step */
  float (*nearest)(float), (*toward_zero)(float);
  scan_storage storage;           /* its name in the public face */
} stored_type;

static float bf16_nearest(float x) { return __bfloat162float(__float2bfloat16_rn(x)); }
static float bf16_toward_zero(float x) { return __bfloat162float(__float2bfloat16_rz(x)); }
static float f16_nearest(float x) { return __half2float(__float2half_rn(x)); }
static float f16_toward_zero(float x) { return __half2float(__float2half_rz(x)); }

static const stored_type STORED_TYPES[] = {
  {"bfloat16", 0x1p-8, 0x1p-133, bf16_nearest, bf16_toward_zero, SCAN_BFLOAT16},
  {"float16", 0x1p-11, 0x1p-24, f16_nearest, f16_toward_zero, SCAN_FLOAT16}};
#define STORED_TYPE_COUNT 2
#line 9239 "scan.nw"
/* The float32 bound with the stored type's rounding of its outputs. */
static precision stored_precision(const stored_type *s)
{
  precision p = FLOAT32;
  p.stored_u = s->u;
  p.stored_tiny = s->tiny;
  return p;
}

static double stored_bound(const reference_state *r, long long t, int depth,
                           const stored_type *s)
{
  return stored_rounding(error_bound(r, t, depth, FLOAT32), r->h, stored_precision(s));
}
#line 9262 "scan.nw"
enum { STORED_CORRECT, STORED_HALF_STATE, STORED_TRUNCATED,
       STORED_FAULTS };
static const char *const stored_fault_names[STORED_FAULTS] = {
  "correct", "state-kept-in-the-stored-type", "output-rounded-toward-zero"};
#line 9269 "scan.nw"
static void stored_pass(const float *a, const float *b, float *h, long long len,
                        const stored_type *s, int fault)
{
  float state = 0.0f;
  for (long long t = 0; t < len; t++) {
    state = a[t] * state + b[t];
    if (fault == STORED_HALF_STATE) state = s->nearest(state);
    h[t] = fault == STORED_TRUNCATED ? s->toward_zero(state) : s->nearest(state);
  }
}
#line 9282 "scan.nw"
static comparison compare_stored(const float *a, const float *b, const float *h,
                                 long long rows, long long len, const stored_type *s)
{
  comparison all;
  compare_init(&all);
  int depth = later_depth(len);
  for (long long r = 0; r < rows; r++) {
    reference_state ref = {0.0, 0.0, 0.0};
    for (long long t = 0; t < len; t++) {
      long long i = r * len + t;
      reference_step(&ref, a[i], b[i]);
      compare_one(&all, (double)h[i], ref.h, stored_bound(&ref, t, depth, s), i);
    }
  }
  return all;
}
#line 9312 "scan.nw"
typedef struct { long long rows, len; int decay; } stored_case;
static const stored_case stored_cases[] = {
  {16, 33, 0}, {8, 1000, 0}, {2, 20000, 0}, {1, 70001, 0}, {8, 1000, 2},
  {8, 1000, 3}, {4, 4097, 1}, {2, 20000, 1}};
#define STORED_CASES 8

/* The worst comparison of the mirror under `fault` on case i in type s. */
static comparison stored_case_run(int i, const stored_type *s, int fault)
{
  stored_case k = stored_cases[i];
  long long n = k.rows * k.len;
  float *a = (float *)malloc(sizeof(float) * 3 * n), *b = a + n, *h = b + n;
  make_inputs(a, b, n, k.decay);
  for (long long j = 0; j < n; j++) { a[j] = s->nearest(a[j]); b[j] = s->nearest(b[j]); }
  for (long long r = 0; r < k.rows; r++)
    stored_pass(a + r * k.len, b + r * k.len, h + r * k.len, k.len, s, fault);
  comparison c = compare_stored(a, b, h, k.rows, k.len, s);
  free(a);
  return c;
}
#line 9335 "scan.nw"
static bool stored_type_passes(const stored_type *s)
{
  double used = 0.0;
  int passed = 0;
  for (int i = 0; i < STORED_CASES; i++) {
    comparison c = stored_case_run(i, s, STORED_CORRECT);
    if (c.failed) printf("  %s: mirror FAILED on %lld rows of %lld: %.3g of the bound\n",
                         s->name, stored_cases[i].rows, stored_cases[i].len, c.worst_ratio);
    passed += !c.failed;
    used = c.worst_ratio > used ? c.worst_ratio : used;
  }
  printf("  %s: the mirror within the bound on %d of %d cases, using at most %.2f of it\n",
         s->name, passed, STORED_CASES, used);
  bool ok = passed == STORED_CASES;
  
#line 9355 "scan.nw"
for (int fault = STORED_HALF_STATE; fault < STORED_FAULTS; fault++) {
  int i = 0;
  comparison c;
  while (i < STORED_CASES && !(c = stored_case_run(i, s, fault)).failed) i++;
  if (i < STORED_CASES)
    printf("  %s: caught %-30s on %lld rows of %lld: %.3g of the bound\n", s->name,
           stored_fault_names[fault], stored_cases[i].rows, stored_cases[i].len,
           c.worst_ratio);
  else
    printf("  %s: MISSED %-30s no case exposed it\n", s->name, stored_fault_names[fault]);
  ok = ok && i < STORED_CASES;
}
#line 9350 "scan.nw"
  return ok;
}
#line 9370 "scan.nw"
static int suite_mirror_stored(void)
{
  bool ok = true;
  for (int s = 0; s < STORED_TYPE_COUNT; s++) ok = stored_type_passes(&STORED_TYPES[s]) && ok;
  return ok ? EXIT_OK : EXIT_FAILED;
}
#line 18878 "scan.nw"
enum { LENGTHS_EMPTY, LENGTHS_ONES, LENGTHS_TINY_AND_LONG, LENGTHS_NEAR_1000,
       LENGTHS_ONE_ROW, LENGTHS_UNIFORM, LENGTHS_KINDS };
static const char *const lengths_names[LENGTHS_KINDS] = {
  "empty rows among short ones", "every row of 1", "tiny rows and very long ones",
  "rows around 1,000", "one row", "rows of 1 to 65,536"};
#line 18887 "scan.nw"
/* A double in [0, 1) from the hash of (seed, i). */
static double unit_at(uint64_t seed, long long i)
{
  return (double)(mix64(seed ^ mix64((uint64_t)i)) >> 11) * 0x1p-53;
}
#line 18895 "scan.nw"
/* Row i's length in a batch of n elements of this kind, before the last is cut. */
static long long draw_length(int kind, uint64_t seed, long long i, long long n)
{
  double u = unit_at(seed, 2 * i), v = unit_at(seed, 2 * i + 1);
  double normal = sqrt(-2 * log(1 - u)) * cos(6.283185307179586 * v);   /* Box-Muller */
  switch (kind) {
  case LENGTHS_EMPTY: return u < 0.4 ? 0 : 1 + (long long)(v * 3000);
  case LENGTHS_ONES: return 1;
  case LENGTHS_TINY_AND_LONG: {   /* a long row at most a quarter of a large batch */
    long long most = n / 4 > 16384 ? n / 4 : n, len = (long long)exp2(14 + 8 * v);
    return u < 0.01 ? (len < most ? len : most) : 1 + (long long)(v * 8);
  }
  case LENGTHS_NEAR_1000: return 1 + (long long)(1000 * exp(0.5 * normal));
  case LENGTHS_UNIFORM: return 1 + (long long)(v * 65536);
  default: return n;   /* one row */
  }
}
#line 18915 "scan.nw"
/* Append one offset, growing the array as it fills; *rows counts the rows. */
static void push_offset(long long **o, long long *cap, long long *rows, long long value)
{
  if (*rows + 2 > *cap) {
    *cap *= 2;
    *o = (long long *)realloc(*o, sizeof(long long) * *cap);
    if (!*o) { fprintf(stderr, "out of host memory\n"); exit(EXIT_FAILED); }
  }
  (*o)[++*rows] = value;
}
#line 18928 "scan.nw"
/* The rows + 1 offsets (malloc'ed) of a batch of n elements; returns rows. */
static long long make_offsets(int kind, long long n, uint64_t seed, long long **offsets)
{
  long long rows = 0, cap = 1024, at = 0;
  long long *o = (long long *)malloc(sizeof(long long) * cap);
  if (!o) { fprintf(stderr, "out of host memory\n"); exit(EXIT_FAILED); }
  o[0] = 0;
  if (kind == LENGTHS_EMPTY) push_offset(&o, &cap, &rows, 0);
  for (long long i = 0; at < n; i++) {
    long long len = draw_length(kind, seed, i, n);
    at = len < n - at ? at + len : n;
    push_offset(&o, &cap, &rows, at);
  }
  for (int k = 0; k < 2 && kind == LENGTHS_EMPTY; k++) push_offset(&o, &cap, &rows, n);
  *offsets = o;
  return rows;
}
#line 18958 "scan.nw"
enum { RAGGED_PLAIN, RAGGED_NAN_B, RAGGED_NAN_A_AT_START, RAGGED_NAN_A_AT_END,
       RAGGED_INF_B, RAGGED_FLAG_NANS, RAGGED_SPECIALS };
static const char *const ragged_special_names[RAGGED_SPECIALS] = {
  "", ", NaN in b", ", NaN in a at row starts", ", NaN in a at row ends",
  ", infinity in b", ", the flags' NaNs in a"};

typedef struct {
  int lengths;                        /* a kind of lengths */
  long long n;                        /* elements in all */
  int decay;
  int a_offset, b_offset, h_offset;   /* floats past a 16-byte boundary */
  bool in_place;                      /* h is b */
  int special;
} ragged_case;
#line 18976 "scan.nw"
/* Rows 1, 4, 7, ... (row 0 where there is one row), skipping empty ones. */
static void plant_ragged(int special, float *a, float *b, const long long *offsets,
                         long long rows)
{
  for (long long r = rows == 1 ? 0 : 1; special && r < rows; r += 3) {
    long long start = offsets[r], len = offsets[r + 1] - start;
    uint32_t flag = r % 2 ? 0xFFFFFFFFu : 0xFFFFFFFEu;
    if (len == 0) continue;
    if (special == RAGGED_NAN_B) b[start + len / 3] = NAN;
    if (special == RAGGED_NAN_A_AT_START) a[start] = NAN;
    if (special == RAGGED_NAN_A_AT_END) a[start + len - 1] = NAN;
    if (special == RAGGED_INF_B) b[start + len / 3] = INFINITY;
    if (special == RAGGED_FLAG_NANS) memcpy(&a[start + len / 2], &flag, sizeof flag);
  }
}
#line 19000 "scan.nw"
typedef struct {
  const char *what;
  long long n, rows, offsets[6];
  bool well_formed;
} offsets_case;

static const offsets_case offsets_cases[] = {
  {"empty rows first, inside and last", 10, 5, {0, 0, 4, 4, 10, 10}, true},
  {"rows = 0 and n = 0", 0, 0, {0}, true},
  {"n = 0 in three empty rows", 0, 3, {0, 0, 0, 0}, true},
  {"one row of one", 1, 1, {0, 1}, true},
  
#line 19017 "scan.nw"
{"decreasing", 10, 3, {0, 6, 4, 10}, false},
{"negative", 10, 3, {0, -2, 4, 10}, false},
{"offsets[0] = 1", 10, 2, {1, 5, 10}, false},
{"offsets[0] = -1", 10, 2, {-1, 5, 10}, false},
{"past the end", 10, 2, {0, 5, 11}, false},
{"past the end inside", 10, 3, {0, 12, 12, 10}, false},
{"short of the end", 10, 2, {0, 5, 9}, false},
{"rows = 0 with n > 0", 10, 0, {0}, false},
{"LLONG_MAX inside", 10, 2, {0, LLONG_MAX, 10}, false},
{"LLONG_MIN inside", 10, 2, {0, LLONG_MIN, 10}, false},
{"rows < 0", 10, -1, {0}, false},
{"n < 0", -1, 1, {0, -1}, false},
#line 19012 "scan.nw"
};
#define OFFSETS_CASES ((int)(sizeof offsets_cases / sizeof offsets_cases[0]))
#line 19032 "scan.nw"
static bool check_offsets_cases(void)
{
  int wrong = 0;
  for (int i = 0; i < OFFSETS_CASES; i++) {
    const offsets_case *c = &offsets_cases[i];
    bool accepted = scan_check_offsets(c->offsets, c->rows, c->n) == cudaSuccess;
    if (accepted != c->well_formed) {
      wrong++;
      printf("  FAILED scan_check_offsets %s a case it must %s: %s\n",
             accepted ? "accepts" : "refuses", c->well_formed ? "accept" : "refuse", c->what);
    }
  }
  wrong += scan_check_offsets(NULL, 1, 10) == cudaSuccess;
  printf("  %-6s scan_check_offsets: %d arrays and a null pointer, each answered as it"
         " must be\n", wrong ? "FAILED" : "ok", OFFSETS_CASES);
  return wrong == 0;
}
#line 19062 "scan.nw"
/* Whether a batch of this kind looks as its name says. */
static bool batch_looks_right(int kind, const long long *o, long long rows, long long n)
{
  long long empty_pairs = 0, tiny = 0, longest = 0, lengths_over_1400 = 0, under_700 = 0;
  for (long long r = 0; r < rows; r++) {
    long long len = o[r + 1] - o[r];
    empty_pairs += r > 0 && len == 0 && o[r] == o[r - 1] && o[r] < n;
    tiny += len <= 8;
    longest = len > longest ? len : longest;
    lengths_over_1400 += len > 1400;
    under_700 += len < 700;
  }
  
#line 19079 "scan.nw"
switch (kind) {
case LENGTHS_EMPTY: return o[1] == 0 && o[rows - 1] == n && empty_pairs > 0;
case LENGTHS_ONES: return rows == n;
case LENGTHS_TINY_AND_LONG: return 2 * tiny > rows && longest >= 16384;
case LENGTHS_NEAR_1000: return 2 * lengths_over_1400 < rows && 2 * under_700 < rows;
case LENGTHS_ONE_ROW: return rows == 1;
default: return longest > 50000 && longest <= 65536;
}
#line 19075 "scan.nw"
}
#line 19090 "scan.nw"
static bool check_batches(void)
{
  int wrong = 0;
  for (int kind = 0; kind < LENGTHS_KINDS; kind++) {
    long long n = 3000017, *o, rows = make_offsets(kind, n, next_seed(), &o);
    if (scan_check_offsets(o, rows, n) != cudaSuccess || !batch_looks_right(kind, o, rows, n)) {
      wrong++;
      printf("  FAILED a batch of %s: not well formed, or not what it says\n",
             lengths_names[kind]);
    }
    
#line 19110 "scan.nw"
long long r = rows > 1 ? 1 + (long long)(unit_at(next_seed(), 0) * (rows - 1)) : 1;
for (int way = 0; way < 4; way++) {
  long long *spot = way < 2 ? &o[r] : &o[rows], kept = *spot;
  if (way == 0) *spot = o[r - 1] - 1;
  if (way == 1) *spot = -1 - (long long)(unit_at(next_seed(), 0) * n);
  if (way == 2 || way == 3) *spot = n + (way == 2 ? 1 : -1);
  if (scan_check_offsets(o, rows, n) == cudaSuccess) {
    wrong++;
    printf("  FAILED a spoiled batch of %s was accepted (way %d)\n", lengths_names[kind], way);
  }
  *spot = kept;
}
#line 19101 "scan.nw"
    free(o);
  }
  printf("  %-6s batches of each of the %d kinds of lengths: well formed, as they say,"
         " and refused once spoiled\n", wrong ? "FAILED" : "ok", LENGTHS_KINDS);
  return wrong == 0;
}
#line 19250 "scan.nw"
/* mark_row_starts_kernel's bit array on the host (calloc'ed), into r. */
static void host_mark_starts(ragged_rows *r, long long n)
{
  unsigned *bits = (unsigned *)calloc((size_t)ragged_starts_words(n), sizeof(unsigned));
  for (long long k = 0, o; k <= r->rows; k++)
    if ((o = r->offsets[k]) >= 0 && o <= n) bits[o / 32] |= 1u << (o % 32);
  if (n > 0) bits[0] |= 1u;
  r->starts = bits;
  r->words = ragged_starts_words(n);
}
#line 19263 "scan.nw"
/* The bit of element e in a bit array of `words` words; 0 outside it. */
static unsigned bit_at(const unsigned *bits, long long words, long long e)
{
  return e >= 0 && e / 32 < words ? bits[e / 32] >> (e % 32) & 1u : 0u;
}

/* Whether the window of ITEMS items from each e0 in [-40, n + 40), read `skew` elements
   on, is the array's own bits from e0. */
template <int ITEMS>
static bool windows_read(const ragged_rows &r, long long n, int skew)
{
  for (long long e0 = -40; e0 < n + 40; e0++) {
    unsigned m = starts_window<ITEMS>(r.starts, r.words, e0 + skew), want = 0;
    for (int d = 0; d < ITEMS; d++) want |= bit_at(r.starts, r.words, e0 + d) << d;
    if (m != want) return false;
  }
  return true;
}
#line 19284 "scan.nw"
/* Whether the array of sorted offsets marks element 0 and the offsets in [0, n], nothing
   else. */
static bool marks_offsets(const ragged_rows &r, long long n)
{
  bool same = true;
  for (long long e = 0, k = 0; e <= n + 40; e++) {
    while (k <= r.rows && r.offsets[k] < e) k++;
    bool starts = (e == 0 || (k <= r.rows && r.offsets[k] == e)) && e <= n;
    same = same && bit_at(r.starts, r.words, e) == (unsigned)starts;
  }
  return same;
}
#line 19299 "scan.nw"
static bool check_starts_array(void)
{
  int wrong = 0;
  for (int kind = 0; kind < LENGTHS_KINDS; kind++) {
    long long n = 3001, *offsets, rows = make_offsets(kind, n, next_seed(), &offsets);
    ragged_rows r = {offsets, rows, NULL, 0};
    host_mark_starts(&r, n);
    bool read = windows_read<8>(r, n, 0) && windows_read<16>(r, n, 0) &&
                windows_read<32>(r, n, 0);
    bool ok = marks_offsets(r, n) && read && !windows_read<32>(r, n, 1);
    if (!ok) printf("  FAILED the bit array of a batch of %s\n", lengths_names[kind]);
    wrong += !ok;
    free((void *)r.starts);
    free(offsets);
  }
  printf("  %-6s the bit array of each kind of batch: its offsets marked, windows of 8, 16"
         " and 32 read, a window one off caught\n", wrong ? "FAILED" : "ok");
  return wrong == 0;
}
#line 19332 "scan.nw"
/* One write of the marking pass: word `at` stored (`plain`) or ORed with `value`. */
typedef struct { long long at; unsigned value; bool plain; } mark_write;

static mark_write mark_write_of(long long at, unsigned value, bool plain)
{
  mark_write w = {at, value, plain};
  return w;
}
#line 19343 "scan.nw"
/* The writes, in its order, of the block that takes offsets [base, last]; returns how many
   (at most MARK_ROWS + MARK_WORDS + 1), or -1 for a span wider than shared memory's. */
static int mark_block_writes(const long long *offsets, long long base, long long last,
                             long long n, int fault, mark_write *out)
{
  unsigned span[MARK_WORDS] = {0};
  int used, count = 0;
  long long w0 = mark_span(offsets, base, last, n, &used);
  if (used > MARK_WORDS) return -1;
  for (long long k = base; k <= last; k++) {
    long long o = offsets[k];
    if (o < 0 || o > n) continue;
    long long w = (o >> 5) - w0;
    unsigned bit = 1u << (o & 31);
    if (used > 0 && w >= 0 && w < used) span[w] |= bit;
    else out[count++] = mark_write_of(o >> 5, bit, false);
  }
  for (int i = 0; i < used; i++)
    if (MARK_WORD_ALONE(i, used, fault)) out[count++] = mark_write_of(w0 + i, span[i], true);
    else if (span[i]) out[count++] = mark_write_of(w0 + i, span[i], false);
  if (base == 0 && n > 0) out[count++] = mark_write_of(0, 1u, false);   /* element 0 */
  return count;
}
#line 19369 "scan.nw"
/* The next block with writes left: in order 0 the first, 1 the last, else one drawn. */
static long long mark_next_block(const int *done, const int *count, long long blocks,
                                 uint64_t order, long long step)
{
  long long b = order == 0 ? 0 : order == 1 ? blocks - 1
                             : (long long)(mix64(order ^ mix64((uint64_t)step)) % blocks);
  while (done[b] == count[b]) b = order == 1 ? (b + blocks - 1) % blocks : (b + 1) % blocks;
  return b;
}
#line 19381 "scan.nw"
/* The array (words of n) that the blocks' writes leave, landed in `order`; false where a
   write falls outside it. */
static bool mark_in_order(const long long *offsets, long long rows, long long n, int fault,
                          uint64_t order, unsigned *bits)
{
  const long long each = MARK_ROWS + MARK_WORDS + 1;   /* the most writes a block makes */
  long long blocks = rows / MARK_ROWS + 1, words = ragged_starts_words(n), left = 0;
  mark_write *writes = (mark_write *)malloc(sizeof(mark_write) * (size_t)(blocks * each));
  int *count = (int *)calloc((size_t)blocks, sizeof(int));
  int *done = (int *)calloc((size_t)blocks, sizeof(int));
  if (!writes || !count || !done) {
    fprintf(stderr, "out of host memory\n");
    exit(EXIT_FAILED);
  }
  bool inside = true;
  for (long long b = 0; b < blocks; b++) {
    long long base = b * MARK_ROWS, last = base + MARK_ROWS - 1;
    if (last > rows) last = rows;
    int made = mark_block_writes(offsets, base, last, n, fault, writes + b * each);
    inside = inside && made >= 0;   /* -1: a span wider than shared memory's */
    left += count[b] = made < 0 ? 0 : made;
  }
  
#line 19410 "scan.nw"
memset(bits, 0, sizeof(unsigned) * (size_t)words);
for (long long step = 0; step < left; step++) {
  long long b = mark_next_block(done, count, blocks, order, step);
  mark_write w = writes[b * each + done[b]++];
  if (w.at < 0 || w.at >= words) { inside = false; continue; }
  bits[w.at] = w.plain ? w.value : bits[w.at] | w.value;
}
#line 19404 "scan.nw"
  free(writes), free(count), free(done);
  return inside;
}
#line 19432 "scan.nw"
enum { MIRROR_TINY = LENGTHS_KINDS, MIRROR_32, MIRROR_33, MIRROR_BELOW_0, MIRROR_PAST_N,
       MIRROR_ANY, MIRROR_BATCHES };   /* the mirror's batches after the suite's kinds */

/* Whether the mirror leaves the host's array in every order from well-formed offsets,
   keeps every write inside the array from any, and loses a bit in some order where a
   stored end word is injected (the fault exists only here: the kernel passes none). */
static bool check_marking_pass(void)
{
  bool same = true, caught = false, inside = true;
  for (int kind = 0; kind < MIRROR_BATCHES; kind++) {
    long long n = 300007, *offsets, rows;
    
#line 19463 "scan.nw"
uint64_t seed = next_seed();
if (kind < LENGTHS_KINDS) {
  rows = make_offsets(kind, n, seed, &offsets);
} else {
  rows = kind == MIRROR_TINY ? 200000 : kind == MIRROR_ANY ? 5000 : 10000;
  offsets = (long long *)malloc(sizeof(long long) * (size_t)(rows + 1));
  if (!offsets) { fprintf(stderr, "out of host memory\n"); exit(EXIT_FAILED); }
  offsets[0] = kind == MIRROR_BELOW_0 ? -300 : 0;
  for (long long r = 1; r <= rows; r++) {
    long long step = kind == MIRROR_32 ? 32 : kind == MIRROR_33 ? 33
                                            : (long long)(unit_at(seed, r) * 41);
    offsets[r] = kind == MIRROR_ANY ? (long long)(unit_at(seed, r) * 3 * n) - n
                                    : offsets[r - 1] + step;
  }
  if (kind != MIRROR_ANY) n = offsets[rows] - (kind == MIRROR_PAST_N ? 300 : 0);
}
#line 19444 "scan.nw"
    ragged_rows want = {offsets, rows, NULL, 0};
    host_mark_starts(&want, n);
    unsigned *bits = (unsigned *)malloc(sizeof(unsigned) * (size_t)want.words);
    size_t bytes = sizeof(unsigned) * (size_t)want.words;
    bool formed = kind <= MIRROR_33;
    for (uint64_t order = 0; order < 8; order++) {
      inside = mark_in_order(offsets, rows, n, FAULT_NONE, order, bits) && inside;
      same = same && (!formed || !memcmp(bits, want.starts, bytes));
      mark_in_order(offsets, rows, n, FAULT_MARK_ENDS_STORED, order, bits);
      caught = caught || (formed && memcmp(bits, want.starts, bytes));
    }
    free(bits), free((void *)want.starts), free(offsets);
  }
  
#line 19482 "scan.nw"
printf("  %-6s the marking pass's blocks in 8 orders: the host's array from every batch,"
       " nothing outside it on any\n", same && inside ? "ok" : "FAILED");
printf("  %-6s mark-ends-stored              a span's end word stored, a neighbour's bit"
       " lost\n", caught ? "caught" : "MISSED");
return same && inside && caught;
#line 19458 "scan.nw"
}
#line 19129 "scan.nw"
static int ragged_cpu_cases(ragged_case *cases)
{
  static const long long sizes[] = {1, 1000, 100003};
  int count = 0;
  for (int k = 0; k < LENGTHS_KINDS; k++)
    for (int s = 0; s < 3; s++)
      cases[count++] = ragged_case{k, sizes[s], (k + s) % DECAY_COUNT};
  for (int s = RAGGED_NAN_B; s < RAGGED_SPECIALS; s++) {
    cases[count++] = ragged_case{LENGTHS_EMPTY, 30011, s % DECAY_COUNT, 0, 0, 0, false, s};
    cases[count++] = ragged_case{LENGTHS_NEAR_1000, 100003, 0, 0, 0, 0, false, s};
    cases[count++] = ragged_case{LENGTHS_TINY_AND_LONG, 300007, 1, 0, 0, 0, false, s};
  }
  cases[count++] = ragged_case{LENGTHS_ONES, 10007, 2, 0, 0, 0, false, RAGGED_NAN_A_AT_START};
  cases[count++] = ragged_case{LENGTHS_ONE_ROW, 10007, 3, 0, 0, 0, false, RAGGED_NAN_B};
  return count;
}
#line 19157 "scan.nw"
typedef struct {
  int reference_caught, judge_caught;   /* batches where each check failed */
  char reference_first[200], judge_first[300];
  double worst;                         /* of the bound, on batches without specials */
} ragged_evidence;

static ragged_evidence run_ragged_fault(const ragged_case *cases, int count, int fault)
{
  ragged_evidence ev = {0, 0, "", "", 0.0};
  for (int i = 0; i < count; i++) {
    
#line 19177 "scan.nw"
const ragged_case *c = &cases[i];
long long n = c->n, *o, rows = make_offsets(c->lengths, n, next_seed(), &o);
float *a = (float *)malloc(sizeof(float) * n), *b = (float *)malloc(sizeof(float) * n);
float *h32 = (float *)malloc(sizeof(float) * n);
double *h = (double *)malloc(sizeof(double) * n), *want = (double *)malloc(sizeof(double) * n);
if (!a || !b || !h32 || !h || !want) {
  fprintf(stderr, "out of host memory\n");
  exit(EXIT_FAILED);
}
make_inputs(a, b, n, c->decay);
plant_ragged(c->special, a, b, o, rows);
#line 19168 "scan.nw"
    
#line 19191 "scan.nw"
ragged_pass(a, b, h, n, o, rows, fault);
for (long long r = 0; r < rows; r++)
  reference_row(a + o[r], b + o[r], want + o[r], o[r + 1] - o[r]);
long long t = 0;
while (t < n && (h[t] == want[t] || (isnan(h[t]) && isnan(want[t])))) t++;
if (t < n && !ev.reference_caught++) {
  long long r = ragged_row_of(o, rows, t);
  snprintf(ev.reference_first, sizeof ev.reference_first, "at row %lld, t %lld of %s,"
           " n %lld%s (got %.9g, want %.9g)", r, t - o[r], lengths_names[c->lengths], n,
           ragged_special_names[c->special], h[t], want[t]);
}
#line 19169 "scan.nw"
    
#line 19205 "scan.nw"
ragged_pass(a, b, h32, n, o, rows, fault);
comparison judged = compare_ragged(a, b, h32, n, o, rows, FLOAT32);
if ((judged.failed || judged.checked != n) && !ev.judge_caught++) {
  char text[200];
  describe_worst_ragged(text, sizeof text, &judged, o, rows);
  snprintf(ev.judge_first, sizeof ev.judge_first, "%s, in %s, n %lld%s", text,
           lengths_names[c->lengths], n, ragged_special_names[c->special]);
}
if (!c->special && judged.worst_ratio > ev.worst) ev.worst = judged.worst_ratio;
#line 19170 "scan.nw"
    free(o); free(a); free(b); free(h); free(want); free(h32);
  }
  return ev;
}
#line 19220 "scan.nw"
static bool report_ragged_fault(int fault, const ragged_evidence *ev, int batches)
{
  const char *name = ragged_fault_names[fault];
  if (fault == RAGGED_CORRECT) {
    bool ok = !ev->reference_caught && !ev->judge_caught;
    printf("  %-6s %-30s %d batches: the per-row reference's bits%s; float32 uses %.3g of"
           " the bound%s\n", ok ? "ok" : "FAILED", name, batches,
           ev->reference_caught ? " NOT ALWAYS" : "", ev->worst,
           ev->judge_caught ? ", BUT FAILS IT" : "");
    if (!ok) printf("         %s\n         %s\n", ev->reference_first, ev->judge_first);
    return ok;
  }
  bool caught = ev->reference_caught && ev->judge_caught;
  printf("  %-6s %-30s in double %s\n", caught ? "caught" : "MISSED", name,
         ev->reference_caught ? ev->reference_first : "no batch differs");
  printf("         %-30s in float  %s\n", "", ev->judge_caught ? ev->judge_first
                                                             : "no batch fails the bound");
  return caught;
}
#line 19490 "scan.nw"
static int suite_ragged(void)
{
  bool ok = check_offsets_cases();
  ok = check_batches() && ok;
  ok = check_starts_array() && ok;
  ok = check_marking_pass() && ok;
  ragged_case cases[48];
  int count = ragged_cpu_cases(cases);
  for (int f = 0; f < RAGGED_FAULTS; f++) {
    ragged_evidence ev = run_ragged_fault(cases, count, f);
    ok = report_ragged_fault(f, &ev, count) && ok;
  }
  return ok ? EXIT_OK : EXIT_FAILED;
}
#line 19527 "scan.nw"
static const precision DIFFERENCES = {1e-6, 1e-12};

/* The central difference of the loss when x[i] moves by 1e-6 either way. */
static double loss_difference(double *a, double *b, double *x, long long i, const float *dh,
                              const double *h0, double dh_final, long long len)
{
  double keep = x[i];
  x[i] = keep + 1e-6;
  double up = backward_loss(a, b, dh, h0, dh_final, len);
  x[i] = keep - 1e-6;
  double down = backward_loss(a, b, dh, h0, dh_final, len);
  x[i] = keep;
  return (up - down) / 2e-6;
}
#line 19548 "scan.nw"
static bool reference_matches_differences(long long len)
{
  float af[64], hf[64], dh[64];
  double a[64], b[64], da[64], db[64], dh0, h0 = uniform_at(next_seed(), 0, -1, 1);
  double dh_final = uniform_at(next_seed(), 0, -1, 1), state = h0;
  uint64_t sa = next_seed(), sb = next_seed(), sd = next_seed();
  for (long long t = 0; t < len; t++) {
    af[t] = uniform_at(sa, t, -1.0f, 1.0f);
    a[t] = af[t];
    b[t] = uniform_at(sb, t, -1.0f, 1.0f);
    dh[t] = uniform_at(sd, t, -1.0f, 1.0f);
    hf[t] = (float)(state = a[t] * state + b[t]);
  }
  for (long long t = 0; t < len; t++) {
    da[t] = loss_difference(a, b, a, t, dh, &h0, dh_final, len);
    db[t] = loss_difference(a, b, b, t, dh, &h0, dh_final, len);
  }
  dh0 = loss_difference(a, b, &h0, 0, dh, &h0, dh_final, len);
  float h0f = (float)h0;
  backward_comparison c;
  backward_compare_init(&c);
  compare_backward_row(af, hf, dh, (double)h0f, dh_final, da, db, &dh0, 0, len, 0,
                       later_depth(len), DIFFERENCES, &c);
  if (c.da.failed || c.db.failed || c.dh0.failed) {
    char text[256];
    comparison *worst = c.db.failed ? &c.db : c.da.failed ? &c.da : &c.dh0;
    describe_worst(text, sizeof text, worst, len);
    printf("  worst: %s\n", text);
  }
  return !c.da.failed && !c.db.failed && !c.dh0.failed;
}
#line 19586 "scan.nw"
typedef struct { long long rows, len; int shift; bool h0, dh_final; } backward_mirror_case;

static const backward_mirror_case backward_mirror_cases[] = {
  {1, 1, 0, true, true},      {7, 1, 2, false, true},    {3, 5, 1, true, false},
  {2, 4095, 3, true, true},   {1, 4097, 0, false, false}, {1, 12289, 1, true, true},
  {5, 8191, 2, false, true},  {33, 33, 3, true, true},   {4, 4096, 0, true, false},
  {300, 17, 0, true, true},   {2, 20000, 1, true, true},  {1, 70001, 3, true, true},
};
#define BACKWARD_MIRROR_CASES 12
#line 19603 "scan.nw"
typedef struct { int lengths; long long n; int shift; bool at_edges; } packed_mirror_case;

static const packed_mirror_case packed_mirror_cases[] = {
  {LENGTHS_ONES, 9001, 1, false},           {LENGTHS_EMPTY, 30011, 0, false},
  {LENGTHS_TINY_AND_LONG, 30011, 3, false}, {LENGTHS_NEAR_1000, 30011, 2, false},
  {LENGTHS_ONE_ROW, 20000, 1, false},       {LENGTHS_UNIFORM, 70001, 0, false},
  {LENGTHS_ONE_ROW, 5 * BWD_TILE + 7, 0, true}, {LENGTHS_ONE_ROW, 5 * BWD_TILE, 3, true},
};
#define PACKED_MIRROR_CASES 8

/* Offsets (malloc'ed) with rows ending one before, at and one after every tile edge of
   the backward at `shift`; the rows. */
static long long tile_edge_offsets(long long n, int shift, long long **offsets)
{
  long long rows = 0, cap = 64, *o = (long long *)malloc(sizeof(long long) * cap);
  if (!o) { fprintf(stderr, "out of host memory\n"); exit(EXIT_FAILED); }
  o[0] = 0;
  for (long long edge = BWD_TILE - shift; edge + 1 < n; edge += BWD_TILE)
    for (long long e = edge - 1; e <= edge + 1; e++) push_offset(&o, &cap, &rows, e);
  push_offset(&o, &cap, &rows, n);
  *offsets = o;
  return rows;
}

static const char *packed_mirror_name(int i)
{
  return packed_mirror_cases[i].at_edges ? "rows ending at tile edges"
                                         : lengths_names[packed_mirror_cases[i].lengths];
}
#line 19636 "scan.nw"
/* Whether the mirror under `fault` agrees with the reference on case i. */
static bool backward_mirror_passes(int i, int fault, char *text, size_t size)
{
  backward_mirror_case k = backward_mirror_cases[i];
  long long n = k.rows * k.len;
  float *in = (float *)malloc(sizeof(float) * (3 * n + 2 * k.rows));
  double *out = (double *)malloc(sizeof(double) * (2 * n + k.rows));
  float *a = in, *h = in + n, *dh = in + 2 * n, *h0 = dh + n, *dh_final = h0 + k.rows;
  fill_uniform(a, n, next_seed(), decays[i % DECAY_COUNT].lo, decays[i % DECAY_COUNT].hi);
  fill_uniform(h, n, next_seed(), -1.0f, 1.0f);
  fill_uniform(dh, n, next_seed(), -1.0f, 1.0f);
  fill_uniform(h0, 2 * k.rows, next_seed(), -1.0f, 1.0f);
  backward_params p = {a, h, dh, k.h0 ? h0 : NULL, k.dh_final ? dh_final : NULL,
                       NULL, NULL, NULL, n, k.len, l4_tiles(n, k.shift, BWD_TILE), k.shift, {}};
  backward_mirror(p, NULL, out, out + n, out + 2 * n, fault);
  backward_comparison c = compare_backward(a, h, dh, p.h0, p.dh_final, out, out + n,
                                           out + 2 * n, k.rows, k.len, FLOAT64);
  bool passes = !c.da.failed && !c.db.failed && !c.dh0.failed;
  comparison *worst = c.db.failed ? &c.db : c.da.failed ? &c.da : &c.dh0;
  describe_worst(text, size, worst, worst == &c.dh0 ? 1 : k.len);
  free(in);
  free(out);
  return passes;
}
#line 19664 "scan.nw"
/* Whether the mirror under `fault` agrees with the reference on packed batch i. */
static bool backward_ragged_mirror_passes(int i, int fault, char *text, size_t size)
{
  packed_mirror_case k = packed_mirror_cases[i];
  long long n = k.n, *offsets;
  long long rows = k.at_edges ? tile_edge_offsets(n, k.shift, &offsets)
                              : make_offsets(k.lengths, n, next_seed(), &offsets);
  float *in = (float *)malloc(sizeof(float) * 3 * n), *a = in, *h = in + n, *dh = in + 2 * n;
  double *out = (double *)malloc(sizeof(double) * 2 * n);
  fill_uniform(a, n, next_seed(), decays[i % DECAY_COUNT].lo, decays[i % DECAY_COUNT].hi);
  fill_uniform(h, 2 * n, next_seed(), -1.0f, 1.0f);   /* h and dh */
  backward_params p = {a, h, dh, NULL, NULL, NULL, NULL, NULL, n, n,
                       l4_tiles(n, k.shift, BWD_TILE), k.shift, {}};
  ragged_rows r = {offsets, rows, NULL, 0};
  host_mark_starts(&r, n);
  backward_mirror(p, &r, out, out + n, NULL, fault);
  backward_comparison c = compare_backward_ragged(a, h, dh, out, out + n, n, offsets, rows,
                                                  FLOAT64);
  bool passes = !c.da.failed && !c.db.failed && c.da.checked == n && c.db.checked == n;
  describe_worst_ragged(text, size, c.db.failed ? &c.db : &c.da, offsets, rows);
  free((void *)r.starts);
  free(in);
  free(out);
  free(offsets);
  return passes;
}
#line 19693 "scan.nw"
static int suite_mirror_backward(void)
{
  bool ok = true;
  char text[256];
  for (long long len = 1; len <= 40; len += len < 4 ? 1 : 9) {
    bool fine = reference_matches_differences(len);
    printf("  reference %s central differences on a row of %lld\n",
           fine ? "matches" : "DOES NOT MATCH", len);
    ok = ok && fine;
  }
  for (int i = 0; i < BACKWARD_MIRROR_CASES; i++) {
    bool fine = backward_mirror_passes(i, FAULT_NONE, text, sizeof text);
    if (!fine) printf("  mirror FAILED on %lld rows of %lld: %s\n",
                      backward_mirror_cases[i].rows, backward_mirror_cases[i].len, text);
    ok = ok && fine;
  }
  for (int i = 0; i < PACKED_MIRROR_CASES; i++) {
    bool fine = backward_ragged_mirror_passes(i, FAULT_NONE, text, sizeof text);
    if (!fine) printf("  mirror FAILED on a packed batch of %s: %s\n",
                      packed_mirror_name(i), text);
    ok = ok && fine;
  }
  printf("  mirror matches the reference on %d cases and %d packed batches\n",
         BACKWARD_MIRROR_CASES, PACKED_MIRROR_CASES);
  
#line 19723 "scan.nw"
for (int fault = FAULT_BACKWARD_A_UNSHIFTED; fault <= FAULT_BACKWARD_RAGGED_ENDS_AT_STARTS;
     fault++) {
  int i = 0, k = 0;
  while (i < BACKWARD_MIRROR_CASES && backward_mirror_passes(i, fault, text, sizeof text)) i++;
  while (i == BACKWARD_MIRROR_CASES && k < PACKED_MIRROR_CASES &&
         backward_ragged_mirror_passes(k, fault, text, sizeof text))
    k++;
  if (i < BACKWARD_MIRROR_CASES)
    printf("  caught %-28s on %lld rows of %lld: %s\n", fault_names[fault],
           backward_mirror_cases[i].rows, backward_mirror_cases[i].len, text);
  else if (k < PACKED_MIRROR_CASES)
    printf("  caught %-28s on a packed batch of %s: %s\n", fault_names[fault],
           packed_mirror_name(k), text);
  else
    printf("  MISSED %-28s no case exposed it\n", fault_names[fault]);
  ok = ok && (i < BACKWARD_MIRROR_CASES || k < PACKED_MIRROR_CASES);
}
#line 19718 "scan.nw"
  return ok ? EXIT_OK : EXIT_FAILED;
}
#line 19801 "scan.nw"
static bool gpu_available(char *why, size_t size)
{
  int count = 0, driver = 0;
  cudaError_t e = cudaGetDeviceCount(&count);
  if (e == cudaSuccess && count > 0) return true;
  if (cudaDriverGetVersion(&driver) != cudaSuccess) driver = 0;
  if (e == cudaSuccess || e == cudaErrorNoDevice || e == cudaErrorStubLibrary ||
      (e == cudaErrorInsufficientDriver && driver == 0))
    snprintf(why, size, "no NVIDIA GPU or driver found");
  else
    snprintf(why, size, "no usable CUDA device (%s)", cudaGetErrorString(e));
  return false;
}
#line 19824 "scan.nw"
enum { SPECIAL_NONE, SPECIAL_NAN_B, SPECIAL_NAN_A, SPECIAL_INF_B, SPECIAL_INF_A,
       SPECIAL_NAN_FIRST_A, SPECIAL_EMPTY_NAN_A, SPECIAL_KNOWN_NAN_A };

typedef struct {
  long long rows, len;
  int decay;
  int a_offset, b_offset, h_offset;  /* floats past a 16-byte boundary */
  bool in_place;                     /* h is b */
  int special;
} gpu_case;
#line 19842 "scan.nw"
typedef struct { const scan_variant *variant; int public_kernel; } kernel_ref;

static cudaError_t call_kernel(kernel_ref k, const float *a, const float *b,
                               float *h, long long rows, long long len,
                               cudaStream_t stream)
{
  if (k.public_kernel >= 0)
    return scan_forward((scan_kernel)k.public_kernel, a, b, h, rows, len, stream);
  return run_variant(k.variant, a, b, h, rows, len, NULL, stream);
}

static const char *kernel_name(kernel_ref k)
{
  static const char *const names[] = {"SCAN_L1_BLELLOCH", "SCAN_L2_MULTIBLOCK",
      "SCAN_L3_LOOKBACK", "SCAN_L3B_LOOKBACK_WARP", "SCAN_L3C_LOOKBACK_ITEMS",
      "SCAN_L4_ROOFLINE", "SCAN_AUTO"};
  return k.public_kernel >= 0 ? names[k.public_kernel] : k.variant->name;
}
#line 19868 "scan.nw"
typedef struct {
  float *a, *b, *h;              /* host */
  float *da, *db, *dh;           /* device, at the case's offsets */
  float *base_a, *base_b, *base_h;
  long long n;
} case_buffers;

static void poison(float *device_base, long long n)
{
  CUDA_CHECK(cudaMemset(device_base, 0xff, sizeof(float) * (n + 8)));
}
#line 19882 "scan.nw"
static case_buffers case_buffers_new(const gpu_case *c)
{
  case_buffers m;
  m.n = c->rows * c->len;
  size_t bytes = sizeof(float) * (m.n + 8);
  m.a = (float *)malloc(bytes);
  m.b = (float *)malloc(bytes);
  m.h = (float *)malloc(bytes);
  if (!m.a || !m.b || !m.h) {
    fprintf(stderr, "out of host memory\n");
    exit(EXIT_FAILED);
  }
  CUDA_CHECK(cudaMalloc(&m.base_a, bytes));
  CUDA_CHECK(cudaMalloc(&m.base_b, bytes));
  CUDA_CHECK(cudaMalloc(&m.base_h, bytes));
  m.da = m.base_a + c->a_offset;
  m.db = m.base_b + c->b_offset;
  m.dh = c->in_place ? m.db : m.base_h + c->h_offset;
  return m;
}
#line 19905 "scan.nw"
static void case_buffers_free(case_buffers *m)
{
  free(m->a); free(m->b); free(m->h);
  CUDA_CHECK(cudaFree(m->base_a));
  CUDA_CHECK(cudaFree(m->base_b));
  CUDA_CHECK(cudaFree(m->base_h));
}
#line 19930 "scan.nw"
static float float_of_bits(uint32_t bits)
{
  float x;
  memcpy(&x, &bits, sizeof x);
  return x;
}

static void plant_special(const gpu_case *c, float *a, float *b)
{
  long long at = (c->rows > 1 ? c->len : 0) + c->len / 3;
  switch (c->special) {
  case SPECIAL_NAN_B: b[at] = NAN; break;
  case SPECIAL_NAN_A: a[at] = NAN; break;
  case SPECIAL_INF_B: b[at] = INFINITY; break;
  case SPECIAL_INF_A: a[at] = INFINITY; break;
  case SPECIAL_NAN_FIRST_A: a[0] = NAN; break;
  case SPECIAL_EMPTY_NAN_A: a[at] = float_of_bits(0xFFFFFFFFu); break;
  case SPECIAL_KNOWN_NAN_A: a[at] = float_of_bits(0xFFFFFFFEu); break;
  }
}
#line 19953 "scan.nw"
static void upload_case(const gpu_case *c, case_buffers *m)
{
  make_inputs(m->a, m->b, m->n, c->decay);
  plant_special(c, m->a, m->b);
  CUDA_CHECK(cudaMemcpy(m->da, m->a, sizeof(float) * m->n, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(m->db, m->b, sizeof(float) * m->n, cudaMemcpyHostToDevice));
  if (!c->in_place) poison(m->base_h, m->n);
}
#line 19968 "scan.nw"
static bool guards_intact(const gpu_case *c, const case_buffers *m)
{
  if (c->in_place) return true;
  float guard[8];
  int before = c->h_offset, after = 8 - before;
  CUDA_CHECK(cudaMemcpy(guard, m->base_h, sizeof(float) * before,
                        cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(guard + before, m->dh + m->n, sizeof(float) * after,
                        cudaMemcpyDeviceToHost));
  for (int i = 0; i < 8; i++) {
    uint32_t bits;
    memcpy(&bits, &guard[i], 4);
    if (bits != 0xffffffffu) return false;
  }
  return true;
}
#line 19990 "scan.nw"
typedef struct { comparison cmp; bool ok; char error[160]; } case_result;

static case_result run_case(kernel_ref k, const gpu_case *c)
{
  case_result r = {{0, 0, 0.0, -1, 0.0, 0.0}, false, ""};
  case_buffers m = case_buffers_new(c);
  upload_case(c, &m);
  cudaError_t e = call_kernel(k, m.da, m.db, m.dh, c->rows, c->len, 0);
  if (e == cudaSuccess) e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    snprintf(r.error, sizeof r.error, "CUDA error: %s", cudaGetErrorString(e));
  } else {
    
#line 20010 "scan.nw"
CUDA_CHECK(cudaMemcpy(m.h, m.dh, sizeof(float) * m.n, cudaMemcpyDeviceToHost));
r.cmp = compare_rows(m.a, m.b, m.h, c->rows, c->len, FLOAT32);
r.ok = r.cmp.failed == 0;
if (!guards_intact(c, &m)) {
  r.ok = false;
  snprintf(r.error, sizeof r.error, "wrote outside the output");
} else if (!r.ok) {
  describe_worst(r.error, sizeof r.error, &r.cmp, c->len);
}
#line 20003 "scan.nw"
  }
  case_buffers_free(&m);
  return r;
}
#line 20033 "scan.nw"
static int kernel_cases(gpu_case *cases, long long ceiling, int tile)
{
  int count = 0, d = 0;
  long long top = ceiling ? ceiling : (1LL << 22);
  static const long long small[] = {1, 2, 3, 31, 32, 33, 1009, 65537, 999983};
  for (int i = 0; i < 9; i++)
    if (small[i] <= top) cases[count++] = gpu_case{0, small[i], d++ % DECAY_COUNT};
  for (long long p = 64; p <= top; p *= 2)
    for (long long e = p - 1; e <= p + 1; e++)
      if (e <= top) cases[count++] = gpu_case{0, e, d++ % DECAY_COUNT};
  for (int i = 0; i < count; i++) {
    long long rows = (1LL << 22) / cases[i].len;
    cases[i].rows = rows < 1 ? 1 : rows > 7 ? 7 : rows;
  }
  
#line 20053 "scan.nw"
long long mid = top < 3001 ? top : 3001, wide = top < 257 ? top : 257;
cases[count++] = gpu_case{70001, 33, 0};
cases[count++] = gpu_case{66000, wide, 1};
cases[count++] = gpu_case{5, mid, 2, 0, 0, 0, true};
for (int o = 1; o < 4; o++) cases[count++] = gpu_case{3, mid, o, o, o, o};
cases[count++] = gpu_case{3, mid, 3, 1, 2, 3};
cases[count++] = gpu_case{3, mid, 0, 3, 0, 1};
cases[count++] = gpu_case{3, mid, 1, 2, 1, 1, true};
cases[count++] = gpu_case{1000, 3, 0, 1, 1, 1};
cases[count++] = gpu_case{500, top < 33 ? top : 33, 1, 3, 3, 3};
if (top >= 2049) {   /* rows at a 32-item tile's heads' limit, one past it, and more */
  cases[count++] = gpu_case{700, 1024, 1, 1, 1, 1};
  cases[count++] = gpu_case{900, 1023, 2};
  cases[count++] = gpu_case{300, 1025, 3, 2, 2, 2};
  cases[count++] = gpu_case{200, 2047, 2};
  cases[count++] = gpu_case{2000, 509, 0, 3, 3, 3};
}
cases[count++] = gpu_case{5, mid, 2, 1, 1, 1, true};
for (int s = SPECIAL_NAN_B; s <= SPECIAL_KNOWN_NAN_A; s++)
  cases[count++] = gpu_case{4, mid, s % DECAY_COUNT, 0, 0, 0, false, s};
if (tile) cases[count++] = gpu_case{1, 65536LL * tile + 7, 1};
if (tile >= 2048) cases[count++] = gpu_case{4500, 16384, 2};
if (tile >= 4096) {
  
#line 20098 "scan.nw"
cases[count++] = gpu_case{1, 1LL << 23, 2};
cases[count++] = gpu_case{8, 1LL << 20, 1};
cases[count++] = gpu_case{600, 4096, 3};
cases[count++] = gpu_case{3, 300 * 4096, 1, 0, 0, 0, true};
for (int s = SPECIAL_NAN_B; s <= SPECIAL_KNOWN_NAN_A; s++)
  cases[count++] = gpu_case{2, 300 * 4096, s % DECAY_COUNT, 0, 0, 0, false, s};
cases[count++] = gpu_case{1, (1LL << 23) + 4, 0};
cases[count++] = gpu_case{3, 100 * 4096 + 2080, 1};
cases[count++] = gpu_case{2, 200 * 4096 + 1024, 2, 0, 0, 0, true};
for (int s = SPECIAL_NAN_B; s <= SPECIAL_KNOWN_NAN_A; s++)
  cases[count++] = gpu_case{2, 300 * 4096 + 32, s % DECAY_COUNT, 0, 0, 0, false, s};
cases[count++] = gpu_case{264, 16 * 4096, 0};
cases[count++] = gpu_case{1, (1LL << 23) + 1, 1, 1, 1, 1};
cases[count++] = gpu_case{1, (1LL << 23) + 2, 2, 3, 3, 3, true};
cases[count++] = gpu_case{5, 17 * 4096 - 20, 0};
cases[count++] = gpu_case{5, 17 * 4096 - 20, 2, 2, 2, 2};
cases[count++] = gpu_case{3, 20 * 4096 + 7, 1, 5, 5, 1};
#line 20077 "scan.nw"
}
#line 20048 "scan.nw"
  return count;
}
#line 20122 "scan.nw"
static bool kernel_suite(kernel_ref k, long long ceiling, int tile)
{
  gpu_case cases[128];
  int count = kernel_cases(cases, ceiling, tile), failed = 0;
  comparison worst;
  compare_init(&worst);
  long long worst_len = 1;
  for (int i = 0; i < count; i++) {
    case_result r = run_case(k, &cases[i]);
    
#line 20142 "scan.nw"
const gpu_case *c = &cases[i];
if (!r.ok) {
  failed++;
  printf("  FAILED %s rows %lld len %lld %s offsets %d/%d/%d%s special %d: %s\n",
         kernel_name(k), c->rows, c->len, decays[c->decay].name, c->a_offset,
         c->b_offset, c->h_offset, c->in_place ? " in place" : "", c->special,
         r.error);
}
long long checked = worst.checked + r.cmp.checked;
if (r.cmp.worst_index >= 0 && r.cmp.worst_ratio > worst.worst_ratio && !c->special) {
  worst = r.cmp;
  worst_len = c->len;
}
worst.checked = checked;
#line 20132 "scan.nw"
  }
  char text[200];
  describe_worst(text, sizeof text, &worst, worst_len);
  printf("  %-6s %-24s %d cases, %.3g elements; worst %s\n", failed ? "FAILED" : "ok",
         kernel_name(k), count, (double)worst.checked, text);
  return failed == 0;
}
#line 20162 "scan.nw"
static kernel_ref public_ref(int k) { return kernel_ref{NULL, k}; }

static kernel_ref variant_ref(const char *name)
{
  return kernel_ref{find_variant(name), -1};
}

static int run_kernel_suites(const kernel_ref *refs, int count)
{
  bool ok = true;
  for (int i = 0; i < count; i++) {
    const scan_variant *v = refs[i].variant ? refs[i].variant
        : find_variant(public_variant_names[refs[i].public_kernel]);
    ok = kernel_suite(refs[i], v->max_len, v->tile) && ok;
  }
  return ok ? EXIT_OK : EXIT_FAILED;
}
#line 20182 "scan.nw"
/* One suite for one kernel, public or from the catalogue. */
#define KERNEL_SUITE(function, ref) \
  static int function(void) { kernel_ref k[] = {ref}; return run_kernel_suites(k, 1); }
KERNEL_SUITE(suite_gpu_l0, variant_ref("l0"))
KERNEL_SUITE(suite_gpu_l1, public_ref(SCAN_L1_BLELLOCH))
KERNEL_SUITE(suite_gpu_l2, public_ref(SCAN_L2_MULTIBLOCK))
KERNEL_SUITE(suite_gpu_l3, public_ref(SCAN_L3_LOOKBACK))
KERNEL_SUITE(suite_gpu_l3b, public_ref(SCAN_L3B_LOOKBACK_WARP))
KERNEL_SUITE(suite_gpu_auto, public_ref(SCAN_AUTO))
#line 20194 "scan.nw"
static int suite_gpu_l3c(void)
{
  kernel_ref k[] = {variant_ref("l3c-1"), variant_ref("l3c-2"), variant_ref("l3c-4"),
                    variant_ref("l3c-16"), public_ref(SCAN_L3C_LOOKBACK_ITEMS)};
  return run_kernel_suites(k, 5);
}

static int suite_gpu_l4(void)
{
  kernel_ref k[] = {variant_ref("l4-8"), variant_ref("l4-16"), variant_ref("l4-32"),
                    variant_ref("l4-held"), variant_ref("l4-ring"), variant_ref("l4-rows"),
                    public_ref(SCAN_L4_ROOFLINE)};
  int status = run_kernel_suites(k, 7);
  
#line 20219 "scan.nw"
int device, major, optin;
cudaFuncAttributes f;
CUDA_CHECK(cudaGetDevice(&device));
CUDA_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device));
CUDA_CHECK(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
CUDA_CHECK(cudaFuncGetAttributes(&f, (const void *)l4_ring_kernel<true>));
int rings = l4_ring_rings();
bool fits = l4_ring_shared_bytes() + f.sharedSizeBytes <= (size_t)optin;
bool missing = major >= 9 && fits && f.ptxVersion >= 90 && rings < RING_MIN_BLOCKS - 1;
printf("  %-6s the ring: %s (%d ring blocks and a chain block)\n", missing ? "FAILED" : "ok",
       rings >= RING_MIN_BLOCKS - 1 ? "runs on this GPU" : "not on this GPU", rings);
if (missing) status = EXIT_FAILED;
#line 20208 "scan.nw"
  return status;
}
#line 20240 "scan.nw"
typedef struct {
  const char *what;
  int kernel;                 /* -1: the kernel under test */
  int a_bytes, b_bytes, h_bytes;   /* byte offsets; -1 for a null pointer */
  long long rows, len;
  cudaError_t want;
} contract_call;
#line 20250 "scan.nw"
static const contract_call contract_calls[] = {
  {"rows == 0", -1, 0, 0, 0, 0, 100, cudaSuccess},
  {"len == 0", -1, 0, 0, 0, 100, 0, cudaSuccess},
  {"no work and null pointers", -1, -1, -1, -1, 0, 5, cudaSuccess},
  {"negative rows", -1, 0, 0, 0, -1, 5, cudaErrorInvalidValue},
  {"negative len", -1, 0, 0, 0, 1, -5, cudaErrorInvalidValue},
  {"null a", -1, -1, 0, 0, 1, 5, cudaErrorInvalidValue},
  {"null b", -1, 0, -1, 0, 1, 5, cudaErrorInvalidValue},
  {"null h", -1, 0, 0, -1, 1, 5, cudaErrorInvalidValue},
  {"a off by 2 bytes", -1, 2, 0, 0, 1, 5, cudaErrorInvalidValue},
  {"h off by 1 byte", -1, 0, 0, 1, 1, 5, cudaErrorInvalidValue},
  {"rows * len overflows", -1, 0, 0, 0, 1LL << 40, 1LL << 30, cudaErrorInvalidValue},
  {"unknown kernel 99", 99, 0, 0, 0, 1, 5, cudaErrorInvalidValue},
  {"unknown kernel -1", -2, 0, 0, 0, 1, 5, cudaErrorInvalidValue},
  {"level 1 at 2,049", SCAN_L1_BLELLOCH, 0, 0, 0, 1, 2049, cudaErrorInvalidValue},
  {"level 2 at 2^22 + 1", SCAN_L2_MULTIBLOCK, 0, 0, 0, 1, (1LL << 22) + 1,
   cudaErrorInvalidValue},
};
#define CONTRACT_CALLS ((int)(sizeof contract_calls / sizeof contract_calls[0]))
#line 20272 "scan.nw"
static const float *offset_pointer(float *base, int bytes)
{
  return bytes < 0 ? NULL : (const float *)((char *)base + bytes);
}

static bool output_untouched(const float *device_h, float *host, long long n)
{
  CUDA_CHECK(cudaMemcpy(host, device_h, sizeof(float) * n, cudaMemcpyDeviceToHost));
  for (long long i = 0; i < n; i++) {
    uint32_t bits;
    memcpy(&bits, &host[i], 4);
    if (bits != 0xffffffffu) return false;
  }
  return true;
}
#line 20290 "scan.nw"
static int suite_gpu_contract(void)
{
  const long long n = 4096;
  float *a, *b, *h, *host = (float *)malloc(sizeof(float) * n);
  CUDA_CHECK(cudaMalloc(&a, sizeof(float) * n));
  CUDA_CHECK(cudaMalloc(&b, sizeof(float) * n));
  CUDA_CHECK(cudaMalloc(&h, sizeof(float) * n));
  CUDA_CHECK(cudaMemset(a, 0, sizeof(float) * n));
  CUDA_CHECK(cudaMemset(b, 0, sizeof(float) * n));
  int failures = 0, tried = 0;
  for (int k = 0; k <= SCAN_AUTO; k++)
    for (int i = 0; i < CONTRACT_CALLS; i++) 
#line 20311 "scan.nw"
{
  const contract_call *c = &contract_calls[i];
  bool own = c->kernel >= 0 && c->kernel <= SCAN_AUTO, unknown = c->kernel > SCAN_AUTO ||
                                                               c->kernel == -2;
  if ((own && c->kernel != k) || (unknown && k != 0)) continue;
  int kernel = c->kernel == -1 ? k : c->kernel == -2 ? -1 : c->kernel;
  poison(h, n - 8);
  cudaError_t e = scan_forward((scan_kernel)kernel, offset_pointer(a, c->a_bytes),
                               offset_pointer(b, c->b_bytes),
                               (float *)offset_pointer(h, c->h_bytes), c->rows, c->len,
                               0);
  cudaError_t after = cudaDeviceSynchronize(), sticky = cudaGetLastError();
  bool ok = e == c->want && after == cudaSuccess && sticky == cudaSuccess &&
            output_untouched(h, host, n);
  if (!ok) printf("  FAILED %s on kernel %d: returned %s, want %s\n", c->what, k,
                  cudaGetErrorName(e), cudaGetErrorName(c->want));
  failures += !ok;
  tried++;
}
#line 20302 "scan.nw"
  printf("  %-6s %d calls on %d kernels returned what the contract says and"
         " wrote nothing\n", failures ? "FAILED" : "ok", tried, SCAN_AUTO + 1);
  CUDA_CHECK(cudaFree(a)); CUDA_CHECK(cudaFree(b)); CUDA_CHECK(cudaFree(h));
  free(host);
  return failures ? EXIT_FAILED : EXIT_OK;
}
#line 20342 "scan.nw"
/* Check |h3b - h3c| <= the regrouping bound for one row; returns the number
   of elements that differ at all, adds violations to *bad. */
static long long regroup_row(const float *a, const float *b, const float *h3b,
                             const float *h3c, long long len, int tile,
                             long long *bad, double *worst)
{
  affine<double> row = identity_map<double>(), T = row, P = row;
  reference_state r = {0, 0, 0};
  long long differ = 0;
  int depth = later_depth(len);
  for (long long t = 0; t < len; t++) {
    affine<double> e = {a[t], b[t]};
    if (t == 0) e = start_row(e);
    if (t % tile == 0) { P = row; T = identity_map<double>(); }
    reference_step(&r, a[t], b[t]);
    
#line 20366 "scan.nw"
double u = FLOAT32.u;
double bound = 1.01 * u * (7 * fabs(T.a * e.a * P.b) + 6 * fabs(e.a * T.b) +
                           3 * fabs(e.b)) +
               8 * u * error_bound(&r, t, depth, FLOAT32) + 8 * FLOAT32.tiny;
double d = fabs((double)h3b[t] - (double)h3c[t]);
differ += memcmp(&h3b[t], &h3c[t], sizeof(float)) != 0;
if (!(d <= bound)) (*bad)++;
if (d / bound > *worst) *worst = d / bound;
#line 20358 "scan.nw"
    T = combine(T, e);
    row = combine(row, e);
  }
  return differ;
}
#line 20377 "scan.nw"
static int suite_gpu_regrouping(void)
{
  static const long long shapes[][2] = {{1, (1 << 22) + 5}, {33, 70001},
                                        {1000, 257}, {3, 65536LL * 256 + 7}};
  long long identical_failures = 0, differ = 0, bad = 0;
  double worst = 0;
  for (int s = 0; s < 4; s++) {
    gpu_case c = {shapes[s][0], shapes[s][1], s % DECAY_COUNT};
    
#line 20397 "scan.nw"
case_buffers m = case_buffers_new(&c);
upload_case(&c, &m);
long long n = m.n;
float *out[3];
const char *names[3] = {"l3", "l3b", "l3c-1"};
for (int k = 0; k < 3; k++) {
  out[k] = (float *)malloc(sizeof(float) * n);
  poison(m.base_h, n);
  CUDA_CHECK(run_variant(find_variant(names[k]), m.da, m.db, m.dh, c.rows, c.len,
                         NULL, 0));
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(out[k], m.dh, sizeof(float) * n, cudaMemcpyDeviceToHost));
}
identical_failures += memcmp(out[0], out[1], sizeof(float) * n) != 0;
for (long long row = 0; row < c.rows; row++)
  differ += regroup_row(m.a + row * c.len, m.b + row * c.len, out[1] + row * c.len,
                        out[2] + row * c.len, c.len, L3_THREADS, &bad, &worst);
for (int k = 0; k < 3; k++) free(out[k]);
case_buffers_free(&m);
#line 20386 "scan.nw"
  }
  bool ok = identical_failures == 0 && differ > 0 && bad == 0;
  printf("  %-6s 3 and 3b bit-identical: %s; 3c(1 item) differs from 3b in %lld"
         " elements, all within the regrouping bound (worst %.3g of it)%s\n",
         ok ? "ok" : "FAILED", identical_failures ? "NO" : "yes", differ, worst,
         bad ? "; SOME ARE NOT" : "");
  return ok ? EXIT_OK : EXIT_FAILED;
}
#line 20426 "scan.nw"
static __global__ void count_differences(const uint32_t *x, const uint32_t *y,
                                         long long n, unsigned long long *count)
{
  unsigned long long mine = 0;
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x)
    mine += x[i] != y[i];
  if (mine) atomicAdd(count, mine);
}
#line 20453 "scan.nw"
/* One run of v, its output and workspace poisoned first. */
static void run_poisoned(const scan_variant *v, case_buffers *m, long long rows,
                         long long len, void *workspace, size_t bytes)
{
  poison(m->base_h, m->n);
  if (bytes) CUDA_CHECK(cudaMemset(workspace, 0xff, bytes));
  CUDA_CHECK(run_variant(v, m->da, m->db, m->dh, rows, len, workspace, 0));
}
#line 20464 "scan.nw"
/* Run v `runs` times on one shape; returns how many runs differed from the
   first, and prints a line. */
static int repeat_runs(const scan_variant *v, long long rows, long long len, int runs,
                       int special)
{
  gpu_case c = {rows, len, 1, 0, 0, 0, false, special};
  case_buffers m = case_buffers_new(&c);
  upload_case(&c, &m);
  bool aligned = rows_aligned(m.da, m.db, m.dh, len);
  size_t bytes = v->workspace ? v->workspace(rows, len, aligned) : 0;
  void *workspace = NULL;
  if (bytes) CUDA_CHECK(cudaMalloc(&workspace, bytes));
  float *first;
  unsigned long long *count, host_count = 0;
  CUDA_CHECK(cudaMalloc(&first, sizeof(float) * m.n));
  CUDA_CHECK(cudaMalloc(&count, sizeof(unsigned long long)));
  CUDA_CHECK(cudaMemset(count, 0, sizeof(unsigned long long)));
  int differing = 0;
  
#line 20493 "scan.nw"
run_poisoned(v, &m, rows, len, workspace, bytes);
CUDA_CHECK(cudaMemcpy(first, m.dh, sizeof(float) * m.n, cudaMemcpyDeviceToDevice));
for (int run = 0; run < runs; run++) {
  run_poisoned(v, &m, rows, len, workspace, bytes);
  count_differences<<<1024, 256>>>((const uint32_t *)first, (const uint32_t *)m.dh,
                                    m.n, count);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(&host_count, count, sizeof host_count, cudaMemcpyDeviceToHost));
  if (host_count) { differing++; CUDA_CHECK(cudaMemset(count, 0, sizeof host_count)); }
}
#line 20483 "scan.nw"
  printf("  %-6s %-8s %d runs of %lld x %lld%s%s\n", differing ? "FAILED" : "ok", v->name,
         runs, rows, len, special ? " with a flag's NaN" : "",
         differing ? ": some differ" : ", bit-identical");
  CUDA_CHECK(cudaFree(first)); CUDA_CHECK(cudaFree(count)); CUDA_CHECK(cudaFree(workspace));
  case_buffers_free(&m);
  return differing;
}
#line 20519 "scan.nw"
/* Where the ring runs: one row of 2^24, one of 1,343 tiles with each flag's
   NaN in its tile 447, and three rows of 100 tiles and a short one. */
static int ring_shape_runs(const scan_variant *v)
{
  int differing = repeat_runs(v, 1, 1LL << 24, 40, SPECIAL_NONE);
  differing += repeat_runs(v, 3, 100 * 4096 + 2080, 20, SPECIAL_NONE);
  for (int s = SPECIAL_EMPTY_NAN_A; s <= SPECIAL_KNOWN_NAN_A; s++)
    differing += repeat_runs(v, 1, 1343LL * 4096, 20, s);
  return differing;
}

/* One row whose element len / 3 = 1,832,960 lies in tile 31 of a group of 32
   tiles of 2,048, 4,096, 7,168 or 8,192 elements. */
#define FLAG_NAN_LEN (3 * 1832960LL + 1)

static int suite_gpu_determinism(void)
{
  int differing = 0;
  for (int i = 0; i < VARIANT_COUNT; i++) {
    const scan_variant *v = &variants[i];
    long long len = v->max_len ? v->max_len : (1LL << 24) + 3;
    long long rows = v->max_len ? (1LL << 24) / v->max_len : 1;
    differing += repeat_runs(v, rows, len, 240, SPECIAL_NONE);
    if (v->tile || !v->max_len) differing += repeat_runs(v, 4099, 4097, 40, SPECIAL_NONE);
    if (v->tile >= 2048) differing += repeat_runs(v, 4500, 16384, 20, SPECIAL_NONE);
    if (!v->tile && !v->max_len) differing += repeat_runs(v, 8192, 2048, 20, SPECIAL_NONE);
    if (v->tile >= 2048)
      for (int s = SPECIAL_EMPTY_NAN_A; s <= SPECIAL_KNOWN_NAN_A; s++)
        differing += repeat_runs(v, 1, FLAG_NAN_LEN, 20, s);
    if (v->tile >= 4096) differing += ring_shape_runs(v);
  }
  return differing ? EXIT_FAILED : EXIT_OK;
}
#line 20584 "scan.nw"
static int suite_gpu_streams(void)
{
  static const char *const pairs[][2] = {{"l4", "l3c-8"}, {"l3b", "l2"},
                                         {"l4-32", "l4-8"}, {"l3", "l1"},
                                         {"l4-ring", "l4-ring"}};
  cudaStream_t stream[2];
  for (int s = 0; s < 2; s++)
    CUDA_CHECK(cudaStreamCreateWithFlags(&stream[s], cudaStreamNonBlocking));
  int failures = 0;
  for (int p = 0; p < 5; p++) 
#line 20605 "scan.nw"
{
  gpu_case c[2] = {{1, (1 << 24) + 1, 0}, {8192, 2048, 1}};
  if (strcmp(pairs[p][0], "l4-ring") == 0)   /* two rings at once */
    c[0] = gpu_case{1, 1 << 24, 0}, c[1] = gpu_case{4, (1 << 22) + 32, 1};
  case_buffers m[2];
  for (int s = 0; s < 2; s++) {
    m[s] = case_buffers_new(&c[s]);
    upload_case(&c[s], &m[s]);
  }
  CUDA_CHECK(cudaDeviceSynchronize());   /* the streams do not wait for stream 0 */
  for (int s = 0; s < 2; s++) {
    const scan_variant *v = find_variant(pairs[p][s]);
    if (v->max_len && c[s].len > v->max_len) c[s] = gpu_case{8192, 2048, 1};
    CUDA_CHECK(run_variant(v, m[s].da, m[s].db, m[s].dh, c[s].rows, c[s].len, NULL,
                           stream[s]));
  }
  for (int s = 0; s < 2; s++) {
    CUDA_CHECK(cudaStreamSynchronize(stream[s]));
    CUDA_CHECK(cudaMemcpy(m[s].h, m[s].dh, sizeof(float) * m[s].n,
                          cudaMemcpyDeviceToHost));
    comparison r = compare_rows(m[s].a, m[s].b, m[s].h, c[s].rows, c[s].len, FLOAT32);
    if (r.failed) { failures++; printf("  FAILED %s on its stream\n", pairs[p][s]); }
    case_buffers_free(&m[s]);
  }
}
#line 20594 "scan.nw"
  
#line 20633 "scan.nw"
{
  gpu_case c = {1, 1 << 24, 0};
  case_buffers m = case_buffers_new(&c);
  upload_case(&c, &m);
  float *direct = (float *)malloc(sizeof(float) * m.n);
  CUDA_CHECK(scan_forward(SCAN_AUTO, m.da, m.db, m.dh, c.rows, c.len, stream[0]));
  CUDA_CHECK(cudaStreamSynchronize(stream[0]));
  CUDA_CHECK(cudaMemcpy(direct, m.dh, sizeof(float) * m.n, cudaMemcpyDeviceToHost));
  poison(m.base_h, m.n);
  CUDA_CHECK(cudaDeviceSynchronize());
  
#line 20654 "scan.nw"
cudaGraph_t graph;
cudaGraphExec_t exec;
CUDA_CHECK(cudaStreamBeginCapture(stream[0], cudaStreamCaptureModeThreadLocal));
cudaError_t called = scan_forward(SCAN_AUTO, m.da, m.db, m.dh, c.rows, c.len, stream[0]);
cudaError_t ended = cudaStreamEndCapture(stream[0], &graph);
bool same = called == cudaSuccess && ended == cudaSuccess;
if (!same)
  printf("  capture: the call gave %s, its end %s\n", cudaGetErrorString(called),
         cudaGetErrorString(ended));
(void)cudaGetLastError();
if (same) {
  CUDA_CHECK(cudaGraphInstantiate(&exec, graph, 0));
  for (int k = 0; k < 2; k++) CUDA_CHECK(cudaGraphLaunch(exec, stream[1]));
  CUDA_CHECK(cudaStreamSynchronize(stream[1]));
  CUDA_CHECK(cudaMemcpy(m.h, m.dh, sizeof(float) * m.n, cudaMemcpyDeviceToHost));
  same = memcmp(m.h, direct, sizeof(float) * m.n) == 0;
  CUDA_CHECK(cudaGraphExecDestroy(exec));
  CUDA_CHECK(cudaGraphDestroy(graph));
}
#line 20644 "scan.nw"
  if (!same) { failures++; printf("  FAILED SCAN_AUTO captured in a graph\n"); }
  free(direct);
  case_buffers_free(&m);
}
#line 20595 "scan.nw"
  
#line 20676 "scan.nw"
{
  static const char *const order[] = {"l4-ring", "l4-ring", "l4-ring", "l4", "l4-ring",
                                      "l4-ring", "l4-8", "l4-ring", "l4-ring!", "l4-ring"};
  cudaStream_t own;
  CUDA_CHECK(cudaStreamCreateWithFlags(&own, cudaStreamNonBlocking));
  for (int k = 0; k < 10; k++) {
    bool ring = strncmp(order[k], "l4-ring", 7) == 0, refused = order[k][7] == '!';
    gpu_case c = {1, ring && !refused ? 1 << 22 : 100000, 0};
    case_buffers m = case_buffers_new(&c);
    upload_case(&c, &m);
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(run_variant(find_variant(ring ? "l4-ring" : order[k]), m.da, m.db, m.dh,
                           c.rows, c.len, NULL, own));
    
#line 20697 "scan.nw"
CUDA_CHECK(cudaStreamSynchronize(own));
CUDA_CHECK(cudaMemcpy(m.h, m.dh, sizeof(float) * m.n, cudaMemcpyDeviceToHost));
if (compare_rows(m.a, m.b, m.h, c.rows, c.len, FLOAT32).failed) {
  failures++;
  printf("  FAILED %s, call %d of the kept workspace's handovers\n", order[k], k + 1);
}
#line 20690 "scan.nw"
    case_buffers_free(&m);
  }
  CUDA_CHECK(cudaStreamDestroy(own));
}
#line 20596 "scan.nw"
  for (int s = 0; s < 2; s++) CUDA_CHECK(cudaStreamDestroy(stream[s]));
  printf("  %-6s 5 pairs of kernels on two streams at once, both outputs right; "
         "SCAN_AUTO captured in a graph and replayed, its bits; a kept workspace "
         "handed between kernels\n", failures ? "FAILED" : "ok");
  return failures ? EXIT_FAILED : EXIT_OK;
}
#line 20720 "scan.nw"
/* Scans one huge input with each of `count` kernels; returns the failures,
   or -1 when the GPU has too little memory for it. */
static int huge_case(gpu_case c, const kernel_ref *refs, int count)
{
  size_t free_bytes, total_bytes, need = (size_t)(4.2 * sizeof(float) * c.rows * c.len);
  CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  if (free_bytes < need) {
    printf("  skipped: needs %.1f GB of GPU memory, %.1f GB free\n", need / 1e9,
           free_bytes / 1e9);
    return -1;
  }
  case_buffers m = case_buffers_new(&c);
  upload_case(&c, &m);
  int failures = 0;
  for (int k = 0; k < count; k++) 
#line 20757 "scan.nw"
{
  poison(m.base_h, m.n);
  cudaError_t e = call_kernel(refs[k], m.da, m.db, m.dh, c.rows, c.len, 0);
  if (e == cudaSuccess) e = cudaDeviceSynchronize();
  comparison r;
  compare_init(&r);
  if (e == cudaSuccess) {
    CUDA_CHECK(cudaMemcpy(m.h, m.dh, sizeof(float) * m.n, cudaMemcpyDeviceToHost));
    r = compare_rows(m.a, m.b, m.h, c.rows, c.len, FLOAT32);
  }
  bool ok = e == cudaSuccess && r.failed == 0 && r.checked == m.n;
  char text[200];
  describe_worst(text, sizeof text, &r, c.len);
  printf("  %-6s %-24s %lld elements: %s\n", ok ? "ok" : "FAILED", kernel_name(refs[k]),
         m.n, e == cudaSuccess ? text : cudaGetErrorString(e));
  failures += !ok;
}
#line 20735 "scan.nw"
  case_buffers_free(&m);
  return failures;
}

static int suite_gpu_huge(void)
{
  kernel_ref every[] = {variant_ref("l0"), public_ref(SCAN_L1_BLELLOCH),
      public_ref(SCAN_L2_MULTIBLOCK), public_ref(SCAN_L3_LOOKBACK),
      public_ref(SCAN_L3B_LOOKBACK_WARP), public_ref(SCAN_L3C_LOOKBACK_ITEMS),
      public_ref(SCAN_L4_ROOFLINE), public_ref(SCAN_AUTO)};
  kernel_ref held[] = {variant_ref("l4-held"), public_ref(SCAN_AUTO)};
  int short_rows = huge_case(gpu_case{(1LL << 20) + 1, 2048, 0}, every, 8);
  if (short_rows < 0) return EXIT_SKIPPED;
  kernel_ref ring[] = {variant_ref("l4-ring")};
  int long_rows = huge_case(gpu_case{2, (1LL << 30) + 7, 0}, held, 2);
  int whole_tiles = long_rows < 0 ? -1 : huge_case(gpu_case{2, 1LL << 30, 1}, ring, 1);
  if (short_rows > 0 || long_rows > 0 || whole_tiles > 0) return EXIT_FAILED;
  return long_rows < 0 || whole_tiles < 0 ? EXIT_SKIPPED : EXIT_OK;
}
#line 21736 "scan.nw"
typedef struct {
  long long rows, len;
  int offset;              /* floats past a 16-byte line: a, h and dh; outputs offset + 1 */
  bool alike;              /* the outputs at the inputs' offset, so the vectors align */
  bool h0, dh_final, dh0, in_place;   /* in place: db is dh */
  int special;             /* SPECIAL_NONE, SPECIAL_NAN_A or SPECIAL_NAN_B (in dh) */
} backward_case;

static const backward_case backward_cases[] = {
  {1, 1, 0, true, true, true, true, false, SPECIAL_NONE},
  {3, 1, 1, true, false, true, true, false, SPECIAL_NONE},
  {1000, 1, 2, false, true, false, true, false, SPECIAL_NONE},
  {5, 3, 3, true, true, true, false, true, SPECIAL_NONE},
  {1, 4095, 0, true, true, true, true, false, SPECIAL_NONE},
  {1, 4096, 1, true, false, false, false, false, SPECIAL_NONE},
  {2, 4097, 2, true, true, true, true, true, SPECIAL_NONE},
  {7, 33, 3, false, true, true, true, false, SPECIAL_NONE},
  {1, 1048576, 0, true, true, true, true, false, SPECIAL_NONE},
  {1, 12345679, 1, true, true, true, true, true, SPECIAL_NONE},
  {4096, 257, 2, true, true, true, true, false, SPECIAL_NONE},
  {100003, 7, 3, true, false, true, true, false, SPECIAL_NONE},
  {3, 1234567, 0, false, true, true, true, false, SPECIAL_NONE},
  {65536, 64, 0, true, true, true, true, true, SPECIAL_NONE},
  {1, 16777219, 2, true, true, true, true, false, SPECIAL_NONE},
  {16, 100000, 1, true, true, true, true, false, SPECIAL_NAN_A},
  {300, 5000, 0, true, true, true, true, false, SPECIAL_NAN_B},
  {2, 3000000, 3, true, true, true, true, false, SPECIAL_NAN_A},
};
#define BACKWARD_CASES ((int)(sizeof backward_cases / sizeof backward_cases[0]))
#line 21772 "scan.nw"
#define GUARD 32   /* floats of poison either side of a case's device arrays */

typedef struct {
  float *host[8], *base[8], *dev[8];   /* a, h, dh, h0, dh_final, da, db, dh0 */
  long long count[8];
} backward_buffers;
enum { BA, BH, BDH, BH0, BDHF, BDA, BDB, BDH0 };

static backward_buffers backward_buffers_new(const backward_case *c)
{
  backward_buffers m;
  long long n = c->rows * c->len;
  for (int k = 0; k < 8; k++) {
    m.count[k] = k == BH0 || k == BDHF || k == BDH0 ? c->rows : n;
    int offset = k < BDA || c->alike ? c->offset : (c->offset + k) % 4;
    m.host[k] = (float *)malloc(sizeof(float) * m.count[k]);
    CUDA_CHECK(cudaMalloc(&m.base[k], sizeof(float) * (m.count[k] + 2 * GUARD + 4)));
    CUDA_CHECK(cudaMemset(m.base[k], 0xff, sizeof(float) * (m.count[k] + 2 * GUARD + 4)));
    m.dev[k] = m.base[k] + GUARD + offset;
  }
  if (c->in_place) m.dev[BDB] = m.dev[BDH];
  return m;
}
#line 21798 "scan.nw"
/* Whether the guards either side of device array k are still poison. */
static bool backward_guards_intact(const backward_buffers *m, int k)
{
  float guard[2 * GUARD];
  CUDA_CHECK(cudaMemcpy(guard, m->base[k], sizeof(float) * GUARD, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(guard + GUARD, m->dev[k] + m->count[k], sizeof(float) * GUARD,
                        cudaMemcpyDeviceToHost));
  for (int i = 0; i < 2 * GUARD; i++) {
    uint32_t bits;
    memcpy(&bits, &guard[i], 4);
    if (bits != 0xffffffffu) return false;
  }
  return true;
}

static void backward_buffers_free(backward_buffers *m)
{
  for (int k = 0; k < 8; k++) {
    free(m->host[k]);
    CUDA_CHECK(cudaFree(m->base[k]));
  }
}
#line 21826 "scan.nw"
static bool run_backward_case(const backward_case *c, int index)
{
  long long n = c->rows * c->len;
  backward_buffers m = backward_buffers_new(c);
  fill_uniform(m.host[BA], n, next_seed(), decays[index % DECAY_COUNT].lo,
               decays[index % DECAY_COUNT].hi);
  for (int k = BH; k <= BDHF; k++) fill_uniform(m.host[k], m.count[k], next_seed(), -1, 1);
  long long at = (c->rows / 2) * c->len + c->len / 2;
  if (c->special == SPECIAL_NAN_A) m.host[BA][at] = NAN;
  if (c->special == SPECIAL_NAN_B) m.host[BDH][at] = NAN;
  for (int k = BA; k <= BDHF; k++)
    CUDA_CHECK(cudaMemcpy(m.dev[k], m.host[k], sizeof(float) * m.count[k],
                          cudaMemcpyHostToDevice));
  
#line 21845 "scan.nw"
cudaError_t e = scan_backward(m.dev[BA], m.dev[BH], m.dev[BDH], c->h0 ? m.dev[BH0] : NULL,
                              c->dh_final ? m.dev[BDHF] : NULL, m.dev[BDA], m.dev[BDB],
                              c->dh0 ? m.dev[BDH0] : NULL, c->rows, c->len, 0);
if (e == cudaSuccess) e = cudaDeviceSynchronize();
CUDA_CHECK(e);
for (int k = BDA; k <= BDH0; k++)
  CUDA_CHECK(cudaMemcpy(m.host[k], m.dev[k], sizeof(float) * m.count[k],
                        cudaMemcpyDeviceToHost));
#line 21840 "scan.nw"
  
#line 21856 "scan.nw"
backward_comparison r = compare_backward(m.host[BA], m.host[BH], m.host[BDH],
                                         c->h0 ? m.host[BH0] : NULL,
                                         c->dh_final ? m.host[BDHF] : NULL, m.host[BDA],
                                         m.host[BDB], c->dh0 ? m.host[BDH0] : NULL,
                                         c->rows, c->len, FLOAT32);
bool guards = backward_guards_intact(&m, BDA) && backward_guards_intact(&m, BDH0) &&
              backward_guards_intact(&m, c->in_place ? BDH : BDB);
bool ok = !r.da.failed && !r.db.failed && !r.dh0.failed && guards;
char text[256];
comparison *worst = r.db.failed ? &r.db : r.da.failed ? &r.da : r.dh0.failed ? &r.dh0 : &r.da;
describe_worst(text, sizeof text, worst, worst == &r.dh0 ? 1 : c->len);
printf("  %-4s %lld rows of %lld, offset %d%s%s%s%s%s: da %.3g, db %.3g of the bound%s%s\n",
       ok ? "ok" : "FAIL", c->rows, c->len, c->offset, c->alike ? "" : " (outputs apart)",
       c->h0 ? ", h0" : "", c->dh_final ? ", dh_final" : "", c->dh0 ? ", dh0" : "",
       c->in_place ? ", db over dh" : "", r.da.worst_ratio, r.db.worst_ratio,
       guards ? "" : "; GUARDS WRITTEN", ok ? "" : "; worst: ");
if (!ok) printf("       %s\n", text);
backward_buffers_free(&m);
return ok;
#line 21841 "scan.nw"
}
#line 21878 "scan.nw"
static int run_backward_cases(const backward_case *cases, int count)
{
  int failed = 0;
  for (int i = 0; i < count; i++) failed += !run_backward_case(&cases[i], i);
  printf("  %d of %d cases failed\n", failed, count);
  return failed ? EXIT_FAILED : EXIT_OK;
}

static int suite_gpu_backward(void)
{
  return run_backward_cases(backward_cases, BACKWARD_CASES);
}
#line 21897 "scan.nw"
static const backward_case backward_small_cases[] = {
  {1, 1, 0, true, true, true, true, false, SPECIAL_NONE},
  {7, 4097, 2, false, true, true, true, false, SPECIAL_NONE},
  {1000, 3, 1, true, true, false, true, true, SPECIAL_NONE},
  {1, 100003, 3, true, true, true, true, false, SPECIAL_NONE},
  {3, 20000, 1, false, false, true, false, true, SPECIAL_NONE},
};

static int suite_gpu_backward_small(void)
{
  return run_backward_cases(backward_small_cases, 5);
}
#line 21915 "scan.nw"
static int backward_runs_differing(long long rows, long long len, int runs)
{
  backward_case c = {rows, len, 1, true, true, true, true, false, SPECIAL_NONE};
  backward_buffers m = backward_buffers_new(&c);
  long long n = rows * len;
  for (int k = BA; k <= BDHF; k++) {
    fill_uniform(m.host[k], m.count[k], next_seed(), k == BA ? 0.999f : -1.0f, 1.0f);
    CUDA_CHECK(cudaMemcpy(m.dev[k], m.host[k], sizeof(float) * m.count[k],
                          cudaMemcpyHostToDevice));
  }
  float *first = (float *)malloc(sizeof(float) * 2 * n), *now = first + n;
  int differing = 0;
  for (int run = 0; run < runs; run++) {
    CUDA_CHECK(cudaMemset(m.dev[BDA], 0xff, sizeof(float) * n));
    CUDA_CHECK(scan_backward(m.dev[BA], m.dev[BH], m.dev[BDH], m.dev[BH0], m.dev[BDHF],
                             m.dev[BDA], m.dev[BDB], m.dev[BDH0], rows, len, 0));
    CUDA_CHECK(cudaMemcpy(run ? now : first, m.dev[BDA], sizeof(float) * n,
                          cudaMemcpyDeviceToHost));
    differing += run && memcmp(first, now, sizeof(float) * n) != 0;
  }
  free(first);
  backward_buffers_free(&m);
  return differing;
}
#line 21719 "scan.nw"
typedef struct { const char *what; cudaError_t got; } bad_call;

/* Print each call's verdict; the count of those not refused as invalid. */
static int count_unrefused(const bad_call *calls, int count)
{
  int failed = 0;
  for (int i = 0; i < count; i++) {
    bool fine = calls[i].got == cudaErrorInvalidValue;
    printf("  %-4s %s: %s\n", fine ? "ok" : "FAIL", calls[i].what,
           cudaGetErrorName(calls[i].got));
    failed += !fine;
  }
  return failed;
}
#line 21945 "scan.nw"
static int suite_gpu_backward_calls(void)
{
  backward_case c = {4, 1000, 0, true, true, true, true, false, SPECIAL_NONE};
  backward_buffers m = backward_buffers_new(&c);
  float *a = m.dev[BA], *h = m.dev[BH], *dh = m.dev[BDH], *da = m.dev[BDA], *db = m.dev[BDB];
  float *odd = (float *)((char *)da + 1), *row = m.dev[BDHF];   /* row: a float a row */
  size_t bytes = scan_backward_workspace_bytes(4, 1000);
  void *ws;
  CUDA_CHECK(cudaMalloc(&ws, bytes + 256));
  bad_call calls[] = {
    
#line 21968 "scan.nw"
{"negative rows", scan_backward(a, h, dh, NULL, NULL, da, db, NULL, -1, 1000, 0)},
{"negative len", scan_backward(a, h, dh, NULL, NULL, da, db, NULL, 4, -1, 0)},
{"null a", scan_backward(NULL, h, dh, NULL, NULL, da, db, NULL, 4, 1000, 0)},
{"null da", scan_backward(a, h, dh, NULL, NULL, NULL, db, NULL, 4, 1000, 0)},
{"da not on a float", scan_backward(a, h, dh, NULL, NULL, odd, db, NULL, 4, 1000, 0)},
{"da over a", scan_backward(a, h, dh, NULL, NULL, a, db, NULL, 4, 1000, 0)},
{"da over h, a float on", scan_backward(a, h, dh, NULL, NULL, h + 1, db, NULL, 4, 1000, 0)},
{"db over dh, a float on", scan_backward(a, h, dh, NULL, NULL, da, dh + 1, NULL, 4, 1000, 0)},
{"dh0 inside da", scan_backward(a, h, dh, NULL, NULL, da, db, da + 10, 4, 1000, 0)},
{"h0 inside da", scan_backward(a, h, dh, da + 10, NULL, da, db, NULL, 4, 1000, 0)},
{"dh0 over dh_final", scan_backward(a, h, dh, NULL, row, da, db, row, 4, 1000, 0)},
{"rows * len overflows",
 scan_backward(a, h, dh, NULL, NULL, da, db, NULL, LLONG_MAX / 8, 1000, 0)},
{"workspace too small",
 scan_backward_in(a, h, dh, NULL, NULL, da, db, NULL, 4, 1000, ws, bytes - 8, 0)},
{"workspace off its line",
 scan_backward_in(a, h, dh, NULL, NULL, da, db, NULL, 4, 1000, (char *)ws + 8, bytes, 0)},
{"no workspace", scan_backward_in(a, h, dh, NULL, NULL, da, db, NULL, 4, 1000, NULL, 0, 0)},
#line 21956 "scan.nw"
  };
  int failed = count_unrefused(calls, (int)(sizeof calls / sizeof calls[0]));
  CUDA_CHECK(cudaDeviceSynchronize());
  bool untouched = output_untouched(da, m.host[BDA], 4000);
  printf("  %-4s da untouched by every bad call\n", untouched ? "ok" : "FAIL");
  CUDA_CHECK(cudaFree(ws));
  backward_buffers_free(&m);
  return failed || !untouched ? EXIT_FAILED : EXIT_OK;
}
#line 9993 "scan.nw"
typedef struct { uint16_t *base, *at; long long n; } stored_device;

static stored_device stored_device_new(long long n, int offset)
{
  stored_device x = {NULL, NULL, n};
  size_t bytes = 2 * (size_t)(n + 2 * GUARD + 8);
  CUDA_CHECK(cudaMalloc(&x.base, bytes));
  CUDA_CHECK(cudaMemset(x.base, 0xff, bytes));
  x.at = x.base + GUARD + offset;
  return x;
}

static bool stored_guards_intact(const stored_device *x)
{
  uint16_t guard[2 * GUARD];
  CUDA_CHECK(cudaMemcpy(guard, x->at - GUARD, sizeof guard / 2, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(guard + GUARD, x->at + x->n, sizeof guard / 2,
                        cudaMemcpyDeviceToHost));
  for (int i = 0; i < 2 * GUARD; i++)
    if (guard[i] != 0xffff) return false;
  return true;
}
#line 10018 "scan.nw"
/* A float rounded to nearest in the type, as its bits; and bits widened to a float. */
static uint16_t stored_bits(float x, scan_storage s)
{
  if (s == SCAN_BFLOAT16) return ((__nv_bfloat16_raw)__float2bfloat16_rn(x)).x;
  return ((__half_raw)__float2half_rn(x)).x;
}

static float stored_float(uint16_t bits, scan_storage s)
{
  if (s == SCAN_BFLOAT16) {
    __nv_bfloat16_raw r = {bits};
    return __bfloat162float(__nv_bfloat16(r));
  }
  __half_raw r = {bits};
  return __half2float(__half(r));
}
#line 10037 "scan.nw"
/* Host floats (already of the type's values) to the device as the type's bits. */
static void stored_upload(const stored_device *x, const float *host, scan_storage s)
{
  uint16_t *bits = (uint16_t *)malloc(2 * (size_t)x->n);
  for (long long i = 0; i < x->n; i++) bits[i] = stored_bits(host[i], s);
  CUDA_CHECK(cudaMemcpy(x->at, bits, 2 * (size_t)x->n, cudaMemcpyHostToDevice));
  free(bits);
}

/* The device's elements, widened exactly into host floats. */
static void stored_download(float *host, const stored_device *x, scan_storage s)
{
  uint16_t *bits = (uint16_t *)malloc(2 * (size_t)x->n);
  CUDA_CHECK(cudaMemcpy(bits, x->at, 2 * (size_t)x->n, cudaMemcpyDeviceToHost));
  for (long long i = 0; i < x->n; i++) host[i] = stored_float(bits[i], s);
  free(bits);
}

static void stored_device_free(stored_device *x) { CUDA_CHECK(cudaFree(x->base)); }
#line 10070 "scan.nw"
typedef struct { long long rows, len; int offset; bool apart, in_place; } stored_gpu_case;

static const stored_gpu_case stored_gpu_cases[] = {
  {1, 1, 0, false, false},        {16, 33, 1, false, false},
  {1, 1000003, 0, false, false},  {3, 70001, 3, false, true},
  {1000, 257, 2, false, false},   {65536, 64, 0, false, false},
  {8, 16384, 4, false, true},     {100003, 7, 5, false, false},
  {2, 8388608, 0, false, false},  {1, 12345679, 7, false, false},
  {4096, 2048, 0, false, false},  {7, 4097, 6, false, true},
  {5, 100001, 2, true, false},    {300, 5000, 1, true, false},
  {3000, 2052, 4, false, true},   {2048, 4096, 2, false, false},
  {4096, 2051, 0, false, false},  {1000, 4096, 0, false, false},
  {700, 1024, 3, false, false},   {900, 1023, 1, false, false},   /* heads' limit */
  {500, 1025, 2, false, false},   {2000, 100, 0, false, true},    /* past it; in place */
};
#define STORED_GPU_CASES ((int)(sizeof stored_gpu_cases / sizeof stored_gpu_cases[0]))

static const stored_gpu_case stored_small_cases[] = {
  {1, 1, 0, false, false}, {3, 20001, 3, false, true}, {1000, 7, 1, true, false},
  {2048, 2048, 0, false, true}};
#line 10093 "scan.nw"
static int stored_paths[2];   /* forward cases the tile kernel ran, and the warps */

static bool run_stored_forward(const stored_gpu_case *c, const stored_type *s, int index)
{
  long long n = c->rows * c->len;
  float *a = (float *)malloc(sizeof(float) * 3 * n), *b = a + n, *h = b + n;
  make_inputs(a, b, n, index % DECAY_COUNT);
  for (long long j = 0; j < n; j++) { a[j] = s->nearest(a[j]); b[j] = s->nearest(b[j]); }
  stored_device da = stored_device_new(n, c->offset), db = stored_device_new(n, c->offset);
  stored_device dh = c->in_place ? db : stored_device_new(n, (c->offset + c->apart) % 8);
  stored_upload(&da, a, s->storage);
  stored_upload(&db, b, s->storage);
  cudaError_t e = scan_forward_stored(s->storage, da.at, db.at, dh.at, c->rows, c->len, 0);
  if (e == cudaSuccess) e = cudaDeviceSynchronize();
  CUDA_CHECK(e);
  stored_download(h, &dh, s->storage);
  comparison r = compare_stored(a, b, h, c->rows, c->len, s);
  bool guards = stored_guards_intact(&dh), ok = !r.failed && guards;
  bool warps = stored_warps(s->storage, da.at, db.at, dh.at, c->rows, c->len);
  stored_paths[warps]++;
  
#line 10123 "scan.nw"
printf("  %-4s %-8s %-8s %lld rows of %lld, offset %d%s%s, %s: %.3g of the bound%s\n",
       ok ? "ok" : "FAIL", s->name, "forward", c->rows, c->len, c->offset,
       c->apart ? " (output apart)" : "", c->in_place ? ", in place" : "",
       warps ? "warps" : "tile kernel", r.worst_ratio, guards ? "" : "; GUARDS WRITTEN");
#line 10114 "scan.nw"
  stored_device_free(&da);
  stored_device_free(&db);
  if (!c->in_place) stored_device_free(&dh);
  free(a);
  return ok;
}
#line 10133 "scan.nw"
static bool run_stored_backward(const stored_gpu_case *c, const stored_type *s, int index)
{
  long long n = c->rows * c->len, rows = c->rows;
  bool states = index % 2 == 1;
  float *x = (float *)malloc(sizeof(float) * (5 * n + 3 * rows));
  float *a = x, *h = a + n, *dh = h + n, *da = dh + n, *db = da + n;
  float *h0 = db + n, *dh_final = h0 + rows, *dh0 = dh_final + rows;
  fill_uniform(a, n, next_seed(), decays[index % DECAY_COUNT].lo,
               decays[index % DECAY_COUNT].hi);
  fill_uniform(h, n, next_seed(), -1, 1);
  fill_uniform(dh, n, next_seed(), -1, 1);
  fill_uniform(h0, 2 * rows, next_seed(), -1, 1);   /* h0 and dh_final */
  for (long long j = 0; j < 3 * n; j++) a[j] = s->nearest(a[j]);   /* a, h and dh */
  
#line 10156 "scan.nw"
int out = (c->offset + c->apart) % 8;
stored_device A = stored_device_new(n, c->offset), H = stored_device_new(n, c->offset);
stored_device DH = stored_device_new(n, c->offset), DA = stored_device_new(n, out);
stored_device DB = c->in_place ? DH : stored_device_new(n, out);
float *rows_dev;   /* h0, dh_final, dh0 */
CUDA_CHECK(cudaMalloc(&rows_dev, sizeof(float) * 3 * rows));
CUDA_CHECK(cudaMemset(rows_dev, 0xff, sizeof(float) * 3 * rows));
CUDA_CHECK(cudaMemcpy(rows_dev, h0, sizeof(float) * 2 * rows, cudaMemcpyHostToDevice));
stored_upload(&A, a, s->storage);
stored_upload(&H, h, s->storage);
stored_upload(&DH, dh, s->storage);
cudaError_t e = scan_backward_stored(s->storage, A.at, H.at, DH.at, states ? rows_dev : NULL,
                                     states ? rows_dev + rows : NULL, DA.at, DB.at,
                                     states ? rows_dev + 2 * rows : NULL, rows, c->len, 0);
if (e == cudaSuccess) e = cudaDeviceSynchronize();
CUDA_CHECK(e);
stored_download(da, &DA, s->storage);
stored_download(db, &DB, s->storage);
CUDA_CHECK(cudaMemcpy(dh0, rows_dev + 2 * rows, sizeof(float) * rows, cudaMemcpyDeviceToHost));
#line 10147 "scan.nw"
  backward_comparison r = compare_backward(a, h, dh, states ? h0 : NULL,
                                           states ? dh_final : NULL, da, db,
                                           states ? dh0 : NULL, rows, c->len,
                                           stored_precision(s));
  
#line 10178 "scan.nw"
bool guards = stored_guards_intact(&DA) && stored_guards_intact(&DB);
bool ok = !r.da.failed && !r.db.failed && !r.dh0.failed && guards;
printf("  %-4s %-8s %-8s %lld rows of %lld, offset %d%s%s%s: da %.3g, db %.3g of the "
       "bound%s\n", ok ? "ok" : "FAIL", s->name, "backward", rows, c->len, c->offset,
       c->apart ? " (outputs apart)" : "", states ? ", h0, dh_final, dh0" : "",
       c->in_place ? ", db over dh" : "", r.da.worst_ratio, r.db.worst_ratio,
       guards ? "" : "; GUARDS WRITTEN");
stored_device_free(&A);
stored_device_free(&H);
stored_device_free(&DH);
stored_device_free(&DA);
if (!c->in_place) stored_device_free(&DB);
CUDA_CHECK(cudaFree(rows_dev));
free(x);
return ok;
#line 10152 "scan.nw"
}
#line 10196 "scan.nw"
/* Every case in each type, forward and backward; with `both`, the forward's cases must
   have reached the tile kernel and the warps alike, or the suite tests less than it says. */
static int run_stored_cases(const stored_gpu_case *cases, int count, bool both)
{
  int failed = 0;
  stored_paths[0] = stored_paths[1] = 0;
  for (int t = 0; t < STORED_TYPE_COUNT; t++)
    for (int i = 0; i < count; i++) {
      failed += !run_stored_forward(&cases[i], &STORED_TYPES[t], i);
      failed += !run_stored_backward(&cases[i], &STORED_TYPES[t], i);
    }
  printf("  %d of %d runs failed; the forward ran the tile kernel %d times, the warps %d\n",
         failed, 2 * STORED_TYPE_COUNT * count, stored_paths[0], stored_paths[1]);
  bool reached = !both || (stored_paths[0] > 0 && stored_paths[1] > 0);
  if (!reached) printf("  FAIL the cases no longer reach both kernels\n");
  return failed || !reached ? EXIT_FAILED : EXIT_OK;
}

static int suite_gpu_stored(void)
{
  return run_stored_cases(stored_gpu_cases, STORED_GPU_CASES, true);
}

static int suite_gpu_stored_small(void)
{
  int count = (int)(sizeof stored_small_cases / sizeof stored_small_cases[0]);
  return run_stored_cases(stored_small_cases, count, false);
}
#line 10232 "scan.nw"
/* Of `runs` runs of the forward (or the backward's da) in type s, how many differ
   in a bit from the first. */
static int stored_runs_differing(const stored_type *s, long long rows, long long len,
                                 bool backward, int runs)
{
  long long n = rows * len;
  float *x = (float *)malloc(sizeof(float) * 3 * n);
  make_inputs(x, x + n, n, 1);
  fill_uniform(x + 2 * n, n, next_seed(), -1, 1);
  for (long long j = 0; j < 3 * n; j++) x[j] = s->nearest(x[j]);
  stored_device in[3], out = stored_device_new(n, 1), db = stored_device_new(n, 1);
  for (int k = 0; k < 3; k++) {
    in[k] = stored_device_new(n, 1);
    stored_upload(&in[k], x + k * n, s->storage);
  }
  
#line 10257 "scan.nw"
size_t bytes = 2 * (size_t)n, both = backward ? 2 * bytes : bytes;   /* out, then db */
uint16_t *first = (uint16_t *)malloc(2 * both), *now = first + both / 2;
int differing = 0;
for (int run = 0; run < runs; run++) {
  
#line 10270 "scan.nw"
CUDA_CHECK(cudaMemset(out.at, 0xff, bytes));
CUDA_CHECK(cudaMemset(db.at, 0xff, bytes));
CUDA_CHECK(backward ? scan_backward_stored(s->storage, in[0].at, in[2].at, in[1].at, NULL,
                                           NULL, out.at, db.at, NULL, rows, len, 0)
                    : scan_forward_stored(s->storage, in[0].at, in[1].at, out.at, rows,
                                          len, 0));
uint16_t *to = run ? now : first;
CUDA_CHECK(cudaMemcpy(to, out.at, bytes, cudaMemcpyDeviceToHost));
if (backward) CUDA_CHECK(cudaMemcpy(to + n, db.at, bytes, cudaMemcpyDeviceToHost));
#line 10262 "scan.nw"
  differing += run && memcmp(first, now, both) != 0;
}
for (size_t i = 0; i < both / 2; i++)   /* the inputs are finite: so is every output */
  differing += first[i] == 0xffff;
free(first);
#line 10248 "scan.nw"
  for (int k = 0; k < 3; k++) stored_device_free(&in[k]);
  stored_device_free(&out);
  stored_device_free(&db);
  free(x);
  return differing;
}
#line 10282 "scan.nw"
static int suite_gpu_stored_bits(void)
{
  static const long long shapes[][2] = {{1, 16777216}, {100000, 33}};
  int failed = 0;
  for (int t = 0; t < STORED_TYPE_COUNT; t++)
    for (int i = 0; i < 2; i++)
      for (int backward = 0; backward < 2; backward++) {
        int d = stored_runs_differing(&STORED_TYPES[t], shapes[i][0], shapes[i][1],
                                      backward, 20);
        printf("  %-4s %-8s %-8s %lld rows of %lld: %d of %d runs differ from the first "
               "(or left poison in it)\n", d ? "FAIL" : "ok", STORED_TYPES[t].name,
               backward ? "backward" : "forward", shapes[i][0], shapes[i][1], d, 19);
        failed += d != 0;
      }
  return failed ? EXIT_FAILED : EXIT_OK;
}
#line 10301 "scan.nw"
static int suite_gpu_stored_calls(void)
{
  stored_device x = stored_device_new(4096, 0), y = stored_device_new(4096, 0);
  stored_device out = stored_device_new(4096, 0);
  const void *a = x.at, *b = y.at;
  void *h = out.at, *odd = (char *)out.at + 1;
  scan_storage B16 = SCAN_BFLOAT16, F16 = SCAN_FLOAT16, none = (scan_storage)7;
  size_t bytes = scan_stored_workspace_bytes(B16, 4, 1024);
  void *ws;
  CUDA_CHECK(cudaMalloc(&ws, bytes + 256));
  bad_call calls[] = {
    
#line 10319 "scan.nw"
{"unknown type", scan_forward_stored(none, a, b, h, 4, 1024, 0)},
{"unknown type, backward", scan_backward_stored(none, a, b, a, NULL, NULL, h, (char *)h + 4096,
                                                NULL, 2, 1024, 0)},
{"negative rows", scan_forward_stored(B16, a, b, h, -1, 1024, 0)},
{"negative len", scan_forward_stored(F16, a, b, h, 4, -1, 0)},
{"a off two bytes", scan_forward_stored(F16, (const char *)a + 1, b, h, 4, 1000, 0)},
{"backward workspace too small",
 scan_backward_stored_in(B16, a, b, a, NULL, NULL, h, (char *)h + 4096, NULL, 1, 1024, ws,
                         scan_backward_workspace_bytes(1, 1024) - 8, 0)},
{"null h", scan_forward_stored(F16, a, b, NULL, 4, 1024, 0)},
{"h off two bytes", scan_forward_stored(B16, a, b, odd, 4, 1000, 0)},
{"float32 off four bytes", scan_forward_stored(SCAN_FLOAT32, a, b, (char *)h + 2, 2, 1000, 0)},
{"rows * len overflows", scan_forward_stored(B16, a, b, h, LLONG_MAX / 8, 1024, 0)},
{"workspace too small", scan_forward_stored_in(B16, a, b, h, 4, 1024, ws, bytes - 8, 0)},
{"workspace off its line",
 scan_forward_stored_in(B16, a, b, h, 4, 1024, (char *)ws + 8, bytes, 0)},
{"no workspace", scan_forward_stored_in(F16, a, b, h, 4, 1024, NULL, 0, 0)},
{"da over a", scan_backward_stored(B16, a, b, a, NULL, NULL, (void *)a, h, NULL, 4, 1024, 0)},
{"db over h, an element on",
 scan_backward_stored(F16, a, b, h, NULL, NULL, (char *)h + 4096, (char *)b + 2, NULL, 1,
                      1024, 0)},
{"da off two bytes", scan_backward_stored(B16, a, b, a, NULL, NULL, odd, h, NULL, 1, 100, 0)},
#line 10313 "scan.nw"
  };
  
#line 10344 "scan.nw"
int failed = count_unrefused(calls, (int)(sizeof calls / sizeof calls[0]));
CUDA_CHECK(cudaDeviceSynchronize());
uint16_t *seen = (uint16_t *)malloc(2 * 4096);
CUDA_CHECK(cudaMemcpy(seen, out.at, 2 * 4096, cudaMemcpyDeviceToHost));
bool untouched = true;
for (int i = 0; i < 4096; i++) untouched = untouched && seen[i] == 0xffff;
printf("  %-4s the output untouched by every bad call\n", untouched ? "ok" : "FAIL");
free(seen);
CUDA_CHECK(cudaFree(ws));
stored_device_free(&x);
stored_device_free(&y);
stored_device_free(&out);
return failed || !untouched ? EXIT_FAILED : EXIT_OK;
#line 10315 "scan.nw"
}
#line 12668 "scan.nw"
typedef struct {
  long long batch, channels, length;
  int state, groups;
  bool extras;      /* D, z, delta_bias and softplus */
  bool last;        /* the last states asked for */
  bool nan;         /* a NaN planted in u */
  int chunks;       /* 0: the plan's; -1: the plan's, through the two-phase entry */
  bool bf16;        /* u, delta, B, C, z and y in bfloat16 */
  bool shifted;     /* in bfloat16: u, delta, B, C and z a bfloat16 off 4 bytes */
} selective_gpu_case;

static const selective_gpu_case selective_gpu_cases[] = {
  {1, 1, 1, 1, 1, false, true, false, 0},     {2, 4, 7, 3, 2, true, true, false, 0},
  {1, 8, 130, 32, 1, true, true, false, 0},   {2, 6, 64, 5, 3, false, false, false, 0},
  {1, 4, 200, 64, 2, true, true, false, 0},   {1, 64, 70001, 16, 1, true, true, false, 0},
  {3, 96, 3001, 16, 3, true, true, false, -1}, {2, 100, 513, 7, 4, true, true, false, 0},
  {1, 2, 100000, 1, 1, false, true, false, 0},
  {4, 1536, 257, 16, 1, true, true, false, 0},
  {2, 40, 1000, 16, 2, true, true, false, 7}, {1, 33, 5000, 33, 1, true, true, true, 0},
  {1, 16, 31, 24, 1, true, true, false, 3},   {1, 8, 4096, 64, 1, false, true, false, -1},
  {8, 32, 1025, 2, 1, true, false, true, 5},  {1, 24, 20000, 12, 1, true, true, false, 1},
  {4, 1536, 256, 16, 1, true, true, false, 0, true},
  {1, 64, 70001, 16, 1, true, true, false, 0, true},
  {3, 96, 3000, 16, 3, true, true, true, -1, true},
  {2, 100, 513, 7, 4, true, true, false, 0, true},
  {1, 16, 31, 64, 1, false, true, false, 3, true},
  {1, 8, 20000, 16, 1, true, true, false, 5, true},
  {2, 64, 4096, 16, 2, true, true, false, 0, true, true},
  {2, 4, 7, 3, 2, true, true, false, 0, true},  {1, 8, 130, 32, 1, true, true, false, 0, true},
};
#define SELECTIVE_GPU_CASES 25
#line 12711 "scan.nw"
/* Round the n floats at x to bfloat16 in place; their bfloat16s into `to`. */
static void round_to_bf16(float *x, long long n, __nv_bfloat16 *to)
{
  for (long long i = 0; i < n; i++) {
    to[i] = __float2bfloat16_rn(x[i]);
    x[i] = __bfloat162float(to[i]);
  }
}

/* The block as the GPU is to have it: the floats, or the typed arrays in bfloat16, each
   `shift` bfloat16s into its floats' place. */
static float *selective_image(const selective_problem *host, float *block, long long floats,
                              bool bf16, int shift)
{
  float *image = (float *)malloc(sizeof(float) * floats);
  memcpy(image, block, sizeof(float) * floats);
  long long bdl = host->batch * host->channels * host->length;
  long long bgnl = host->batch * host->groups * host->state * host->length;
  const float *typed[] = {host->u, host->delta, host->B, host->C, host->z};
  long long sizes[] = {bdl, bdl, bgnl, bgnl, bdl};
  for (int i = 0; bf16 && i < 5; i++)
    if (typed[i])
      round_to_bf16(block + (typed[i] - block), sizes[i],
                    (__nv_bfloat16 *)(image + (typed[i] - block)) + shift);
  return image;
}

/* A problem whose typed pointers hold bfloat16s, as the bfloat16 entries take it. */
static selective_problem_bf16 selective_problem_as_bf16(const selective_problem *p)
{
  selective_problem_bf16 h = {p->batch, p->channels, p->length, p->state, p->groups,
                              (const __nv_bfloat16 *)p->u, (const __nv_bfloat16 *)p->delta,
                              p->A, (const __nv_bfloat16 *)p->B, (const __nv_bfloat16 *)p->C,
                              p->D, (const __nv_bfloat16 *)p->z, p->delta_bias,
                              p->delta_softplus};
  return h;
}
#line 12751 "scan.nw"
static selective_problem selective_on_device(const selective_problem *host, float *block,
                                             long long floats, bool bf16, int shift,
                                             float **device_block)
{
  float *image = selective_image(host, block, floats, bf16, shift);
  CUDA_CHECK(cudaMalloc(device_block, sizeof(float) * floats));
  CUDA_CHECK(cudaMemcpy(*device_block, image, sizeof(float) * floats,
                        cudaMemcpyHostToDevice));
  free(image);
  selective_problem p = *host;
  const float **fields[] = {&p.u, &p.delta, &p.A, &p.B, &p.C, &p.D, &p.z, &p.delta_bias};
  for (int i = 0; i < 8; i++)
    if (*fields[i]) *fields[i] = *device_block + (*fields[i] - block);
  const float **typed[] = {&p.u, &p.delta, &p.B, &p.C, &p.z};   /* moved by the shift */
  for (int i = 0; bf16 && i < 5; i++)
    if (*typed[i]) *typed[i] = (const float *)((const __nv_bfloat16 *)*typed[i] + shift);
  return p;
}
#line 12772 "scan.nw"
/* The outputs on the GPU, between guards of poison; whether the guards held. */
static bool selective_run_on_gpu(const selective_gpu_case *k, const selective_problem *p,
                                 float *y, float *last)
{
  long long bdl = k->batch * k->channels * k->length, bdn = k->batch * k->channels * k->state;
  long long yf = k->bf16 ? (bdl + 1) / 2 : bdl;   /* the floats y takes */
  float *out;
  long long floats = yf + bdn + 4 * GUARD;
  CUDA_CHECK(cudaMalloc(&out, sizeof(float) * floats));
  CUDA_CHECK(cudaMemset(out, 0xff, sizeof(float) * floats));
  float *dy = out + GUARD, *dlast = k->last ? dy + yf + 2 * GUARD : NULL;
  
#line 12801 "scan.nw"
if (k->chunks >= 0) {
  selective_choice asked = {k->chunks};
  CUDA_CHECK(selective_forward_as(p, dy, dlast, asked, k->bf16, 0));
} else {
  selective_problem_bf16 h = selective_problem_as_bf16(p);
  size_t bytes = k->bf16 ? selective_scan_workspace_bytes_bf16(&h)
                         : selective_scan_workspace_bytes(p);
  void *ws = NULL;
  if (bytes) CUDA_CHECK(cudaMalloc(&ws, bytes));
  if (k->bf16)
    CUDA_CHECK(selective_scan_forward_bf16_in(&h, (__nv_bfloat16 *)dy, dlast, ws, bytes, 0));
  else
    CUDA_CHECK(selective_scan_forward_in(p, dy, dlast, ws, bytes, 0));
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaFree(ws));
}
#line 12784 "scan.nw"
  CUDA_CHECK(cudaDeviceSynchronize());
  
#line 12820 "scan.nw"
if (k->bf16) {
  __nv_bfloat16 *y16 = (__nv_bfloat16 *)malloc(sizeof(__nv_bfloat16) * bdl);
  CUDA_CHECK(cudaMemcpy(y16, dy, sizeof(__nv_bfloat16) * bdl, cudaMemcpyDeviceToHost));
  for (long long i = 0; i < bdl; i++) y[i] = __bfloat162float(y16[i]);
  free(y16);
} else {
  CUDA_CHECK(cudaMemcpy(y, dy, sizeof(float) * bdl, cudaMemcpyDeviceToHost));
}
if (k->last) CUDA_CHECK(cudaMemcpy(last, dlast, sizeof(float) * bdn, cudaMemcpyDeviceToHost));
#line 12786 "scan.nw"
  float guard[2 * GUARD];
  bool held = output_untouched(out, guard, GUARD) &&
              output_untouched(dy + yf, guard, 2 * GUARD) &&
              output_untouched(dy + yf + 2 * GUARD + bdn, guard, GUARD);
  if (k->bf16 && bdl % 2) {   /* the last float of y, past its last bfloat16 */
    uint16_t tail;
    CUDA_CHECK(cudaMemcpy(&tail, (__nv_bfloat16 *)dy + bdl, 2, cudaMemcpyDeviceToHost));
    held = held && tail == 0xffff;
  }
  CUDA_CHECK(cudaFree(out));
  return held;
}
#line 12834 "scan.nw"
static void selective_compare(const selective_gpu_case *k, const selective_problem *p,
                              const float *y, const float *last, comparison *cy,
                              comparison *clast)
{
  long long L = k->length, N = k->state;
  compare_init(cy);
  compare_init(clast);
#pragma omp parallel for schedule(dynamic, 1)
  for (long long bd = 0; bd < k->batch * k->channels; bd++) {
    double *want = (double *)malloc(sizeof(double) * 2 * (L + N)), *bound = want + L + N;
    comparison my_y, my_last;
    compare_init(&my_y);
    compare_init(&my_last);
    selective_reference(p, bd / k->channels, bd % k->channels, want, want + L, bound,
                        bound + L);
    for (long long t = 0; t < L; t++)   /* in bfloat16, y's rounding on top of the bound */
      compare_one(&my_y, y[bd * L + t], want[t],
                  k->bf16 ? bound[t] + 0x1p-8 * (fabs(want[t]) + bound[t]) : bound[t],
                  bd * L + t);
    for (int n = 0; k->last && n < N; n++)
      compare_one(&my_last, last[bd * N + n], want[L + n], bound[L + n], bd * N + n);
#pragma omp critical
    { merge_comparison(cy, &my_y); merge_comparison(clast, &my_last); }
    free(want);
  }
}
#line 12863 "scan.nw"
static bool run_selective_case(const selective_gpu_case *k)
{
  selective_problem hp;
  long long floats;
  float *block = selective_draw(k->batch, k->channels, k->length, k->state, k->groups,
                                k->extras, &hp, &floats), *dblock;
  long long bdl = k->batch * k->channels * k->length, bdn = k->batch * k->channels * k->state;
  if (k->nan) ((float *)hp.u)[bdl / 2] = NAN;   /* the middle channel's middle, roughly */
  selective_problem dp = selective_on_device(&hp, block, floats, k->bf16, k->shifted, &dblock);
  float *y = (float *)malloc(sizeof(float) * (bdl + bdn)), *last = y + bdl;
  bool held = selective_run_on_gpu(k, &dp, y, last);
  comparison cy, clast;
  selective_compare(k, &hp, y, last, &cy, &clast);
  
#line 12885 "scan.nw"
bool ok = held && cy.failed == 0 && clast.failed == 0;
char text[256];
describe_worst(text, sizeof text, cy.failed || !clast.failed ? &cy : &clast,
               cy.failed || !clast.failed ? k->length : k->state);
printf("  %-4s B %lld, D %lld, L %lld, N %d, G %d%s%s%s%s; %s: y %.3g, last %.3g of the "
       "bound%s\n", ok ? "ok" : "FAIL", k->batch, k->channels, k->length, k->state, k->groups,
       k->extras ? ", D z bias softplus" : "", k->last ? "" : ", no last state",
       k->nan ? ", NaN in u" : "",
       k->shifted ? ", bfloat16 off 4 bytes" : k->bf16 ? ", bfloat16" : "",
       k->chunks < 0 ? "two-phase" : k->chunks ? "asked for"
       : "planned", cy.worst_ratio, clast.worst_ratio,
       held ? "" : "; GUARDS WRITTEN");
if (!ok) printf("       %s\n", text);
#line 12877 "scan.nw"
  free(y);
  free(block);
  CUDA_CHECK(cudaFree(dblock));
  return ok;
}
#line 12901 "scan.nw"
static int run_selective_cases(const selective_gpu_case *cases, int count)
{
  int failed = 0;
  for (int i = 0; i < count; i++) failed += !run_selective_case(&cases[i]);
  printf("  %d of %d cases failed\n", failed, count);
  return failed ? EXIT_FAILED : EXIT_OK;
}

static int suite_gpu_selective(void)
{
  return run_selective_cases(selective_gpu_cases, SELECTIVE_GPU_CASES);
}

/* make sanitize's: one step, a block's last channels missing, chunks combined, with
   1, 2, 8 and 16 lanes a channel; the last two in bfloat16, rows on lines and not. */
static int suite_gpu_selective_small(void)
{
  static const selective_gpu_case small[] = {
      {1, 1, 1, 1, 1, false, true, false, 0}, {2, 100, 70, 7, 4, true, true, false, 0},
      {1, 8, 300, 20, 1, true, true, false, 4}, {1, 16, 300, 64, 1, true, true, false, 3},
      {1, 8, 300, 16, 1, true, true, false, 4, true},
      {2, 100, 71, 7, 4, true, true, false, 0, true}};
  return run_selective_cases(small, 6);
}
#line 12933 "scan.nw"
static int selective_runs_differing(long long batch, long long channels, long long length,
                                    int runs, bool bf16)
{
  selective_problem hp, dp;
  long long floats, bdl = batch * channels * length;
  float *block = selective_draw(batch, channels, length, 16, 1, true, &hp, &floats), *dblock;
  dp = selective_on_device(&hp, block, floats, bf16, 0, &dblock);
  selective_problem_bf16 h = selective_problem_as_bf16(&dp);
  float *y, *first = (float *)malloc(sizeof(float) * 2 * bdl), *now = first + bdl;
  CUDA_CHECK(cudaMalloc(&y, sizeof(float) * bdl));   /* bfloat16s use its first half */
  int differing = 0;
  for (int run = 0; run < runs; run++) {
    CUDA_CHECK(cudaMemset(y, 0xff, sizeof(float) * bdl));
    if (bf16) CUDA_CHECK(selective_scan_forward_bf16(&h, (__nv_bfloat16 *)y, NULL, 0));
    else CUDA_CHECK(selective_scan_forward(&dp, y, NULL, 0));
    CUDA_CHECK(cudaMemcpy(run ? now : first, y, sizeof(float) * bdl, cudaMemcpyDeviceToHost));
    differing += run && memcmp(first, now, sizeof(float) * bdl) != 0;
  }
  CUDA_CHECK(cudaFree(y));
  CUDA_CHECK(cudaFree(dblock));
  free(first);
  free(block);
  return differing;
}
#line 12960 "scan.nw"
static int suite_gpu_selective_bits(void)
{
  static const long long shapes[][4] = {{1, 256, 50000, 0}, {8, 1536, 1024, 0},
                                        {1, 256, 50000, 1}, {8, 1536, 1024, 1}};
  int failed = 0;
  for (int i = 0; i < 4; i++) {
    int d = selective_runs_differing(shapes[i][0], shapes[i][1], shapes[i][2], 20,
                                     shapes[i][3] != 0);
    printf("  %-4s B %lld, D %lld, L %lld, N 16%s: %d of 19 runs differ from the first\n",
           d ? "FAIL" : "ok", shapes[i][0], shapes[i][1], shapes[i][2],
           shapes[i][3] ? ", bfloat16" : "", d);
    failed += d != 0;
  }
  return failed ? EXIT_FAILED : EXIT_OK;
}
#line 12981 "scan.nw"
static int suite_gpu_selective_calls(void)
{
  selective_problem hp;
  long long floats, bdl = 2 * 64 * 3000;
  float *block = selective_draw(2, 64, 3000, 16, 2, true, &hp, &floats), *dblock, *y;
  selective_problem good = selective_on_device(&hp, block, floats, false, 0, &dblock);
  CUDA_CHECK(cudaMalloc(&y, sizeof(float) * (bdl + 2 * 64 * 16)));
  CUDA_CHECK(cudaMemset(y, 0xff, sizeof(float) * (bdl + 2 * 64 * 16)));
  float *last = y + bdl;
  size_t bytes = selective_scan_workspace_bytes(&good);
  void *ws;
  CUDA_CHECK(cudaMalloc(&ws, bytes + 256));
  
#line 13002 "scan.nw"
selective_problem bad[8];
for (int i = 0; i < 8; i++) bad[i] = good;
bad[0].length = -1;
bad[1].state = 0;
bad[2].state = SEL_MAX_STATE + 1;
bad[3].groups = 3;   /* does not divide 64 channels */
bad[4].u = NULL;
bad[5].A = (const float *)((const char *)good.A + 2);
bad[6].batch = LLONG_MAX / 4;
bad[7].groups = 0;
selective_problem_bf16 g16 = selective_problem_as_bf16(&good), odd16 = g16;
odd16.u = (const __nv_bfloat16 *)((const char *)good.u + 1);
__nv_bfloat16 *y16 = (__nv_bfloat16 *)y;
size_t bytes16 = selective_scan_workspace_bytes_bf16(&g16);
#line 12994 "scan.nw"
  bad_call calls[] = {
    
#line 13019 "scan.nw"
{"no problem", selective_scan_forward(NULL, y, NULL, 0)},
{"negative length", selective_scan_forward(&bad[0], y, NULL, 0)},
{"a state of 0", selective_scan_forward(&bad[1], y, NULL, 0)},
{"a state of 65", selective_scan_forward(&bad[2], y, NULL, 0)},
{"groups not dividing channels", selective_scan_forward(&bad[3], y, NULL, 0)},
{"no groups", selective_scan_forward(&bad[7], y, NULL, 0)},
{"null u", selective_scan_forward(&bad[4], y, NULL, 0)},
{"A not on a float", selective_scan_forward(&bad[5], y, NULL, 0)},
{"batch * channels overflows", selective_scan_forward(&bad[6], y, NULL, 0)},
{"null y", selective_scan_forward(&good, NULL, NULL, 0)},
{"y not on a float", selective_scan_forward(&good, (float *)((char *)y + 1), NULL, 0)},
{"y over delta", selective_scan_forward(&good, (float *)good.delta, NULL, 0)},
{"y over B, a float on", selective_scan_forward(&good, (float *)good.B + 1, NULL, 0)},
{"last state over y", selective_scan_forward(&good, y, y + 100, 0)},
{"last state over A", selective_scan_forward(&good, last, (float *)good.A, 0)},
{"workspace too small", selective_scan_forward_in(&good, y, NULL, ws, bytes - 8, 0)},
{"workspace off its line",
 selective_scan_forward_in(&good, y, NULL, (char *)ws + 8, bytes, 0)},
{"no workspace", selective_scan_forward_in(&good, y, NULL, NULL, 0, 0)},
{"bfloat16: no problem", selective_scan_forward_bf16(NULL, y16, NULL, 0)},
{"bfloat16: u not on 2 bytes", selective_scan_forward_bf16(&odd16, y16, NULL, 0)},
{"bfloat16: y not on 2 bytes",
 selective_scan_forward_bf16(&g16, (__nv_bfloat16 *)((char *)y + 1), NULL, 0)},
{"bfloat16: y over delta's last",
 selective_scan_forward_bf16(&g16, (__nv_bfloat16 *)good.delta + bdl - 1, NULL, 0)},
{"bfloat16: workspace too small",
 selective_scan_forward_bf16_in(&g16, y16, NULL, ws, bytes16 - 8, 0)},
{"bfloat16: no workspace", selective_scan_forward_bf16_in(&g16, y16, NULL, NULL, 0, 0)},
#line 12996 "scan.nw"
  };
  
#line 13050 "scan.nw"
int failed = count_unrefused(calls, (int)(sizeof calls / sizeof calls[0]));
CUDA_CHECK(cudaDeviceSynchronize());
float *host = (float *)malloc(sizeof(float) * bdl);
bool untouched = bytes > 0 && bytes16 > 0 && output_untouched(y, host, bdl);
printf("  %-4s y untouched by every bad call (the shape needs %zu bytes of workspace)\n",
       untouched ? "ok" : "FAIL", bytes);
free(host);
free(block);
CUDA_CHECK(cudaFree(ws));
CUDA_CHECK(cudaFree(y));
CUDA_CHECK(cudaFree(dblock));
return failed || !untouched ? EXIT_FAILED : EXIT_OK;
#line 12998 "scan.nw"
}
#line 21989 "scan.nw"
static int suite_gpu_backward_bits(void)
{
  static const long long shapes[][2] = {{1, 16777216}, {64, 262139}, {100000, 33}};
  int failed = 0;
  for (int i = 0; i < 3; i++) {
    int d = backward_runs_differing(shapes[i][0], shapes[i][1], 20);
    printf("  %-4s %lld rows of %lld: %d of 19 runs differ from the first\n",
           d ? "FAIL" : "ok", shapes[i][0], shapes[i][1], d);
    failed += d != 0;
  }
  return failed ? EXIT_FAILED : EXIT_OK;
}
#line 20824 "scan.nw"
#define CANARY_BYTES ((size_t)64 << 10)   /* on either side of an array */
#define CANARY 0xA5

typedef struct {
  char *base, *at;              /* the allocation, and the array in it */
  size_t bytes, before, after;  /* the array's, and the canaries' on either side */
} guarded;

/* The bytes of the allocation: canaries, array, canaries (one, if none). */
static size_t guarded_total(const guarded *g)
{
  size_t total = g->before + g->bytes + g->after;
  return total ? total : 1;
}

/* `bytes` at `shift` bytes past a 256-byte boundary, `guard` bytes of canaries
   around them (before them, also the shift's). */
static guarded guarded_new(size_t bytes, size_t shift, size_t guard)
{
  guarded g = {NULL, NULL, bytes, guard + shift, guard};
  CUDA_CHECK(cudaMalloc(&g.base, guarded_total(&g)));
  CUDA_CHECK(cudaMemset(g.base, CANARY, guarded_total(&g)));
  g.at = g.base + g.before;
  return g;
}
#line 20852 "scan.nw"
/* Whether every canary byte, before and after the array, is still there. */
static bool canaries_intact(const guarded *g)
{
  size_t count = g->before + g->after;
  unsigned char *host = (unsigned char *)malloc(count + 1);
  if (!host) { fprintf(stderr, "out of host memory\n"); exit(EXIT_FAILED); }
  CUDA_CHECK(cudaMemcpy(host, g->base, g->before, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(host + g->before, g->at + g->bytes, g->after,
                        cudaMemcpyDeviceToHost));
  bool intact = true;
  for (size_t i = 0; i < count; i++) intact = intact && host[i] == CANARY;
  free(host);
  return intact;
}
#line 20869 "scan.nw"
/* Whether the array still holds the host's copy of it. */
static bool array_holds(const guarded *g, const void *host)
{
  void *now = malloc(g->bytes + 1);
  if (!now) { fprintf(stderr, "out of host memory\n"); exit(EXIT_FAILED); }
  CUDA_CHECK(cudaMemcpy(now, g->at, g->bytes, cudaMemcpyDeviceToHost));
  bool same = memcmp(now, host, g->bytes) == 0;
  free(now);
  return same;
}

static void guarded_free(guarded *g) { CUDA_CHECK(cudaFree(g->base)); }
#line 20889 "scan.nw"
typedef struct {
  long long n, rows;
  long long *offsets;             /* host, rows + 1 */
  float *a, *b, *h;               /* host */
  guarded da, db, dh, doffsets;   /* dh is db in place */
  bool in_place;
} ragged_buffers;
#line 20899 "scan.nw"
/* Takes `offsets` (malloc'ed, rows + 1 of them); plants the case's specials,
   which need them well formed. */
static ragged_buffers ragged_new(const ragged_case *c, long long rows, long long *offsets,
                                 size_t guard)
{
  ragged_buffers m = {c->n, rows, offsets};
  size_t bytes = sizeof(float) * c->n;
  m.a = (float *)malloc(bytes + 1); m.b = (float *)malloc(bytes + 1);
  m.h = (float *)malloc(bytes + 1);
  if (!m.a || !m.b || !m.h) { fprintf(stderr, "out of host memory\n"); exit(EXIT_FAILED); }
  make_inputs(m.a, m.b, c->n, c->decay);
  plant_ragged(c->special, m.a, m.b, offsets, rows);
  m.in_place = c->in_place;
  
#line 20918 "scan.nw"
m.da = guarded_new(bytes, 4 * c->a_offset, guard);
m.db = guarded_new(bytes, 4 * c->b_offset, guard);
m.dh = c->in_place ? m.db : guarded_new(bytes, 4 * c->h_offset, guard);
m.doffsets = guarded_new(sizeof(long long) * (rows + 1), 0, guard);
CUDA_CHECK(cudaMemcpy(m.da.at, m.a, bytes, cudaMemcpyHostToDevice));
CUDA_CHECK(cudaMemcpy(m.db.at, m.b, bytes, cudaMemcpyHostToDevice));
if (!c->in_place) CUDA_CHECK(cudaMemset(m.dh.at, 0xff, bytes));
CUDA_CHECK(cudaMemcpy(m.doffsets.at, offsets, sizeof(long long) * (rows + 1),
                      cudaMemcpyHostToDevice));
#line 20913 "scan.nw"
  return m;
}
#line 20930 "scan.nw"
static void ragged_free(ragged_buffers *m)
{
  guarded_free(&m->da); guarded_free(&m->db); guarded_free(&m->doffsets);
  if (!m->in_place) guarded_free(&m->dh);
  free(m->a); free(m->b); free(m->h); free(m->offsets);
}
#line 20946 "scan.nw"
enum { FORM_ONE_CALL, FORM_TWO_PHASE };
static const char *const form_names[] = {"scan_forward_ragged", "scan_forward_ragged_in"};

static cudaError_t call_ragged(int form, const ragged_buffers *m, size_t guard,
                               bool *workspace_intact)
{
  const float *a = (const float *)m->da.at, *b = (const float *)m->db.at;
  float *h = (float *)m->dh.at;
  const long long *offsets = (const long long *)m->doffsets.at;
  *workspace_intact = true;
  if (form == FORM_ONE_CALL) {
    cudaError_t e = scan_forward_ragged(a, b, h, m->n, offsets, m->rows, 0);
    cudaError_t s = cudaDeviceSynchronize();
    return e != cudaSuccess ? e : s;
  }
  
#line 20966 "scan.nw"
size_t bytes = scan_ragged_workspace_bytes(m->n, m->rows);
guarded w = guarded_new(bytes, 0, guard);
CUDA_CHECK(cudaMemset(w.at, 0xff, bytes));
cudaError_t e = scan_forward_ragged_in(a, b, h, m->n, offsets, m->rows, w.at, bytes, 0);
cudaError_t s = cudaDeviceSynchronize();
if (s == cudaSuccess) *workspace_intact = canaries_intact(&w);
if (s == cudaSuccess) guarded_free(&w);
return e != cudaSuccess ? e : s;
#line 20962 "scan.nw"
}
#line 20987 "scan.nw"
static case_result run_ragged_case(const ragged_case *c, int form)
{
  case_result r = {{0, 0, 0.0, -1, 0.0, 0.0}, false, ""};
  long long *offsets, rows = make_offsets(c->lengths, c->n, next_seed(), &offsets);
  ragged_buffers m = ragged_new(c, rows, offsets, CANARY_BYTES);
  bool workspace_intact;
  cudaError_t e = call_ragged(form, &m, CANARY_BYTES, &workspace_intact);
  if (e != cudaSuccess)
    snprintf(r.error, sizeof r.error, "the call returned %s", cudaGetErrorName(e));
  else
    
#line 21009 "scan.nw"
{
  CUDA_CHECK(cudaMemcpy(m.h, m.dh.at, sizeof(float) * m.n, cudaMemcpyDeviceToHost));
  r.cmp = compare_ragged(m.a, m.b, m.h, m.n, m.offsets, m.rows, FLOAT32);
  r.ok = r.cmp.failed == 0 && r.cmp.checked == m.n;
  const char *wrong = !canaries_intact(&m.dh) ? "wrote next to h"
                    : !workspace_intact ? "wrote next to the workspace"
                    : !array_holds(&m.da, m.a) ? "changed a"
                    : !array_holds(&m.doffsets, m.offsets) ? "changed the offsets" : NULL;
  if (wrong) snprintf(r.error, sizeof r.error, "%s", wrong);
  else if (!r.ok) describe_worst_ragged(r.error, sizeof r.error, &r.cmp, m.offsets, m.rows);
  r.ok = r.ok && !wrong;
}
#line 20998 "scan.nw"
  if (!r.ok)
    printf("  FAILED %s, %s, n %lld in %lld rows, %s, offsets %d/%d/%d%s%s: %s\n",
           form_names[form], lengths_names[c->lengths], c->n, rows, decays[c->decay].name,
           c->a_offset, c->b_offset, c->h_offset, c->in_place ? " in place" : "",
           ragged_special_names[c->special], r.error);
  ragged_free(&m);
  return r;
}
#line 21032 "scan.nw"
static int ragged_cases(ragged_case *cases)
{
  static const long long sizes[] = {1000, 100003, 3000017};
  int count = 0;
  for (int k = 0; k < LENGTHS_KINDS; k++)
    for (int s = 0; s < 3; s++)
      cases[count++] = ragged_case{k, sizes[s], (k + s) % DECAY_COUNT};
  
#line 21055 "scan.nw"
cases[count++] = ragged_case{LENGTHS_ONE_ROW, 1, 0};
cases[count++] = ragged_case{LENGTHS_EMPTY, 1, 1};
cases[count++] = ragged_case{LENGTHS_ONES, 2, 2};
cases[count++] = ragged_case{LENGTHS_TINY_AND_LONG, 33, 3};
cases[count++] = ragged_case{LENGTHS_TINY_AND_LONG, (1LL << 25) + 5, 1};
cases[count++] = ragged_case{LENGTHS_ONE_ROW, (1LL << 25) + 3, 2};
cases[count++] = ragged_case{LENGTHS_NEAR_1000, 1LL << 25, 0};
for (int o = 1; o < 4; o++)
  cases[count++] = ragged_case{o == 1 ? LENGTHS_EMPTY : o == 2 ? LENGTHS_NEAR_1000
                               : LENGTHS_TINY_AND_LONG, 300007, o, o, o, o};
cases[count++] = ragged_case{LENGTHS_UNIFORM, 300007, 0, 3, 1, 2};
cases[count++] = ragged_case{LENGTHS_EMPTY, 300007, 1, 0, 3, 1};
cases[count++] = ragged_case{LENGTHS_ONES, 100003, 2, 1, 0, 3};
cases[count++] = ragged_case{LENGTHS_TINY_AND_LONG, 1000003, 3, 2, 3, 0};
cases[count++] = ragged_case{LENGTHS_NEAR_1000, 300007, 0, 0, 0, 0, true};
cases[count++] = ragged_case{LENGTHS_TINY_AND_LONG, 3000017, 2, 3, 3, 0, true};
cases[count++] = ragged_case{LENGTHS_ONES, 10007, 3, 0, 1, 0, true};
#line 21040 "scan.nw"
  for (int s = RAGGED_NAN_B; s < RAGGED_SPECIALS; s++) {
    cases[count++] = ragged_case{LENGTHS_EMPTY, 200003, s % DECAY_COUNT, 0, 0, 0, false, s};
    cases[count++] = ragged_case{LENGTHS_NEAR_1000, 1000003, 1, 0, 0, 0, false, s};
    cases[count++] = ragged_case{LENGTHS_TINY_AND_LONG, 3000017, 0, 0, 0, 0, false, s};
  }
  cases[count++] = ragged_case{LENGTHS_ONES, 10007, 2, 0, 0, 0, false, RAGGED_NAN_A_AT_START};
  cases[count++] = ragged_case{LENGTHS_ONE_ROW, (1 << 22) + 1, 1, 0, 0, 0, false, RAGGED_NAN_B};
  cases[count++] = ragged_case{LENGTHS_NEAR_1000, 300007, 3, 3, 2, 1, false,
                               RAGGED_NAN_A_AT_END};
  cases[count++] = ragged_case{LENGTHS_EMPTY, 300007, 2, 1, 1, 0, true, RAGGED_NAN_B};
  return count;
}
#line 21080 "scan.nw"
static bool ragged_two_streams(void)
{
  static const ragged_case pair[2] = {{LENGTHS_TINY_AND_LONG, 1 << 24, 1},
                                      {LENGTHS_EMPTY, (1 << 22) + 3, 2}};
  cudaStream_t stream[2];
  ragged_buffers m[2];
  for (int s = 0; s < 2; s++) {
    long long *offsets, rows = make_offsets(pair[s].lengths, pair[s].n, next_seed(), &offsets);
    m[s] = ragged_new(&pair[s], rows, offsets, CANARY_BYTES);
    CUDA_CHECK(cudaStreamCreateWithFlags(&stream[s], cudaStreamNonBlocking));
  }
  
#line 21097 "scan.nw"
size_t bytes = scan_ragged_workspace_bytes(m[1].n, m[1].rows);
guarded w = guarded_new(bytes, 0, CANARY_BYTES);
CUDA_CHECK(cudaDeviceSynchronize());   /* the streams do not wait for stream 0 */
cudaError_t e[2] = {
  scan_forward_ragged((const float *)m[0].da.at, (const float *)m[0].db.at, (float *)m[0].dh.at,
                      m[0].n, (const long long *)m[0].doffsets.at, m[0].rows, stream[0]),
  scan_forward_ragged_in((const float *)m[1].da.at, (const float *)m[1].db.at,
                         (float *)m[1].dh.at, m[1].n, (const long long *)m[1].doffsets.at,
                         m[1].rows, w.at, bytes, stream[1])};
bool ok = true;
for (int s = 0; s < 2; s++) 
#line 21113 "scan.nw"
{
  cudaError_t done = cudaStreamSynchronize(stream[s]);
  if (e[s] == cudaSuccess) e[s] = done;
  comparison r;
  compare_init(&r);
  if (e[s] == cudaSuccess) {
    CUDA_CHECK(cudaMemcpy(m[s].h, m[s].dh.at, sizeof(float) * m[s].n, cudaMemcpyDeviceToHost));
    r = compare_ragged(m[s].a, m[s].b, m[s].h, m[s].n, m[s].offsets, m[s].rows, FLOAT32);
  }
  bool right = e[s] == cudaSuccess && r.failed == 0 && r.checked == m[s].n;
  if (!right) printf("  FAILED %s on a stream of two at once: %s\n", form_names[s],
                     e[s] == cudaSuccess ? "wrong output" : cudaGetErrorName(e[s]));
  ok = ok && right;
  CUDA_CHECK(cudaStreamDestroy(stream[s]));
  ragged_free(&m[s]);
}
#line 21108 "scan.nw"
ok = ok && canaries_intact(&w);
guarded_free(&w);
#line 21092 "scan.nw"
  return ok;
}
#line 21137 "scan.nw"
static int suite_gpu_ragged(void)
{
  ragged_case cases[80];
  int count = ragged_cases(cases), failed = 0;
  comparison worst;
  compare_init(&worst);
  double elements = 0;
  for (int i = 0; i < count; i++)
    for (int form = FORM_ONE_CALL; form <= FORM_TWO_PHASE; form++) {
      case_result r = run_ragged_case(&cases[i], form);
      failed += !r.ok;
      elements += r.cmp.checked;
      if (!cases[i].special && r.cmp.worst_index >= 0 && r.cmp.worst_ratio > worst.worst_ratio)
        worst = r.cmp;
    }
  failed += !ragged_two_streams();
  printf("  %-6s %d ragged cases in both forms, %.3g elements, and two streams at once;"
         " worst %.3g of the bound\n", failed ? "FAILED" : "ok", count, elements,
         worst.worst_ratio);
  return failed ? EXIT_FAILED : EXIT_OK;
}
#line 21180 "scan.nw"
enum { MALFORMED_LISTED, MALFORMED_IN_RANGE, MALFORMED_UNSORTED, MALFORMED_ANY,
       MALFORMED_SWAPPED, MALFORMED_ONE_HUGE };
#define MALFORMED_LONG (3 * (1LL << 20) + 7)

typedef struct {
  const char *what;
  long long n, rows;
  int pattern;
  long long offsets[5];   /* the rows + 1 offsets of a listed case */
} malformed_case;
#line 21194 "scan.nw"
static const malformed_case malformed_cases[] = {
  
#line 21209 "scan.nw"
{"decreasing", 1000, 3, MALFORMED_LISTED, {0, 500, 200, 1000}},
{"decreasing, long", MALFORMED_LONG, 3, MALFORMED_LISTED,
 {0, 1LL << 21, 1LL << 20, MALFORMED_LONG}},
{"decreasing across a tile's edge", MALFORMED_LONG, 4, MALFORMED_LISTED,
 {0, 8193, 8192, 16384, MALFORMED_LONG}},
{"decreasing to 0 at the end", 1000, 3, MALFORMED_LISTED, {0, 600, 1000, 0}},
{"negative", 1000, 3, MALFORMED_LISTED, {0, -5, 300, 1000}},
{"-2^40, long", MALFORMED_LONG, 3, MALFORMED_LISTED,
 {0, -(1LL << 40), MALFORMED_LONG / 2, MALFORMED_LONG}},
{"past the end", 1000, 3, MALFORMED_LISTED, {0, 300, 5000, 1000}},
{"ends one past the end", 1000, 2, MALFORMED_LISTED, {0, 300, 1001}},
{"2^40, long", MALFORMED_LONG, 3, MALFORMED_LISTED,
 {0, MALFORMED_LONG / 3, 1LL << 40, MALFORMED_LONG}},
#line 21196 "scan.nw"
  
#line 21225 "scan.nw"
{"LLONG_MIN", 1000, 2, MALFORMED_LISTED, {0, LLONG_MIN, 1000}},
{"LLONG_MAX", 1000, 2, MALFORMED_LISTED, {0, LLONG_MAX, 1000}},
{"LLONG_MAX at the end, long", MALFORMED_LONG, 2, MALFORMED_LISTED,
 {0, MALFORMED_LONG / 2, LLONG_MAX}},
{"2^62, long", MALFORMED_LONG, 2, MALFORMED_LISTED, {0, 1LL << 62, MALFORMED_LONG}},
{"2^32 + 5, 5 to a 32-bit index", 1000, 2, MALFORMED_LISTED, {0, (1LL << 32) + 5, 1000}},
{"2^32 + n / 2, long", MALFORMED_LONG, 2, MALFORMED_LISTED,
 {0, (1LL << 32) + MALFORMED_LONG / 2, MALFORMED_LONG}},
{"-2^32 + 7", 1000, 2, MALFORMED_LISTED, {0, -(1LL << 32) + 7, 1000}},
{"2^62 + 250, 1,000 bytes of floats", 1000, 2, MALFORMED_LISTED,
 {0, (1LL << 62) + 250, 1000}},
{"2^61 + 125, 1,000 bytes of offsets", 1000, 2, MALFORMED_LISTED,
 {0, (1LL << 61) + 125, 1000}},
#line 21197 "scan.nw"
  
#line 21241 "scan.nw"
{"offsets[0] = 5", 1000, 2, MALFORMED_LISTED, {5, 300, 1000}},
{"offsets[0] = -3", 1000, 2, MALFORMED_LISTED, {-3, 300, 1000}},
{"offsets[0] = n", 1000, 1, MALFORMED_LISTED, {1000, 1000}},
{"offsets[0] = LLONG_MAX", 1000, 2, MALFORMED_LISTED, {LLONG_MAX, 500, 1000}},
{"rows = 0, offsets[0] = 0", 1000, 0, MALFORMED_LISTED, {0}},
{"rows = 0, offsets[0] = n, long", MALFORMED_LONG, 0, MALFORMED_LISTED, {MALFORMED_LONG}},
{"rows = 0, offsets[0] = -1", 1000, 0, MALFORMED_LISTED, {-1}},
{"short of the end", 1000, 2, MALFORMED_LISTED, {0, 300, 999}},
{"short of the end by a tile and one, long", MALFORMED_LONG, 2, MALFORMED_LISTED,
 {0, MALFORMED_LONG / 2, MALFORMED_LONG - 8193}},
{"every row empty", 1000, 3, MALFORMED_LISTED, {0, 0, 0, 0}},
{"every offset n", MALFORMED_LONG, 2, MALFORMED_LISTED,
 {MALFORMED_LONG, MALFORMED_LONG, MALFORMED_LONG}},
#line 21198 "scan.nw"
  {"values in [-n, 2n)", 100003, 5000, MALFORMED_IN_RANGE},
  {"values in [0, n] in any order", MALFORMED_LONG, 3000, MALFORMED_UNSORTED},
  {"more rows than elements, in any order", 1000, 20000, MALFORMED_UNSORTED},
  {"any 64-bit values", 100003, 3000, MALFORMED_ANY},
  {"rows around 1,000, neighbours swapped", MALFORMED_LONG, 3000, MALFORMED_SWAPPED},
  {"rows around 1,000, one offset 2^63 - 1", MALFORMED_LONG, 3000, MALFORMED_ONE_HUGE},
};
#define MALFORMED_CASES ((int)(sizeof malformed_cases / sizeof malformed_cases[0]))
#line 21257 "scan.nw"
/* The rows + 1 offsets of a malformed case (malloc'ed), drawn from `seed`. */
static long long *malformed_offsets(const malformed_case *c, uint64_t seed)
{
  long long *o = (long long *)malloc(sizeof(long long) * (c->rows + 1));
  if (!o) { fprintf(stderr, "out of host memory\n"); exit(EXIT_FAILED); }
  for (long long r = 0; r <= c->rows; r++) {
    uint64_t x = mix64(seed ^ mix64((uint64_t)r));
    switch (c->pattern) {
    case MALFORMED_LISTED: o[r] = c->offsets[r]; break;
    case MALFORMED_IN_RANGE: o[r] = (long long)(x % (uint64_t)(3 * c->n)) - c->n; break;
    case MALFORMED_UNSORTED: o[r] = (long long)(x % (uint64_t)(c->n + 1)); break;
    case MALFORMED_ANY: o[r] = (long long)x; break;
    default: o[r] = r * (c->n / c->rows);   /* rows of n / rows, the last one longer */
    }
  }
  
#line 21278 "scan.nw"
if (c->pattern == MALFORMED_IN_RANGE || c->pattern == MALFORMED_UNSORTED ||
    c->pattern >= MALFORMED_SWAPPED) {
  o[0] = 0;
  o[c->rows] = c->n;
}
for (long long r = 1; c->pattern == MALFORMED_SWAPPED && r + 1 < c->rows; r += 7) {
  long long t = o[r];
  o[r] = o[r + 1];
  o[r + 1] = t;
}
if (c->pattern == MALFORMED_ONE_HUGE) o[c->rows / 2] = LLONG_MAX;
#line 21273 "scan.nw"
  return o;
}
#line 21298 "scan.nw"
typedef struct { size_t guard; int form, a, b, h; bool in_place; } malformed_way;
static const malformed_way malformed_ways[] = {
  {CANARY_BYTES, FORM_ONE_CALL, 0, 0, 0, false}, {CANARY_BYTES, FORM_TWO_PHASE, 1, 2, 3, false},
  {CANARY_BYTES, FORM_ONE_CALL, 3, 1, 0, true}, {0, FORM_ONE_CALL, 0, 0, 0, false},
  {0, FORM_TWO_PHASE, 2, 2, 2, false},
};
#define MALFORMED_WAYS ((int)(sizeof malformed_ways / sizeof malformed_ways[0]))
#line 21308 "scan.nw"
static bool run_malformed(const malformed_case *c, const malformed_way *w, char *wrong,
                          size_t size)
{
  ragged_case rc = {LENGTHS_ONE_ROW, c->n, 1, w->a, w->b, w->h, w->in_place};
  ragged_buffers m = ragged_new(&rc, c->rows, malformed_offsets(c, next_seed()), w->guard);
  bool workspace_intact;
  cudaError_t e = call_ragged(w->form, &m, w->guard, &workspace_intact);
  if (e == cudaSuccess) e = cudaGetLastError();
  
#line 21323 "scan.nw"
const char *what = e != cudaSuccess ? cudaGetErrorName(e)
                 : !canaries_intact(&m.dh) ? "wrote next to h"
                 : !canaries_intact(&m.da) || !canaries_intact(&m.db) ? "wrote next to a or b"
                 : !canaries_intact(&m.doffsets) ? "wrote next to the offsets"
                 : !workspace_intact ? "wrote next to the workspace"
                 : !array_holds(&m.da, m.a) ? "changed a"
                 : !m.in_place && !array_holds(&m.db, m.b) ? "changed b"
                 : !array_holds(&m.doffsets, m.offsets) ? "changed the offsets" : NULL;
wrong[0] = 0;
if (what)
  snprintf(wrong, size, "%s%s", e != cudaSuccess ? "returned " : "", what);
#line 21317 "scan.nw"
  ragged_free(&m);
  return !wrong[0];
}
#line 21337 "scan.nw"
static int suite_gpu_malformed(void)
{
  int failed = 0;
  for (int i = 0; i < MALFORMED_CASES; i++)
    for (int k = 0; k < MALFORMED_WAYS; k++) {
      const malformed_way *w = &malformed_ways[k];
      char wrong[160];
      if (run_malformed(&malformed_cases[i], w, wrong, sizeof wrong)) continue;
      failed++;
      printf("  FAILED %s, n %lld in %lld rows, %s%s%s: %s\n", malformed_cases[i].what,
             malformed_cases[i].n, malformed_cases[i].rows, form_names[w->form],
             w->guard ? "" : ", exact allocations", w->in_place ? ", in place" : "", wrong);
    }
  printf("  %-6s %d malformed offsets, %d ways each: cudaSuccess, nothing written outside h,"
         " a, b and the offsets as they were\n", failed ? "FAILED" : "ok", MALFORMED_CASES,
         MALFORMED_WAYS);
  return failed ? EXIT_FAILED : EXIT_OK;
}
#line 21368 "scan.nw"
/* Returns how many runs differed from the first, or were wrong; prints a line. */
static int repeat_ragged(const ragged_case *c, int runs)
{
  long long *offsets, rows = make_offsets(c->lengths, c->n, next_seed(), &offsets);
  ragged_buffers m = ragged_new(c, rows, offsets, CANARY_BYTES);
  float *first;
  unsigned long long *count;
  CUDA_CHECK(cudaMalloc(&first, sizeof(float) * m.n));
  CUDA_CHECK(cudaMalloc(&count, sizeof(unsigned long long)));
  CUDA_CHECK(cudaMemset(count, 0, sizeof(unsigned long long)));
  int differing = 0;
  char first_wrong[240] = "";
  
#line 21392 "scan.nw"
bool workspace_intact;
cudaError_t e = call_ragged(FORM_ONE_CALL, &m, CANARY_BYTES, &workspace_intact);
if (e != cudaSuccess) {
  snprintf(first_wrong, sizeof first_wrong, "the first run returned %s", cudaGetErrorName(e));
  differing = 1;
} else {
  
#line 21407 "scan.nw"
CUDA_CHECK(cudaMemcpy(m.h, m.dh.at, sizeof(float) * m.n, cudaMemcpyDeviceToHost));
comparison r = compare_ragged(m.a, m.b, m.h, m.n, m.offsets, m.rows, FLOAT32);
if (r.failed || r.checked != m.n) {
  char text[200];
  describe_worst_ragged(text, sizeof text, &r, m.offsets, m.rows);
  snprintf(first_wrong, sizeof first_wrong, "the first run is wrong: %s", text);
  differing = 1;
}
CUDA_CHECK(cudaMemcpy(first, m.dh.at, sizeof(float) * m.n, cudaMemcpyDeviceToDevice));
#line 21399 "scan.nw"
}
for (int form = FORM_ONE_CALL; form <= FORM_TWO_PHASE && !differing; form++)
  for (int run = 0; run < runs; run++) {
    
#line 21419 "scan.nw"
unsigned long long host_count = 0;
CUDA_CHECK(cudaMemset(m.dh.at, 0xff, sizeof(float) * m.n));
e = call_ragged(form, &m, CANARY_BYTES, &workspace_intact);
if (e != cudaSuccess) {
  snprintf(first_wrong, sizeof first_wrong, "run %d of %s returned %s", run + 1,
           form_names[form], cudaGetErrorName(e));
  differing++;
  break;
}
count_differences<<<1024, 256>>>((const uint32_t *)first, (const uint32_t *)m.dh.at, m.n,
                                  count);
CUDA_CHECK(cudaGetLastError());
CUDA_CHECK(cudaMemcpy(&host_count, count, sizeof host_count, cudaMemcpyDeviceToHost));
if (host_count) { differing++; CUDA_CHECK(cudaMemset(count, 0, sizeof host_count)); }
#line 21403 "scan.nw"
  }
#line 21381 "scan.nw"
  printf("  %-6s %d runs in each form, %s, n %lld in %lld rows%s: %s\n",
         differing ? "FAILED" : "ok", runs, lengths_names[c->lengths], m.n, rows,
         ragged_special_names[c->special], first_wrong[0] ? first_wrong
         : differing ? "some differ" : "bit-identical");
  CUDA_CHECK(cudaFree(first)); CUDA_CHECK(cudaFree(count));
  ragged_free(&m);
  return differing;
}
#line 21440 "scan.nw"
static int suite_gpu_ragged_bits(void)
{
  static const ragged_case batches[] = {
    {LENGTHS_TINY_AND_LONG, (1LL << 24) + 3, 1}, {LENGTHS_EMPTY, 4000037, 2},
    {LENGTHS_ONES, 1000003, 0}, {LENGTHS_NEAR_1000, 1LL << 24, 1},
    {LENGTHS_ONE_ROW, (1LL << 24) + 1, 1}, {LENGTHS_UNIFORM, 1LL << 23, 1, 1, 2, 3},
    {LENGTHS_TINY_AND_LONG, 1LL << 23, 1, 0, 0, 0, false, RAGGED_FLAG_NANS},
    {LENGTHS_EMPTY, 1LL << 22, 3, 0, 0, 0, false, RAGGED_NAN_B},
  };
  int differing = 0;
  for (int i = 0; i < (int)(sizeof batches / sizeof batches[0]); i++)
    differing += repeat_ragged(&batches[i], 100);
  return differing ? EXIT_FAILED : EXIT_OK;
}
#line 21471 "scan.nw"
enum { WORKSPACE_ASKED, WORKSPACE_SHORT, WORKSPACE_NONE, WORKSPACE_LARGER,
       WORKSPACE_LIBRARY };

typedef struct {
  const char *what;
  int a_bytes, b_bytes, h_bytes, offsets_bytes;   /* byte offsets; -1: null */
  long long n, rows;
  int workspace;   /* in the two-phase form; any but WORKSPACE_ASKED: that form only */
  cudaError_t want;
} ragged_call;

#define RAGGED_CALL_N (1LL << 22)
#line 21487 "scan.nw"
static const ragged_call ragged_calls[] = {
  {"n == 0", 0, 0, 0, 0, 0, 3, WORKSPACE_ASKED, cudaSuccess},
  {"n == 0 and rows == 0", 0, 0, 0, 0, 0, 0, WORKSPACE_ASKED, cudaSuccess},
  {"n == 0 and every pointer null", -1, -1, -1, -1, 0, 3, WORKSPACE_ASKED, cudaSuccess},
  {"well formed", 0, 0, 0, 0, RAGGED_CALL_N, 3, WORKSPACE_ASKED, cudaSuccess},
  {"well formed, 1, 2 and 3 floats on", 4, 8, 12, 0, RAGGED_CALL_N, 3, WORKSPACE_ASKED,
   cudaSuccess},
  {"a larger workspace", 0, 0, 0, 0, RAGGED_CALL_N, 3, WORKSPACE_LARGER, cudaSuccess},
  {"the library's workspace", 0, 0, 0, 0, RAGGED_CALL_N, 3, WORKSPACE_LIBRARY, cudaSuccess},
  
#line 21502 "scan.nw"
#define REFUSED(what, a, b, h, o, n, rows) \
  {what, a, b, h, o, n, rows, WORKSPACE_ASKED, cudaErrorInvalidValue}
REFUSED("negative n", 0, 0, 0, 0, -1, 3),
REFUSED("negative rows", 0, 0, 0, 0, RAGGED_CALL_N, -1),
REFUSED("null a", -1, 0, 0, 0, RAGGED_CALL_N, 3),
REFUSED("null b", 0, -1, 0, 0, RAGGED_CALL_N, 3),
REFUSED("null h", 0, 0, -1, 0, RAGGED_CALL_N, 3),
REFUSED("null offsets", 0, 0, 0, -1, RAGGED_CALL_N, 3),
REFUSED("a off by 2 bytes", 2, 0, 0, 0, RAGGED_CALL_N, 3),
REFUSED("b off by 1 byte", 0, 1, 0, 0, RAGGED_CALL_N, 3),
REFUSED("h off by 3 bytes", 0, 0, 3, 0, RAGGED_CALL_N, 3),
REFUSED("offsets off by 4 bytes", 0, 0, 0, 4, RAGGED_CALL_N, 3),
REFUSED("offsets off by 1 byte", 0, 0, 0, 1, RAGGED_CALL_N, 3),
REFUSED("n just past LLONG_MAX / 4", 0, 0, 0, 0, LLONG_MAX / 4 + 1, 3),
REFUSED("n = 2^62", 0, 0, 0, 0, 1LL << 62, 3),
REFUSED("n = LLONG_MAX", 0, 0, 0, 0, LLONG_MAX, 3),
{"a workspace a byte short", 0, 0, 0, 0, RAGGED_CALL_N, 3, WORKSPACE_SHORT,
 cudaErrorInvalidValue},
{"a workspace of no bytes", 0, 0, 0, 0, RAGGED_CALL_N, 3, WORKSPACE_NONE,
 cudaErrorInvalidValue},
#undef REFUSED
#line 21497 "scan.nw"
};
#define RAGGED_CALLS ((int)(sizeof ragged_calls / sizeof ragged_calls[0]))
#line 21529 "scan.nw"
static bool ragged_call_scanned(const ragged_buffers *m, const ragged_call *c, float *host)
{
  const guarded *g = &m->dh;
  size_t floats = guarded_total(g) / 4;
  long long first = (long long)(g->before + c->h_bytes) / 4;
  CUDA_CHECK(cudaMemcpy(host, g->base, sizeof(float) * floats, cudaMemcpyDeviceToHost));
  comparison r = compare_ragged(m->a + c->a_bytes / 4, m->b + c->b_bytes / 4, host + first,
                                c->n, m->offsets, m->rows, FLOAT32);
  for (size_t i = 0; i < floats; i++) {
    uint32_t bits;
    memcpy(&bits, &host[i], 4);
    if ((long long)i < first || (long long)i >= first + c->n) r.failed += bits != 0xffffffffu;
  }
  return r.failed == 0 && r.checked == c->n;
}
#line 21553 "scan.nw"
/* The bytes the call asks for, and the bytes its workspace is said to have. */
static size_t ragged_call_asks(const ragged_call *c)
{
  bool sane = c->n >= 0 && c->n <= RAGGED_CALL_N && c->rows >= 0 && c->rows <= 3;
  return sane ? scan_ragged_workspace_bytes(c->n, c->rows) : 0;
}

static size_t ragged_call_bytes(const ragged_call *c, size_t asked)
{
  switch (c->workspace) {
  case WORKSPACE_SHORT: return asked - 1;
  case WORKSPACE_NONE: return 0;
  case WORKSPACE_LARGER: return asked + 4096;
  default: return asked;
  }
}
#line 21572 "scan.nw"
/* Tries one call in one form on a poisoned h; returns false, saying why, if it
   did not do as the contract says. */
static bool try_ragged_call(const ragged_call *c, int form, const ragged_buffers *m,
                            float *host)
{
  size_t asked = ragged_call_asks(c);
  if ((c->workspace == WORKSPACE_SHORT || c->workspace == WORKSPACE_NONE) && asked == 0) {
    printf("  not tried: %s (the call asks for no workspace)\n", c->what);
    return true;
  }
  size_t bytes = ragged_call_bytes(c, asked);
  guarded w = guarded_new(bytes, 0, CANARY_BYTES);
  CUDA_CHECK(cudaMemset(w.at, 0xff, bytes));
  CUDA_CHECK(cudaMemset(m->dh.base, 0xff, guarded_total(&m->dh)));
  
#line 21598 "scan.nw"
const float *a = offset_pointer((float *)m->da.at, c->a_bytes);
const float *b = offset_pointer((float *)m->db.at, c->b_bytes);
float *h = (float *)offset_pointer((float *)m->dh.at, c->h_bytes);
const long long *o = c->offsets_bytes < 0 ? NULL
    : (const long long *)((char *)m->doffsets.at + c->offsets_bytes);
void *ws = c->workspace == WORKSPACE_LIBRARY ? NULL : w.at;
cudaError_t e = form == FORM_ONE_CALL ? scan_forward_ragged(a, b, h, c->n, o, c->rows, 0)
    : scan_forward_ragged_in(a, b, h, c->n, o, c->rows, ws, ws ? bytes : 0, 0);
cudaError_t after = cudaDeviceSynchronize(), sticky = cudaGetLastError();
bool scans = c->want == cudaSuccess && c->n > 0;
bool returned = e == c->want && after == cudaSuccess && sticky == cudaSuccess;
bool kept = canaries_intact(&w);
bool wrote = scans ? ragged_call_scanned(m, c, host)
                   : output_untouched((float *)m->dh.base, host, guarded_total(&m->dh) / 4);
bool ok = returned && kept && wrote;
const char *why = !returned ? "" : !kept ? "; wrote next to its workspace"
                : scans ? "; not the scan, or wrote next to it" : "; wrote to h";
if (!ok)
  printf("  FAILED %s, %s: returned %s, want %s%s\n", c->what, form_names[form],
         cudaGetErrorName(e != cudaSuccess ? e : after), cudaGetErrorName(c->want), why);
#line 21587 "scan.nw"
  guarded_free(&w);
  return ok;
}
#line 21622 "scan.nw"
static int suite_gpu_ragged_calls(void)
{
  long long *offsets = (long long *)malloc(sizeof(long long) * 6);
  long long list[6] = {0, RAGGED_CALL_N / 2, RAGGED_CALL_N / 2, RAGGED_CALL_N, 0, 0};
  memcpy(offsets, list, sizeof list);
  ragged_case c = {LENGTHS_ONE_ROW, RAGGED_CALL_N + 16, 0};
  ragged_buffers m = ragged_new(&c, 5, offsets, CANARY_BYTES);   /* rows 5: room to shift */
  m.rows = 3;
  float *host = (float *)malloc(guarded_total(&m.dh));
  int failures = 0, tried = 0;
  
#line 21642 "scan.nw"
for (int i = 0; i < RAGGED_CALLS; i++)
  for (int form = FORM_ONE_CALL; form <= FORM_TWO_PHASE; form++) {
    if (form == FORM_ONE_CALL && ragged_calls[i].workspace != WORKSPACE_ASKED) continue;
    failures += !try_ragged_call(&ragged_calls[i], form, &m, host);
    tried++;
  }
#line 21633 "scan.nw"
  printf("  %-6s %d calls returned what the contract says, and wrote nothing they must not\n",
         failures ? "FAILED" : "ok", tried);
  free(host);
  ragged_free(&m);
  return failures ? EXIT_FAILED : EXIT_OK;
}
#line 21662 "scan.nw"
/* One huge ragged case in one form: 1 if it failed, 0 if not, -1 where the
   GPU has too little memory for it. */
static int huge_ragged(const ragged_case *c, int form)
{
  size_t free_bytes, total_bytes, need = (size_t)(3.4 * sizeof(float) * c->n);
  CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  if (free_bytes < need) {
    printf("  skipped: needs %.1f GB of GPU memory, %.1f GB free\n", need / 1e9,
           free_bytes / 1e9);
    return -1;
  }
  case_result r = run_ragged_case(c, form);
  if (r.ok)
    printf("  ok     %s, %s, %lld elements; worst %.3g of the bound\n", form_names[form],
           lengths_names[c->lengths], c->n, r.cmp.worst_ratio);
  return !r.ok;
}
#line 21682 "scan.nw"
static int suite_gpu_ragged_huge(void)
{
  static const ragged_case near_1000 = {LENGTHS_NEAR_1000, (1LL << 31) + 1000003, 1};
  static const ragged_case one_row = {LENGTHS_ONE_ROW, (1LL << 31) + 5, 2, 1, 2, 3};
  int many = huge_ragged(&near_1000, FORM_ONE_CALL);
  if (many < 0) return EXIT_SKIPPED;
  int one = huge_ragged(&one_row, FORM_TWO_PHASE);
  if (many > 0 || one > 0) return EXIT_FAILED;
  return one < 0 ? EXIT_SKIPPED : EXIT_OK;
}
#line 22024 "scan.nw"
typedef struct {
  int lengths;
  long long n;
  int decay, form, at[5];   /* at: floats past the line of a, h, dh, da and db */
  bool in_place;            /* db over dh */
  int special;              /* RAGGED_PLAIN, or one planted in a and dh */
} ragged_backward_case;

enum { RB_A, RB_H, RB_DH, RB_DA, RB_DB, RB_ARRAYS };
typedef struct {
  long long n, rows, *offsets;   /* the offsets on the host, rows + 1 */
  float *host[RB_ARRAYS];
  guarded dev[RB_ARRAYS], doffsets;
  bool in_place;
} ragged_backward_buffers;
#line 22042 "scan.nw"
/* Takes `offsets` (malloc'ed, rows + 1); inputs drawn fresh, specials planted (the
   offsets must then be well formed), outputs poisoned. */
static ragged_backward_buffers ragged_backward_new(const ragged_backward_case *c,
                                                   long long rows, long long *offsets,
                                                   size_t guard)
{
  ragged_backward_buffers m = {c->n, rows, offsets};
  size_t bytes = sizeof(float) * c->n;
  for (int k = 0; k < RB_ARRAYS; k++) {
    m.host[k] = (float *)malloc(bytes + 1);
    if (!m.host[k]) { fprintf(stderr, "out of host memory\n"); exit(EXIT_FAILED); }
  }
  fill_uniform(m.host[RB_A], c->n, next_seed(), decays[c->decay].lo, decays[c->decay].hi);
  fill_uniform(m.host[RB_H], c->n, next_seed(), -1.0f, 1.0f);
  fill_uniform(m.host[RB_DH], c->n, next_seed(), -1.0f, 1.0f);
  plant_ragged(c->special, m.host[RB_A], m.host[RB_DH], offsets, rows);
  m.in_place = c->in_place;
  
#line 22065 "scan.nw"
for (int k = 0; k < RB_ARRAYS; k++) {
  if (k == RB_DB && c->in_place) { m.dev[k] = m.dev[RB_DH]; continue; }
  m.dev[k] = guarded_new(bytes, 4 * c->at[k], guard);
  if (k <= RB_DH) CUDA_CHECK(cudaMemcpy(m.dev[k].at, m.host[k], bytes, cudaMemcpyHostToDevice));
  else CUDA_CHECK(cudaMemset(m.dev[k].at, 0xff, bytes));
}
m.doffsets = guarded_new(sizeof(long long) * (rows + 1), 0, guard);
CUDA_CHECK(cudaMemcpy(m.doffsets.at, offsets, sizeof(long long) * (rows + 1),
                      cudaMemcpyHostToDevice));
#line 22060 "scan.nw"
  return m;
}
#line 22077 "scan.nw"
static void ragged_backward_free(ragged_backward_buffers *m)
{
  for (int k = 0; k < RB_ARRAYS; k++) {
    if (!(k == RB_DB && m->in_place)) guarded_free(&m->dev[k]);
    free(m->host[k]);
  }
  guarded_free(&m->doffsets);
  free(m->offsets);
}

/* The first thing a call changed that it must not have, or NULL. */
static const char *ragged_backward_wrong(const ragged_backward_buffers *m,
                                         bool workspace_intact)
{
  for (int k = 0; k < RB_ARRAYS; k++)
    if (!canaries_intact(&m->dev[k])) return "wrote next to an array";
  return !canaries_intact(&m->doffsets) ? "wrote next to the offsets"
       : !workspace_intact ? "wrote next to the workspace"
       : !array_holds(&m->dev[RB_A], m->host[RB_A]) ? "changed a"
       : !array_holds(&m->dev[RB_H], m->host[RB_H]) ? "changed h"
       : !m->in_place && !array_holds(&m->dev[RB_DH], m->host[RB_DH]) ? "changed dh"
       : !array_holds(&m->doffsets, m->offsets) ? "changed the offsets" : NULL;
}
#line 22106 "scan.nw"
static cudaError_t call_ragged_backward(int form, const ragged_backward_buffers *m,
                                        size_t guard, bool *workspace_intact)
{
  const float *a = (const float *)m->dev[RB_A].at, *h = (const float *)m->dev[RB_H].at;
  const float *dh = (const float *)m->dev[RB_DH].at;
  float *da = (float *)m->dev[RB_DA].at, *db = (float *)m->dev[RB_DB].at;
  const long long *o = (const long long *)m->doffsets.at;
  *workspace_intact = true;
  if (form == FORM_ONE_CALL) {
    cudaError_t e = scan_backward_ragged(a, h, dh, da, db, m->n, o, m->rows, 0);
    cudaError_t s = cudaDeviceSynchronize();
    return e != cudaSuccess ? e : s;
  }
  size_t bytes = scan_backward_ragged_workspace_bytes(m->n, m->rows);
  guarded w = guarded_new(bytes, 0, guard);
  CUDA_CHECK(cudaMemset(w.at, 0xff, bytes));
  cudaError_t e = scan_backward_ragged_in(a, h, dh, da, db, m->n, o, m->rows, w.at, bytes, 0);
  cudaError_t s = cudaDeviceSynchronize();
  if (s == cudaSuccess) *workspace_intact = canaries_intact(&w);
  if (s == cudaSuccess) guarded_free(&w);
  return e != cudaSuccess ? e : s;
}
#line 22131 "scan.nw"
static bool run_ragged_backward_case(const ragged_backward_case *c)
{
  long long *offsets, rows = make_offsets(c->lengths, c->n, next_seed(), &offsets);
  ragged_backward_buffers m = ragged_backward_new(c, rows, offsets, CANARY_BYTES);
  bool intact;
  cudaError_t e = call_ragged_backward(c->form, &m, CANARY_BYTES, &intact);
  for (int k = RB_DA; k <= RB_DB && e == cudaSuccess; k++)
    CUDA_CHECK(cudaMemcpy(m.host[k], m.dev[k].at, sizeof(float) * c->n,
                          cudaMemcpyDeviceToHost));
  backward_comparison r = compare_backward_ragged(m.host[RB_A], m.host[RB_H], m.host[RB_DH],
                                                  m.host[RB_DA], m.host[RB_DB], c->n,
                                                  offsets, rows, FLOAT32);
  const char *wrong = e != cudaSuccess ? cudaGetErrorName(e)
                                       : ragged_backward_wrong(&m, intact);
  bool ok = !wrong && !r.da.failed && !r.db.failed && r.da.checked == c->n &&
            r.db.checked == c->n;
  
#line 22154 "scan.nw"
printf("  %-4s %-24s %s, n %lld in %lld rows, at %d/%d/%d/%d/%d%s, %s: da %.3g, db %.3g"
       " of the bound%s%s\n", ok ? "ok" : "FAIL", c->form ? "scan_backward_ragged_in"
       : "scan_backward_ragged", lengths_names[c->lengths], c->n, rows, c->at[0], c->at[1],
       c->at[2], c->at[3], c->at[4], c->in_place ? ", db over dh" : "",
       ragged_special_names[c->special], r.da.worst_ratio, r.db.worst_ratio,
       wrong ? "; " : "", wrong ? wrong : "");
if (!ok && !wrong) {
  char text[256];
  describe_worst_ragged(text, sizeof text, r.db.failed ? &r.db : &r.da, offsets, rows);
  printf("       worst: %s\n", text);
}
#line 22148 "scan.nw"
  ragged_backward_free(&m);
  return ok;
}
#line 22175 "scan.nw"
static int ragged_backward_cases(ragged_backward_case *cases)
{
  static const long long sizes[] = {1000, 100003, 3000017};
  int count = 0;
  for (int k = 0; k < LENGTHS_KINDS; k++)
    for (int s = 0; s < 3; s++) {
      ragged_backward_case c = {k, sizes[s], (k + s) % DECAY_COUNT, (k + s) % 2,
                                {0, 0, 0, 0, 0}, s == 2, RAGGED_PLAIN};
      for (int i = 0; s == 1 && i < RB_ARRAYS; i++) c.at[i] = k % 2 && i >= RB_DA ? i - 1 : 1;
      cases[count++] = c;
    }
  for (int s = RAGGED_NAN_B; s < RAGGED_SPECIALS; s++)
    cases[count++] = ragged_backward_case{LENGTHS_NEAR_1000, 1000003, 1, s % 2,
                                          {2, 2, 2, 2, 2}, false, s};
  cases[count++] = ragged_backward_case{LENGTHS_ONE_ROW, (1 << 22) + 1, 1, 0,
                                        {0, 0, 0, 0, 0}, true, RAGGED_NAN_B};
  cases[count++] = ragged_backward_case{LENGTHS_ONES, 10007, 2, 1, {3, 3, 3, 3, 3}, false,
                                        RAGGED_NAN_A_AT_START};
  return count;
}
#line 22198 "scan.nw"
static int run_ragged_backward_cases(void)
{
  ragged_backward_case cases[64];
  int count = ragged_backward_cases(cases), failed = 0;
  for (int i = 0; i < count; i++) failed += !run_ragged_backward_case(&cases[i]);
  printf("  %d of %d ragged backward cases failed\n", failed, count);
  return failed;
}
#line 22215 "scan.nw"
static int suite_gpu_backward_malformed(void)
{
  int failed = 0;
  for (int i = 0; i < MALFORMED_CASES; i++)
    for (int w = 0; w < 2; w++) {
      const malformed_case *c = &malformed_cases[i];
      ragged_backward_case k = {LENGTHS_ONE_ROW, c->n, 1, w, {0, 1, 2, 3, 1}, w == 1,
                                RAGGED_PLAIN};
      size_t guard = w ? 0 : CANARY_BYTES;
      ragged_backward_buffers m = ragged_backward_new(&k, c->rows,
                                                      malformed_offsets(c, next_seed()), guard);
      bool intact;
      cudaError_t e = call_ragged_backward(w, &m, guard, &intact);
      const char *wrong = e != cudaSuccess ? cudaGetErrorName(e)
                                           : ragged_backward_wrong(&m, intact);
      if (wrong) printf("  FAILED %s, %s: %s\n", c->what, w ? "two phases" : "one call", wrong);
      failed += wrong != NULL;
      ragged_backward_free(&m);
    }
  printf("  %-6s %d malformed offsets, 2 ways each: cudaSuccess, nothing written outside da"
         " and db, the inputs as they were\n", failed ? "FAILED" : "ok", MALFORMED_CASES);
  return failed ? EXIT_FAILED : EXIT_OK;
}
#line 22245 "scan.nw"
/* Runs of the ragged backward, after the first, whose da or db differ from the first's. */
static int ragged_backward_runs_differing(int runs)
{
  ragged_backward_case c = {LENGTHS_TINY_AND_LONG, (1 << 22) + 3, 0, 0, {1, 1, 1, 1, 1},
                            false, RAGGED_PLAIN};
  long long *offsets, rows = make_offsets(c.lengths, c.n, next_seed(), &offsets);
  ragged_backward_buffers m = ragged_backward_new(&c, rows, offsets, 0);
  size_t bytes = sizeof(float) * c.n;
  float *first = (float *)malloc(4 * bytes), *now = first + 2 * c.n;
  if (!first) return runs;   /* no memory for the comparison: count every run as differing */
  int differing = 0;
  for (int run = 0; run < runs; run++) {
    bool intact;
    CUDA_CHECK(cudaMemset(m.dev[RB_DA].at, 0xff, bytes));
    CUDA_CHECK(cudaMemset(m.dev[RB_DB].at, 0xff, bytes));
    CUDA_CHECK(call_ragged_backward(run % 2, &m, 0, &intact));
    CUDA_CHECK(cudaMemcpy(run ? now : first, m.dev[RB_DA].at, bytes, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy((run ? now : first) + c.n, m.dev[RB_DB].at, bytes,
                          cudaMemcpyDeviceToHost));
    differing += run && memcmp(first, now, 2 * bytes) != 0;
  }
  
#line 22274 "scan.nw"
backward_comparison r = compare_backward_ragged(m.host[RB_A], m.host[RB_H], m.host[RB_DH],
                                                first, first + c.n, c.n, offsets, rows,
                                                FLOAT32);
if (r.da.failed || r.db.failed || r.da.checked != c.n || r.db.checked != c.n)
  differing = runs;
#line 22267 "scan.nw"
  free(first);
  ragged_backward_free(&m);
  return differing;
}
#line 22282 "scan.nw"
static int ragged_backward_unrefused(void)
{
  ragged_backward_case c = {LENGTHS_NEAR_1000, 100003, 0, 0, {0, 0, 0, 0, 0}, false,
                            RAGGED_PLAIN};
  long long *offsets, rows = make_offsets(c.lengths, c.n, next_seed(), &offsets), n = c.n;
  ragged_backward_buffers m = ragged_backward_new(&c, rows, offsets, CANARY_BYTES);
  const float *a = (const float *)m.dev[RB_A].at, *h = (const float *)m.dev[RB_H].at;
  float *dh = (float *)m.dev[RB_DH].at, *da = (float *)m.dev[RB_DA].at;
  float *db = (float *)m.dev[RB_DB].at;
  const long long *o = (const long long *)m.doffsets.at;
  size_t bytes = scan_backward_ragged_workspace_bytes(n, rows);
  void *ws;
  CUDA_CHECK(cudaMalloc(&ws, bytes + 256));
  bad_call calls[] = {
    
#line 22307 "scan.nw"
{"negative n", scan_backward_ragged(a, h, dh, da, db, -1, o, rows, 0)},
{"negative rows", scan_backward_ragged(a, h, dh, da, db, n, o, -1, 0)},
{"null a", scan_backward_ragged(NULL, h, dh, da, db, n, o, rows, 0)},
{"null h", scan_backward_ragged(a, NULL, dh, da, db, n, o, rows, 0)},
{"null dh", scan_backward_ragged(a, h, NULL, da, db, n, o, rows, 0)},
{"null da", scan_backward_ragged(a, h, dh, NULL, db, n, o, rows, 0)},
{"null db", scan_backward_ragged(a, h, dh, da, NULL, n, o, rows, 0)},
{"rows past LLONG_MAX / 16", scan_backward_ragged(a, h, dh, da, db, n, o, LLONG_MAX / 8, 0)},
{"null offsets", scan_backward_ragged(a, h, dh, da, db, n, NULL, rows, 0)},
{"offsets not on 8 bytes",
 scan_backward_ragged(a, h, dh, da, db, n, (const long long *)((const char *)o + 4), rows, 0)},
{"da not on a float",
 scan_backward_ragged(a, h, dh, (float *)((char *)da + 2), db, n, o, rows, 0)},
{"h not on a float",
 scan_backward_ragged(a, (const float *)((const char *)h + 2), dh, da, db, n, o, rows, 0)},
{"dh not on a float",
 scan_backward_ragged(a, h, (float *)((char *)dh + 2), da, db, n, o, rows, 0)},
{"da over h, a float on", scan_backward_ragged(a, h, dh, (float *)h + 1, db, n, o, rows, 0)},
{"db over dh, a float on", scan_backward_ragged(a, h, dh, da, dh + 1, n, o, rows, 0)},
{"da over the offsets", scan_backward_ragged(a, h, dh, (float *)o, db, 10, o, rows, 0)},
{"db over the offsets", scan_backward_ragged(a, h, dh, da, (float *)o, 10, o, rows, 0)},
{"da over db, a float on", scan_backward_ragged(a, h, dh, db + 1, db, n, o, rows, 0)},
{"n's bytes overflow", scan_backward_ragged(a, h, dh, da, db, LLONG_MAX / 8, o, rows, 0)},
{"n just past LLONG_MAX / 16",
 scan_backward_ragged(a, h, dh, da, db, LLONG_MAX / 16 + 1, o, rows, 0)},
{"workspace too small",
 scan_backward_ragged_in(a, h, dh, da, db, n, o, rows, ws, bytes - 8, 0)},
{"workspace off its line",
 scan_backward_ragged_in(a, h, dh, da, db, n, o, rows, (char *)ws + 8, bytes, 0)},
{"no workspace", scan_backward_ragged_in(a, h, dh, da, db, n, o, rows, NULL, 0, 0)},
#line 22297 "scan.nw"
  };
  int failed = count_unrefused(calls, (int)(sizeof calls / sizeof calls[0]));
  
#line 22340 "scan.nw"
cudaError_t none = scan_backward_ragged(NULL, NULL, NULL, NULL, NULL, 0, NULL, -1, 0);
printf("  %-4s no elements, every other argument bad: %s\n", none ? "FAIL" : "ok",
       cudaGetErrorName(none));
CUDA_CHECK(cudaDeviceSynchronize());
bool untouched = output_untouched(da, m.host[RB_DA], n) &&
                 output_untouched(db, m.host[RB_DB], n);
printf("  %-4s da and db untouched by every bad call\n", untouched ? "ok" : "FAIL");
failed += none != cudaSuccess || !untouched;
#line 22300 "scan.nw"
  CUDA_CHECK(cudaFree(ws));
  ragged_backward_free(&m);
  return failed;
}
#line 22355 "scan.nw"
static int suite_gpu_backward_ragged(void)
{
  int failed = run_ragged_backward_cases();
  int differing = ragged_backward_runs_differing(20);
  printf("  %-4s a batch of tiny and long rows: %d of 19 runs differ from the first\n",
         differing ? "FAIL" : "ok", differing);
  failed += differing != 0;
  failed += ragged_backward_unrefused();
  return failed ? EXIT_FAILED : EXIT_OK;
}

static int suite_gpu_backward_ragged_small(void)
{
  static const ragged_backward_case cases[] = {
    {LENGTHS_EMPTY, 20011, 1, 0, {1, 1, 1, 1, 1}, false, RAGGED_PLAIN},
    {LENGTHS_NEAR_1000, 30011, 2, 1, {0, 1, 2, 3, 1}, true, RAGGED_NAN_B},
  };
  int failed = !run_ragged_backward_case(&cases[0]) + !run_ragged_backward_case(&cases[1]);
  return failed ? EXIT_FAILED : EXIT_OK;
}
#line 23695 "scan.nw"
/* The roofline: read a and b, write h, 12 bytes an element, no arithmetic
   worth the name. n4 is the number of float4 groups. */
static __global__ void stream_kernel(const float4 *a, const float4 *b, float4 *h,
                                     long long n4)
{
  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (i < n4) {
    float4 x = a[i], y = b[i];
    h[i] = make_float4(x.x + y.x, x.y + y.y, x.z + y.z, x.w + y.w);
  }
}
#line 23712 "scan.nw"
static __global__ void stream_backward_kernel(const float4 *a, const float4 *h,
                                              const float4 *dh, float4 *da, float4 *db,
                                              long long n4)
{
  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (i < n4) {
    float4 x = a[i], y = h[i], z = dh[i];
    da[i] = make_float4(x.x * z.x, x.y * z.y, x.z * z.z, x.w * z.w);
    db[i] = make_float4(y.x + z.x, y.y + z.y, y.z + z.z, y.w + z.w);
  }
}
#line 23734 "scan.nw"
struct pair_at {   /* index -> (a[i], b[i]) */
  const float *a, *b;
  __host__ __device__ affine<float> operator()(long long i) const
  {
    affine<float> x = {a[i], b[i]};
    return x;
  }
};
struct state_of {   /* (a, b) -> b */
  __host__ __device__ float operator()(affine<float> x) const { return x.b; }
};
struct row_of {     /* index -> row */
  long long len;
  __host__ __device__ long long operator()(long long i) const { return i / len; }
};
struct combine_op {
  __host__ __device__ affine<float> operator()(affine<float> x, affine<float> y) const
  {
    return combine(x, y);
  }
};
#line 23758 "scan.nw"
/* CUB over the same arrays; with temp == NULL, only sizes *temp_bytes. */
static cudaError_t cub_scan(const float *a, const float *b, float *h, long long rows,
                            long long len, void *temp, size_t *temp_bytes,
                            cudaStream_t stream)
{
  auto pairs = thrust::make_transform_iterator(thrust::counting_iterator<long long>(0),
                                               pair_at{a, b});
  auto states = thrust::make_transform_output_iterator(h, state_of{});
  if (rows == 1)
    return cub::DeviceScan::InclusiveScan(temp, *temp_bytes, pairs, states,
                                          combine_op{}, len, stream);
  auto keys = thrust::make_transform_iterator(thrust::counting_iterator<long long>(0),
                                              row_of{len});
  return cub::DeviceScan::InclusiveScanByKey(temp, *temp_bytes, keys, pairs, states,
                                             combine_op{}, rows * len,
                                             cuda::std::equal_to<>(), stream);
}
#line 23787 "scan.nw"
struct add_op {   /* (a, b) -> a + b: 8 bytes read and 4 written an element */
  __host__ __device__ float operator()(float x, float y) const { return x + y; }
};

static cudaError_t transform_copy(const float *a, const float *b, float *h, long long n,
                                  cudaStream_t stream)
{
  return cub::DeviceTransform::Transform(cuda::std::make_tuple(a, b), h, n, add_op{},
                                         stream);
}
#line 23815 "scan.nw"
enum { NVML_CLOCK_SM = 1, NVML_CLOCK_MEM = 2 };

static struct {
  bool ok;
  void *device;
  int (*init)(void);
  int (*by_bus)(const char *, void **);
  int (*clock)(void *, int, unsigned *);
} nvml;
#line 23827 "scan.nw"
static void nvml_open(int cuda_device)
{
  void *lib = dlopen("libnvidia-ml.so.1", RTLD_NOW);
  char bus[32];
  if (!lib) return;
  nvml.init = (int (*)(void))dlsym(lib, "nvmlInit_v2");
  nvml.by_bus = (int (*)(const char *, void **))dlsym(
      lib, "nvmlDeviceGetHandleByPciBusId_v2");
  nvml.clock = (int (*)(void *, int, unsigned *))dlsym(lib, "nvmlDeviceGetClockInfo");
  nvml.ok = nvml.init && nvml.by_bus && nvml.clock && nvml.init() == 0 &&
            cudaDeviceGetPCIBusId(bus, sizeof bus, cuda_device) == cudaSuccess &&
            nvml.by_bus(bus, &nvml.device) == 0;
}

/* The current clock in MHz, or 0 without NVML. */
static unsigned nvml_clock(int which)
{
  unsigned mhz = 0;
  if (!nvml.ok || nvml.clock(nvml.device, which, &mhz) != 0) return 0;
  return mhz;
}
#line 23875 "scan.nw"
enum { ROW_VARIANT, ROW_AUTO, ROW_AUTO_PREALLOCATED, ROW_STREAM, ROW_MEMCPY, ROW_CUB,
       ROW_TRANSFORM, ROW_MISALIGNED, ROW_RAGGED, ROW_BACKWARD, ROW_STREAM_BACKWARD,
       ROW_STORED, ROW_STORED_BACKWARD, ROW_STREAM_HALF, ROW_STREAM_BACKWARD_HALF };

typedef struct {
  const char *name, *title, *kind;   /* kind: scan, misaligned, ceiling or library */
  int type;                          /* ROW_* */
  const scan_variant *variant;       /* for ROW_VARIANT */
  int model_bytes;
} bench_row;
#line 23890 "scan.nw"
static int bench_rows(bench_row *rows)
{
  int count = 0;
  for (int i = 0; i < VARIANT_COUNT; i++)
    rows[count++] = bench_row{variants[i].name, variants[i].title, "scan",
                              ROW_VARIANT, &variants[i], variants[i].model_bytes};
  rows[count++] = bench_row{"auto", "SCAN_AUTO through scan_forward", "scan",
                            ROW_AUTO, NULL, 12};
  rows[count++] = bench_row{"auto-preallocated", "SCAN_AUTO, workspace allocated once",
                            "scan", ROW_AUTO_PREALLOCATED, NULL, 12};
  rows[count++] = bench_row{"auto-misaligned", "SCAN_AUTO, a, b and h a float past a line",
                            "misaligned", ROW_MISALIGNED, NULL, 12};
  
#line 23908 "scan.nw"
rows[count++] = bench_row{"stream", "Streaming kernel: read a and b, write h",
                          "ceiling", ROW_STREAM, NULL, 12};
rows[count++] = bench_row{"transform", "CUB DeviceTransform: h = a + b", "ceiling",
                          ROW_TRANSFORM, NULL, 12};
rows[count++] = bench_row{"memcpy", "cudaMemcpy device to device, same bytes",
                          "ceiling", ROW_MEMCPY, NULL, 12};
rows[count++] = bench_row{"cub", "CUB DeviceScan, affine operator", "library",
                          ROW_CUB, NULL, 12};
rows[count++] = bench_row{"ragged", "scan_forward_ragged: rows from device offsets",
                          "scan", ROW_RAGGED, NULL, 12};
rows[count++] = bench_row{"backward", "scan_backward: da and db from a, h and dh",
                          "backward", ROW_BACKWARD, NULL, 20};
rows[count++] = bench_row{"stream-backward", "Streaming kernel: read three arrays, write two",
                          "ceiling", ROW_STREAM_BACKWARD, NULL, 20};
#line 23930 "scan.nw"
rows[count++] = bench_row{"stored", "scan_forward_stored, bfloat16", "stored", ROW_STORED,
                          NULL, 6};
rows[count++] = bench_row{"stored-backward", "scan_backward_stored, bfloat16", "stored",
                          ROW_STORED_BACKWARD, NULL, 10};
rows[count++] = bench_row{"stream-half", "Streaming kernel: the bytes of a bfloat16 scan",
                          "ceiling", ROW_STREAM_HALF, NULL, 6};
rows[count++] = bench_row{"stream-backward-half",
                          "Streaming kernel: the bytes of a bfloat16 backward", "ceiling",
                          ROW_STREAM_BACKWARD_HALF, NULL, 10};
#line 23903 "scan.nw"
  return count;
}
#line 23945 "scan.nw"
static int row_index(const bench_row *table, int count, const char *name)
{
  for (int i = 0; i < count; i++) if (!strcmp(table[i].name, name)) return i;
  return -1;
}
#line 23960 "scan.nw"
typedef struct {
  long long n, rows, len, total;     /* n: the arrays; total: the shape's elements */
  float *a, *b, *h, *copy_from, *copy_to;
  float *dh, *host_dh;               /* the backward's gradient on h, where it runs */
  void *sa, *sb, *sdh, *sh, *sdb;    /* bfloat16: a, b (h for the backward), dh; outputs */
  float *ma, *mb, *mh;               /* n + 32 floats, used from a float past the start */
  void *cub_temp, *workspace;
  size_t cub_bytes;
  float *host_a, *host_b, *host_h;
  double *ref, *bound;       /* the reference and its bound, checked rows only */
  long long checked_rows[3];
  int checked_count;
  const long long *offsets, *host_offsets;   /* a ragged batch's rows + 1, or NULL */
} bench_shape;
#line 24560 "scan.nw"
enum { RAGGED_LOGNORMAL, RAGGED_UNIFORM, RAGGED_LONG_AMONG_TINY, RAGGED_KINDS };
static const char *const ragged_names[] = {"lognormal", "uniform", "long-among-tiny"};
static const char *const ragged_titles[] = {
    "document lengths log-normal around 1,000", "document lengths uniform in 1 to 65,536",
    "four documents of N / 8 among documents of 1 to 16"};

typedef struct {
  int kind;
  long long rows, capacity;   /* documents, and the room for offsets */
  long long *offsets;         /* on the host: rows + 1, from 0 to N */
} ragged_batch;
#line 23977 "scan.nw"
/* Run one row of the table once, on the shape's arrays. */
static cudaError_t bench_call(const bench_row *r, bench_shape *s)
{
  switch (r->type) {
  case ROW_VARIANT:
    return run_variant(r->variant, s->a, s->b, s->h, s->rows, s->len, NULL, 0);
  case ROW_AUTO:
    return scan_forward(SCAN_AUTO, s->a, s->b, s->h, s->rows, s->len, 0);
  case ROW_AUTO_PREALLOCATED:
    return run_variant(find_variant(public_variant_names[SCAN_AUTO]), s->a, s->b,
                       s->h, s->rows, s->len, s->workspace, 0);
  case ROW_STREAM:
    stream_kernel<<<(unsigned)(((s->total + 3) / 4 + 255) / 256), 256>>>(
        (const float4 *)s->a, (const float4 *)s->b, (float4 *)s->h, (s->total + 3) / 4);
    return cudaGetLastError();
  case ROW_MEMCPY:
    return cudaMemcpyAsync(s->copy_to, s->copy_from, 6 * s->total,
                           cudaMemcpyDeviceToDevice, 0);
  
#line 24003 "scan.nw"
case ROW_TRANSFORM:
  return transform_copy(s->a, s->b, s->h, s->total, 0);
case ROW_MISALIGNED:
  return scan_forward(SCAN_AUTO, s->ma + 1, s->mb + 1, s->mh + 1, s->rows, s->len, 0);
case ROW_RAGGED:
  return scan_forward_ragged(s->a, s->b, s->h, s->total, s->offsets, s->rows, 0);
case ROW_BACKWARD:
  return scan_backward(s->a, s->b, s->dh, NULL, NULL, s->ma, s->mb, NULL, s->rows, s->len, 0);
case ROW_STREAM_BACKWARD:
  stream_backward_kernel<<<(unsigned)(((s->total + 3) / 4 + 255) / 256), 256>>>(
      (const float4 *)s->a, (const float4 *)s->b, (const float4 *)s->dh, (float4 *)s->ma,
      (float4 *)s->mb, (s->total + 3) / 4);
  return cudaGetLastError();
#line 24020 "scan.nw"
case ROW_STORED:
  return scan_forward_stored(SCAN_BFLOAT16, s->sa, s->sb, s->sh, s->rows, s->len, 0);
case ROW_STORED_BACKWARD:
  return scan_backward_stored(SCAN_BFLOAT16, s->sa, s->sb, s->sdh, NULL, NULL, s->sh, s->sdb,
                              NULL, s->rows, s->len, 0);
case ROW_STREAM_HALF:   /* float4s of eight bfloat16s */
  stream_kernel<<<(unsigned)(((s->total + 7) / 8 + 255) / 256), 256>>>(
      (const float4 *)s->sa, (const float4 *)s->sb, (float4 *)s->sh, (s->total + 7) / 8);
  return cudaGetLastError();
case ROW_STREAM_BACKWARD_HALF:
  stream_backward_kernel<<<(unsigned)(((s->total + 7) / 8 + 255) / 256), 256>>>(
      (const float4 *)s->sa, (const float4 *)s->sb, (const float4 *)s->sdh, (float4 *)s->sh,
      (float4 *)s->sdb, (s->total + 7) / 8);
  return cudaGetLastError();
#line 23996 "scan.nw"
  default:
    return cub_scan(s->a, s->b, s->h, s->rows, s->len, s->cub_temp, &s->cub_bytes, 0);
  }
}
#line 24135 "scan.nw"
/* Compare n outputs with a reference and its bound, on all cores. */
static comparison compare_with(const float *out, const double *ref,
                               const double *bound, long long n, long long first)
{
  comparison all;
  compare_init(&all);
#pragma omp parallel
  {
    comparison mine;
    compare_init(&mine);
#pragma omp for schedule(static)
    for (long long i = 0; i < n; i++)
      compare_one(&mine, out[i], ref[i], bound[i], first + i);
#pragma omp critical
    merge_comparison(&all, &mine);
  }
  return all;
}
#line 24156 "scan.nw"
/* Is every row of a ragged batch right? Fills *worst with the share of the bound
   used: the GPU suites' judge, compare_ragged, at the batch's depth. */
static bool ragged_check(bench_shape *s, double *worst)
{
  CUDA_CHECK(cudaMemcpy(s->host_h, s->h, sizeof(float) * s->total,
                        cudaMemcpyDeviceToHost));
  comparison all = compare_ragged(s->host_a, s->host_b, s->host_h, s->total,
                                  s->host_offsets, s->rows, FLOAT32);
  *worst = all.worst_ratio;
  return all.failed == 0 && all.checked == s->total;
}
#line 24069 "scan.nw"
static bool backward_check(bench_shape *s, double *worst)
{
  backward_comparison all;
  backward_compare_init(&all);
  float *out = (float *)malloc(sizeof(float) * 2 * s->len);
  for (int k = 0; k < s->checked_count; k++) {
    long long at = s->checked_rows[k] * s->len;
    CUDA_CHECK(cudaMemcpy(out, s->ma + at, sizeof(float) * s->len, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(out + s->len, s->mb + at, sizeof(float) * s->len,
                          cudaMemcpyDeviceToHost));
    backward_comparison c;
    backward_compare_init(&c);
    compare_backward_row(s->host_a + at, s->host_b + at, s->host_dh + at, 0.0, 0.0, out,
                         out + s->len, (const float *)NULL, 0, s->len, 0,
                         later_depth(s->rows * s->len), FLOAT32, &c);
    merge_backward(&all, &c);
  }
  free(out);
  *worst = fmax(all.da.worst_ratio, all.db.worst_ratio);
  return all.da.failed == 0 && all.db.failed == 0;
}
#line 24097 "scan.nw"
static bool stored_check(bench_shape *s, bool backward, double *worst)
{
  const stored_type *t = &STORED_TYPES[0];   /* bfloat16 */
  long long len = s->len;
  float *x = (float *)malloc(sizeof(float) * 5 * len), *a = x, *b = a + len, *dh = b + len;
  float *out = dh + len, *db = out + len;
  bool ok = true;
  *worst = 0;
  for (int k = 0; k < s->checked_count; k++) {
    
#line 24114 "scan.nw"
long long at = s->checked_rows[k] * len;
for (long long i = 0; i < len; i++) {
  a[i] = t->nearest(s->host_a[at + i]);
  b[i] = t->nearest(s->host_b[at + i]);
  dh[i] = backward ? t->nearest(s->host_dh[at + i]) : 0.0f;
}
stored_device o = {NULL, (uint16_t *)s->sh + at, len}, d = {NULL, (uint16_t *)s->sdb + at, len};
stored_download(out, &o, SCAN_BFLOAT16);
if (backward) stored_download(db, &d, SCAN_BFLOAT16);
backward_comparison c;
backward_compare_init(&c);
if (backward)
  compare_backward_row(a, b, dh, 0.0, 0.0, out, db, (const float *)NULL, 0, len, 0,
                       later_depth(s->rows * len), stored_precision(t), &c);
else
  c.db = compare_stored(a, b, out, 1, len, t);
ok = ok && !c.da.failed && !c.db.failed;
*worst = fmax(*worst, fmax(c.da.worst_ratio, c.db.worst_ratio));
#line 24107 "scan.nw"
  }
  free(x);
  return ok;
}
#line 24170 "scan.nw"
/* Is the output right on the checked rows? Fills *worst with the share of the
   bound used. Ceilings are not scans and are not checked. */
static bool bench_check(const bench_row *r, bench_shape *s, double *worst)
{
  *worst = 0;
  if (!strcmp(r->kind, "ceiling")) return true;
  if (r->type == ROW_RAGGED) return ragged_check(s, worst);
  if (r->type == ROW_BACKWARD) return backward_check(s, worst);
  if (r->type == ROW_STORED || r->type == ROW_STORED_BACKWARD)
    return stored_check(s, r->type == ROW_STORED_BACKWARD, worst);
  const float *h = r->type == ROW_MISALIGNED ? s->mh + 1 : s->h;
  bool ok = true;
  for (int k = 0; k < s->checked_count; k++) {
    long long at = s->checked_rows[k] * s->len;
    CUDA_CHECK(cudaMemcpy(s->host_h, h + at, sizeof(float) * s->len,
                          cudaMemcpyDeviceToHost));
    comparison c = compare_with(s->host_h, s->ref + k * s->len, s->bound + k * s->len,
                                s->len, at);
    ok = ok && c.failed == 0;
    *worst = fmax(*worst, c.worst_ratio);
  }
  return ok;
}
#line 24210 "scan.nw"
typedef struct { float ms; unsigned sm[2], mem[2]; } sample;

static sample take_sample(const bench_row *r, bench_shape *s, int reps,
                          cudaEvent_t start, cudaEvent_t stop)
{
  sample x;
  x.sm[0] = nvml_clock(NVML_CLOCK_SM);
  x.mem[0] = nvml_clock(NVML_CLOCK_MEM);
  CUDA_CHECK(cudaEventRecord(start));
  for (int i = 0; i < reps; i++) CUDA_CHECK(bench_call(r, s));
  CUDA_CHECK(cudaEventRecord(stop));
  CUDA_CHECK(cudaEventSynchronize(stop));
  CUDA_CHECK(cudaEventElapsedTime(&x.ms, start, stop));
  x.ms /= reps;
  x.sm[1] = nvml_clock(NVML_CLOCK_SM);
  x.mem[1] = nvml_clock(NVML_CLOCK_MEM);
  return x;
}
#line 24242 "scan.nw"
#define SAMPLES 15
enum { RESULT_OK, RESULT_UNSUPPORTED, RESULT_WRONG, RESULT_ERROR };
static const char *const result_names[] = {"ok", "unsupported", "wrong", "error"};

typedef struct {
  int status, reps, samples;
  char reason[160];
  double worst;                 /* share of the bound used, on the checked rows */
  sample sample_at[SAMPLES];
  double median, q1, q3;
} bench_result;

typedef struct {
  long long rows, len, elements;   /* a ragged batch: rows documents, len 0 */
  bool sweep_a, sweep_b, mem_stable;
  bool backward;                /* the backward's sweep: its dh is made with the inputs */
  bool stored;                  /* the stored sweeps: inputs rounded to bfloat16 too */
  const ragged_batch *batch;    /* sweep R's batch, or NULL */
  bench_result *results;        /* one per row of its sweep */
} shape_record;
#line 24274 "scan.nw"
static void prepare_row(const bench_row *r, bench_shape *s, bench_result *x,
                        cudaEvent_t start, cudaEvent_t stop)
{
  memset(x, 0, sizeof *x);
  if (r->type == ROW_VARIANT && r->variant->max_len && s->len > r->variant->max_len) {
    x->status = RESULT_UNSUPPORTED;
    snprintf(x->reason, sizeof x->reason, "rows longer than %lld", r->variant->max_len);
    return;
  }
  cudaError_t e = bench_call(r, s);
  if (e == cudaSuccess) e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    x->status = e == cudaErrorNotSupported ? RESULT_UNSUPPORTED : RESULT_ERROR;
    snprintf(x->reason, sizeof x->reason, "%s", cudaGetErrorString(e));
    (void)cudaGetLastError();   /* the next row's launch must not see it */
    return;
  }
  
#line 24296 "scan.nw"
if (!bench_check(r, s, &x->worst)) {
  x->status = RESULT_WRONG;
  snprintf(x->reason, sizeof x->reason, "output outside the bound (%.3g of it)",
           x->worst);
  return;
}
sample once = take_sample(r, s, 1, start, stop);
x->reps = once.ms >= 2.0f ? 1 : (int)ceilf(2.0f / fmaxf(once.ms, 0.001f));
if (x->reps > 2000) x->reps = 2000;   /* only sweep S's smallest come near */
x->samples = once.ms > 500.0f ? 5 : SAMPLES;
x->status = RESULT_OK;
#line 24292 "scan.nw"
}
#line 24312 "scan.nw"
static void summarise(bench_result *x)
{
  double ms[SAMPLES];
  for (int i = 0; i < x->samples; i++) ms[i] = x->sample_at[i].ms;
  qsort(ms, x->samples, sizeof ms[0], compare_doubles);
  int n = x->samples;
  x->median = n % 2 ? ms[n / 2] : 0.5 * (ms[n / 2 - 1] + ms[n / 2]);
  x->q1 = ms[n / 4];
  x->q3 = ms[(3 * n) / 4];
}
#line 24331 "scan.nw"
static void measure_shape(bench_shape *s, const bench_row *table, int count,
                          shape_record *rec, cudaEvent_t start, cudaEvent_t stop)
{
  
#line 24360 "scan.nw"
s->rows = rec->rows;
s->len = rec->len;
s->total = rec->elements;
s->host_offsets = rec->batch ? rec->batch->offsets : NULL;
make_inputs(s->host_a, s->host_b, s->total, 0);
CUDA_CHECK(cudaMemcpy(s->a, s->host_a, sizeof(float) * s->total, cudaMemcpyHostToDevice));
CUDA_CHECK(cudaMemcpy(s->b, s->host_b, sizeof(float) * s->total, cudaMemcpyHostToDevice));
CUDA_CHECK(cudaMemcpy(s->ma + 1, s->a, sizeof(float) * s->total, cudaMemcpyDeviceToDevice));
CUDA_CHECK(cudaMemcpy(s->mb + 1, s->b, sizeof(float) * s->total, cudaMemcpyDeviceToDevice));
if (rec->backward) {
  fill_uniform(s->host_dh, s->total, next_seed(), -1.0f, 1.0f);
  CUDA_CHECK(cudaMemcpy(s->dh, s->host_dh, sizeof(float) * s->total,
                        cudaMemcpyHostToDevice));
}
if (rec->stored) {
  stored_device x[3] = {{NULL, (uint16_t *)s->sa, s->total},
                        {NULL, (uint16_t *)s->sb, s->total},
                        {NULL, (uint16_t *)s->sdh, s->total}};
  stored_upload(&x[0], s->host_a, SCAN_BFLOAT16);   /* rounded to nearest as they go */
  stored_upload(&x[1], s->host_b, SCAN_BFLOAT16);
  if (rec->backward) stored_upload(&x[2], s->host_dh, SCAN_BFLOAT16);
}
if (rec->batch) {
  
#line 24391 "scan.nw"
size_t offset_bytes = sizeof(long long) * (s->rows + 1);
long long *offsets;
CUDA_CHECK(cudaMalloc(&offsets, offset_bytes));
CUDA_CHECK(cudaMemcpy(offsets, s->host_offsets, offset_bytes, cudaMemcpyHostToDevice));
s->offsets = offsets;
s->checked_count = 0;
#line 24384 "scan.nw"
} else {
  
#line 24400 "scan.nw"
long long picks[3] = {0, s->rows / 2, s->rows - 1};
s->checked_count = s->rows >= 3 ? 3 : (int)s->rows;
#pragma omp parallel for
for (int k = 0; k < s->checked_count; k++) {
  s->checked_rows[k] = s->rows >= 3 ? picks[k] : k;
  long long from = s->checked_rows[k] * s->len;
  reference_state ref = {0, 0, 0};
  for (long long t = 0; t < s->len; t++) {
    reference_step(&ref, s->host_a[from + t], s->host_b[from + t]);
    s->ref[k * s->len + t] = ref.h;
    s->bound[k * s->len + t] = error_bound(&ref, t, later_depth(s->len), FLOAT32);
  }
}
#line 24386 "scan.nw"
  
#line 24416 "scan.nw"
s->cub_bytes = 0;
CUDA_CHECK(cub_scan(s->a, s->b, s->h, s->rows, s->len, NULL, &s->cub_bytes, 0));
CUDA_CHECK(cudaMalloc(&s->cub_temp, s->cub_bytes + 1));
const scan_variant *chosen = find_variant(public_variant_names[SCAN_AUTO]);
size_t bytes = chosen->workspace(s->rows, s->len, rows_aligned(s->a, s->b, s->h, s->len));
CUDA_CHECK(cudaMalloc(&s->workspace, bytes + 1));   /* + 1: none is still a pointer */
#line 24387 "scan.nw"
}
#line 24335 "scan.nw"
  for (int i = 0; i < count; i++) {
    prepare_row(&table[i], s, &rec->results[i], start, stop);
    const bench_result *x = &rec->results[i];
    fprintf(stderr, "  %-18s %s%s%s\n", table[i].name, result_names[x->status],
            x->reason[0] ? ": " : "", x->reason);
  }
  for (int k = 0; k < SAMPLES; k++)
    for (int i = 0; i < count; i++)
      if (rec->results[i].status == RESULT_OK && k < rec->results[i].samples)
        rec->results[i].sample_at[k] = take_sample(&table[i], s, rec->results[i].reps,
                                                   start, stop);
  
#line 24425 "scan.nw"
rec->mem_stable = true;
unsigned mem = 0;
for (int i = 0; i < count; i++) {
  bench_result *x = &rec->results[i];
  if (x->status != RESULT_OK) continue;
  summarise(x);
  for (int k = 0; k < x->samples; k++)
    for (int e = 0; e < 2; e++) {
      if (!mem) mem = x->sample_at[k].mem[e];
      if (x->sample_at[k].mem[e] != mem) rec->mem_stable = false;
    }
}
#line 24347 "scan.nw"
  CUDA_CHECK(cudaFree(s->cub_temp));
  CUDA_CHECK(cudaFree(s->workspace));
  CUDA_CHECK(cudaFree((void *)s->offsets));
  s->cub_temp = s->workspace = NULL;
  s->offsets = NULL;
}
#line 24953 "scan.nw"
typedef struct {
  bool quick;
  const char *out, *sweeps, *kernels, *build;   /* NULL where not given */
  uint64_t shape_seed;
} bench_options;
#line 24503 "scan.nw"
static shape_record uniform_shape(long long rows, long long len)
{
  shape_record r = {rows, len, rows * len, false, false, true, false, NULL, NULL};
  return r;
}
#line 24516 "scan.nw"
/* A standard normal number, from two of them (Box and Muller). */
static double normal_at(uint64_t seed, long long i)
{
  double u = unit_at(seed, 2 * i), v = unit_at(seed, 2 * i + 1);
  return sqrt(-2.0 * log(1.0 - u)) * cos(6.283185307179586 * v);
}
#line 24529 "scan.nw"
#define SWEEP_C_SHAPES 24
#define SHAPE_SEED 31     /* of sweeps C and R, where --shape-seed gives none */

static int by_length(const void *x, const void *y)
{
  long long a = ((const shape_record *)x)->len, b = ((const shape_record *)y)->len;
  return (a > b) - (a < b);
}

static int sweep_c_shapes(shape_record *shapes, long long n, uint64_t seed)
{
  int count = 0;
  for (long long i = 0; count < SWEEP_C_SHAPES; i++) {
    long long len = (long long)pow(n + 1.0, unit_at(seed, i));
    len = len < 1 ? 1 : len > n ? n : len;
    bool seen = false;
    for (int k = 0; k < count; k++) seen = seen || shapes[k].len == len;
    if (!seen) shapes[count++] = uniform_shape(n / len, len);
  }
  qsort(shapes, count, sizeof shapes[0], by_length);
  return count;
}
#line 24575 "scan.nw"
/* The i-th length drawn for a batch: log-normal with a median of 1,000 and sigma 1,
   uniform in 1 .. 65,536, or, between the long documents, uniform in 1 .. 16. */
static long long document_length(int kind, uint64_t seed, long long i)
{
  if (kind == RAGGED_LOGNORMAL) {
    long long len = llround(1000.0 * exp(normal_at(seed, i)));
    return len > 1 ? len : 1;
  }
  return 1 + (long long)(unit_at(seed, i) * (kind == RAGGED_UNIFORM ? 65536 : 16));
}
#line 24592 "scan.nw"
static void end_document(ragged_batch *g, long long end)
{
  if (g->rows + 2 > g->capacity) {
    g->capacity *= 2;
    g->offsets = (long long *)realloc(g->offsets, sizeof(long long) * g->capacity);
  }
  g->offsets[++g->rows] = end;
}

static ragged_batch make_batch(int kind, long long n, uint64_t seed)
{
  ragged_batch g = {kind, 0, 1024, (long long *)malloc(sizeof(long long) * 1024)};
  long long at = 0, tiny = 0, longs = kind == RAGGED_LONG_AMONG_TINY ? 4 : 0, places[4];
  
#line 24619 "scan.nw"
for (int j = 0; j < 4; j++) places[j] = (long long)(unit_at(~seed, j) * (n / 2));
for (int j = 1; j < 4; j++)   /* in order */
  for (int k = j; k > 0 && places[k] < places[k - 1]; k--) {
    long long t = places[k];
    places[k] = places[k - 1];
    places[k - 1] = t;
  }
#line 24606 "scan.nw"
  g.offsets[0] = 0;
  for (long long i = 0, placed = 0; at < n;) {
    bool long_one = placed < longs && tiny >= places[placed];
    long long len = long_one ? n / 8 : document_length(kind, seed, i++);
    if (long_one) placed++; else tiny += len;
    at = at + len < n ? at + len : n;
    end_document(&g, at);
  }
  return g;
}
#line 24632 "scan.nw"
static int sweep_s_shapes(shape_record *shapes, long long n)
{
  int count = 0;
  long long most = n / 2 < (1LL << 26) ? n / 2 : 1LL << 26;
  for (long long size = 4096; size <= most; size *= 2)
    for (long long total = size; total < 2 * size && total <= most; total += size / 2) {
      shapes[count++] = uniform_shape(1, total);
      shapes[count++] = uniform_shape(total / 2048, 2048);
    }
  return count;
}
#line 24650 "scan.nw"
typedef struct { const char *sweep; double times, plus_us; } bench_target;
static const bench_target targets[] = {{"A", 1.05, 0}, {"B", 1.05, 0}, {"C", 1.05, 0},
                                       {"R", 1.05, 0}, {"S", 1.05, 2},
                                       {"misaligned", 1.10, 0}, {"BW", 1.05, 0},
                                       {"H", 1.05, 0}, {"HBW", 1.05, 0}};
#define TARGET_COUNT 9
#line 24891 "scan.nw"
static int bench_shapes(shape_record *shapes, long long n, bool want_a, bool want_b)
{
  int count = 0;
  for (long long len = 2048; len <= 65536 && want_a; len *= 2) {
    shapes[count] = uniform_shape(n / len, len);
    shapes[count++].sweep_a = true;
  }
  static const long long rows_b[] = {1, 8, 64, 512, 4096, 32768, 65536};
  for (int i = 0; i < 7 && want_b; i++) {
    if (n % rows_b[i] || n / rows_b[i] < 1) continue;
    int found = -1;
    for (int k = 0; k < count; k++) if (shapes[k].rows == rows_b[i]) found = k;
    if (found < 0) shapes[found = count++] = uniform_shape(rows_b[i], n / rows_b[i]);
    shapes[found].sweep_b = true;
  }
  return count;
}
#line 24663 "scan.nw"
#define MAX_ROWS 40

typedef struct {
  const char *name;                     /* "AB" for sweeps A and B, "C", "R" or "S" */
  bench_row table[MAX_ROWS];
  int rows, count;
  shape_record *shapes;
  ragged_batch batches[RAGGED_KINDS];   /* sweep R's */
} bench_sweep;

static const char *const sweep_c_rows[] = {"auto", "auto-misaligned", "stream",
                                           "transform", "cub", NULL};
static const char *const sweep_r_rows[] = {"ragged", "stream", "transform", NULL};
static const char *const sweep_s_rows[] = {"auto", "stream", "transform", NULL};
static const char *const sweep_bw_rows[] = {"backward", "stream-backward", NULL};
static const char *const sweep_h_rows[] = {"stored", "stream-half", NULL};
static const char *const sweep_hbw_rows[] = {"stored-backward", "stream-backward-half", NULL};
#line 24688 "scan.nw"
/* Whether name is an item of a comma-separated list; every name is in NULL's. */
static bool listed(const char *list, const char *name)
{
  size_t n = strlen(name);
  for (const char *p = list; p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
    if (!strncmp(p, name, n) && (p[n] == ',' || !p[n])) return true;
  return !list;
}

/* The rows of `all` that a sweep measures: those named (all but the ragged entry and
   the backward's two rows when names is NULL) that the list `kept` names too, in the
   table's order. */
static int pick_rows(bench_row *table, const bench_row *all, int count,
                     const char *const *names, const char *kept)
{
  int picked = 0;
  for (int i = 0; i < count; i++) {
    bool named = !names && all[i].type != ROW_RAGGED && all[i].type != ROW_BACKWARD &&
                 all[i].type != ROW_STREAM_BACKWARD && strcmp(all[i].kind, "stored") &&
                 all[i].type != ROW_STREAM_HALF && all[i].type != ROW_STREAM_BACKWARD_HALF;
    for (int k = 0; names && names[k]; k++) named = named || !strcmp(names[k], all[i].name);
    if (named && listed(kept, all[i].name)) table[picked++] = all[i];
  }
  return picked;
}
#line 24716 "scan.nw"
/* Whether an item of a comma-separated list is none of names; if so, it goes in item. */
static bool unknown_item(const char *list, const char *const *names, int count,
                         char *item, size_t size)
{
  for (const char *p = list; p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL) {
    size_t n = strcspn(p, ",");
    bool known = false;
    for (int k = 0; k < count; k++)
      known = known || (strlen(names[k]) == n && !strncmp(p, names[k], n));
    if (!known) {
      snprintf(item, size, "%.*s", (int)n, p);
      return true;
    }
  }
  return false;
}
#line 24738 "scan.nw"
static bench_sweep *new_sweep(bench_sweep *w, const char *name, const char *const *names,
                              const bench_row *all, int count, const char *kept, int room)
{
  w->name = name;
  w->rows = pick_rows(w->table, all, count, names, kept);
  w->shapes = (shape_record *)calloc(room, sizeof(shape_record));
  w->count = 0;
  return w;
}

static int make_sweeps(bench_sweep *w, const bench_row *all, int count,
                       const bench_options *o, long long n)
{
  int made = 0;
  bool a = listed(o->sweeps, "A"), b = listed(o->sweeps, "B");
  if (a || b) {
    bench_sweep *x = new_sweep(&w[made++], "AB", NULL, all, count, o->kernels, 16);
    x->count = bench_shapes(x->shapes, n, a, b);
  }
  
#line 24763 "scan.nw"
if (listed(o->sweeps, "C")) {
  bench_sweep *x = new_sweep(&w[made++], "C", sweep_c_rows, all, count, o->kernels,
                             SWEEP_C_SHAPES);
  x->count = sweep_c_shapes(x->shapes, n, o->shape_seed);
}
if (listed(o->sweeps, "R")) {
  bench_sweep *x = new_sweep(&w[made++], "R", sweep_r_rows, all, count, o->kernels,
                             RAGGED_KINDS);
  for (int k = 0; k < RAGGED_KINDS; k++, x->count++) {
    x->batches[k] = make_batch(k, n, mix64(o->shape_seed + k + 1));
    x->shapes[k] = uniform_shape(x->batches[k].rows, 0);
    x->shapes[k].elements = n;
    x->shapes[k].batch = &x->batches[k];
  }
}
if (listed(o->sweeps, "S")) {
  bench_sweep *x = new_sweep(&w[made++], "S", sweep_s_rows, all, count, o->kernels, 64);
  x->count = sweep_s_shapes(x->shapes, n);
}
if (listed(o->sweeps, "BW")) {
  bench_sweep *x = new_sweep(&w[made++], "BW", sweep_bw_rows, all, count, o->kernels,
                             16 + SWEEP_C_SHAPES);
  x->count = bench_shapes(x->shapes, n, true, true);
  x->count += sweep_c_shapes(x->shapes + x->count, n, o->shape_seed);
  for (int i = 0; i < x->count; i++) x->shapes[i].backward = true;
}
#line 24796 "scan.nw"
for (int backward = 0; backward < 2; backward++) {
  const char *name = backward ? "HBW" : "H";
  if (!listed(o->sweeps, name)) continue;
  bench_sweep *x = new_sweep(&w[made++], name, backward ? sweep_hbw_rows : sweep_h_rows, all,
                             count, o->kernels, 16 + SWEEP_C_SHAPES);
  x->count = bench_shapes(x->shapes, n, true, true);
  x->count += sweep_c_shapes(x->shapes + x->count, n, o->shape_seed);
  for (int i = 0; i < x->count; i++) {
    x->shapes[i].backward = backward;
    x->shapes[i].stored = true;
  }
}
#line 24758 "scan.nw"
  return made;
}
#line 24811 "scan.nw"
static void measure_sweep(bench_shape *s, bench_sweep *w, cudaEvent_t start,
                          cudaEvent_t stop)
{
  for (int i = 0; i < w->count; i++) {
    shape_record *r = &w->shapes[i];
    r->results = (bench_result *)calloc(w->rows, sizeof(bench_result));
    if (r->batch)
      fprintf(stderr, "[%s %d/%d] %s: %lld rows\n", w->name, i + 1, w->count,
              ragged_names[r->batch->kind], r->rows);
    else
      fprintf(stderr, "[%s %d/%d] %lld rows of %lld\n", w->name, i + 1, w->count,
              r->rows, r->len);
    measure_shape(s, w->table, w->rows, r, start, stop);
  }
}
#line 24843 "scan.nw"
typedef struct {
  char name[256], slug[256];
  int sms, l2_bytes, mem_clock_khz, bus_bits, major, minor, driver, runtime;
  size_t memory;
  double theoretical_gbps;
} device_facts;

static void read_device(device_facts *d)
{
  cudaDeviceProp p;
  int dev;
  CUDA_CHECK(cudaGetDevice(&dev));
  CUDA_CHECK(cudaGetDeviceProperties(&p, dev));
  snprintf(d->name, sizeof d->name, "%s", p.name);
  d->sms = p.multiProcessorCount;
  d->l2_bytes = p.l2CacheSize;
  d->memory = p.totalGlobalMem;
  d->major = p.major; d->minor = p.minor;
  CUDA_CHECK(cudaDeviceGetAttribute(&d->mem_clock_khz, cudaDevAttrMemoryClockRate,
                                    dev));
  CUDA_CHECK(cudaDeviceGetAttribute(&d->bus_bits, cudaDevAttrGlobalMemoryBusWidth,
                                    dev));
  CUDA_CHECK(cudaDriverGetVersion(&d->driver));
  CUDA_CHECK(cudaRuntimeGetVersion(&d->runtime));
  d->theoretical_gbps = 2.0 * d->mem_clock_khz * 1e3 * d->bus_bits / 8 / 1e9;
  
#line 24873 "scan.nw"
int j = 0;
for (const char *c = d->name; *c && j < (int)sizeof d->slug - 1; c++) {
  if (isalnum((unsigned char)*c)) d->slug[j++] = (char)tolower((unsigned char)*c);
  else if (j > 0 && d->slug[j - 1] != '-') d->slug[j++] = '-';
}
while (j > 0 && d->slug[j - 1] == '-') j--;
d->slug[j] = 0;
#line 24869 "scan.nw"
}
#line 24911 "scan.nw"
static void warm_up(bench_shape *s, cudaEvent_t start, cudaEvent_t stop)
{
  bench_row stream = {"stream", "", "ceiling", ROW_STREAM, NULL, 12};
  s->total = s->n;
  float total = 0;
  while (total < 1000.0f) total += 50 * take_sample(&stream, s, 50, start, stop).ms;
}
#line 25119 "scan.nw"
static void json_clock(FILE *f, const unsigned *mhz)
{
  if (!nvml.ok) fprintf(f, "null");
  else fprintf(f, "[%u, %u]", mhz[0], mhz[1]);
}

static double row_gbps(const shape_record *r, double ms)
{
  return 12.0 * r->elements / (ms * 1e6);
}

/* `, "key": x`, or null where x is not a number JSON can hold. */
static void json_number(FILE *f, const char *key, double x)
{
  if (isfinite(x)) fprintf(f, ", \"%s\": %.6g", key, x);
  else fprintf(f, ", \"%s\": null", key);
}
#line 25139 "scan.nw"
/* stream_ms and copy_ms: the streaming kernel's and the best copy's times at the
   shape, NAN where there is none. */
static void json_result(FILE *f, const bench_row *row, const bench_result *x,
                        const shape_record *r, double stream_ms, double copy_ms,
                        const device_facts *d)
{
  double model = (double)row->model_bytes * r->elements;
  fprintf(f, "{\"kernel\": \"%s\", \"status\": \"%s\", \"reason\": ", row->name,
          result_names[x->status]);
  if (x->reason[0]) fprintf(f, "\"%s\"", x->reason); else fprintf(f, "null");
  fprintf(f, ", \"model_bytes\": %.0f", model);
  json_number(f, "predicted_ms", stream_ms * model / (12.0 * r->elements));
  if (x->status != RESULT_OK) { fprintf(f, "}"); return; }
  
#line 25158 "scan.nw"
fprintf(f, ", \"max_err_over_bound\": %.6g, \"reps\": %d, \"samples_ms\": [",
        x->worst, x->reps);
for (int k = 0; k < x->samples; k++)
  fprintf(f, "%s%.6g", k ? ", " : "", x->sample_at[k].ms);
fprintf(f, "]");
json_number(f, "median_ms", x->median);
json_number(f, "q1_ms", x->q1);
json_number(f, "q3_ms", x->q3);
json_number(f, "gbps", row_gbps(r, x->median) * row->model_bytes / 12.0);
json_number(f, "pct_roofline", 100.0 * stream_ms / x->median);
json_number(f, "pct_theoretical",
            100.0 * row_gbps(r, x->median) * row->model_bytes / 12.0 / d->theoretical_gbps);
json_number(f, "x_best_copy", x->median / copy_ms);
fprintf(f, ", \"clocks\": [");
for (int k = 0; k < x->samples; k++) {
  fprintf(f, "%s{\"sm_mhz\": ", k ? ", " : "");
  json_clock(f, x->sample_at[k].sm);
  fprintf(f, ", \"mem_mhz\": ");
  json_clock(f, x->sample_at[k].mem);
  fprintf(f, "}");
}
fprintf(f, "]");
#line 25153 "scan.nw"
  fprintf(f, "}");
}
#line 25186 "scan.nw"
static int best_copy(const shape_record *r, const bench_row *table, int rows)
{
  int best = -1;
  for (int k = 0; k < rows; k++)
    if ((table[k].type == ROW_STREAM || table[k].type == ROW_TRANSFORM ||
         table[k].type == ROW_STREAM_BACKWARD || table[k].type == ROW_STREAM_HALF ||
         table[k].type == ROW_STREAM_BACKWARD_HALF) &&
        r->results[k].status == RESULT_OK &&
        (best < 0 || r->results[k].median < r->results[best].median))
      best = k;
  return best;
}

static double median_or_nan(const shape_record *r, int k)
{
  return k >= 0 && r->results[k].status == RESULT_OK ? r->results[k].median : NAN;
}
#line 25206 "scan.nw"
static void json_shape(FILE *f, const shape_record *r, const bench_row *table, int rows,
                       const device_facts *d)
{
  int copy = best_copy(r, table, rows);
  double stream_ms = median_or_nan(r, row_index(table, rows, "stream"));
  fprintf(f, " {");
  
#line 25228 "scan.nw"
if (r->batch) {
  const long long *at = r->batch->offsets;
  long long shortest = LLONG_MAX, longest = 0;
  for (long long i = 0; i < r->rows; i++) {
    shortest = at[i + 1] - at[i] < shortest ? at[i + 1] - at[i] : shortest;
    longest = at[i + 1] - at[i] > longest ? at[i + 1] - at[i] : longest;
  }
  fprintf(f, "\"batch\": \"%s\", \"title\": \"%s\", \"rows\": %lld, \"len_min\": %lld, "
          "\"len_max\": %lld", ragged_names[r->batch->kind], ragged_titles[r->batch->kind],
          r->rows, shortest, longest);
  json_number(f, "len_mean", (double)r->elements / r->rows);
} else {
  fprintf(f, "\"rows\": %lld, \"len\": %lld", r->rows, r->len);
  if (r->sweep_a || r->sweep_b)
    fprintf(f, ", \"sweeps\": [%s%s%s]", r->sweep_a ? "\"A\"" : "",
            r->sweep_a && r->sweep_b ? ", " : "", r->sweep_b ? "\"B\"" : "");
}
#line 25213 "scan.nw"
  fprintf(f, ", \"elements\": %lld, \"mem_clock_stable\": %s, \"best_copy\": ",
          r->elements, r->mem_stable ? "true" : "false");
  if (copy >= 0) fprintf(f, "\"%s\"", table[copy].name); else fprintf(f, "null");
  json_number(f, "best_copy_ms", median_or_nan(r, copy));
  fprintf(f, ", \"results\": [\n");
  for (int k = 0; k < rows; k++) {
    fprintf(f, "  ");
    json_result(f, &table[k], &r->results[k], r, stream_ms, median_or_nan(r, copy), d);
    fprintf(f, "%s\n", k + 1 < rows ? "," : "");
  }
  fprintf(f, " ]}");
}
#line 25248 "scan.nw"
static void json_sweep(FILE *f, const bench_sweep *w, uint64_t seed, const device_facts *d)
{
  fprintf(f, " \"%s\": {\"kernels\": [", w->name);
  for (int k = 0; k < w->rows; k++) fprintf(f, "%s\"%s\"", k ? ", " : "", w->table[k].name);
  fprintf(f, "]");
  if (!strcmp(w->name, "C") || !strcmp(w->name, "R"))
    fprintf(f, ", \"seed\": %llu", (unsigned long long)seed);
  fprintf(f, ", \"shapes\": [\n");
  for (int i = 0; i < w->count; i++) {
    json_shape(f, &w->shapes[i], w->table, w->rows, d);
    fprintf(f, "%s\n", i + 1 < w->count ? "," : "");
  }
  fprintf(f, " ]}");
}
#line 25265 "scan.nw"
static void json_device(FILE *f, const device_facts *d, time_t began)
{
  char stamp[64];
  strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", gmtime(&began));
  fprintf(f, "{\n\"schema\": 2, \"generator\": \"scan bench\", "
          "\"started_utc\": \"%s\",\n", stamp);
  fprintf(f, "\"device\": {\"name\": \"%s\", \"slug\": \"%s\", \"compute_capability\": "
          "\"%d.%d\", \"sms\": %d, \"l2_bytes\": %d, \"global_mem_bytes\": %zu, "
          "\"mem_clock_khz\": %d, \"bus_width_bits\": %d, \"theoretical_gbps\": %.6g, "
          "\"driver_version\": %d, \"runtime_version\": %d},\n", d->name, d->slug,
          d->major, d->minor, d->sms, d->l2_bytes, d->memory, d->mem_clock_khz,
          d->bus_bits, d->theoretical_gbps, d->driver, d->runtime);
}
#line 25286 "scan.nw"
#define BENCH_TEXT(...) #__VA_ARGS__
#define BENCH_STRING(...) BENCH_TEXT(__VA_ARGS__)

static void json_build(FILE *f, const char *name)
{
  cudaFuncAttributes k;
  CUDA_CHECK(cudaFuncGetAttributes(&k, stream_kernel));
#ifdef __CUDA_ARCH_LIST__
  const char *archs = BENCH_STRING(__CUDA_ARCH_LIST__);
#else
  const char *archs = "";
#endif
  fprintf(f, "\"build\": {\"name\": \"%s\", \"arch_list\": \"%s\", \"ptx_version\": %d, "
          "\"binary_version\": %d, \"smem_cap_kib\": ", name ? name : "default", archs,
          k.ptxVersion, k.binaryVersion);
#ifdef SCAN_SMEM_CAP_KIB
  fprintf(f, "%d},\n", (int)(SCAN_SMEM_CAP_KIB));
#else
  fprintf(f, "null},\n");
#endif
}
#line 25334 "scan.nw"
typedef struct {
  long long rows, len, tiles;
  int tile;                     /* elements a tile */
  bool held;                    /* the held kernel ran it, or else the 32-item kernel */
  int order;                    /* as l4_order chose it */
  bool same_bits;               /* the stamped output is the plain one */
  unsigned long long *stamps;   /* on the host, STAMPS words a tile */
} tile_timeline;
#line 25345 "scan.nw"
static tile_timeline record_timeline(bench_shape *s, long long rows, long long len)
{
  l4_params shape = {};
  shape.n = rows * len;   /* the benchmark's arrays are aligned: no shift */
  shape.len = len;
  bool held = l4_held_takes(shape, rows, true);
  int tile = held ? HELD_TILE : L4_THREADS * 32;
  tile_timeline t = {rows, len, l4_tiles(rows * len, 0, tile), tile, held, 0, false, NULL};
  size_t bytes = sizeof(unsigned long long) * STAMPS * t.tiles;
  t.order = held ? L4_LOOK_BACK : l4_order(shape, rows, tile, l4_resident<32, true>(), true);
  void *workspace;
  unsigned long long *stamps, *count, differing = 1;
  
#line 25370 "scan.nw"
size_t plain = l4_workspace_bytes<32>(rows, len, true);
size_t own = l4_held_workspace_bytes(rows, len, true);
CUDA_CHECK(cudaMalloc(&workspace, plain > own ? plain : own));
CUDA_CHECK(cudaMalloc(&stamps, bytes));
CUDA_CHECK(cudaMalloc(&count, sizeof differing));
CUDA_CHECK(l4_held_launch(s->a, s->b, s->copy_to, rows, len, workspace, 0));
for (int i = 0; i < 3; i++)
  CUDA_CHECK(l4_held_launch_stamped(s->a, s->b, s->h, rows, len, workspace, stamps, 0));
CUDA_CHECK(cudaMemset(count, 0, sizeof differing));
count_differences<<<1024, 256>>>((const uint32_t *)s->copy_to, (const uint32_t *)s->h,
                                  rows * len, count);
CUDA_CHECK(cudaGetLastError());
CUDA_CHECK(cudaMemcpy(&differing, count, sizeof differing, cudaMemcpyDeviceToHost));
#line 25358 "scan.nw"
  t.same_bits = differing == 0;
  t.stamps = (unsigned long long *)malloc(bytes);
  CUDA_CHECK(cudaMemcpy(t.stamps, stamps, bytes, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(workspace)); CUDA_CHECK(cudaFree(stamps)); CUDA_CHECK(cudaFree(count));
  return t;
}
#line 25392 "scan.nw"
/* Sorts d (n values, in microseconds) and writes its summary as "key": {...};
   with a span, also the tiles in the step on average. */
static void json_spread(FILE *f, const char *key, double *d, long long n, double span)
{
  double sum = 0;
  for (long long i = 0; i < n; i++) sum += d[i];
  qsort(d, n, sizeof d[0], compare_doubles);
  fprintf(f, "\"%s\": {\"tiles\": %lld", key, n);
  json_number(f, "mean_us", n ? sum / n : NAN);
  json_number(f, "p10_us", n ? d[n / 10] : NAN);
  json_number(f, "p50_us", n ? d[n / 2] : NAN);
  json_number(f, "p90_us", n ? d[9 * n / 10] : NAN);
  if (span > 0) json_number(f, "tiles_in_step", sum / span);
  fprintf(f, "}");
}
#line 25424 "scan.nw"
/* Whether a row starts among the elements [from, to) of the flattened rows. */
static bool row_starts_in(long long from, long long to, long long len)
{
  return round_up(to, len) > round_up(from, len);   /* a multiple of len in between */
}
#line 25432 "scan.nw"
/* The first tile whose aggregate the walk of tile g waits for, or -1 when
   tile g does not walk: walk_groups' rule, for tiles of `tile`, no shift. */
static long long first_needed_tile(long long g, long long len, long long tile)
{
  const long long G = g / 32;
  int k = (int)(g % 32);
  bool needs_before = g * tile % len != 0, last = k == 31;
  if (!needs_before && !last) return -1;
  bool prefix = (needs_before && !(k && row_starts_in(32 * G * tile, g * tile, len))) ||
                (last && !row_starts_in(32 * G * tile, (g + 1) * tile, len));
  return prefix ? 32 * (G - 1) : 32 * G;
}
#line 25447 "scan.nw"
/* The walk of each tile of group >= 1 that walks, split at the moment the
   last aggregate it waits for was published (that tile's STAMP_SCANNED). */
static void json_walk_split(FILE *f, const tile_timeline *t, double *waiting,
                            double *after)
{
  const unsigned long long *x = t->stamps;
  long long n = 0;
  for (long long g = 32; g < t->tiles; g++) {
    long long first = first_needed_tile(g, t->len, t->tile);
    if (first < 0) continue;
    unsigned long long ready = 0, own = x[g * STAMPS + STAMP_SCANNED];
    for (long long j = first; j < g; j++)
      ready = ready > x[j * STAMPS + STAMP_SCANNED] ? ready : x[j * STAMPS + STAMP_SCANNED];
    waiting[n] = ready > own ? (ready - own) / 1e3 : 0.0;
    after[n++] = ((double)x[g * STAMPS + STAMP_PREFIXED] - (ready > own ? ready : own)) / 1e3;
  }
  json_spread(f, "walk_waiting_for_tiles", waiting, n, 0);
  fprintf(f, ", ");
  json_spread(f, "walk_after_last_aggregate", after, n, 0);
}
#line 25470 "scan.nw"
static const char *const step_names[] = {"claim", "load", "scan", "walk", "store"};
static const char *const order_names[] = {"look-back", "tiles apart", "rows a block"};

static void json_timeline(FILE *f, const tile_timeline *t)
{
  const unsigned long long *x = t->stamps;
  unsigned long long first = ~0ULL, last = 0;
  double *d = (double *)malloc(sizeof(double) * (t->tiles + 1));
  double *e = (double *)malloc(sizeof(double) * (t->tiles + 1));
  
#line 25494 "scan.nw"
int sms = 0;
for (long long g = 0; g < t->tiles; g++) {
  first = first < x[g * STAMPS + STAMP_BEGAN] ? first : x[g * STAMPS + STAMP_BEGAN];
  last = last > x[g * STAMPS + STAMP_STORED] ? last : x[g * STAMPS + STAMP_STORED];
  sms = sms > (int)x[g * STAMPS + STAMP_SM] + 1 ? sms : (int)x[g * STAMPS + STAMP_SM] + 1;
}
fprintf(f, "  {\"rows\": %lld, \"len\": %lld, \"kernel\": \"%s\", \"tile\": %d, "
        "\"tiles\": %lld, \"order\": \"%s\", \"same_bits\": %s, \"sms_seen\": %d",
        t->rows, t->len, t->held ? "l4-held" : "l4-32", t->tile, t->tiles,
        order_names[t->order], t->same_bits ? "true" : "false", sms);
json_number(f, "span_us", (last - first) / 1e3);
#line 25480 "scan.nw"
  for (int k = 0; k <= 5; k++) {   /* the five steps, then the whole tile */
    for (long long g = 0; g < t->tiles; g++)
      d[g] = ((double)x[g * STAMPS + (k < 5 ? k + 1 : STAMP_STORED)] -
              (double)x[g * STAMPS + (k < 5 ? k : STAMP_BEGAN)]) / 1e3;
    fprintf(f, ", ");
    json_spread(f, k < 5 ? step_names[k] : "tile", d, t->tiles, (last - first) / 1e3);
  }
  if (t->order == L4_LOOK_BACK) { fprintf(f, ", "); json_walk_split(f, t, d, e); }
  fprintf(f, "}");
  free(d); free(e);
}
#line 25512 "scan.nw"
static void write_json(FILE *f, const device_facts *d, time_t began, long long n,
                       const bench_options *o, const bench_row *all, int all_count,
                       const bench_sweep *sweeps, int sweep_count, const int *differing,
                       int runs, const tile_timeline *timelines, int timeline_count)
{
  bool stable = true;
  for (int w = 0; w < sweep_count; w++)
    for (int i = 0; i < sweeps[w].count; i++)
      stable = stable && sweeps[w].shapes[i].mem_stable;
  json_device(f, d, began);
  json_build(f, o->build);
  fprintf(f, "\"elements_per_array\": %lld, \"samples\": %d, \"nvml\": %s, "
          "\"clocks_stable\": %s, \"shape_seed\": %llu,\n", n, SAMPLES,
          nvml.ok ? "true" : "false", stable ? "true" : "false",
          (unsigned long long)o->shape_seed);
  
#line 25535 "scan.nw"
fprintf(f, "\"kernels\": [\n");
for (int i = 0; i < all_count; i++)
  fprintf(f, "  {\"name\": \"%s\", \"title\": \"%s\", \"kind\": \"%s\", "
          "\"bytes_per_element\": %d}%s\n", all[i].name, all[i].title,
          all[i].kind, all[i].model_bytes, i + 1 < all_count ? "," : "");
fprintf(f, "],\n");
#line 25528 "scan.nw"
  
#line 25544 "scan.nw"
fprintf(f, "\"shapes\": [\n");
for (int w = 0; w < sweep_count; w++)
  for (int i = 0; !strcmp(sweeps[w].name, "AB") && i < sweeps[w].count; i++) {
    json_shape(f, &sweeps[w].shapes[i], sweeps[w].table, sweeps[w].rows, d);
    fprintf(f, "%s\n", i + 1 < sweeps[w].count ? "," : "");
  }
fprintf(f, "],\n\"sweeps\": {\n");
for (int w = 0, written = 0; w < sweep_count; w++)
  if (strcmp(sweeps[w].name, "AB")) {
    fprintf(f, "%s", written++ ? ",\n" : "");
    json_sweep(f, &sweeps[w], o->shape_seed, d);
  }
fprintf(f, "\n},\n");
#line 25529 "scan.nw"
  
#line 25560 "scan.nw"
fprintf(f, "\"targets\": {");
for (int i = 0; i < TARGET_COUNT; i++)
  fprintf(f, "%s\"%s\": {\"times\": %.6g, \"plus_us\": %.6g}", i ? ", " : "",
          targets[i].sweep, targets[i].times, targets[i].plus_us);
fprintf(f, "},\n");
#line 25530 "scan.nw"
  
#line 25568 "scan.nw"
fprintf(f, "\"timelines\": [\n");
for (int i = 0; i < timeline_count; i++) {
  json_timeline(f, &timelines[i]);
  fprintf(f, "%s\n", i + 1 < timeline_count ? "," : "");
}
fprintf(f, "],\n");
if (!differing) fprintf(f, "\"determinism\": null\n}\n");
else
  fprintf(f, "\"determinism\": {\"rows\": 1, \"len\": %lld, \"runs\": %d, "
          "\"cub_runs_differing_from_first\": %d, "
          "\"auto_runs_differing_from_first\": %d}\n}\n",
          n, runs, differing[0], differing[1]);
#line 25531 "scan.nw"
}
#line 25590 "scan.nw"
static int differing_runs(const bench_row *r, bench_shape *s, int runs)
{
  float *first;
  unsigned long long *count, host = 0;
  int differing = 0;
  CUDA_CHECK(cudaMalloc(&first, sizeof(float) * s->n));
  CUDA_CHECK(cudaMalloc(&count, sizeof host));
  CUDA_CHECK(bench_call(r, s));
  CUDA_CHECK(cudaMemcpy(first, s->h, sizeof(float) * s->n, cudaMemcpyDeviceToDevice));
  for (int i = 0; i < runs; i++) {
    CUDA_CHECK(cudaMemset(count, 0, sizeof host));
    CUDA_CHECK(bench_call(r, s));
    count_differences<<<1024, 256>>>((const uint32_t *)first, (const uint32_t *)s->h,
                                      s->n, count);
    CUDA_CHECK(cudaMemcpy(&host, count, sizeof host, cudaMemcpyDeviceToHost));
    differing += host != 0;
  }
  CUDA_CHECK(cudaFree(first));
  CUDA_CHECK(cudaFree(count));
  return differing;
}
#line 25698 "scan.nw"
static const char *const table_columns[] = {"l0", "l1", "l2", "l3", "l3b", "l3c-8",
                                            "l4-32", "l4-held", "auto", "cub", "stream",
                                            "transform"};
#define TABLE_COLUMNS 12

/* A median in ms (in µs where us), or why there is none; a dash for a row not
   measured (NULL). */
static void print_cell(const bench_result *x, int width, bool us)
{
  if (x && x->status == RESULT_OK)
    printf(" %*.*f", width, us ? 1 : 3, x->median * (us ? 1e3 : 1));
  else
    printf(" %*s", width,
           !x || x->status == RESULT_UNSUPPORTED ? "-" : result_names[x->status]);
}
#line 25716 "scan.nw"
static void print_table(const device_facts *d, const bench_row *table, int count,
                        const shape_record *shapes, int shape_count,
                        const int *differing, int runs)
{
  printf("%s: %d SMs, %.0f MB L2, theoretical %.0f GB/s\n", d->name, d->sms,
         d->l2_bytes / 1048576.0, d->theoretical_gbps);
  printf("time per call in ms (median); best = fastest scan; %%roof = stream time /"
         " best time; %%peak = best GB/s / theoretical\n");
  printf("%6s %9s", "rows", "len");
  for (int c = 0; c < TABLE_COLUMNS; c++) printf(" %7s", table_columns[c]);
  printf(" %8s %6s %6s\n", "best", "%roof", "%peak");
  for (int i = 0; i < shape_count; i++) 
#line 25735 "scan.nw"
{
  const shape_record *r = &shapes[i];
  int best = -1;
  printf("%6lld %9lld", r->rows, r->len);
  for (int c = 0; c < TABLE_COLUMNS; c++) {
    int k = row_index(table, count, table_columns[c]);
    print_cell(k >= 0 ? &r->results[k] : NULL, 7, false);
  }
  for (int k = 0; k < count; k++)
    if (!strcmp(table[k].kind, "scan") && r->results[k].status == RESULT_OK &&
        (best < 0 || r->results[k].median < r->results[best].median)) best = k;
  double ms = best >= 0 ? r->results[best].median : NAN;
  printf(" %8s %6.1f %6.1f%s\n", best >= 0 ? table[best].name : "-",
         100.0 * median_or_nan(r, row_index(table, count, "stream")) / ms,
         100.0 * row_gbps(r, ms) / d->theoretical_gbps,
         r->mem_stable ? "" : "  CLOCK MOVED");
}
#line 25728 "scan.nw"
  if (differing)
    printf("CUB runs differing from its first: %d of %d; SCAN_AUTO: %d of %d\n",
           differing[0], runs, differing[1], runs);
}
#line 25758 "scan.nw"
static const bench_target *target_of(const char *sweep)
{
  for (int i = 0; i < TARGET_COUNT; i++)
    if (!strcmp(targets[i].sweep, sweep)) return &targets[i];
  return NULL;
}

static const char *judged(const bench_target *t, double ms, double copy_ms)
{
  if (!t || !isfinite(ms) || !isfinite(copy_ms)) return "";
  return ms <= t->times * copy_ms + t->plus_us / 1000 ? "met" : "MISSED";
}
#line 25773 "scan.nw"
static void print_sweep(const bench_sweep *w)
{
  printf("sweep %s: time per call in µs (median), the best copy's, and each scan's time"
         " over the best copy's, with its target\n%-18s", w->name, "shape");
  for (int k = 0; k < w->rows; k++) printf(" %9.9s", w->table[k].name);
  printf(" %9s\n", "copy");
  for (int i = 0; i < w->count; i++) 
#line 25784 "scan.nw"
{
  const shape_record *r = &w->shapes[i];
  char shape[64];
  if (r->batch) snprintf(shape, sizeof shape, "%s", ragged_names[r->batch->kind]);
  else snprintf(shape, sizeof shape, "%lld x %lld", r->rows, r->len);
  printf("%-18s", shape);
  for (int k = 0; k < w->rows; k++) print_cell(&r->results[k], 9, true);
  double copy = median_or_nan(r, best_copy(r, w->table, w->rows));
  printf(" %9.1f", 1e3 * copy);
  for (int k = 0; k < w->rows; k++)
    if (w->table[k].type != ROW_CUB && strcmp(w->table[k].kind, "ceiling") &&
        r->results[k].status == RESULT_OK) {
      bool off = w->table[k].type == ROW_MISALIGNED;
      const bench_target *t = target_of(off ? "misaligned" : w->name);
      printf("  %s %.3f %s", w->table[k].name, r->results[k].median / copy,
             judged(t, r->results[k].median, copy));
    }
  printf("%s\n", r->mem_stable ? "" : "  CLOCK MOVED");
}
#line 25780 "scan.nw"
}
#line 24921 "scan.nw"
static int command_bench(int argc, char **argv)
{
  bench_options o = {false, NULL, NULL, NULL, NULL, SHAPE_SEED};
  char why[200], path[600];
  
#line 24961 "scan.nw"
for (int i = 0; i < argc; i++) {
  bool value = i + 1 < argc;
  if (!strcmp(argv[i], "--quick")) o.quick = true;
  else if (!strcmp(argv[i], "--out") && value) o.out = argv[++i];
  else if (!strcmp(argv[i], "--sweeps") && value) o.sweeps = argv[++i];
  else if (!strcmp(argv[i], "--kernels") && value) o.kernels = argv[++i];
  else if (!strcmp(argv[i], "--build") && value) o.build = argv[++i];
  else if (!strcmp(argv[i], "--shape-seed") && value) {
    
#line 24978 "scan.nw"
char *end;
errno = 0;
o.shape_seed = strtoull(argv[++i], &end, 10);
if (argv[i][0] < '0' || argv[i][0] > '9' || *end || errno == ERANGE)
  return usage_error("--shape-seed takes a whole number, not '%s'", argv[i]);
#line 24970 "scan.nw"
  } else
    return usage_error("bench takes --quick, --out FILE, --sweeps LIST, --kernels LIST, "
                       "--build NAME and --shape-seed N, not '%s'", argv[i]);
}
#line 24988 "scan.nw"
static const char *const sweep_names[] = {"A", "B", "C", "R", "S", "BW", "H", "HBW"};
bench_row all[MAX_ROWS];
const char *row_names[MAX_ROWS];
int all_count = bench_rows(all);
for (int i = 0; i < all_count; i++) row_names[i] = all[i].name;
if (o.sweeps && unknown_item(o.sweeps, sweep_names, 8, why, sizeof why))
  return usage_error("--sweeps: no sweep '%s' (there are A, B, C, R, S, BW, H and HBW)", why);
if (o.kernels && unknown_item(o.kernels, row_names, all_count, why, sizeof why))
  return usage_error("--kernels: no row '%s' in the benchmark's table", why);
static const char name_chars[] = "abcdefghijklmnopqrstuvwxyz0123456789-";
if (o.build && (!o.build[0] || o.build[strspn(o.build, name_chars)]))
  return usage_error("--build takes a name of lower-case letters, digits and -, not '%s'",
                     o.build);
#line 24926 "scan.nw"
  if (!gpu_available(why, sizeof why)) {
    fprintf(stderr, "scan: bench needs a GPU: %s\n", why);
    return EXIT_NO_GPU;
  }
  device_facts d;
  read_device(&d);
  int dev;
  CUDA_CHECK(cudaGetDevice(&dev));
  nvml_open(dev);
  long long n = 1;
  while (4 * n < 8LL * d.l2_bytes) n *= 2;
  if (o.quick) n /= 16;
  
#line 25010 "scan.nw"
bench_shape s;
memset(&s, 0, sizeof s);
s.n = s.total = n;
size_t bytes = sizeof(float) * n, free_bytes, total_bytes;
CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
if (free_bytes < 15 * bytes) {
  fprintf(stderr, "scan: bench needs %.1f GB of GPU memory, %.1f GB free\n",
          15.0 * bytes / 1e9, free_bytes / 1e9);
  return EXIT_FAILED;
}
CUDA_CHECK(cudaMalloc(&s.a, bytes)); CUDA_CHECK(cudaMalloc(&s.b, bytes));
CUDA_CHECK(cudaMalloc(&s.h, bytes));
CUDA_CHECK(cudaMalloc(&s.copy_from, 3 * bytes / 2));
CUDA_CHECK(cudaMalloc(&s.copy_to, 3 * bytes / 2));
CUDA_CHECK(cudaMemset(s.copy_from, 0x3f, 3 * bytes / 2));
CUDA_CHECK(cudaMalloc(&s.ma, bytes + 128)); CUDA_CHECK(cudaMalloc(&s.mb, bytes + 128));
CUDA_CHECK(cudaMalloc(&s.mh, bytes + 128));
CUDA_CHECK(cudaMalloc(&s.dh, bytes));
void **stored_arrays[5] = {&s.sa, &s.sb, &s.sdh, &s.sh, &s.sdb};
for (int k = 0; k < 5; k++) CUDA_CHECK(cudaMalloc(stored_arrays[k], bytes / 2));
s.host_dh = (float *)malloc(bytes);
s.host_a = (float *)malloc(bytes);
s.host_b = (float *)malloc(bytes);
s.host_h = (float *)malloc(bytes);
s.ref = (double *)malloc(3 * 2 * bytes);
s.bound = (double *)malloc(3 * 2 * bytes);
#line 24939 "scan.nw"
  
#line 25044 "scan.nw"
static bench_sweep sweeps[8];
int sweep_count = make_sweeps(sweeps, all, all_count, &o, n), det_runs = 20;
int differing[2] = {0, 0}, timeline_count = 0;
bool full = !o.kernels && listed(o.sweeps, "A") && listed(o.sweeps, "B");
tile_timeline timelines[3];
cudaEvent_t start, stop;
CUDA_CHECK(cudaEventCreate(&start));
CUDA_CHECK(cudaEventCreate(&stop));
time_t began = time(NULL);
fprintf(stderr, "bench: %s, N = %lld per array, %d sweeps; warming up\n", d.name, n,
        sweep_count);
warm_up(&s, start, stop);
for (int w = 0; w < sweep_count; w++) {
  measure_sweep(&s, &sweeps[w], start, stop);
  if (full && !strcmp(sweeps[w].name, "AB")) {
    
#line 25621 "scan.nw"
const bench_sweep *ab = &sweeps[w];
for (int i = 0; i < ab->rows; i++) {
  if (ab->table[i].type != ROW_CUB && ab->table[i].type != ROW_AUTO) continue;
  s.rows = 1; s.len = s.total = n; s.cub_bytes = 0;
  CUDA_CHECK(cub_scan(s.a, s.b, s.h, 1, n, NULL, &s.cub_bytes, 0));
  CUDA_CHECK(cudaMalloc(&s.cub_temp, s.cub_bytes + 1));
  differing[ab->table[i].type == ROW_AUTO] = differing_runs(&ab->table[i], &s, det_runs);
  CUDA_CHECK(cudaFree(s.cub_temp));
  s.cub_temp = NULL;
}
timeline_count = l4_resident<32, true, true>() > 0 ? 3 : 0;
if (timeline_count) {
  timelines[0] = record_timeline(&s, 1, n);
  timelines[1] = record_timeline(&s, 512, n / 512);
  timelines[2] = record_timeline(&s, n / 2048, 2048);
} else {
  fprintf(stderr, "bench: the 32-item tile does not fit on this GPU; no timelines\n");
}
#line 25060 "scan.nw"
  }
}
#line 24940 "scan.nw"
  
#line 25659 "scan.nw"
if (!o.out) {
  mkdir("figures", 0777);
  snprintf(path, sizeof path, "figures/%s", d.slug);
  mkdir(path, 0777);
  if (o.build) snprintf(path + strlen(path), sizeof path - strlen(path), "/%s", o.build);
  mkdir(path, 0777);
  snprintf(path + strlen(path), sizeof path - strlen(path), "/bench.json");
  o.out = path;
}
FILE *f = fopen(o.out, "w");
if (!f) {
  fprintf(stderr, "scan: cannot write %s: %s\n", o.out, strerror(errno));
  return EXIT_FAILED;
}
write_json(f, &d, began, n, &o, all, all_count, sweeps, sweep_count,
           full ? differing : NULL, det_runs, timelines, timeline_count);
fclose(f);
fprintf(stderr, "bench: wrote %s\n", o.out);
#line 25645 "scan.nw"
for (int i = 0; i < timeline_count; i++) free(timelines[i].stamps);
for (int w = 0; w < sweep_count; w++)
  if (!strcmp(sweeps[w].name, "AB"))
    print_table(&d, sweeps[w].table, sweeps[w].rows, sweeps[w].shapes, sweeps[w].count,
                full ? differing : NULL, det_runs);
  else
    print_sweep(&sweeps[w]);
fprintf(stderr, "bench: done in %.0f s\n", difftime(time(NULL), began));
#line 24941 "scan.nw"
  return EXIT_OK;
}
#line 22838 "scan.nw"
typedef struct {
  char gpu[256];                /* the device's name */
  long long rows, len;
  l4_plan plan;
  bool rows_aligned;            /* the warps' vectors would be whole */
  int block_warps, ways;        /* the warps' blocks and ways, on aligned arrays */
  long long groups;             /* groups of the warps' kernel that fit */
  bool on_lines, ring_rows;     /* the ring's 128-byte lines; rows it can cut */
  int ring_blocks;              /* ring blocks the device runs: 0 where it cannot */
  long long ring_tiles, ring_resident;   /* the ring's tiles, and its blocks that fit */
  long long tiles, resident;    /* the tile or held kernel's tiles, and blocks that fit */
} plan_facts;
#line 22853 "scan.nw"
/* 134217728 as "134,217,728", in one of eight buffers used in turn, so that
   one call of say() can take eight at once. */
static const char *thousands(long long v)
{
  static char buffers[8][32];
  static int next;
  char digits[32], *out = buffers[next++ % 8];
  int n = snprintf(digits, sizeof digits, "%lld", v < 0 ? -v : v), j = 0;
  if (v < 0) out[j++] = '-';
  for (int i = 0; i < n; i++) {
    out[j++] = digits[i];
    if ((n - 1 - i) % 3 == 0 && i < n - 1) out[j++] = ',';
  }
  out[j] = 0;
  return out;
}

/* Appends to the sentence in out, never past size. */
static void say(char *out, size_t size, const char *fmt, ...)
{
  size_t used = strlen(out);
  va_list args;
  va_start(args, fmt);
  if (used < size) vsnprintf(out + used, size - used, fmt, args);
  va_end(args);
}

/* The share of the warps' groups that the rows keep busy, counting the last,
   partial round, in %: as l4_rows_takes reckons it. */
static double plan_busy_pct(const plan_facts *f)
{
  long long rounds = (f->rows + f->groups - 1) / f->groups;
  return 100.0 * f->rows / ((double)rounds * f->groups);
}
#line 22895 "scan.nw"
static void say_not_warps(char *out, size_t size, const plan_facts *f)
{
  if (!f->rows_aligned)
    say(out, size, "the arrays do not all start on 16-byte lines with rows of whole vectors");
  else if (f->len < ROWS_SHORTEST)
    say(out, size, "rows shorter than %s elements would leave most of a warp's lanes idle",
        thousands(ROWS_SHORTEST));
  else if (f->groups <= 0)
    say(out, size, "its blocks do not fit on this GPU");
  else
    say(out, size, "%s row%s would keep only %.0f %% of the %s groups that fit busy",
        thousands(f->rows), f->rows == 1 ? "" : "s", plan_busy_pct(f), thousands(f->groups));
}

static void say_not_ring(char *out, size_t size, const plan_facts *f)
{
  if (!f->on_lines)
    say(out, size, "a and b lie differently on 128-byte lines, or h differently on 16-byte "
                   "vectors");
  else if (!f->ring_rows)
    say(out, size, "its rows are neither whole tiles of %s starting on lines nor %s "
        "elements or longer", thousands(RING_TILE), thousands(RING_RAGGED_SHORTEST));
  else if (f->ring_blocks < RING_MIN_BLOCKS - 1)
    say(out, size, "this GPU cannot run it");
  else
    say(out, size, "its %s tile%s of %s are fewer than two for each of its %s blocks that fit",
        thousands(f->ring_tiles), f->ring_tiles == 1 ? "" : "s", thousands(RING_TILE),
        thousands(f->ring_resident));
}
#line 22931 "scan.nw"
static void plan_text(char *out, size_t size, const plan_facts *f)
{
  out[0] = 0;
  say(out, size, "On the %s, SCAN_AUTO runs ", f->gpu);
  switch (f->plan.kernel) {
  case L4_RUNS_WARPS: 
#line 22954 "scan.nw"
say(out, size, "the warps' kernel for %s row%s of %s, in blocks of %d warps, %d warp%s a row: "
    "the rows keep %.0f %% of the %s groups that fit busy, counting the last round, and "
    "three quarters is enough.", thousands(f->rows), f->rows == 1 ? "" : "s",
    thousands(f->len), f->block_warps, f->ways, f->ways == 1 ? "" : "s", plan_busy_pct(f),
    thousands(f->groups));
if (f->len >= RING_OVER_ROWS) {
  say(out, size, " Rows this long would go to the ring, but ");
  say_not_ring(out, size, f);
  say(out, size, ".");
}
#line 22936 "scan.nw"
                                              break;
  case L4_RUNS_RING: 
#line 22967 "scan.nw"
say(out, size, "the ring and its chain block for %s row%s of %s: the arrays lie alike on "
    "their lines, and its %s tile%s of %s give each of the %s ring blocks that fit two or "
    "more.",
    thousands(f->rows), f->rows == 1 ? "" : "s", thousands(f->len), thousands(f->ring_tiles),
    f->ring_tiles == 1 ? "" : "s", thousands(RING_TILE), thousands(f->ring_resident));
if (f->plan.items == 0)
  say(out, size, " The warps would take these rows, but rows of %s elements or more go to "
      "the ring.", thousands(RING_OVER_ROWS));
#line 22937 "scan.nw"
                                             break;
  case L4_RUNS_HELD: 
#line 22978 "scan.nw"
say(out, size, "the held kernel for %s row%s of %s: its %s tile%s of %s look back for their "
    "prefixes, and while a tile waits for its prefix in registers, the next one loads.",
    thousands(f->rows), f->rows == 1 ? "" : "s", thousands(f->len), thousands(f->tiles),
    f->tiles == 1 ? "" : "s", thousands(HELD_TILE));
#line 22938 "scan.nw"
                                                    break;
  case L4_RUNS_TILES: 
#line 22985 "scan.nw"
static const char *const orders[] = {"tiles looking back", "tiles apart", "a row a block"};
long long tile = (long long)L4_THREADS * f->plan.items;
say(out, size, "the tile kernel with %d items a thread, %s, for %s row%s of %s: ",
    f->plan.items, orders[f->plan.order], thousands(f->rows), f->rows == 1 ? "" : "s",
    thousands(f->len));
if (f->plan.order == L4_TILES_APART && f->tiles == 1)
  say(out, size, "the call is one tile of %s, so nothing waits.", thousands(tile));
else if (f->plan.order == L4_TILES_APART && tile % f->len && f->len <= tile / HEAD_PART)
  say(out, size, "rows of %s are at most a quarter of a tile of %s, so a tile that starts "
      "inside a row reads that row's earlier elements itself, and no tile waits for "
      "another.", thousands(f->len), thousands(tile));
else if (f->plan.order == L4_TILES_APART)
  say(out, size, "every tile of %s starts a row, so no tile waits for another.",
      thousands(tile));
else if (f->plan.order == L4_ROW_A_BLOCK)
  say(out, size, "each row is %s whole tiles, and there are rows enough for four or more "
      "for each of the %s blocks that fit, so a block carries a row's state from tile to "
      "tile.", thousands(f->len / tile), thousands(f->resident));
else if (f->plan.items == 32)
  say(out, size, "the held kernel does not fit on this GPU.");
else if (f->tiles >= 2 * f->resident)
  say(out, size, "its %s tiles of %s give each of the %s blocks that fit two or more, and "
      "no larger tile does.", thousands(f->tiles), thousands(tile), thousands(f->resident));
else
  say(out, size, "no tile gives each block that fits two, and its %s tiles of %s make one "
      "group, whose walk is one round trip.", thousands(f->tiles), thousands(tile));
#line 22939 "scan.nw"
                                                     break;
  }
  if (f->plan.kernel != L4_RUNS_WARPS && f->plan.kernel != L4_RUNS_RING) {
    say(out, size, " Not the warps' kernel, since ");
    say_not_warps(out, size, f);
    if (f->plan.items == 32) {
      say(out, size, "; not the ring, since ");
      say_not_ring(out, size, f);
    }
    say(out, size, ".");
  }
}
#line 23021 "scan.nw"
static int suite_plan_words(void)
{
  
#line 23047 "scan.nw"
enum { SAME, UNALIGNED, SHORT_ROWS, NO_GROUPS, OFF_LINES, RAGGED, NO_RING, FEW_TILES,
       RING_ROWS_NO_RING, ONE_TILE };
typedef struct { const char *names; l4_plan plan; int change; } made_up_plan;
static const made_up_plan made_up[] = {
  {"warps' kernel", {L4_RUNS_WARPS, 0, L4_LOOK_BACK}, SAME},
  {"the ring, but", {L4_RUNS_WARPS, 0, L4_LOOK_BACK}, RING_ROWS_NO_RING},
  {"ring and its chain block", {L4_RUNS_RING, 32, L4_LOOK_BACK}, SAME},
  {"go to the ring", {L4_RUNS_RING, 0, L4_LOOK_BACK}, SAME},
  {"busy", {L4_RUNS_HELD, 32, L4_LOOK_BACK}, SAME},
  {"16-byte lines", {L4_RUNS_HELD, 32, L4_LOOK_BACK}, UNALIGNED},
  {"idle", {L4_RUNS_HELD, 32, L4_LOOK_BACK}, SHORT_ROWS},
  {"blocks do not fit", {L4_RUNS_HELD, 32, L4_LOOK_BACK}, NO_GROUPS},
  {"128-byte lines", {L4_RUNS_HELD, 32, L4_LOOK_BACK}, OFF_LINES},
  {"neither whole tiles", {L4_RUNS_HELD, 32, L4_LOOK_BACK}, RAGGED},
  {"cannot run it", {L4_RUNS_HELD, 32, L4_LOOK_BACK}, NO_RING},
  {"tiles apart", {L4_RUNS_TILES, 8, L4_TILES_APART}, SAME},
  {"earlier elements itself", {L4_RUNS_TILES, 32, L4_TILES_APART}, SHORT_ROWS},
  {"a row a block", {L4_RUNS_TILES, 32, L4_ROW_A_BLOCK}, SAME},
  {"no larger tile", {L4_RUNS_TILES, 16, L4_LOOK_BACK}, SAME},
  {"make one group", {L4_RUNS_TILES, 8, L4_LOOK_BACK}, FEW_TILES},
  {"one tile of", {L4_RUNS_TILES, 16, L4_TILES_APART}, ONE_TILE},
  {"held kernel does not fit", {L4_RUNS_TILES, 32, L4_LOOK_BACK}, SAME},
};
enum { MADE_UP = sizeof made_up / sizeof made_up[0] };
int count = MADE_UP;
plan_facts facts[MADE_UP];
for (int i = 0; i < count; i++) {
  bool warps = made_up[i].plan.kernel == L4_RUNS_WARPS;
  plan_facts f = {"MADE-UP GPU", warps ? 4096 : 128, warps ? 32768 : 1048576, made_up[i].plan,
                  true, 8, 2, 264, true, true, 131, 32768, 262, 18725, 264};
  int c = made_up[i].change;
  f.rows_aligned = c != UNALIGNED;
  f.len = c == SHORT_ROWS ? 1000 : c == RING_ROWS_NO_RING ? RING_OVER_ROWS : f.len;
  f.groups = c == NO_GROUPS ? 0 : f.groups;
  f.on_lines = c != OFF_LINES;
  f.ring_rows = c != RAGGED;
  f.ring_blocks = c == NO_RING || c == RING_ROWS_NO_RING ? 0 : f.ring_blocks;
  f.tiles = c == FEW_TILES ? 10 : c == ONE_TILE ? 1 : f.tiles;
  facts[i] = f;
}
#line 23024 "scan.nw"
  int failures = 0;
  for (int i = 0; i < count; i++) {
    char text[1000];
    plan_text(text, sizeof text, &facts[i]);
    int stops = 0;
    for (const char *c = text; *c; c++) stops += *c == '.';
    size_t n = strlen(text);
    bool whole = n + 1 < sizeof text && text[n - 1] == '.' && stops <= 2;
    if (!whole || !strstr(text, "MADE-UP GPU") || !strstr(text, made_up[i].names)) {
      printf("  %s: wrong words: %s\n", made_up[i].names, text);
      failures++;
    }
  }
  printf("  %d made-up plans, every kind and every reason: each said in one or two "
         "sentences\n", count);
  return failures ? EXIT_FAILED : EXIT_OK;
}
#line 22419 "scan.nw"
static const suite suites[] = {
  {"combine", "the operator: associative, not commutative, identity, row start",
   false, suite_combine},
  {"reference", "the float64 reference and the float32 error bound", false,
   suite_reference},
  {"ragged", "offsets checked, batches drawn, the ragged reference and its broken variants",
   false, suite_ragged},
  {"mirror-l1", "CPU mirror of level 1 and its broken variants", false,
   suite_mirror_l1},
  {"mirror-l2", "CPU mirror of level 2 and its broken variants", false,
   suite_mirror_l2},
  {"mirror-lookback", "the look-back protocol under fair and unfair schedules",
   false, suite_mirror_lookback},
  {"mirror-held", "the held kernel's handshake between workers and walking warp",
   false, suite_mirror_held},
  {"mirror-rows", "warps sharing a row: step totals, barrier and parity", false,
   suite_mirror_rows},
  {"mirror-groups", "level 4's walk over groups, and settling a group's total", false,
   suite_mirror_groups},
  {"mirror-heads", "tiles apart reading their rows' heads: offsets, heads and the rule", false,
   suite_mirror_heads},
  {"mirror-ring", "the ring's stages, barrier phases and posts, and its chain block", false,
   suite_mirror_ring},
  {"mirror-backward", "the backward's reference against differences, its mirror and faults",
   false, suite_mirror_backward},
  {"mirror-selective", "level 5's chunked selective scan against its reference, and its faults",
   false, suite_mirror_selective},
  {"mirror-stored", "bfloat16 and float16 storage: the stored output's bound and its bugs",
   false, suite_mirror_stored},
  {"plan-words", "scan plan's sentences, for every kind of plan and every reason", false,
   suite_plan_words},
  
#line 22456 "scan.nw"
{"gpu-l0", "level 0 on every case", true, suite_gpu_l0},
{"gpu-l1", "level 1 on every case up to its ceiling", true, suite_gpu_l1},
{"gpu-l2", "level 2 on every case up to its ceiling", true, suite_gpu_l2},
{"gpu-l3", "level 3 on every case, chains of 65,536 tiles", true, suite_gpu_l3},
{"gpu-l3b", "level 3b on every case", true, suite_gpu_l3b},
{"gpu-l3c", "level 3c at 1, 2, 4, 8 and 16 items", true, suite_gpu_l3c},
{"gpu-l4", "level 4 in each of its shapes and as chosen", true, suite_gpu_l4},
{"gpu-auto", "SCAN_AUTO on every case", true, suite_gpu_auto},
{"gpu-contract", "bad calls on every public kernel", true, suite_gpu_contract},
{"gpu-regrouping", "3 and 3b bit-identical, 3c within the regrouping bound", true,
 suite_gpu_regrouping},
{"gpu-determinism", "240 runs of every kernel, bit-identical", true,
 suite_gpu_determinism},
{"gpu-streams", "two kernels on two streams at once", true, suite_gpu_streams},
{"gpu-ragged", "ragged rows of every kind of lengths, in both forms", true,
 suite_gpu_ragged},
{"gpu-malformed", "malformed offsets: nothing outside h written", true,
 suite_gpu_malformed},
{"gpu-ragged-bits", "100 runs of ragged batches in each form, bit-identical", true,
 suite_gpu_ragged_bits},
{"gpu-ragged-calls", "bad calls on the ragged entries", true, suite_gpu_ragged_calls},
{"gpu-huge", "more than 2^31 elements through every public kernel", true,
 suite_gpu_huge},
{"gpu-ragged-huge", "packed batches of more than 2^31 elements", true,
 suite_gpu_ragged_huge},
{"gpu-backward", "the backward on every case, between guards", true, suite_gpu_backward},
{"gpu-backward-small", "the backward on five small cases (make sanitize's)", true,
 suite_gpu_backward_small},
{"gpu-backward-bits", "20 runs of the backward on three shapes, bit-identical", true,
 suite_gpu_backward_bits},
{"gpu-backward-calls", "bad calls on the backward's entries", true,
 suite_gpu_backward_calls},
{"gpu-backward-ragged", "the backward of packed batches: every kind, same bits, bad calls",
 true, suite_gpu_backward_ragged},
{"gpu-backward-ragged-small", "the backward on two small packed batches (make sanitize's)",
 true, suite_gpu_backward_ragged_small},
{"gpu-backward-malformed", "the backward on malformed offsets: nothing outside da, db",
 true, suite_gpu_backward_malformed},
{"gpu-stored", "bfloat16 and float16 storage, forward and backward, on every case", true,
 suite_gpu_stored},
{"gpu-stored-small", "the stored entries on four small cases (make sanitize's)", true,
 suite_gpu_stored_small},
{"gpu-stored-bits", "20 runs of each stored entry on two shapes, bit-identical", true,
 suite_gpu_stored_bits},
{"gpu-stored-calls", "bad calls on the stored entries", true, suite_gpu_stored_calls},
{"gpu-selective", "level 5 on every case, between guards", true, suite_gpu_selective},
{"gpu-selective-small", "level 5 on four small cases (make sanitize's)", true,
 suite_gpu_selective_small},
{"gpu-selective-bits", "20 runs of level 5 on two shapes, bit-identical", true,
 suite_gpu_selective_bits},
{"gpu-selective-calls", "bad calls on level 5's entries", true, suite_gpu_selective_calls},
#line 22451 "scan.nw"
};
#define SUITE_COUNT ((int)(sizeof suites / sizeof suites[0]))
#line 22515 "scan.nw"
static int run_suite(const suite *s)
{
  char why[200];
  printf("%s: %s\n", s->name, s->what);
  fflush(stdout);
  int status;
  if (s->needs_gpu && !gpu_available(why, sizeof why)) {
    printf("%s: skipped: %s\n", s->name, why);
    return EXIT_SKIPPED;
  }
  status = s->run();
  printf("%s: %s\n", s->name, status == EXIT_OK ? "passed"
                            : status == EXIT_SKIPPED ? "skipped" : "FAILED");
  fflush(stdout);
  return status;
}
#line 22554 "scan.nw"
static const suite *find_suite(const char *name)
{
  for (int i = 0; i < SUITE_COUNT; i++)
    if (strcmp(suites[i].name, name) == 0) return &suites[i];
  return NULL;
}

static int command_check(int argc, char **argv)
{
  for (int i = 0; i < argc; i++)
    if (!find_suite(argv[i]))
      return usage_error("no suite named '%s' (see 'scan list')", argv[i]);
  int failed = 0, skipped = 0, count = argc ? argc : SUITE_COUNT;
  printf("seed %llu (SCAN_SEED=%llu replays it)\n", (unsigned long long)run_seed,
         (unsigned long long)run_seed);
  for (int i = 0; i < count; i++) {
    int status = run_suite(argc ? find_suite(argv[i]) : &suites[i]);
    failed += status == EXIT_FAILED;
    skipped += status == EXIT_SKIPPED;
  }
  if (count > 1)
    printf("%d passed, %d failed, %d skipped\n", count - failed - skipped, failed,
           skipped);
  return failed ? EXIT_FAILED : count == skipped ? EXIT_SKIPPED : EXIT_OK;
}
#line 22583 "scan.nw"
static int command_list(void)
{
  printf("suites (scan check NAME):\n");
  for (int i = 0; i < SUITE_COUNT; i++)
    printf("  %-16s %-4s %s\n", suites[i].name, suites[i].needs_gpu ? "gpu" : "cpu",
           suites[i].what);
  printf("kernels (scan run NAME ROWS LEN):\n");
  for (int i = 0; i < VARIANT_COUNT; i++)
    printf("  %-16s %s%s\n", variants[i].name, variants[i].title,
           variants[i].max_len ? (variants[i].max_len == L1_MAX_LEN
                                  ? " (rows up to 2,048)" : " (rows up to 2^22)") : "");
  return EXIT_OK;
}
#line 22607 "scan.nw"
/* Reads the argument called `name` as a whole number from 1 to `most`; returns
   EXIT_OK, or says what is wrong with it and returns EXIT_USAGE. */
static int parse_count(const char *name, const char *text, long long most,
                       long long *value)
{
  char *end;
  errno = 0;
  long long v = strtoll(text, &end, 10);
  if (end == text || *end || v <= 0)   /* an overflow below zero too */
    return usage_error("%s must be a positive whole number, not '%s'", name, text);
  if (errno == ERANGE || v > most)
    return usage_error("%s is too large: %s is more than %lld", name, text, most);
  *value = v;
  return EXIT_OK;
}
#line 22632 "scan.nw"
static const char offsets_meaning[] =
  "the offsets, 0 to 3 floats, at which the arrays a, b and h start";

static int parse_offsets(const char *text, int *offsets)
{
  static const char names[] = "ABH";
  char wrong[100] = "";
  const char *p = text;
  for (int k = 0; k < 3 && !wrong[0]; k++) {
    size_t n = strcspn(p, ",");
    if (n == 0)
      snprintf(wrong, sizeof wrong, "%c is missing", names[k]);
    else if (n > 1 || *p < '0' || *p > '3')
      snprintf(wrong, sizeof wrong, "%c is '%.*s', not 0, 1, 2 or 3", names[k], (int)n, p);
    else
      offsets[k] = *p - '0';
    p += n;
    if (k < 2 && *p == ',') p++;
  }
  if (!wrong[0] && *p) snprintf(wrong, sizeof wrong, "more than three values");
  if (wrong[0])
    return usage_error("--offsets %s: %s; A,B,H are %s", text, wrong, offsets_meaning);
  return EXIT_OK;
}
#line 22667 "scan.nw"
#define RUN_MOST_ELEMENTS (1LL << 40)   /* in all the rows of one run */

static int parse_shape(const char *rows_text, const char *len_text, long long *rows,
                       long long *len)
{
  if (parse_count("ROWS", rows_text, RUN_MOST_ELEMENTS, rows) != EXIT_OK ||
      parse_count("LEN", len_text, RUN_MOST_ELEMENTS, len) != EXIT_OK)
    return EXIT_USAGE;
  return EXIT_OK;
}

/* Whether ROWS x LEN passes the limit; if it does, says so. */
static bool shape_too_large(long long rows, long long len)
{
  if (rows <= RUN_MOST_ELEMENTS / len) return false;
  usage_error("ROWS x LEN is too large: %lld x %lld is more than %lld elements", rows, len,
              RUN_MOST_ELEMENTS);
  return true;
}

/* argv[*i] is --offsets: reads its value into offsets, and moves *i past it. */
static int read_offsets_option(int argc, char **argv, int *i, int *offsets)
{
  if (*i + 1 == argc) return usage_error("--offsets needs A,B,H, %s", offsets_meaning);
  return parse_offsets(argv[++*i], offsets);
}
#line 22706 "scan.nw"
static int command_run(int argc, char **argv)
{
  long long rows, len;
  char why[200];
  bool timed = true;
  gpu_case c = {0, 0, 1};   /* decays near one: errors carry */
  if (argc < 3)
    return usage_error("run needs KERNEL ROWS LEN, e.g. 'scan run l4 1 1000000'");
  const scan_variant *v = find_variant(argv[0]);
  if (!v) return usage_error("no kernel named '%s' (see 'scan list')", argv[0]);
  if (parse_shape(argv[1], argv[2], &rows, &len) != EXIT_OK) return EXIT_USAGE;
  
#line 22736 "scan.nw"
for (int i = 3; i < argc; i++) {
  int o[3];
  if (!strcmp(argv[i], "--check-only")) {
    timed = false;
  } else if (!strcmp(argv[i], "--offsets")) {
    if (read_offsets_option(argc, argv, &i, o) != EXIT_OK) return EXIT_USAGE;
    c.a_offset = o[0], c.b_offset = o[1], c.h_offset = o[2];
  } else {
    return usage_error("run takes --check-only and --offsets A,B,H, not '%s'", argv[i]);
  }
}
#line 22718 "scan.nw"
  if (v->max_len && len > v->max_len)
    return usage_error("%s takes rows of at most %lld elements", v->name, v->max_len);
  if (shape_too_large(rows, len)) return EXIT_USAGE;
  if (!gpu_available(why, sizeof why)) {
    fprintf(stderr, "scan: %s\n", why);
    return EXIT_NO_GPU;
  }
  c.rows = rows;
  c.len = len;
  
#line 22750 "scan.nw"
case_result r = run_case(kernel_ref{v, -1}, &c);
if (!timed) {
  char text[200];
  describe_worst(text, sizeof text, &r.cmp, len);
  printf("%s: %lld x %lld %s: %s\n", v->name, rows, len, r.ok ? "correct" : "WRONG",
         r.ok ? text : r.error);
  return r.ok ? EXIT_OK : EXIT_FAILED;
}
case_buffers m = case_buffers_new(&c);
upload_case(&c, &m);
float ms[20];
cudaEvent_t start, stop;
CUDA_CHECK(cudaEventCreate(&start));
CUDA_CHECK(cudaEventCreate(&stop));
for (int i = 0; i < 20; i++) {
  CUDA_CHECK(cudaEventRecord(start));
  CUDA_CHECK(run_variant(v, m.da, m.db, m.dh, rows, len, NULL, 0));
  CUDA_CHECK(cudaEventRecord(stop));
  CUDA_CHECK(cudaEventSynchronize(stop));
  CUDA_CHECK(cudaEventElapsedTime(&ms[i], start, stop));
}
#line 22775 "scan.nw"
qsort(ms, 20, sizeof ms[0], compare_floats);
double median = 0.5 * (ms[9] + ms[10]);
char text[200];
describe_worst(text, sizeof text, &r.cmp, len);
printf("%s: %lld x %lld in %.4f ms (median of 20), %.1f GB/s; %s: %s\n", v->name,
       rows, len, median, 12.0 * rows * len / (median * 1e6),
       r.ok ? "correct" : "WRONG", r.ok ? text : r.error);
CUDA_CHECK(cudaEventDestroy(start));
CUDA_CHECK(cudaEventDestroy(stop));
case_buffers_free(&m);
return r.ok ? EXIT_OK : EXIT_FAILED;
#line 22728 "scan.nw"
}
#line 22814 "scan.nw"
/* Pointers that start where cudaMalloc's would, on 256-byte lines, or offset[k]
   floats past them. They are never dereferenced: a plan reads only where
   arrays start. */
static void plan_arrays(const int *offset, const float **a, const float **b, float **h)
{
  *a = (const float *)(uintptr_t)(1ULL << 40) + offset[0];
  *b = (const float *)(uintptr_t)(2ULL << 40) + offset[1];
  *h = (float *)(uintptr_t)(3ULL << 40) + offset[2];
}
#line 23093 "scan.nw"
static plan_facts plan_facts_for(const float *a, const float *b, float *h, long long rows,
                                 long long len)
{
  plan_facts f;
  device_facts d;
  bool aligned;
  memset(&f, 0, sizeof f);
  read_device(&d);
  snprintf(f.gpu, sizeof f.gpu, "%s", d.name);
  f.rows = rows, f.len = len;
  f.plan = l4_auto_plan(a, b, h, rows, len);
  f.rows_aligned = rows_aligned(a, b, h, len);
  f.block_warps = l4_rows_block_warps(rows, true);
  f.ways = l4_rows_ways(rows, len, true);
  f.groups = l4_rows_resident_warps(true, f.block_warps) / f.ways;
  f.on_lines = ring_arrays_agree(a, b, h);
  f.ring_rows = rows == 1 || len >= RING_RAGGED_SHORTEST ||
                (len % RING_TILE == 0 && ring_shift(a) == 0);
  f.ring_blocks = l4_ring_rings();
  f.ring_tiles = ring_tiles(a, rows, len);
  f.ring_resident = l4_ring_resident();
  l4_params p = l4_params_for(a, b, h, rows, len, &aligned);
  
#line 23121 "scan.nw"
if (f.plan.kernel == L4_RUNS_HELD) {
  f.tiles = l4_tiles(rows * len, p.shift, HELD_TILE);
  f.resident = aligned ? l4_held_resident<true>() : l4_held_resident<false>();
} else if (f.plan.kernel == L4_RUNS_TILES) {
  f.tiles = l4_tiles(rows * len, p.shift, L4_THREADS * f.plan.items);
  f.resident = f.plan.items == 8 ? l4_resident<8, true>() : f.plan.items == 16
             ? l4_resident<16, true>() : l4_resident<32, true>();
}
#line 23116 "scan.nw"
  return f;
}
#line 23135 "scan.nw"
static int command_plan(int argc, char **argv)
{
  long long rows, len;
  int offsets[3] = {0, 0, 0};
  char why[200], text[1000];
  if (argc < 2) return usage_error("plan needs ROWS LEN, e.g. 'scan plan 1 1000000'");
  if (parse_shape(argv[0], argv[1], &rows, &len) != EXIT_OK) return EXIT_USAGE;
  for (int i = 2; i < argc; i++) {
    if (strcmp(argv[i], "--offsets"))
      return usage_error("plan takes --offsets A,B,H, not '%s'", argv[i]);
    if (read_offsets_option(argc, argv, &i, offsets) != EXIT_OK) return EXIT_USAGE;
  }
  if (shape_too_large(rows, len)) return EXIT_USAGE;
  if (!gpu_available(why, sizeof why)) {
    fprintf(stderr, "scan: %s\n", why);
    return EXIT_NO_GPU;
  }
  const float *a, *b;
  float *h;
  plan_arrays(offsets, &a, &b, &h);
  plan_facts f = plan_facts_for(a, b, h, rows, len);
  plan_text(text, sizeof text, &f);
  printf("%s\n", text);
  return EXIT_OK;
}
#line 23182 "scan.nw"
static int trace_blelloch(int n)
{
  printf("# phase\tlevel\tleft\tright\n");
  int offset = 1, level = 0;
  for (int d = n >> 1; d > 0; d >>= 1, offset *= 2, level++)
    for (int tid = 0; tid < d; tid++)
      printf("up\t%d\t%d\t%d\n", level, blelloch_left(offset, tid),
             blelloch_right(offset, tid));
  for (int d = 1; d < n; d *= 2) {
    offset >>= 1;
    level--;
    for (int tid = 0; tid < d; tid++)
      printf("down\t%d\t%d\t%d\n", level, blelloch_left(offset, tid),
             blelloch_right(offset, tid));
  }
  return EXIT_OK;
}
#line 23202 "scan.nw"
static int trace_lookback(void)
{
  protocol_case c = {1, 24 * 4, 4};
  launch_memory m = launch_memory_new(c.len, 24);
  launch L;
  L.flag = m.flag; L.aggregate = m.aggregate;
  L.inclusive = m.inclusive; L.blocks = m.blocks;
  make_inputs(m.a, m.b, c.len, 0);
  launch_init(&L, m.a, m.b, m.h, 1, c.len, c.tile_size, WALK_SERIAL, FAULT_NONE,
              SCHEDULE_RANDOM, m.order);
  L.resident_limit = 10;
  bool finished = run_launch(&L, SCHEDULE_RANDOM, mix64(run_seed));
  printf("# tile\tclaim\tpublished\tfound\tprefix\tdone\tstopped_at\n");
  for (int i = 0; finished && i < 24; i++) {
    const actor *x = &m.blocks[i];
    bool walks = x->tile % 24 != 0;
    printf("%lld\t%lld\t%lld\t%lld\t%lld\t%lld\t%lld\n", x->tile, x->t_claim,
           x->t_published, walks ? x->t_found : x->t_published,
           walks ? x->t_prefix : x->t_published, x->t_done, walks ? x->found : -1);
  }
  launch_memory_free(m);
  return finished ? EXIT_OK : EXIT_FAILED;
}
#line 23228 "scan.nw"
static int trace_ring(void)
{
  const ring_case one_row = {1, 64 * 8, 8, 0, 5};
  const ring_mirror_run as_compiled = {FAULT_NONE, RING_HOLDERS, RING_POSTS, 0, RING_LOOK, ""};
  case_arrays m = case_arrays_new(one_row.len, 0);
  ring_launch L = ring_launch_new(&one_row, &as_compiled, m);
  long long stamps[64 * RSTAMPS];
  int parts_stored[64];
  L.stamps = stamps; L.parts_stored = parts_stored;
  ring_mirror_reset(&L);
  bool finished = ring_run(&L, RING_RANDOM, mix64(run_seed));
  printf("# stages %d, holder groups %d\n", RING_STAGES, RING_HOLDERS);
  printf("# tile\tclaimed\tpublished\tknown\tposted\tstored\tfreed\tblock\tuse\n");
  for (int g = 0; finished && g < 64; g++) {
    printf("%d", g);
    for (int f = 0; f < RSTAMPS; f++) printf("\t%lld", stamps[g * RSTAMPS + f]);
    printf("\n");
  }
  ring_launch_free(&L);
  case_arrays_free(m);
  return finished ? EXIT_OK : EXIT_FAILED;
}
#line 23253 "scan.nw"
static int trace_held(void)
{
  const held_case one_row = {1, 32 * 8, 8, 4}, *c = &one_row;
  int ci = 0, fault = FAULT_NONE;
  
#line 16863 "scan.nw"
long long n = c->rows * c->len, tiles = (n + c->tile_size - 1) / c->tile_size;
case_arrays m = case_arrays_new(n, ci % DECAY_COUNT);
double *first_h = m.first_h;
int *flag = (int *)malloc(sizeof(int) * tiles);
affine<double> *aggregate = (affine<double> *)malloc(sizeof(affine<double>) * tiles);
affine<double> *inclusive = (affine<double> *)malloc(sizeof(affine<double>) * tiles);
held_block *blocks = (held_block *)malloc(sizeof(held_block) * c->blocks);
int *movable = (int *)malloc(sizeof(int) * 2 * c->blocks);
held_launch L = {m.a, m.b, m.h, n, c->len, c->tile_size, tiles, 0, fault, c->blocks, false,
                 flag, aggregate, inclusive, blocks, movable};
#line 23258 "scan.nw"
  long long stamps[32 * HSTAMPS];
  protocol_evidence ev = {false, false, false, ""};
  L.stamps = stamps;
  bool finished = held_schedule(&L, c, HELD_RANDOM, mix64(run_seed), first_h, true, &ev) &&
                  !ev.out_of_bound && !ev.disagree;
  printf("# tile\tclaimed\tpublished\theld\twalked\tprefixed\tstored\tblock\n");
  for (int g = 0; finished && g < 32; g++) {
    printf("%d", g);
    for (int f = 0; f < HSTAMPS; f++) printf("\t%lld", stamps[g * HSTAMPS + f]);
    printf("\n");
  }
  
#line 16876 "scan.nw"
case_arrays_free(m);
free(flag); free(aggregate); free(inclusive); free(blocks); free(movable);
#line 23270 "scan.nw"
  return finished ? EXIT_OK : EXIT_FAILED;
}
#line 23275 "scan.nw"
/* What the trace keeps of one schedule: each walk's first window, and the
   launch at the moment of the walk it draws. */
typedef struct {
  long long events, moment;     /* events so far; the moment kept */
  int score;                    /* how much of a walk the kept moment shows */
  unsigned *first_empty;        /* per tile: the lanes of its first window read empty */
  long long tile;               /* the walking tile, or -1 */
  int known;                    /* the lane of its window's nearest known group */
  unsigned settled;             /* the lanes of the groups it settled */
  int *tile_kind, *group_kind;  /* every word's kind at that moment */
} walk_moment;

static void watch_group_walk(const group_launch *L, const group_actor *x, void *notes)
{
  walk_moment *w = (walk_moment *)notes;
  w->events++;
  if (x->step == GSTEP_SCAN) {   /* the first window, just read */
    unsigned empty = 0;
    for (int lane = 0; lane < 32; lane++)
      empty |= (unsigned)(x->seen[lane].kind == GWORD_EMPTY) << lane;
    w->first_empty[x->tile] = empty;
  }
  if (x->step != GSTEP_FOLD || x->window != x->tile / 32 - 1) return;
  
#line 23309 "scan.nw"
unsigned settled = w->first_empty[x->tile] & ((1u << x->lane) - 1);
int s = __builtin_popcount(settled), f = x->lane - s, empty = 0;
for (long long G = 0; G < (L->tiles + 31) / 32; G++)
  empty += L->group_word[G].kind == GWORD_EMPTY;
int score = 100 * (s < 2 ? s : 2) + 10 * (f < 3 ? f : 3) + (empty < 9 ? empty : 9);
if (score <= w->score) return;
w->score = score, w->moment = w->events, w->tile = x->tile;
w->known = x->lane, w->settled = settled;
for (long long t = 0; t < L->tiles; t++) w->tile_kind[t] = L->tile_word[t].kind;
for (long long G = 0; G < (L->tiles + 31) / 32; G++) w->group_kind[G] = L->group_word[G].kind;
#line 23299 "scan.nw"
}
#line 23330 "scan.nw"
static int trace_groups(void)
{
  const group_case two_rows = {2, 1024, 4}, *c = &two_rows;
  int ci = 0, fault = FAULT_NONE, settle = 1;
  
#line 17805 "scan.nw"
long long n = c->rows * c->len, tiles = (n + c->tile_size - 1) / c->tile_size;
case_arrays m = case_arrays_new(n, ci % DECAY_COUNT);
double *first_h = m.first_h;
gword *words = (gword *)malloc(sizeof(gword) * (tiles + (tiles + 31) / 32));
group_actor *actors = (group_actor *)malloc(sizeof(group_actor) * tiles);
int *movable = (int *)malloc(sizeof(int) * tiles);
group_launch L = {m.a, m.b, m.h, n, c->len, c->tile_size, tiles, 0, fault, settle, false, false,
                  false, words, words + tiles, actors};
#line 23335 "scan.nw"
  long long groups = (tiles + 31) / 32;
  walk_moment w = {0, -1, -1, (unsigned *)calloc(tiles, sizeof(unsigned)), -1, 0, 0,
                   (int *)malloc(sizeof(int) * tiles), (int *)malloc(sizeof(int) * groups)};
  protocol_evidence ev = {false, false, false, ""};
  L.watch = watch_group_walk, L.notes = &w;
  group_schedule(&L, c, GROUPS_LAST_LATE, mix64(run_seed), movable, first_h, true, &ev);
  bool ok = !ev.deadlock && !ev.out_of_bound && !ev.disagree && w.tile >= 0;
  if (ok) {
    
#line 23356 "scan.nw"
static const char *const tile_words[] = {"empty", "aggregate", "known"};
static const char *const group_words[] = {"empty", "total", "known"};
long long G = w.tile / 32;
int k = (int)(w.tile % 32);
printf("# tile %lld (group %lld, lane %d) at event %lld of %lld under '%s'\n", w.tile, G, k,
       w.moment, w.events, group_policy_names[GROUPS_LAST_LATE]);
printf("# record\tgroup\tlane\tword\tpart\n");
for (long long t = 0; t < tiles; t++)
  printf("tile\t%lld\t%lld\t%s\t%s\n", t / 32, t % 32, tile_words[w.tile_kind[t]],
         t == w.tile ? "walker" : t / 32 == G && t % 32 < k ? "scanned" : "-");
for (long long H = 0; H < groups; H++) {
  long long j = G - 1 - H;
  printf("group\t%lld\t-\t%s\t%s\n", H, group_words[w.group_kind[H]],
         j < 0 || j >= 32 ? "-" : j == w.known ? "known" : j > w.known ? "window"
         : w.settled >> j & 1 ? "settled" : "folded");
}
#line 23344 "scan.nw"
  }
  case_arrays_free(m);
  free(words); free(actors); free(movable);
  free(w.first_empty); free(w.tile_kind); free(w.group_kind);
  return ok ? EXIT_OK : EXIT_FAILED;
}
#line 23381 "scan.nw"
static int trace_rows(void)
{
  const int warps = 4, ways = 2;
  const long long rows = 4, len = 2048, grid = rows_blocks(rows, warps, ways);
  printf("# rows %lld, len %lld, blocks %lld of %d warps, %d warps a row; pieces of %d, "
         "steps of %d\n", rows, len, grid, warps, ways, 32 * VEC, ROWS_STEP);
  printf("# row\telement\tblock\twarp\tgroup\tway\tstride\tpiece\tlane\n");
  for (long long block = 0; block < grid; block++)
    for (int warp = 0; warp < warps; warp++)
      for (long long row = rows_first_row(block, warp, warps, ways); row < rows;
           row += grid * rows_groups(warps, ways))
        for (long long stride = 0; stride < len; stride += rows_stride_length(ways))
          for (int p = 0; p < ROWS_PIECES; p++)
            for (int lane = 0; lane < 32; lane++) {
              long long i = rows_vector_at(stride, warp % ways, p, lane);
              if (i < len)
                printf("%lld\t%lld\t%lld\t%d\t%lld\t%d\t%lld\t%d\t%d\n", row, i, block, warp,
                       rows_first_row(block, warp, warps, ways), warp % ways,
                       stride / rows_stride_length(ways), p, lane);
            }
  return EXIT_OK;
}
#line 23412 "scan.nw"
static int trace_selective(void)
{
  const int state = 16;
  selective_layout s = selective_layout_for(state);
  size_t total = selective_shared_floats(s, false);
  printf("# a block of level 5 at a state of %d: %d states a thread, %d lanes a channel, "
         "%d channels, %d threads, %d steps a tile, %zu floats of shared memory\n", state,
         SEL_PER_THREAD, s.lanes, s.channels, s.threads, SEL_STEPS, total);
  for (int t = 0; t < s.threads; t++)   /* as the kernel takes them: every lanes-th state */
    printf("thread\t%d\t%d\t%d\t%d\t%d\n", t, t / s.lanes, t % s.lanes, t % s.lanes, s.lanes);
  
#line 23428 "scan.nw"
float *base = (float *)calloc(total, sizeof(float));
if (!base) return EXIT_FAILED;
selective_tiles m = selective_tiles_in(base, s, false);
const struct { const char *name; const float *at; } region[] = {
  {"B, tile 1", m.B}, {"C, tile 1", m.C}, {"u, tile 1", m.u}, {"delta, tile 1", m.delta},
  {"B, tile 2", m.B + m.next}, {"C, tile 2", m.C + m.next}, {"u, tile 2", m.u + m.next},
  {"delta, tile 2", m.delta + m.next}, {"dt u", m.dtu}, {"sums of C x", m.sums}};
const int regions = sizeof region / sizeof region[0];
for (int r = 0; r < regions; r++) {
  long long first = region[r].at - base;
  long long end = r + 1 < regions ? region[r + 1].at - base : (long long)total;
  printf("region\t%s\t%lld\t%lld\n", region[r].name, first, end - first);
}
free(base);
#line 23423 "scan.nw"
  return EXIT_OK;
}
#line 23454 "scan.nw"
static int trace_plan(void)
{
  static const char *const kernels[] = {"warps", "ring", "held", "tiles"};
  static const char *const orders[] = {"look-back", "apart", "row-a-block"};
  const int none[3] = {0, 0, 0};
  const float *a, *b;
  float *h;
  char why[200];
  device_facts d;
  if (!gpu_available(why, sizeof why)) {
    fprintf(stderr, "scan: %s\n", why);
    return EXIT_NO_GPU;
  }
  read_device(&d);
  plan_arrays(none, &a, &b, &h);   /* never dereferenced: the plan reads only alignment */
  printf("# what SCAN_AUTO runs on the %s, arrays on 256-byte lines\n", d.name);
  printf("rows\tlen\tkernel\titems\torder\n");
  for (int r = 0; r <= 20; r++)
    for (int l = 0; l <= 27 && r + l <= 31; l++) {
      l4_plan plan = l4_auto_plan(a, b, h, 1LL << r, 1LL << l);
      int items = plan.kernel == L4_RUNS_HELD ? HELD_ITEMS
                : plan.kernel == L4_RUNS_TILES ? plan.items : 0;
      printf("%lld\t%lld\t%s\t%s\t%s\n", 1LL << r, 1LL << l, kernels[plan.kernel],
             items ? thousands(items) : "-",
             plan.kernel == L4_RUNS_TILES ? orders[plan.order] : "-");
    }
  return EXIT_OK;
}
#line 23485 "scan.nw"
static int command_trace(int argc, char **argv)
{
  long long n;
  if (argc == 2 && !strcmp(argv[0], "blelloch")) {
    if (parse_count("N", argv[1], 64, &n) != EXIT_OK) return EXIT_USAGE;
    if (n < 2 || (n & (n - 1)))
      return usage_error("trace blelloch takes a power of two from 2 to 64, not %lld", n);
    return trace_blelloch((int)n);
  }
  if (argc == 1 && !strcmp(argv[0], "lookback")) return trace_lookback();
  if (argc == 1 && !strcmp(argv[0], "ring")) return trace_ring();
  if (argc == 1 && !strcmp(argv[0], "held")) return trace_held();
  if (argc == 1 && !strcmp(argv[0], "groups")) return trace_groups();
  if (argc == 1 && !strcmp(argv[0], "rows")) return trace_rows();
  if (argc == 1 && !strcmp(argv[0], "selective")) return trace_selective();
  if (argc == 1 && !strcmp(argv[0], "plan")) return trace_plan();
  return usage_error("trace takes 'blelloch N', 'lookback', 'ring', 'held', 'groups', 'rows', "
                     "'selective' or 'plan'");
}
#line 23512 "scan.nw"
static const char usage_text[] =
  "usage: scan COMMAND [ARGUMENTS]\n"
  "  list                 the test suites and the kernels\n"
  "  check [SUITE...]     run test suites (all of them when none is named)\n"
  "  run KERNEL ROWS LEN [--check-only] [--offsets A,B,H]\n"
  "                       one kernel on fresh random data, checked and timed\n"
  "      --check-only     check it, and skip the timing\n"
  "      --offsets A,B,H  start the arrays a, b and h that many floats (0 to 3)\n"
  "                       past a 16-byte boundary (0,0,0 when not given)\n"
  "  bench [--quick] [--sweeps LIST] [--kernels LIST] [--build NAME] [--shape-seed N]\n"
  "        [--out FILE]   measure every kernel, write figures/<gpu>/bench.json\n"
  "      --quick          arrays a sixteenth of the size, for a quick try\n"
  "      --sweeps LIST    only these of the sweeps A,B,C,R,S,BW,H,HBW (all when not given)\n"
  "      --kernels LIST   only these rows of the table (auto,stream,transform, say)\n"
  "      --build NAME     write figures/<gpu>/NAME/bench.json, recording the name\n"
  "      --shape-seed N   draw sweeps C and R from seed N (31 when not given)\n"
  "      --out FILE       write the results to FILE instead\n"
  "  plan ROWS LEN [--offsets A,B,H]\n"
  "                       what SCAN_AUTO runs for that shape on this GPU, and why\n"
  "      --offsets A,B,H  as for run\n"
  "  trace blelloch N | lookback | ring | held | groups | rows | selective\n"
  "                       data for the book's diagrams\n"
  "  trace plan           what SCAN_AUTO runs at every shape, on this GPU\n"
  "  --help               this text\n"
  "SCAN_SEED=N, a whole number, replays the random inputs of an earlier run\n"
  "(check prints its seed first).\n"
  "exit status: 0 passed (or done), 1 failed (a test, a check or a CUDA call),\n"
  "2 usage error, 3 no usable GPU (run, bench, plan, trace plan), 77 skipped\n"
  "(check, when every suite it ran skipped itself)\n";
#line 23550 "scan.nw"
/* Sets run_seed; returns EXIT_OK, or says what is wrong with SCAN_SEED. */
static int read_seed(void)
{
  const char *text = getenv("SCAN_SEED");
  char *end;
  if (!text) {
    run_seed = (uint64_t)time(NULL);
    return EXIT_OK;
  }
  errno = 0;
  unsigned long long v = strtoull(text, &end, 10);
  if (text[0] < '0' || text[0] > '9' || *end || errno == ERANGE)
    return usage_error("SCAN_SEED must be a whole number from 0 to %llu, not '%s'",
                       ULLONG_MAX, text);
  run_seed = v;
  return EXIT_OK;
}
#line 23570 "scan.nw"
int main(int argc, char **argv)
{
  if (argc < 2) { fputs(usage_text, stderr); return EXIT_USAGE; }
  const char *command = argv[1];
  if (!strcmp(command, "--help") || !strcmp(command, "-h") ||
      !strcmp(command, "help")) {
    fputs(usage_text, stdout);
    return EXIT_OK;
  }
  if (read_seed() != EXIT_OK) return EXIT_USAGE;
  if (!strcmp(command, "list"))
    return argc == 2 ? command_list() : usage_error("list takes no arguments");
  if (!strcmp(command, "check")) return command_check(argc - 2, argv + 2);
  if (!strcmp(command, "run")) return command_run(argc - 2, argv + 2);
  if (!strcmp(command, "plan")) return command_plan(argc - 2, argv + 2);
  if (!strcmp(command, "bench")) return command_bench(argc - 2, argv + 2);
  if (!strcmp(command, "trace")) return command_trace(argc - 2, argv + 2);
  return usage_error("unknown command '%s' (try 'scan --help')", command);
}
#line 388 "scan.nw"
#endif
