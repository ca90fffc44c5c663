// Diagnostic: does the warps' kernel's memory pattern alone cost what the scan loses?
// stream: one float4 a thread, grid-wide (the bench's roofline kernel).
// rows:   the warps' kernel's exact pattern (groups of `ways` warps walking rows in strides of
//         4 pieces a lane), h = a + b, no scan; rows-bar: the same with the group's barrier a stride.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#define CK(x) do { cudaError_t e = (x); if (e) { printf("%s: %s\n", #x, cudaGetErrorString(e)); exit(1); } } while (0)
__global__ void stream_kernel(const float4 *a, const float4 *b, float4 *h, long long n4) {
  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (i < n4) { float4 x = a[i], y = b[i]; h[i] = make_float4(x.x + y.x, x.y + y.y, x.z + y.z, x.w + y.w); }
}
template <int WARPS, bool BAR, int P = 4>
__global__ void __launch_bounds__(WARPS * 32) rows_kernel(const float *a, const float *b, float *h,
                                                         long long rows, long long len, int ways) {
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, way = warp % ways, groups = WARPS / ways;
  for (long long row = blockIdx.x * (long long)groups + warp / ways; row < rows; row += (long long)gridDim.x * groups) {
    const float *ra = a + row * len, *rb = b + row * len; float *rh = h + row * len;
    for (long long stride = 0; stride < len; stride += ways * P * 128) {
      long long start = stride + (long long)way * P * 128;
      float4 va[P], vb[P];
#pragma unroll
      for (int p = 0; p < P; p++) { long long i = start + (p * 32 + lane) * 4;
        if (i < len) { va[p] = *(const float4 *)(ra + i); vb[p] = *(const float4 *)(rb + i); } }
      if (BAR && ways > 1) asm volatile("barrier.sync %0, %1;" :: "r"(1 + warp / ways), "r"(32 * ways) : "memory");
#pragma unroll
      for (int p = 0; p < P; p++) { long long i = start + (p * 32 + lane) * 4;
        if (i < len) __stcg((float4 *)(rh + i), make_float4(va[p].x + vb[p].x, va[p].y + vb[p].y, va[p].z + vb[p].z, va[p].w + vb[p].w)); }
    }
  }
}
template <int W, bool B> int resident() { int n; CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, rows_kernel<W, B>, W * 32, 0)); return n; }
template <int P> void launch(unsigned grid, int warps, const float *a, const float *b, float *h, long long rows, long long len, int ways) {
  if (warps == 8) rows_kernel<8, false, P><<<grid, 256>>>(a, b, h, rows, len, ways);
  else rows_kernel<4, false, P><<<grid, 128>>>(a, b, h, rows, len, ways);
}
int main() {
  int sms; CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  long long N = 1LL << 27; float *a, *b, *h;
  CK(cudaMalloc(&a, N * 4)); CK(cudaMalloc(&b, N * 4)); CK(cudaMalloc(&h, N * 4));
  CK(cudaMemset(a, 0, N * 4)); CK(cudaMemset(b, 0, N * 4));
  long long res4 = 2112, res8 = 2112;   /* the warps' kernel's own: sixteen warps a multiprocessor */
  long long shapes[] = {65536, 2048, 512};
  cudaEvent_t e0, e1; CK(cudaEventCreate(&e0)); CK(cudaEventCreate(&e1));
  for (long long rows : shapes) {
    long long len = N / rows;
    int warps = rows < 2 * res4 ? 8 : 4, ways = 1; long long resw = warps == 8 ? res8 : res4;
    while (ways < warps && rows * ways < 32 * resw && len >= 2LL * ways * 512) ways *= 2;
    unsigned grid = (unsigned)((rows + warps / ways - 1) / (warps / ways));
    std::vector<float> t[5];
    for (int s = 0; s < 21; s++) for (int k = 0; k < 5; k++) {
      CK(cudaEventRecord(e0));
      if (k == 0) stream_kernel<<<(unsigned)((N / 4 + 255) / 256), 256>>>((const float4 *)a, (const float4 *)b, (float4 *)h, N / 4);
      else if (k == 1) launch<2>(grid, warps, a, b, h, rows, len, ways);
      else if (k == 2) launch<4>(grid, warps, a, b, h, rows, len, ways);
      else if (k == 3) launch<8>(grid, warps, a, b, h, rows, len, ways);
      else launch<16>(grid, warps, a, b, h, rows, len, ways);
      CK(cudaEventRecord(e1)); CK(cudaEventSynchronize(e1)); CK(cudaGetLastError());
      float ms; CK(cudaEventElapsedTime(&ms, e0, e1)); if (s) t[k].push_back(ms);
    }
    const char *name[5] = {"stream", "rows-p2", "rows-p4", "rows-p8", "rows-p16"};
    for (int k = 0; k < 5; k++) { std::sort(t[k].begin(), t[k].end()); float m = t[k][t[k].size() / 2];
      printf("%s: %lld x %lld in %.4f ms, %.1f GB/s (warps %d, ways %d)\n", name[k], rows, len, m, 12.0 * N / m / 1e6, warps, ways); }
  }
  return 0;
}
