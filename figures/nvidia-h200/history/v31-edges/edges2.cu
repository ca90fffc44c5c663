/* Version 31 diagnostic, sixth run: where a call's fixed cost goes, from the GPU's clock. The held kernel's stamped
   form (version 23's timeline, STAMPS words a tile) and a stamped copy of the streaming kernel (each block notes when
   it began and when its stores were issued) run on one row of 2^27 elements, ten calls each back to back, an event between
   one call and the next (so a call's event time includes the next call's issue, as ten calls back to back do). For each call: the event time; the span from the first tile's start (STAMP_BEGAN) to the last tile's store;
   the steady rate, tiles stored per microsecond between the 10th and the 90th percentile of the store times; and the
   excess at each end over that rate (fill: to the 10th percentile; drain: from the 90th). Medians over the calls.
   Build: nvcc -O3 -std=c++17 -arch=sm_90 -I../../../../build -Xcompiler -fopenmp -lgomp -ldl -o edges2 edges2.cu */
#define main scan_cli_main   /* the harness is included whole; its main renamed */
#include "scan.cu"
#undef main

static __global__ void stream_stamped(const float4 *a, const float4 *b, float4 *h, long long n4,
                                      unsigned long long *stamps)
{
  unsigned long long began = clock_ns();
  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (i < n4) {
    float4 x = a[i], y = b[i];
    h[i] = make_float4(x.x + y.x, x.y + y.y, x.z + y.z, x.w + y.w);
  }
  __syncthreads();
  if (threadIdx.x == 0) { stamps[2 * blockIdx.x] = began; stamps[2 * blockIdx.x + 1] = clock_ns(); }
}

static __global__ void fill(float *a, float *b, long long n, unsigned seed)
{
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x) {
    unsigned x = (unsigned)i * 2654435761u ^ seed, y = x * 2246822519u + 374761393u;
    a[i] = 0.5f + (x >> 8) * (0.5f / 16777216.0f);         /* in [0.5, 1) */
    b[i] = (y >> 8) * (2.0f / 16777216.0f) - 1.0f;          /* in [-1, 1) */
  }
}

static int cmp_u64(const void *x, const void *y)
{
  unsigned long long a = *(const unsigned long long *)x, b = *(const unsigned long long *)y;
  return (a > b) - (a < b);
}

static int cmp_dbl(const void *x, const void *y)
{
  double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}

/* The span and the ends of one call, in microseconds, from its units' start and store times. */
static void ends(const unsigned long long *began, unsigned long long *stored, long long units, double *out)
{
  unsigned long long first = began[0];
  for (long long i = 1; i < units; i++) first = began[i] < first ? began[i] : first;
  qsort(stored, units, sizeof stored[0], cmp_u64);
  double t10 = (stored[units / 10] - first) * 1e-3, t90 = (stored[9 * units / 10] - first) * 1e-3;
  double span = (stored[units - 1] - first) * 1e-3, rate = (0.8 * units) / (t90 - t10);
  out[0] = span;
  out[1] = units / rate;                 /* the span at the steady rate */
  out[2] = t10 - 0.1 * units / rate;     /* fill: excess before the 10th percentile */
  out[3] = span - t90 - 0.1 * units / rate;   /* drain: excess after the 90th */
}

int main(void)
{
  const long long n = 1LL << 27;
  float *a, *b, *h;
  void *ws;
  unsigned long long *stamps;
  long long tiles = l4_tiles(n, 0, HELD_TILE), blocks = n / 4 / 256;
  size_t sbytes = sizeof(unsigned long long) * (STAMPS * tiles > 2 * blocks ? STAMPS * tiles : 2 * blocks);
  CUDA_CHECK(cudaMalloc(&a, n * 4));
  CUDA_CHECK(cudaMalloc(&b, n * 4));
  CUDA_CHECK(cudaMalloc(&h, n * 4));
  CUDA_CHECK(cudaMalloc(&ws, l4_held_workspace_bytes(1, n, true)));
  CUDA_CHECK(cudaMalloc(&stamps, 10 * sbytes));   /* one set a call: the calls run back to back */
  fill<<<1024, 256>>>(a, b, n, 12345u);
  CUDA_CHECK(cudaDeviceSynchronize());
  unsigned long long *host = (unsigned long long *)malloc(sbytes);
  unsigned long long *bg = (unsigned long long *)malloc(sizeof(unsigned long long) * (tiles > blocks ? tiles : blocks));
  unsigned long long *st = (unsigned long long *)malloc(sizeof(unsigned long long) * (tiles > blocks ? tiles : blocks));
  cudaEvent_t e0, e1;
  CUDA_CHECK(cudaEventCreate(&e0));
  CUDA_CHECK(cudaEventCreate(&e1));
  for (int k = 0; k < 2; k++) {   /* 0: the streaming kernel, 1: the held kernel */
    double r[10][5];
    cudaEvent_t ev[11];
    for (int c = 0; c < 11; c++) CUDA_CHECK(cudaEventCreate(&ev[c]));
    for (int c = -2; c < 10; c++) {   /* two calls to warm up, then ten back to back, one event between */
      unsigned long long *sc = stamps + (c < 0 ? 0 : c) * (sbytes / sizeof(unsigned long long));
      if (c >= 0) CUDA_CHECK(cudaEventRecord(ev[c]));
      if (k == 0) {
        stream_stamped<<<(unsigned)blocks, 256>>>((const float4 *)a, (const float4 *)b, (float4 *)h,
                                                  n / 4, sc);
        CUDA_CHECK(cudaGetLastError());
      } else {
        CUDA_CHECK(l4_held_launch_stamped(a, b, h, 1, n, ws, sc, 0));
      }
      if (c == 9) CUDA_CHECK(cudaEventRecord(ev[10]));
      if (c < 0) CUDA_CHECK(cudaDeviceSynchronize());
    }
    CUDA_CHECK(cudaDeviceSynchronize());
    for (int c = 0; c < 10; c++) {
      float ms;
      CUDA_CHECK(cudaEventElapsedTime(&ms, ev[c], ev[c + 1]));
      CUDA_CHECK(cudaMemcpy(host, stamps + c * (sbytes / sizeof(unsigned long long)), sbytes,
                            cudaMemcpyDeviceToHost));
      long long units = k == 0 ? blocks : tiles;
      for (long long i = 0; i < units; i++) {
        bg[i] = k == 0 ? host[2 * i] : host[i * STAMPS + STAMP_BEGAN];
        st[i] = k == 0 ? host[2 * i + 1] : host[i * STAMPS + STAMP_STORED];
      }
      const char *dump = getenv("EDGES_DUMP");   /* the last call's stamps, raw, for a closer look */
      if (dump && c == 9 && k == 1) {
        FILE *f = fopen(dump, "wb");
        if (f) { fwrite(host, sbytes, 1, f); fclose(f); }
      }
      r[c][0] = ms * 1e3;
      ends(bg, st, units, r[c] + 1);
    }
    const char *name = k == 0 ? "stream-stamped" : "held-stamped";
    const char *metric[5] = {"event", "span", "steady_span", "fill", "drain"};
    printf("#   %s", name);
    for (int m = 0; m < 5; m++) {
      double v[10];
      for (int c = 0; c < 10; c++) v[c] = r[c][m];
      qsort(v, 10, sizeof v[0], cmp_dbl);
      printf("%s %s %.1f us", m ? ";" : "", metric[m], 0.5 * (v[4] + v[5]));
    }
    printf("\n");
    fflush(stdout);
  }
  return 0;
}
