/* Version 31 diagnostic: what a call costs outside its steady rate. Times single calls (cudaEvent pairs,
   median of 20, interleaved, three rounds) of the streaming kernel, the held kernel's workspace memset alone,
   that memset followed by the streaming kernel, SCAN_AUTO, and ten back-to-back calls of the streaming
   kernel and of SCAN_AUTO between one event pair, on one row of 2^24 to 2^28 elements. A straight line
   t = fixed + N / rate through the medians splits each call into a fixed cost and a steady rate.
   "edges held [KERNEL ROWS]": only the streaming kernel and l4-held, single and ten back to back (a ring build's l4-held is its
   ring; -DSCAN_SOURCE='"ringT.cu"' with the ring's flags, or '"nowalk.cu"').
   Build: nvcc -O3 -std=c++17 -arch=sm_90 -I../../../../build -Xcompiler -fopenmp -lgomp -ldl
   -o edges edges.cu  (build/scan.cu of version 23 is included whole). */
#define main scan_cli_main   /* the harness is included whole; its main renamed */
#ifndef SCAN_SOURCE
#define SCAN_SOURCE "scan.cu"   /* or a development copy: ringT.cu, nowalk.cu */
#endif
#include SCAN_SOURCE
#undef main

static __global__ void fill(float *a, float *b, long long n, unsigned seed)
{
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x) {
    unsigned x = (unsigned)i * 2654435761u ^ seed, y = x * 2246822519u + 374761393u;
    a[i] = 0.5f + (x >> 8) * (0.5f / 16777216.0f);         /* in [0.5, 1) */
    b[i] = (y >> 8) * (2.0f / 16777216.0f) - 1.0f;          /* in [-1, 1) */
  }
}

enum { K_STREAM, K_MEMSET, K_MEMSET_STREAM, K_AUTO, K_STREAM10, K_AUTO10, K_HELD, K_HELD10,
       K_COUNT };
static const char *k_name[K_COUNT] = {"stream", "memset", "memset+stream", "auto",
                                      "stream-x10", "auto-x10", "held", "held-x10"};

static const char *variant_name = "l4-held";   /* what "held" runs: any kernel of scan list */
static long long variant_rows = 1;

static void call(int k, float *a, float *b, float *h, long long n, void *ws, size_t ws_bytes)
{
  int times = k == K_STREAM10 || k == K_AUTO10 || k == K_HELD10 ? 10 : 1;
  for (int t = 0; t < times; t++) {
    if (k == K_MEMSET || k == K_MEMSET_STREAM) CUDA_CHECK(cudaMemsetAsync(ws, 0xFF, ws_bytes, 0));
    if (k == K_STREAM || k == K_MEMSET_STREAM || k == K_STREAM10) {
      stream_kernel<<<(unsigned)((n / 4 + 255) / 256), 256>>>((const float4 *)a, (const float4 *)b,
                                                              (float4 *)h, n / 4);
      CUDA_CHECK(cudaGetLastError());
    }
    if (k == K_AUTO || k == K_AUTO10) CUDA_CHECK(scan_forward(SCAN_AUTO, a, b, h, 1, n, 0));
    if (k == K_HELD || k == K_HELD10)   /* l4-held as scan run calls it: in a ring build, the ring */
      CUDA_CHECK(run_variant(find_variant(variant_name), a, b, h, variant_rows, n / variant_rows, NULL, 0));
  }
}

/* Keeps the GPU busy for about ms milliseconds, so that calls queue behind it. */
static __global__ void busy(long long ns)
{
  unsigned long long t0, t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  do asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t)); while (t - t0 < (unsigned long long)ns);
}

static double now_us(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e6 + t.tv_nsec * 1e-3;
}

/* The host's time to issue one call (its enqueue, not its run), with the GPU busy so nothing waits:
   the mean over 50 calls, the median of 5 such means. */
static void host_times(float *a, float *b, float *h, void *ws)
{
  long long n = 1LL << 24;
  size_t ws_bytes = (size_t)l4_state_bytes(l4_tiles(n, 0, HELD_TILE));
  for (int rep = 1; rep <= 3; rep++)
    for (int k = 0; k < K_STREAM10; k++) {
      double us[5];
      for (int r = 0; r < 5; r++) {
        CUDA_CHECK(cudaDeviceSynchronize());
        busy<<<1, 1>>>(20000000);
        double t0 = now_us();
        for (int i = 0; i < 50; i++) call(k, a, b, h, n, ws, ws_bytes);
        us[r] = (now_us() - t0) / 50;
      }
      CUDA_CHECK(cudaDeviceSynchronize());
      qsort(us, 5, sizeof us[0], [](const void *x, const void *y) {
        double d = *(const double *)x - *(const double *)y; return (d > 0) - (d < 0); });
      printf("#   %s host_us %.2f us (rep%d)\n", k_name[k], us[2], rep);
      fflush(stdout);
    }
}

int main(int argc, char **argv)
{
  const long long nmax = 1LL << 28;
  float *a, *b, *h;
  void *ws;
  CUDA_CHECK(cudaMalloc(&a, nmax * 4));
  CUDA_CHECK(cudaMalloc(&b, nmax * 4));
  CUDA_CHECK(cudaMalloc(&h, nmax * 4));
  size_t ws_max = (size_t)l4_state_bytes(l4_tiles(nmax, 0, HELD_TILE));
  CUDA_CHECK(cudaMalloc(&ws, ws_max));
  fill<<<1024, 256>>>(a, b, nmax, 12345u);
  CUDA_CHECK(cudaDeviceSynchronize());
  if (argc > 1 && !strcmp(argv[1], "host")) { host_times(a, b, h, ws); return 0; }
  cudaEvent_t e0, e1;
  CUDA_CHECK(cudaEventCreate(&e0));
  CUDA_CHECK(cudaEventCreate(&e1));
  for (int rep = 1; rep <= 3; rep++)
    for (int p = 24; p <= 28; p++) {
      long long n = 1LL << p;
      size_t ws_bytes = (size_t)l4_state_bytes(l4_tiles(n, 0, HELD_TILE));
      for (int k = 0; k < K_COUNT; k++) {
        bool short_run = argc > 1 && !strcmp(argv[1], "held");
        if (short_run && argc > 3) { variant_name = argv[2]; variant_rows = atoll(argv[3]); }
        bool mine = short_run ? k == K_STREAM || k == K_STREAM10 || k == K_HELD || k == K_HELD10
                              : k < K_HELD;
        if (!mine) continue;
        float ms[20];
        call(k, a, b, h, n, ws, ws_bytes);   /* warm */
        for (int i = 0; i < 20; i++) {
          CUDA_CHECK(cudaEventRecord(e0));
          call(k, a, b, h, n, ws, ws_bytes);
          CUDA_CHECK(cudaEventRecord(e1));
          CUDA_CHECK(cudaEventSynchronize(e1));
          CUDA_CHECK(cudaEventElapsedTime(&ms[i], e0, e1));
        }
        qsort(ms, 20, sizeof ms[0], compare_floats);
        double med = 0.5 * (ms[9] + ms[10]);
        if (k == K_STREAM10 || k == K_AUTO10 || k == K_HELD10) med /= 10;
        bool v = k == K_HELD || k == K_HELD10;
        printf("rep%d %s (edges): %lld x %lld in %.4f ms (median of 20)\n", rep,
               v && variant_rows > 1 ? (k == K_HELD ? variant_name : "rows-x10") : k_name[k],
               v ? variant_rows : 1, v ? n / variant_rows : n, med);
        fflush(stdout);
      }
    }
  return 0;
}
