/* Version 39 driver: includes an experiment build of scan.cu whole (main renamed).
   drive NAME REP auto5  : SCAN_AUTO through scan_forward (kept workspace, in halves), the same kernel on a workspace
                           allocated once (auto-pre: it fills its own states and waits), and the streaming kernel,
                           interleaved sample by sample; 5 calls an event pair, median of 15; at 1 to 4096 rows of 2^27.
   drive NAME REP choice : l4-ring and l4-rows through run_variant (kept workspace) and streaming, likewise, at 1024 to
                           8192 rows.
   drive NAME 0 cli ...  : the scan command line of this build. */
#define main scan_cli_main
#include SCAN_SOURCE
#undef main

static __global__ void fill(float *a, float *b, long long n, unsigned seed)
{
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x) {
    unsigned x = (unsigned)i * 2654435761u ^ seed, y = x * 2246822519u + 374761393u;
    a[i] = 0.5f + (x >> 8) * (0.5f / 16777216.0f);
    b[i] = (y >> 8) * (2.0f / 16777216.0f) - 1.0f;
  }
}

static float *A, *B, *H;
static void *WS;

/* kind 0 stream, 1 SCAN_AUTO (kept), 2 SCAN_AUTO on WS, 3 l4-ring (kept), 4 l4-rows */
static void call_kind(int kind, long long rows, long long len)
{
  long long n = rows * len;
  switch (kind) {
  case 0:
    stream_kernel<<<(unsigned)((n / 4 + 255) / 256), 256>>>((const float4 *)A, (const float4 *)B, (float4 *)H, n / 4);
    CUDA_CHECK(cudaGetLastError());
    break;
  case 1: CUDA_CHECK(scan_forward(SCAN_AUTO, A, B, H, rows, len, 0)); break;
  case 2: CUDA_CHECK(run_variant(find_variant("l4"), A, B, H, rows, len, WS, 0)); break;
  case 3: CUDA_CHECK(run_variant(find_variant("l4-ring"), A, B, H, rows, len, NULL, 0)); break;
  default: CUDA_CHECK(run_variant(find_variant("l4-rows"), A, B, H, rows, len, NULL, 0)); break;
  }
}

static int by_value(const void *x, const void *y)
{
  float u = *(const float *)x, v = *(const float *)y;
  return (u > v) - (u < v);
}

static void interleave(const char *name, int rep, const int *kinds, const char *const *labels, int nk,
                       const long long *rows_of, int nr, cudaEvent_t e0, cudaEvent_t e1)
{
  for (int k = 0; k < nr; k++) {
    long long rows = rows_of[k], len = (1LL << 27) / rows;
    float ms[5][15];
    for (int w = 0; w < 3; w++)
      for (int i = 0; i < nk; i++) call_kind(kinds[i], rows, len);
    for (int s = 0; s < 15; s++)
      for (int i = 0; i < nk; i++) {
        CUDA_CHECK(cudaEventRecord(e0));
        for (int c = 0; c < 5; c++) call_kind(kinds[i], rows, len);
        CUDA_CHECK(cudaEventRecord(e1));
        CUDA_CHECK(cudaEventSynchronize(e1));
        CUDA_CHECK(cudaEventElapsedTime(&ms[i][s], e0, e1));
        ms[i][s] /= 5;
      }
    for (int i = 0; i < nk; i++) {
      qsort(ms[i], 15, sizeof(float), by_value);
      printf("rep%d %s%s (%s): %lld x %lld in %.4f ms\n", rep, kinds[i] ? name : "stream",
             kinds[i] ? labels[i] : "", kinds[i] ? labels[i] + 1 : "stream", rows, len, ms[i][7]);
    }
  }
}

int main(int argc, char **argv)
{
  if (argc < 4) { fprintf(stderr, "usage: drive NAME REP auto5|choice|cli ...\n"); return 2; }
  const char *name = argv[1], *mode = argv[3];
  int rep = atoi(argv[2]);
  if (!strcmp(mode, "cli")) return scan_cli_main(argc - 3, argv + 3);
  long long most = 1LL << 27;
  CUDA_CHECK(cudaMalloc(&A, most * 4)); CUDA_CHECK(cudaMalloc(&B, most * 4));
  CUDA_CHECK(cudaMalloc(&H, most * 4));
  CUDA_CHECK(cudaMalloc(&WS, 64 << 20));
  fill<<<1024, 256>>>(A, B, most, 12345u + rep);
  CUDA_CHECK(cudaDeviceSynchronize());
  cudaEvent_t e0, e1;
  CUDA_CHECK(cudaEventCreate(&e0)); CUDA_CHECK(cudaEventCreate(&e1));
  if (!strcmp(mode, "auto5")) {
    long long rows_of[6] = {1, 8, 64, 512, 2048, 4096};
    int kinds[3] = {1, 2, 0};
    const char *labels[3] = {"-auto", "-pre", ""};
    interleave(name, rep, kinds, labels, 3, rows_of, 6, e0, e1);
  } else if (!strcmp(mode, "choice")) {
    long long rows_of[4] = {1024, 2048, 4096, 8192};
    int kinds[3] = {3, 4, 0};
    const char *labels[3] = {"-ring", "-rows", ""};
    interleave(name, rep, kinds, labels, 3, rows_of, 4, e0, e1);
  } else { fprintf(stderr, "unknown mode %s\n", mode); return 2; }
  return 0;
}
