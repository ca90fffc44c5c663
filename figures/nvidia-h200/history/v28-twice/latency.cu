/* Version 28 diagnostic: how long one look at a word another multiprocessor
   has just written takes, idle and while the rest of the GPU streams.
   Two prober blocks ping-pong through two status words (each on its own
   128-byte line): the pinger writes i to X and waits for Y == i, the
   ponger waits for X == i and writes i to Y. A round trip is two
   one-way handovers. Streaming blocks meanwhile compute h = a + b over
   the arrays, again and again, until the pinger is done.
   Cases: idle (no streaming), quiet (streaming everywhere but the
   probers' multiprocessors), busy (the probers share their
   multiprocessors with streaming blocks). */
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <algorithm>
#include <vector>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
  fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(1); } } while (0)

#define THREADS 256
#define VECS 4                     /* float4 a thread a chunk */
#define CHUNK (THREADS * VECS * 4) /* floats a chunk */
#define WARM 200
#define ROUNDS 2000

struct params {
  const float *a, *b; float *h; long long n;
  unsigned long long *ticket;     /* chunks handed out */
  unsigned *per_sm;               /* blocks seen on each multiprocessor */
  volatile unsigned long long *x, *y;
  volatile int *done;
  long long *samples;             /* ns per round trip */
  int p0, p1, stream, quiet0, quiet1, look, atom;
};

static __device__ __forceinline__ unsigned long long now_ns(void)
{
  unsigned long long t; asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t)); return t;
}
static __device__ __forceinline__ unsigned long long ld_relaxed(volatile unsigned long long *p)
{
  unsigned long long v;
  asm volatile("ld.relaxed.gpu.global.b64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
  return v;
}
static __device__ __forceinline__ void st_relaxed(volatile unsigned long long *p, unsigned long long v)
{
  asm volatile("st.relaxed.gpu.global.b64 [%0], %1;" :: "l"(p), "l"(v) : "memory");
}

__global__ void __launch_bounds__(THREADS) mixed(params p)
{
  __shared__ int role;   /* 0 stream, 1 ping, 2 pong, 3 leave */
  __shared__ long long chunk;
  if (threadIdx.x == 0) {
    unsigned smid; asm("mov.u32 %0, %%smid;" : "=r"(smid));
    unsigned slot = atomicAdd(&p.per_sm[smid], 1u);
    bool prober_sm = (int)smid == p.p0 || (int)smid == p.p1;
    if (prober_sm && slot == 0) role = (int)smid == p.p0 ? 1 : 2;
    else if (!p.stream || ((int)smid == p.p0 && p.quiet0) || ((int)smid == p.p1 && p.quiet1)) role = 3;
    else role = 0;
  }
  __syncthreads();
  if (role == 3) return;
  if (role == 1 || role == 2) {
    if (threadIdx.x != 0) return;
    for (int i = 1; i <= WARM + ROUNDS; i++) {
      unsigned long long t0 = now_ns();
      long long spins = 0;
      if (role == 1 && p.look) {   /* a plain look: one load of a word nobody writes */
        spins = (long long)ld_relaxed(p.x + 128 + (i & 7) * 16);
        if (spins == 0x12345) *p.done = 2;   /* waits for the load before the clock */
        if (i > WARM) p.samples[i - WARM - 1] = (long long)(now_ns() - t0);
      } else if (role == 2 && p.look) {
      } else if (role == 1) {
        if (p.atom) atomicExch((unsigned long long *)p.x, (unsigned long long)i); else st_relaxed(p.x, i);
        while (ld_relaxed(p.y) != (unsigned long long)i && ++spins < 100000000) {}
        if (i > WARM) p.samples[i - WARM - 1] = (long long)(now_ns() - t0);
      } else {
        while (ld_relaxed(p.x) != (unsigned long long)i && ++spins < 100000000) {}
        if (p.atom) atomicExch((unsigned long long *)p.y, (unsigned long long)i); else st_relaxed(p.y, i);
      }
    }
    if (role == 1) { __threadfence(); *p.done = 1; }
    return;
  }
  long long chunks = p.n / CHUNK;
  for (;;) {
    if (threadIdx.x == 0) chunk = *p.done ? -1 : (long long)(atomicAdd(p.ticket, 1ULL) % chunks);
    __syncthreads();
    long long c = chunk;
    __syncthreads();
    if (c < 0) return;
    const float4 *a4 = (const float4 *)(p.a + c * CHUNK), *b4 = (const float4 *)(p.b + c * CHUNK);
    float4 *h4 = (float4 *)(p.h + c * CHUNK);
    float4 va[VECS], vb[VECS];
#pragma unroll
    for (int k = 0; k < VECS; k++) { va[k] = __ldcs(a4 + threadIdx.x + k * THREADS);
                                     vb[k] = __ldcs(b4 + threadIdx.x + k * THREADS); }
#pragma unroll
    for (int k = 0; k < VECS; k++)
      __stcs(h4 + threadIdx.x + k * THREADS, make_float4(va[k].x + vb[k].x, va[k].y + vb[k].y,
                                                         va[k].z + vb[k].z, va[k].w + vb[k].w));
  }
}

int main(int argc, char **argv)
{
  long long n = 1LL << 27;
  int sms; CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  int per = 0; CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, mixed, THREADS, 0));
  float *a, *b, *h; unsigned long long *words, *ticket; unsigned *per_sm; int *done; long long *samples;
  CHECK(cudaMalloc(&a, n * 4)); CHECK(cudaMalloc(&b, n * 4)); CHECK(cudaMalloc(&h, n * 4));
  CHECK(cudaMemset(a, 0, n * 4)); CHECK(cudaMemset(b, 0, n * 4));
  CHECK(cudaMalloc(&words, 8192)); CHECK(cudaMalloc(&ticket, 8)); CHECK(cudaMalloc(&per_sm, 4 * 1024));
  CHECK(cudaMalloc(&done, 4)); CHECK(cudaMalloc(&samples, 8 * ROUNDS));
  struct { const char *name; int stream, quiet0, quiet1, p1, look, atom; } cases[] = {
    {"idle", 0, 0, 0, 66, 0, 0}, {"quiet", 1, 1, 1, 66, 0, 0}, {"busy", 1, 0, 0, 66, 0, 0},
    {"half", 1, 0, 1, 66, 0, 0}, {"half-near", 1, 0, 1, 1, 0, 0},
    {"idle-near", 0, 0, 0, 1, 0, 0}, {"quiet-near", 1, 1, 1, 1, 0, 0}, {"busy-near", 1, 0, 0, 1, 0, 0},
    {"look-idle", 0, 0, 0, 66, 1, 0}, {"look-quiet", 1, 1, 1, 66, 1, 0}, {"look-busy", 1, 0, 0, 66, 1, 0},
    {"atom-idle", 0, 0, 0, 66, 0, 1}, {"atom-quiet", 1, 1, 1, 66, 0, 1}, {"atom-busy", 1, 0, 0, 66, 0, 1},
    {"atom-half", 1, 0, 1, 66, 0, 1}};
  printf("# blocks a multiprocessor %d, multiprocessors %d, rounds %d after %d warm\n", per, sms, ROUNDS, WARM);
  for (int rep = 0; rep < 2; rep++)
  for (auto &cs : cases) {
    CHECK(cudaMemset(words, 0, 8192)); CHECK(cudaMemset(ticket, 0, 8));
    CHECK(cudaMemset(per_sm, 0, 4 * 1024)); CHECK(cudaMemset(done, 0, 4));
    params p = {a, b, h, n, ticket, per_sm, words, words + 64, done, samples, 0, cs.p1, cs.stream, cs.quiet0, cs.quiet1, cs.look, cs.atom};
    cudaEvent_t e0, e1; CHECK(cudaEventCreate(&e0)); CHECK(cudaEventCreate(&e1));
    CHECK(cudaEventRecord(e0));
    mixed<<<sms * per, THREADS>>>(p);
    CHECK(cudaEventRecord(e1));
    CHECK(cudaGetLastError()); CHECK(cudaDeviceSynchronize());
    float ms; CHECK(cudaEventElapsedTime(&ms, e0, e1));
    unsigned long long chunks; CHECK(cudaMemcpy(&chunks, ticket, 8, cudaMemcpyDeviceToHost));
    std::vector<long long> s(ROUNDS);
    CHECK(cudaMemcpy(s.data(), samples, 8 * ROUNDS, cudaMemcpyDeviceToHost));
    std::sort(s.begin(), s.end());
    double gbs = chunks * (double)CHUNK * 12 / (ms * 1e6);
    printf("rep%d %-10s round trip ns: p10 %lld p50 %lld p90 %lld; stream %.0f GB/s over %.3f ms\n",
           rep + 1, cs.name, s[ROUNDS / 10], s[ROUNDS / 2], s[ROUNDS * 9 / 10], gbs, ms);
  }
  return 0;
}
