/* Version 38 diagnostic: the ring's start and end. Includes an experiment build of scan.cu whole (main renamed).
   ringstart NAME REP fit   : ten back-to-back calls of l4_ring_launch (workspace allocated once) and of the streaming
                              kernel between one event pair, median of 15 samples, at 1 row of 2^24..2^28 and at
                              8, 64, 512 rows of 2^27 in all; lines 'repREP NAME (l4-ring): ROWS x LEN in T ms'.
   ringstart NAME 0 stamps F: (a RING_STAMPS build) a streaming call, the ring, a streaming call, back to back, three
                              times; the last time's stamps to F (binary), a summary to stdout.
   ringstart NAME 0 cli ... : the scan command line of this build. */
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

/* The streaming kernel, noting its first block's entry and last block's exit in span[0..1]. */
static __global__ void stream_stamped(const float4 *a, const float4 *b, float4 *h, long long n4,
                                      unsigned long long *span)
{
  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (threadIdx.x == 0) atomicMin(&span[0], ring_now());
  if (i < n4) {
    float4 x = a[i], y = b[i];
    h[i] = make_float4(x.x + y.x, x.y + y.y, x.z + y.z, x.w + y.w);
  }
  __syncthreads();
  if (threadIdx.x == 0) atomicMax(&span[1], ring_now());
}

static float *A, *B, *H;
static void *WS;

static float time10(int ring, long long rows, long long len, cudaEvent_t e0, cudaEvent_t e1)
{
  float ms[15];
  long long n = rows * len;
  for (int s = 0; s < 15; s++) {
    CUDA_CHECK(cudaEventRecord(e0));
    for (int k = 0; k < 10; k++) {
      if (ring) CUDA_CHECK(l4_ring_launch(A, B, H, rows, len, WS, 0));
      else {
        stream_kernel<<<(unsigned)((n / 4 + 255) / 256), 256>>>((const float4 *)A, (const float4 *)B,
                                                                (float4 *)H, n / 4);
        CUDA_CHECK(cudaGetLastError());
      }
    }
    CUDA_CHECK(cudaEventRecord(e1));
    CUDA_CHECK(cudaEventSynchronize(e1));
    CUDA_CHECK(cudaEventElapsedTime(&ms[s], e0, e1));
    ms[s] /= 10;
  }
  qsort(ms, 15, sizeof ms[0], [](const void *x, const void *y) {
    float u = *(const float *)x, v = *(const float *)y; return (u > v) - (u < v); });
  return ms[7];
}

/* Keeps the GPU busy for ns nanoseconds, so that calls queue behind it. */
static __global__ void busy(long long ns)
{
  unsigned long long t0 = ring_now();
  while (ring_now() - t0 < (unsigned long long)ns) {}
}

static double now_us(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e6 + t.tv_nsec * 1e-3;
}

/* kind 0 stream, 1 ring (workspace allocated once), 2 SCAN_AUTO through scan_forward */
static void call_kind(int kind, long long rows, long long len)
{
  long long n = rows * len;
  if (kind == 0) {
    stream_kernel<<<(unsigned)((n / 4 + 255) / 256), 256>>>((const float4 *)A, (const float4 *)B, (float4 *)H, n / 4);
    CUDA_CHECK(cudaGetLastError());
  } else if (kind == 1) CUDA_CHECK(l4_ring_launch(A, B, H, rows, len, WS, 0));
  else CUDA_CHECK(scan_forward(SCAN_AUTO, A, B, H, rows, len, 0));
}

int main(int argc, char **argv)
{
  if (argc < 4) { fprintf(stderr, "usage: ringstart NAME REP fit|stamps F|cli ...\n"); return 2; }
  const char *name = argv[1], *mode = argv[3];
  int rep = atoi(argv[2]);
  if (!strcmp(mode, "cli")) return scan_cli_main(argc - 3, argv + 3);
  long long most = 1LL << 28;
  CUDA_CHECK(cudaMalloc(&A, most * 4)); CUDA_CHECK(cudaMalloc(&B, most * 4));
  CUDA_CHECK(cudaMalloc(&H, most * 4));
  CUDA_CHECK(cudaMalloc(&WS, l4_ring_workspace_bytes(1, most, true)));
  fill<<<1024, 256>>>(A, B, most, 12345u);
  CUDA_CHECK(cudaDeviceSynchronize());
  cudaEvent_t e0, e1;
  CUDA_CHECK(cudaEventCreate(&e0)); CUDA_CHECK(cudaEventCreate(&e1));
  if (!strcmp(mode, "host")) {   /* the host's time to issue a call, GPU busy: median of 5 means of 50 */
    const char *kn[3] = {"stream", "ring", "auto"};
    for (int kind = 0; kind < 3; kind++) {
      double us[5];
      for (int r = 0; r < 5; r++) {
        CUDA_CHECK(cudaDeviceSynchronize());
        busy<<<1, 1>>>(30000000);
        double t0 = now_us();
        for (int i = 0; i < 50; i++) call_kind(kind, 1, 1LL << 24);
        us[r] = (now_us() - t0) / 50;
      }
      CUDA_CHECK(cudaDeviceSynchronize());
      qsort(us, 5, sizeof us[0], [](const void *x, const void *y) {
        double u = *(const double *)x, v = *(const double *)y; return (u > v) - (u < v); });
      printf("#   rep%d %s %s host_us %.2f us\n", rep, name, kn[kind], us[2]);
    }
    return 0;
  }
  if (!strcmp(mode, "auto5")) {   /* as the benchmark samples: 5 calls an event pair, median of 15 */
    long long rows_of[4] = {1, 8, 64, 512};
    for (int k = 0; k < 4; k++)
      for (int kind = 2; kind >= 0; kind -= 2) {
        long long rows = rows_of[k], len = (1LL << 27) / rows;
        float ms[15];
        for (int s = 0; s < 15; s++) {
          CUDA_CHECK(cudaEventRecord(e0));
          for (int c = 0; c < 5; c++) call_kind(kind, rows, len);
          CUDA_CHECK(cudaEventRecord(e1));
          CUDA_CHECK(cudaEventSynchronize(e1));
          CUDA_CHECK(cudaEventElapsedTime(&ms[s], e0, e1));
          ms[s] /= 5;
        }
        qsort(ms, 15, sizeof ms[0], [](const void *x, const void *y) {
          float u = *(const float *)x, v = *(const float *)y; return (u > v) - (u < v); });
        printf("rep%d %s-auto5 (%s): %lld x %lld in %.4f ms\n", rep, kind ? name : "stream",
               kind ? "auto" : "stream", rows, len, ms[7]);
      }
    return 0;
  }
  if (!strcmp(mode, "choice")) {   /* the ring, the warps and streaming, samples interleaved, as the bench takes them */
    long long rows_of[4] = {256, 512, 1024, 2048};
    const char *kn[3] = {"l4-ring", "l4-rows", "stream"};
    for (int k = 0; k < 4; k++) {
      long long rows = rows_of[k], len = (1LL << 27) / rows;
      float ms[3][15];
      for (int s = 0; s < 15; s++)
        for (int kind = 0; kind < 3; kind++) {
          CUDA_CHECK(cudaEventRecord(e0));
          for (int c = 0; c < 5; c++) {
            if (kind < 2) CUDA_CHECK(run_variant(find_variant(kn[kind]), A, B, H, rows, len, NULL, 0));
            else call_kind(0, rows, len);
          }
          CUDA_CHECK(cudaEventRecord(e1));
          CUDA_CHECK(cudaEventSynchronize(e1));
          CUDA_CHECK(cudaEventElapsedTime(&ms[kind][s], e0, e1));
          ms[kind][s] /= 5;
        }
      for (int kind = 0; kind < 3; kind++) {
        qsort(ms[kind], 15, sizeof(float), [](const void *x, const void *y) {
          float u = *(const float *)x, v = *(const float *)y; return (u > v) - (u < v); });
        printf("rep%d %s (%s): %lld x %lld in %.4f ms\n", rep, kn[kind], kn[kind], rows, len, ms[kind][7]);
      }
    }
    return 0;
  }
  if (!strcmp(mode, "fit")) {
    for (long long n = 1LL << 24; n <= most; n *= 2)
      for (int ring = 1; ring >= 0; ring--)
        printf("rep%d %s (%s): 1 x %lld in %.4f ms\n", rep, ring ? name : "stream",
               ring ? "l4-ring" : "stream", n, time10(ring, 1, n, e0, e1));
    long long rows_of[3] = {8, 64, 512};
    for (int k = 0; k < 3; k++)
      for (int ring = 1; ring >= 0; ring--)
        printf("rep%d %s-rows (%s): %lld x %lld in %.4f ms\n", rep, ring ? name : "stream",
               ring ? "l4-ring" : "stream", rows_of[k], (1LL << 27) / rows_of[k],
               time10(ring, rows_of[k], (1LL << 27) / rows_of[k], e0, e1));
    return 0;
  }
  /* stamps */
  long long n = 1LL << 27, tiles = n / RING_TILE;
  int grid = grid_for(l4_ring_resident());
  unsigned long long *tst, *bst, *span, *host;
  size_t tbytes = tiles * 5 * 8, bbytes = grid * 2 * 8;
  CUDA_CHECK(cudaMalloc(&tst, tbytes)); CUDA_CHECK(cudaMalloc(&bst, bbytes));
  CUDA_CHECK(cudaMalloc(&span, 4 * 8));
  CUDA_CHECK(cudaMemcpyToSymbol(ring_stamp_tiles, &tst, sizeof tst));
  CUDA_CHECK(cudaMemcpyToSymbol(ring_stamp_blocks, &bst, sizeof bst));
  unsigned long long init[4] = {~0ULL, 0, ~0ULL, 0};
  float ms = 0;
  for (int t = 0; t < 3; t++) {
    CUDA_CHECK(cudaMemset(tst, 0, tbytes)); CUDA_CHECK(cudaMemset(bst, 0, bbytes));
    CUDA_CHECK(cudaMemcpy(span, init, sizeof init, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaDeviceSynchronize());
    stream_stamped<<<(unsigned)(n / 4 / 256), 256>>>((const float4 *)A, (const float4 *)B, (float4 *)H, n / 4, span);
    CUDA_CHECK(cudaEventRecord(e0));
    CUDA_CHECK(l4_ring_launch(A, B, H, 1, n, WS, 0));
    CUDA_CHECK(cudaEventRecord(e1));
    stream_stamped<<<(unsigned)(n / 4 / 256), 256>>>((const float4 *)A, (const float4 *)B, (float4 *)H, n / 4, span + 2);
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(cudaEventElapsedTime(&ms, e0, e1));
  }
  size_t total = tbytes + bbytes + 4 * 8;
  host = (unsigned long long *)malloc(total);
  CUDA_CHECK(cudaMemcpy(host, span, 4 * 8, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(host + 4, bst, bbytes, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(host + 4 + grid * 2, tst, tbytes, cudaMemcpyDeviceToHost));
  FILE *f = fopen(argv[4], "wb");
  fwrite(&grid, 4, 1, f); fwrite(&tiles, 8, 1, f); fwrite(host, 1, total, f); fclose(f);
  printf("%s stamps: grid %d, tiles %lld, ring call %.4f ms (events); stream before %.1f us, after %.1f us\n", name,
         grid, tiles, ms, (host[1] - host[0]) * 1e-3, (host[3] - host[2]) * 1e-3);
  return 0;
}
