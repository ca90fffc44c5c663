// Diagnostic (version 27): is the warps' kernel's loss at few long rows a matter of WHERE in the rows
// the groups are at once? All groups start their rows together and move at one pace, so at any moment they
// read the same offset of rows that are a power of two of bytes apart.
// Each kernel moves a scan's 12 bytes an element (h = a + b), 2^27 elements, 16 warps a multiprocessor
// (dynamic shared memory holds the scan kernel's occupancy), groups and ways as the warps' kernel.
//   stream:   one float4 a thread, grid-wide.
//   rows:     the warps' kernel's pattern, rows at a pitch of len.
//   pad1k:    the same, rows at a pitch of len + 256 floats (1 KiB).
//   pad16:    the same, rows at a pitch of len + 4 floats (16 B).
//   skew8:    pitch len; each group starts its row at one of 8 phases (group % 8) and goes round it.
//   skewh:    pitch len; each group starts at a hashed stride of its row and goes round it.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#define CK(x) do { cudaError_t e = (x); if (e) { printf("%s: %s\n", #x, cudaGetErrorString(e)); exit(1); } } while (0)
__global__ void stream_kernel(const float4 *a, const float4 *b, float4 *h, long long n4) {
  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (i < n4) { float4 x = a[i], y = b[i]; h[i] = make_float4(x.x + y.x, x.y + y.y, x.z + y.z, x.w + y.w); }
}
template <int WARPS>
__global__ void __launch_bounds__(WARPS * 32) rows_kernel(const float *a, const float *b, float *h, long long rows,
                                                         long long len, long long pitch, int ways, int skew) {
  extern __shared__ float limiter[];
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, way = warp % ways, groups = WARPS / ways;
  long long step = ways * 512LL, strides = (len + step - 1) / step;
  long long gid = blockIdx.x * (long long)groups + warp / ways;
  long long phase = skew == 0 ? 0 : skew == 1 ? (gid % 8) * strides / 8
                  : ((unsigned long long)gid * 2654435761ULL >> 7) % strides;
  for (long long row = gid; row < rows; row += (long long)gridDim.x * groups) {
    const float *ra = a + row * pitch, *rb = b + row * pitch; float *rh = h + row * pitch;
    for (long long s = 0; s < strides; s++) {
      long long k = s + phase; if (k >= strides) k -= strides;
      long long start = k * step + (long long)way * 512;
      float4 va[4], vb[4];
#pragma unroll
      for (int p = 0; p < 4; p++) { long long i = start + (p * 32 + lane) * 4;
        if (i < len) { va[p] = *(const float4 *)(ra + i); vb[p] = *(const float4 *)(rb + i); } }
      if (ways > 1) asm volatile("barrier.sync %0, %1;" :: "r"(1 + warp / ways), "r"(32 * ways) : "memory");
#pragma unroll
      for (int p = 0; p < 4; p++) { long long i = start + (p * 32 + lane) * 4;
        if (i < len) __stcg((float4 *)(rh + i), make_float4(va[p].x + vb[p].x, va[p].y + vb[p].y, va[p].z + vb[p].z, va[p].w + vb[p].w)); }
    }
  }
}
int main() {
  int sms; CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  long long N = 1LL << 27, extra = 1LL << 25; float *a, *b, *h;
  CK(cudaMalloc(&a, (N + extra) * 4)); CK(cudaMalloc(&b, (N + extra) * 4)); CK(cudaMalloc(&h, (N + extra) * 4));
  CK(cudaMemset(a, 0, (N + extra) * 4)); CK(cudaMemset(b, 0, (N + extra) * 4));
  size_t smem8 = 100 * 1024, smem4 = 50 * 1024;   // two blocks of 8 warps, or four of 4: sixteen warps a multiprocessor
  CK(cudaFuncSetAttribute(rows_kernel<8>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem8));
  CK(cudaFuncSetAttribute(rows_kernel<4>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem4));
  int n8, n4; CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n8, rows_kernel<8>, 256, smem8));
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n4, rows_kernel<4>, 128, smem4));
  long long res4 = 4LL * n4 * sms, res8 = 8LL * n8 * sms;
  printf("# resident warps: blocks of 4: %lld, blocks of 8: %lld\n", res4, res8);
  long long shapes[] = {65536, 8192, 4096, 2048, 1024, 512, 256};
  const char *name[6] = {"stream", "rows", "pad1k", "pad16", "skew8", "skewh"};
  cudaEvent_t e0, e1; CK(cudaEventCreate(&e0)); CK(cudaEventCreate(&e1));
  for (int rep = 1; rep <= 2; rep++)
  for (long long rows : shapes) {
    long long len = N / rows;
    int warps = rows < 2 * res4 ? 8 : 4, ways = 1; long long resw = warps == 8 ? res8 : res4;
    while (ways < warps && rows * ways < 32 * resw && len >= 2LL * ways * 512) ways *= 2;
    unsigned grid = (unsigned)((rows + warps / ways - 1) / (warps / ways));
    std::vector<float> t[6];
    for (int s = 0; s < 21; s++) for (int k = 0; k < 6; k++) {
      long long pitch = k == 2 ? len + 256 : k == 3 ? len + 4 : len; int skew = k == 4 ? 1 : k == 5 ? 2 : 0;
      CK(cudaEventRecord(e0));
      if (k == 0) stream_kernel<<<(unsigned)((N / 4 + 255) / 256), 256>>>((const float4 *)a, (const float4 *)b, (float4 *)h, N / 4);
      else if (warps == 8) rows_kernel<8><<<grid, 256, smem8>>>(a, b, h, rows, len, pitch, ways, skew);
      else rows_kernel<4><<<grid, 128, smem4>>>(a, b, h, rows, len, pitch, ways, skew);
      CK(cudaEventRecord(e1)); CK(cudaEventSynchronize(e1)); CK(cudaGetLastError());
      float ms; CK(cudaEventElapsedTime(&ms, e0, e1)); if (s) t[k].push_back(ms);
    }
    for (int k = 0; k < 6; k++) { std::sort(t[k].begin(), t[k].end()); float m = t[k][t[k].size() / 2];
      printf("rep%d %s (camping): %lld x %lld in %.4f ms, %.1f GB/s (warps %d, ways %d)\n", rep, name[k], rows, len, m, 12.0 * N / m / 1e6, warps, ways); }
  }
  return 0;
}
