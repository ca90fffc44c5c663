/* Version 39 driver, second form: includes the stamped build (mkvariant7.py) whole (main renamed).
   drive2 NAME REP fit     : ten back-to-back calls of the ring between one event pair, median of 15 samples, on a
                             workspace allocated once (NAME-pre: fills its states and waits) and on a kept workspace in
                             halves (NAME-halves: starts from states filled by the call before), and the streaming
                             kernel; at 1 row of 2^24..2^28; lines 'repREP NAME (KIND): 1 x N in T ms'.
   drive2 NAME 0 stamps F G: a streaming call, the ring, a streaming call, back to back, three times, the ring on a
                             workspace allocated once (stamps to F) and then in halves (stamps to G); a summary line each. */
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
static char *WS;
static ring_halves W;
static const size_t HALF = 64 << 20;

static void call(int kind, long long n)
{
  if (kind == 0) {
    stream_kernel<<<(unsigned)((n / 4 + 255) / 256), 256>>>((const float4 *)A, (const float4 *)B, (float4 *)H, n / 4);
    CUDA_CHECK(cudaGetLastError());
  } else if (kind == 1) CUDA_CHECK(l4_ring_launch(A, B, H, 1, n, WS + 2 * HALF, 0));
  else CUDA_CHECK(l4_ring_launch_kept(A, B, H, 1, n, &W, 0));
}

static int by_value(const void *x, const void *y)
{
  float u = *(const float *)x, v = *(const float *)y;
  return (u > v) - (u < v);
}

int main(int argc, char **argv)
{
  if (argc < 4) { fprintf(stderr, "usage: drive2 NAME REP fit|stamps F G\n"); return 2; }
  const char *name = argv[1], *mode = argv[3];
  int rep = atoi(argv[2]);
  long long most = 1LL << 28;
  CUDA_CHECK(cudaMalloc(&A, most * 4)); CUDA_CHECK(cudaMalloc(&B, most * 4));
  CUDA_CHECK(cudaMalloc(&H, most * 4));
  CUDA_CHECK(cudaMalloc(&WS, 3 * HALF));
  W = ring_halves{{WS, WS + HALF}, {0, 0}};
  fill<<<1024, 256>>>(A, B, most, 12345u + rep);
  CUDA_CHECK(cudaDeviceSynchronize());
  cudaEvent_t e0, e1;
  CUDA_CHECK(cudaEventCreate(&e0)); CUDA_CHECK(cudaEventCreate(&e1));
  if (!strcmp(mode, "fit")) {
    const char *kn[3] = {"stream", "pre", "halves"};
    for (long long n = 1LL << 24; n <= most; n *= 2) {
      float ms[3][15];
      for (int s = 0; s < 15; s++)
        for (int k = 0; k < 3; k++) {
          CUDA_CHECK(cudaEventRecord(e0));
          for (int c = 0; c < 10; c++) call(k, n);
          CUDA_CHECK(cudaEventRecord(e1));
          CUDA_CHECK(cudaEventSynchronize(e1));
          CUDA_CHECK(cudaEventElapsedTime(&ms[k][s], e0, e1));
          ms[k][s] /= 10;
        }
      for (int k = 0; k < 3; k++) {
        qsort(ms[k], 15, sizeof(float), by_value);
        printf("rep%d %s%s%s (%s): 1 x %lld in %.4f ms\n", rep, k ? name : "stream", k ? "-" : "", k ? kn[k] : "",
               kn[k], n, ms[k][7]);
      }
    }
    return 0;
  }
  long long n = 1LL << 27, tiles = n / RING_TILE;
  int grid = grid_for(l4_ring_resident());
  unsigned long long *tst, *bst, *span, *none = NULL;
  size_t tbytes = tiles * 5 * 8, bbytes = grid * 2 * 8, total = tbytes + bbytes + 4 * 8;
  CUDA_CHECK(cudaMalloc(&tst, tbytes)); CUDA_CHECK(cudaMalloc(&bst, bbytes));
  CUDA_CHECK(cudaMalloc(&span, 4 * 8));
  unsigned long long init[4] = {~0ULL, 0, ~0ULL, 0};
  unsigned long long *host = (unsigned long long *)malloc(total);
  for (int kind = 1; kind <= 2; kind++) {
    float ms = 0;
    for (int t = 0; t < 3; t++) {
      CUDA_CHECK(cudaMemcpyToSymbol(ring_stamp_tiles, &none, sizeof none));
      CUDA_CHECK(cudaMemcpyToSymbol(ring_stamp_blocks, &none, sizeof none));
      call(kind, n);   /* unstamped: leaves the other half filled */
      CUDA_CHECK(cudaDeviceSynchronize());
      CUDA_CHECK(cudaMemcpyToSymbol(ring_stamp_tiles, &tst, sizeof tst));
      CUDA_CHECK(cudaMemcpyToSymbol(ring_stamp_blocks, &bst, sizeof bst));
      CUDA_CHECK(cudaMemset(tst, 0, tbytes)); CUDA_CHECK(cudaMemset(bst, 0, bbytes));
      CUDA_CHECK(cudaMemcpy(span, init, sizeof init, cudaMemcpyHostToDevice));
      CUDA_CHECK(cudaDeviceSynchronize());
      stream_stamped<<<(unsigned)(n / 4 / 256), 256>>>((const float4 *)A, (const float4 *)B, (float4 *)H, n / 4, span);
      CUDA_CHECK(cudaEventRecord(e0));
      call(kind, n);
      CUDA_CHECK(cudaEventRecord(e1));
      stream_stamped<<<(unsigned)(n / 4 / 256), 256>>>((const float4 *)A, (const float4 *)B, (float4 *)H, n / 4, span + 2);
      CUDA_CHECK(cudaDeviceSynchronize());
      CUDA_CHECK(cudaEventElapsedTime(&ms, e0, e1));
    }
    CUDA_CHECK(cudaMemcpy(host, span, 4 * 8, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(host + 4, bst, bbytes, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(host + 4 + grid * 2, tst, tbytes, cudaMemcpyDeviceToHost));
    FILE *f = fopen(argv[3 + kind], "wb");
    fwrite(&grid, 4, 1, f); fwrite(&tiles, 8, 1, f); fwrite(host, 1, total, f); fclose(f);
    printf("%s-%s stamps: grid %d, tiles %lld, ring call %.4f ms (events); stream before %.1f us, after %.1f us\n",
           name, kind == 1 ? "pre" : "halves", grid, tiles, ms, (host[1] - host[0]) * 1e-3, (host[3] - host[2]) * 1e-3);
  }
  return 0;
}
